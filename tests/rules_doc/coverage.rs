//! docs/RULES.md against `describe`: every described field and every rule across fields has
//! its rows.

use crate::about::{about, id_name};
use crate::doc::{doc, Row};
use crate::rows::segments;
use std::collections::{BTreeMap, BTreeSet};

/// The rows that document each rule across fields of `describe(kind).rules`, by kind, the
/// rule's code and its first field. Each rule has its own rows (a row documents at most one
/// of them), each must exist in the kind's section and cite the rule's code; so deleting such
/// a row fails, even when another row of the same field cites the same code. A rule the
/// engine adds needs an entry here (and its rows).
///
/// (The engine's `describe::Rule` carries no rule id; this table is that link.)
#[rustfmt::skip]
pub const CROSS_FIELD_ROWS: &[(&str, &str, &str, &[&str])] = &[
    ("product", "one_of_required", "/brand", &["product.identifiers.one_of"]),
    ("product", "out_of_range", "/inventory", &["product.inventory.in_stock_min"]),
    ("product", "out_of_range", "/sale_price", &["product.sale_price.lower_than_price"]),
    ("product", "not_allowed", "/sale_price", &["product.sale_price.same_currency_as_price"]),
    ("product", "invalid_date_range", "/sale_price_effective_date",
        &["product.sale_price_effective_date.range"]),
    ("product_batch", "duplicate", "/products/*/id", &["product_batch.products.id.duplicate"]),
    ("product_batch", "one_of_required", "/products/*/brand", &["product_batch.products.brand.as_product"]),
    ("product_batch", "out_of_range", "/products/*/inventory",
        &["product_batch.products.inventory.as_product"]),
    ("product_batch", "out_of_range", "/products/*/sale_price",
        &["product_batch.products.sale_price.as_product"]),
    ("product_batch", "not_allowed", "/products/*/sale_price",
        &["product_batch.products.sale_price.same_currency_as_price"]),
    ("product_batch", "invalid_date_range", "/products/*/sale_price_effective_date",
        &["product_batch.products.sale_price_effective_date.as_product"]),
    ("card", "mutually_exclusive", "/components", &["card.components_or_slides.exclusive"]),
    ("card", "one_of_required", "/components",
        &["card.composition.media_required", "card.composition.action_required"]),
    ("card", "too_many_items", "/components",
        &["card.composition.media_max", "card.composition.action_max"]),
    ("card", "not_allowed", "/components/*/label", &["card.component.label.button_only"]),
    ("card", "not_allowed", "/components/*/destination/type",
        &["card.component.destination.type.website_only_in_details",
          "card.component.destination.type.app_only_in_button"]),
    ("card", "one_of_required", "/components/*/destination/androidstore_app_id",
        &["card.component.destination.store_id.one_of"]),
    ("card", "dependency_missing", "/components/*/destination/androidstore_deep_link",
        &["card.component.destination.androidstore_deep_link.needs", "card.component.destination.ios_deep_link.needs"]),
    ("card_update", "mutually_exclusive", "/components",
        &["card_update.components_or_slides.exclusive"]),
    ("card_update", "one_of_required", "/components", &["card_update.composition.required"]),
    ("card_update", "too_many_items", "/components", &["card_update.composition.max"]),
    ("card_update", "not_allowed", "/components/*/label", &["card_update.component.label.button_only"]),
    ("card_update", "not_allowed", "/components/*/destination/type",
        &["card_update.component.destination.type.in_its_component"]),
    ("card_update", "one_of_required", "/components/*/destination/androidstore_app_id",
        &["card_update.component.destination.androidstore_app_id.one_of",
          "card_update.component.destination.ios_app_store_identifier.one_of"]),
    ("card_update", "dependency_missing", "/components/*/destination/androidstore_deep_link",
        &["card_update.component.destination.androidstore_deep_link.needs", "card_update.component.destination.ios_deep_link.needs"]),
    ("poll_card", "dependency_missing", "/fourth_choice", &["poll_card.fourth_choice.needs"]),
    ("video_conversation_card", "one_of_required", "/title",
        &["video_conversation_card.title_or_second_cta.one_of"]),
    ("video_conversation_card", "dependency_missing", "/second_cta",
        &["video_conversation_card.second_cta.needs_tweet",
          "video_conversation_card.third_cta.needs_tweet",
          "video_conversation_card.fourth_cta.needs_tweet"]),
    ("video_conversation_card_update", "one_of_required", "/title",
        &["video_conversation_card_update.title_or_second_cta.one_of"]),
    ("video_conversation_card_update", "dependency_missing", "/second_cta",
        &["video_conversation_card_update.second_cta.needs_tweet",
          "video_conversation_card_update.third_cta.needs_tweet",
          "video_conversation_card_update.fourth_cta.needs_tweet"]),
    ("video_conversation_card_update", "required", "/first_cta",
        &["video_conversation_card_update.first_cta.hashtag",
          "video_conversation_card_update.first_cta_tweet.not_empty",
          "video_conversation_card_update.media_key.not_empty",
          "video_conversation_card_update.name.not_empty",
          "video_conversation_card_update.thank_you_text.max_length"]),
    ("line_item_update", "one_of_required", "/android_app_store_identifier",
        &["line_item_update.app_store_identifier.app_objectives"]),
    ("line_item_update", "dependency_missing", "/bid_strategy",
        &["line_item_update.bid_amount_local_micro.required_for_max_or_target"]),
    ("line_item_update", "not_allowed", "/bid_strategy",
        &["line_item_update.bid_strategy.max_objectives",
          "line_item_update.bid_strategy.target_objectives"]),
    ("line_item_update", "too_many_items", "/categories",
        &["line_item_update.categories.preroll_views_one_or_two"]),
    ("line_item_update", "invalid_date_range", "/start_time",
        &["line_item_update.end_time.after_start_time"]),
    ("line_item_update", "not_allowed", "/frequency_cap",
        &["line_item_update.frequency_cap.objectives"]),
    ("line_item_update", "not_allowed", "/pay_by", &["line_item_update.pay_by.app_installs_only"]),
    ("line_item_update", "not_allowed", "/daily_budget_amount_local_micro",
        &["line_item_update.daily_budget_amount_local_micro.line_item_optimization"]),
    ("line_item_update", "out_of_range", "/daily_budget_amount_local_micro",
        &["line_item_update.daily_budget_amount_local_micro.at_most_total"]),
    ("line_item_update", "not_allowed", "/advertiser_user_id",
        &["line_item_update.advertiser_user_id.preroll_views"]),
    ("custom_audience_users", "one_of_required", "/*/params/users/*",
        &["custom_audience_users.params.users.identifier"]),
    ("custom_audience_users", "invalid_date_range", "/*/params/effective_at",
        &["custom_audience_users.params.expires_at.after_effective_at"]),
    ("custom_audience_users", "too_many_items", "", &["custom_audience_users.operations.max"]),
    ("custom_audience_users", "too_large", "", &["custom_audience_users.body.max_bytes"]),
    ("do_not_reach_users", "one_of_required", "/*/params/users/*",
        &["do_not_reach_users.params.users.identifiers"]),
    ("do_not_reach_users", "not_allowed", "/*/params/users/*",
        &["do_not_reach_users.params.users.email_and_phone_number_only"]),
    ("do_not_reach_users", "too_many_items", "", &["do_not_reach_users.operations.max"]),
    ("do_not_reach_users", "invalid_date_range", "/*/params/expires_at",
        &["do_not_reach_users.params.expires_at.later_than_now"]),
    ("do_not_reach_users", "too_large", "", &["do_not_reach_users.body.max_bytes"]),
    ("webhook_create", "not_allowed", "/url",
        &["webhook_create.url.no_port", "webhook_create.url.no_userinfo",
          "webhook_create.url.not_localhost", "webhook_create.url.public_address"]),
    ("activity_subscription", "one_of_required", "/filter/user_id",
        &["activity_subscription.filter.user_id_or_keyword"]),
    ("activity_subscription", "not_allowed", "/filter/direction",
        &["activity_subscription.filter.direction.dm_only"]),
    ("activity_subscription", "deprecated", "/event_type",
        &["activity_subscription.event_type.deprecated"]),
    ("oauth_authorize_query", "not_allowed", "/oauth_callback",
        &["oauth_authorize_query.oauth_callback.never"]),
    ("oauth_authenticate_query", "not_allowed", "/oauth_callback",
        &["oauth_authenticate_query.oauth_callback.never"]),
    ("keyword_insights_query", "too_many_items", "/keywords",
        &["keyword_insights_query.keywords.negative_keywords.total"]),
    ("keyword_insights_query", "invalid_date_range", "/start_time",
        &["keyword_insights_query.end_time.after_start_time",
          "keyword_insights_query.start_time.end_time.span"]),
    ("tailored_audience_permission_list_query", "mutually_exclusive", "/with_total_count",
        &["tailored_audience_permission_list_query.with_total_count.exclusive_with_cursor"]),
    ("account_media_list_query", "mutually_exclusive", "/with_total_count",
        &["account_media_list_query.with_total_count.exclusive_with_cursor"]),
    ("poll_card_list_query", "mutually_exclusive", "/with_total_count",
        &["poll_card_list_query.with_total_count.exclusive_with_cursor"]),
    ("video_conversation_card_list_query", "mutually_exclusive", "/with_total_count",
        &["video_conversation_card_list_query.with_total_count.exclusive_with_cursor"]),
    ("media_library_create", "not_allowed", "/description",
        &["media_library_create.description.videos_only",
          "media_library_create.poster_media_key.videos_only",
          "media_library_create.title.videos_only"]),
    ("media_library_update", "not_allowed", "/description",
        &["media_library_update.description.videos_only",
          "media_library_update.poster_media_key.videos_only",
          "media_library_update.title.videos_only"]),
    ("promoted_post_create", "required", "/text",
        &["promoted_post_create.text.required_without_media"]),
    ("promoted_post_create", "too_many_items", "/media_keys",
        &["promoted_post_create.media_keys.gif_or_video_alone"]),
    ("promoted_post_create", "not_allowed", "/nullcast",
        &["promoted_post_create.nullcast.organic_only_for_authenticated_user"]),
    ("account_list_query", "mutually_exclusive", "/with_total_count",
        &["account_list_query.with_total_count.exclusive_with_cursor"]),
    ("account_app_list_query", "mutually_exclusive", "/with_total_count",
        &["account_app_list_query.with_total_count.exclusive_with_cursor"]),
    ("account_history_query", "invalid_date_range", "/start_time",
        &["account_history_query.end_time.after_start_time"]),
    ("line_item_curated_category_list_query", "mutually_exclusive", "/with_total_count",
        &["line_item_curated_category_list_query.with_total_count.exclusive_with_cursor"]),
];

