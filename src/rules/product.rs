//! `product` and `product_batch`: one catalog product (document B §2 Product) and the products
//! PUT body `{"products": [...]}` (document B §4 Products, §8 Limits).
//!
//! > `id`, `title` (max 150 chars), `description` (plain text, max 5000 chars), `availability`,
//! > `condition`, `price` (number, space, ISO 4217 code; `.` decimal point), `link` (https) and
//! > `image_link` are required; `brand`, `gtin` (UPC, EAN, JAN or ISBN) and `mpn`: each is
//! > required if the other two are absent; `additional_image_link` holds up to 10 comma-separated
//! > URLs; `inventory` is at least 1 when availability is `in stock`; `sale_price` is lower than
//! > `price`; `sale_price_effective_date` is `<start>/<end>`, each ISO 8601 with offset; `color`
//! > has no hex codes. The PUT takes at most 25 products; if the same id occurs several times in
//! > one request, all of them are ignored.
//!
//! Both kinds are rows of data ([`DESCRIPTION`], [`BATCH_DESCRIPTION`], read by the engine): the
//! field table (formats: price, GTIN, URLs, plain text, `iso8601_range`, `url_list`,
//! `no_hex_color`), the rules anchored in it (`Check::AtLeastOne` after `mpn`, `Check::MinWhen`
//! after `inventory`, `Check::UniqueBy` after `products`) and one member hook,
//! [`sale_price_check`] (lower than price, in its currency).
//!
//! What a client cannot see (image pixels, bytes and file type, whether a product has variants,
//! which public taxonomy a category comes from) is listed in docs/RULES.md, not checked here.

mod description;

pub use description::{BATCH_DESCRIPTION, DESCRIPTION};

use crate::checks::prices::{self, Price};
use crate::checks::{fields, iso};
use crate::ctx::report;
use crate::ctx::Ctx;
pub use crate::formats::ADDITIONAL_IMAGES_MAX;
use crate::issues::CatalogIssue;
use crate::json::Value;
use crate::model::{At, Member};
use crate::report::Pointer;
use std::cmp::Ordering;

/// Longest `title`, in characters.
pub const TITLE_MAX_CHARS: usize = 150;
/// Longest `description`, in characters.
pub const DESCRIPTION_MAX_CHARS: usize = 5000;
/// Least `inventory` of a product whose availability is [`IN_STOCK`].
pub const INVENTORY_MIN_IN_STOCK: i64 = 1;
/// Most products in one PUT ("at most 25 per request").
pub const MAX_PRODUCTS_PER_REQUEST: usize = 25;

/// The availability under which `inventory` must be at least [`INVENTORY_MIN_IN_STOCK`].
pub const IN_STOCK: &str = "in stock";
/// The values of `availability`.
pub const AVAILABILITY: &[&str] = &[
    IN_STOCK,
    "available for order",
    "preorder",
    "out of stock",
    "discontinued",
];
/// The values of `condition`.
pub const CONDITION: &[&str] = &["new", "used", "refurbished"];
/// The values of `gender`.
pub const GENDER: &[&str] = &["female", "male", "unisex"];
/// The values of `age_group`.
pub const AGE_GROUP: &[&str] = &[
    "adult", "all ages", "teen", "kids", "toddler", "infant", "newborn",
];

/// "brand ... Required if gtin and mpn are absent" and its two twins: at least one of these.
pub const IDENTIFIERS: [&str; 3] = ["brand", "gtin", "mpn"];

const CUSTOM_LABELS: [&str; 5] = [
    "custom_label_0",
    "custom_label_1",
    "custom_label_2",
    "custom_label_3",
    "custom_label_4",
];

