//! The query of every single-record GET that documents `with_deleted` (document C header and
//! §4; the `with_deleted` convention of document B §1 as C adopts it).
//!
//! > The response envelope and the `count`, `cursor`, `sort_by`, `with_deleted` (boolean,
//! > default false: include deleted records) and `with_total_count` conventions are those of
//! > document B (C header)
//!
//! The GETs of one record whose Input is "`with_deleted`" (C §4):
//! - GET /12/accounts/:account_id (Accounts and account data);
//! - GET .../account_media/:account_media_id (Account media);
//! - GET .../cards/:card_id (Cards);
//! - GET .../cards/poll/:card_id (Poll cards);
//! - GET .../video_conversation/:card_id (Video conversation cards);
//! - GET .../line_item_curated_categories/:line_item_curated_category_id (Line items).
//!
//! Checked from the description table by the engine (`engine::form`).

use crate::model::{Description, Type};

use super::list_query::WITH_DELETED;

/// What `describe("entity_get_query")` says.
pub const ENTITY_GET_QUERY: Description = Description {
    title: "The query of a single-record GET that takes with_deleted: account, account media, \
            card, poll card, video conversation card, line item curated category",
    root: Type::Object(&[WITH_DELETED]),
    rules: &[],
};