/// The coverage check: every field the engine describes for a kind (`describe(kind)`) has a
/// row whose rule id names it exactly (`kind.<field id name>.<rule>`, [`crate::about`]), and every rule across fields it
/// describes has its own rows ([`CROSS_FIELD_ROWS`]). So a rule the engine knows without a row
/// fails the build, as a row without a vector does ([`crate::rules_doc_matches_kinds_and_vectors`]).
#[test]
fn every_described_field_and_rule_has_a_row() {
    let d = doc();
    let mut by_kind: BTreeMap<&str, BTreeMap<&str, &Row>> = BTreeMap::new();
    for row in &d.rows {
        if let Some(id) = &row.id {
            by_kind
                .entry(row.section.as_str())
                .or_default()
                .insert(id.as_str(), row);
        }
    }
    let mut problems = Vec::new();
    let mut used: BTreeSet<(&str, &str, &str)> = BTreeSet::new();
    for kind in preflight::Kind::ALL {
        let desc = preflight::describe(*kind).to_json();
        let fields = desc["fields"].as_array().cloned().unwrap_or_default();
        if fields.is_empty() {
            problems.push(format!("{kind}: describe lists no field"));
        }
        let section = by_kind.get(kind.name()).cloned().unwrap_or_default();
        // The fields the section's row ids name exactly (the matching rule of crate::about).
        let named: BTreeSet<Vec<String>> = section
            .keys()
            .flat_map(|id| about(kind.name(), id).named)
            .collect();
        for f in &fields {
            let path = f["path"].as_str().unwrap_or_default();
            if !named.contains(&segments(path)) {
                problems.push(format!(
                    "{kind}: field {path} has no row (a rule id {kind}.{}.<rule>)",
                    id_name(kind.name(), path).join(".")
                ));
            }
        }
        // Each rule across fields: its entry, and its own rows.
        let mut rows_of_kind: BTreeMap<&str, String> = BTreeMap::new();
        for r in desc["rules"].as_array().cloned().unwrap_or_default() {
            let code = r["code"].as_str().unwrap_or_default().to_string();
            let first = r["fields"][0].as_str().unwrap_or_default().to_string();
            let text = r["text"].as_str().unwrap_or_default().to_string();
            let entries: Vec<_> = CROSS_FIELD_ROWS
                .iter()
                .filter(|(k, c, f, _)| *k == kind.name() && *c == code && *f == first)
                .collect();
            let [(k, c, f, rows)] = entries.as_slice() else {
                problems.push(format!(
                    "{kind}: the rule \"{text}\" (code {code}, fields {}) needs exactly one \
                     entry in CROSS_FIELD_ROWS naming its rows (found {})",
                    r["fields"],
                    entries.len()
                ));
                continue;
            };
            if !used.insert((k, c, f)) {
                problems.push(format!(
                    "{kind}: two rules share code {code} and first field {first}: key \
                     CROSS_FIELD_ROWS by more"
                ));
            }
            if rows.is_empty() {
                problems.push(format!("{kind}: the rule \"{text}\" names no row"));
            }
            for id in *rows {
                match section.get(id) {
                    None => problems.push(format!(
                        "{kind}: the rule \"{text}\" (code {code}) is documented by row {id}, \
                         which docs/RULES.md does not have"
                    )),
                    Some(row) if !row.codes.contains(&code) => problems.push(format!(
                        "{kind}: row {id} (line {}) documents the rule \"{text}\" but does not \
                         cite its code {code}",
                        row.line
                    )),
                    Some(_) => {}
                }
                if let Some(other) = rows_of_kind.insert(id, text.clone()) {
                    problems.push(format!(
                        "{kind}: row {id} documents two rules (\"{other}\" and \"{text}\"): each \
                         rule needs its own row"
                    ));
                }
            }
        }
    }
    for (k, c, f, _) in CROSS_FIELD_ROWS {
        if !used.contains(&(*k, *c, *f)) {
            problems.push(format!(
                "CROSS_FIELD_ROWS names a rule describe({k}) does not have: {c} at {f}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