/// The code of the member hook of `sale_price` (`description::SALE_PRICE`): a string in the price format, then
/// "lower than price" when `price` is a well-formed price too (a malformed one is reported at
/// `price`). Compared only in the same currency: a sale price in another currency is reported,
/// since it cannot be shown to be lower. A hook, not data: the comparison needs both values
/// parsed as prices, currency and amount.
fn sale_price_check(ctx: &mut Ctx, hook: &At) {
    let Some(Member {
        path: at,
        value: v,
        parent: obj,
        ..
    }) = hook.member()
    else {
        return;
    };
    let Some(s) = fields::string(ctx, at, v) else {
        return;
    };
    let Some(sale) = prices::price(ctx, at, s) else {
        return;
    };
    // `price` as its own check reads it (a well-formed price in an ISO 4217 currency); the
    // table of currencies is asked only when the codes differ (the sale price's is one).
    let price = obj
        .get("price")
        .and_then(Value::as_str)
        .and_then(|p| prices::parse_price_form(p).ok())
        .filter(|p| p.currency == sale.currency || iso::is_currency(p.currency));
    if let Some(price) = price {
        sale_below_price(ctx, at, &sale, &price);
    }
}

fn sale_below_price(ctx: &mut Ctx, path: &Pointer, sale: &Price<'_>, price: &Price<'_>) {
    if sale.currency != price.currency {
        report(
            ctx,
            path,
            CatalogIssue::CurrencyNotOf { other: "price" }.into(),
        );
    } else if sale.cmp_amount(price) != Ordering::Less {
        report(
            ctx,
            path,
            CatalogIssue::NotLowerThan { other: "price" }.into(),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::report::Code;
    use serde_json::json;

    #[test]
    fn odd_input_never_panics() {
        use crate::options::Options;
        use crate::Kind;
        let many_commas = ",".repeat(100_000);
        let long = "<a".repeat(50_000) + &"#".repeat(50_000);
        let odd = [
            json!(null),
            json!(1),
            json!("x"),
            json!([]),
            json!({"products": null}),
            json!({"products": [null, 1, "x", [], {}]}),
            json!({"id": long, "title": long, "description": long, "color": long,
                   "gtin": "\u{1F600}\u{1F600}", "additional_image_link": many_commas,
                   "sale_price_effective_date": "/", "price": " ", "sale_price": "1 ",
                   "inventory": 1e300, "availability": "in stock"}),
            json!({"gtin": "12345678\u{e9}", "sale_price_effective_date": "\u{e9}/\u{e9}"}),
            json!({"inventory": -9_223_372_036_854_775_808_i64, "availability": "in stock"}),
            json!({"inventory": u64::MAX, "availability": "in stock"}),
        ];
        for v in &odd {
            for kind in [Kind::Product, Kind::ProductBatch] {
                let report = crate::validate(kind, v, &Options::default());
                for issue in &report.issues {
                    assert!(issue.message.len() < 300, "{}", issue.message);
                }
            }
            let batch = json!({"products": vec![v.clone(); 30]});
            let report = crate::validate(Kind::ProductBatch, &batch, &Options::default());
            assert!(!report.valid);
        }
    }

    #[test]
    fn shared_ids_are_reported_in_product_order_with_count_and_first() {
        let ids = ["a", "b", "a", "c", "b", "a"];
        let products: Vec<serde_json::Value> = ids
            .iter()
            .map(|id| serde_json::json!({ "id": id }))
            .collect();
        let batch = serde_json::json!({ "products": products });
        let report = crate::validate(
            crate::Kind::ProductBatch,
            &batch,
            &crate::Options::default(),
        );
        let duplicates: Vec<(String, serde_json::Value)> = report
            .issues
            .iter()
            .filter(|i| i.code == Code::Duplicate)
            .map(|i| {
                (
                    i.path.to_string(),
                    serde_json::to_value(&i.params).unwrap_or_default(),
                )
            })
            .collect();
        let expect = |i: usize, count: usize, first: usize| {
            (
                format!("/products/{i}/id"),
                serde_json::json!({"count": count, "first_index": first}),
            )
        };
        assert_eq!(
            duplicates,
            vec![
                expect(0, 3, 0),
                expect(1, 2, 1),
                expect(2, 3, 0),
                expect(4, 2, 1),
                expect(5, 3, 0),
            ]
        );
    }
}
