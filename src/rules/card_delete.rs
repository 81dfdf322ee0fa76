//! The card DELETE path parameters (document C §4 Cards, §2 Enumerations).
//!
//! > | DELETE | .../cards/:card_type/:card_id | none | record with deleted true |
//!
//! The path names the card by its type and its id, given as an object
//! `{"card_type": "...", "card_id": "..."}`: `card_type` one of the types of the cards the cards
//! POST creates ([`CARD_TYPES`], as the cards GET takes them), `card_id` a string whose form the
//! spec does not state.

use super::card_lists::CARD_TYPES;
use crate::model::{Description, Field, Str, Type};

/// What `describe("card_delete")` says.
pub const CARD_DELETE: Description = Description {
    title: "The card DELETE path parameters (DELETE .../cards/:card_type/:card_id)",
    root: Type::Object(&[
        Field::required(
            "card_type",
            Type::Enum(CARD_TYPES),
            "The card's type (C §2 card_type)",
        ),
        Field::required("card_id", Str::ANY, "The card's id"),
    ]),
    rules: &[],
};
