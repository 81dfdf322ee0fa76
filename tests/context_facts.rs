//! The facts of `options.context` with a closed set of values are typed in Rust (`Objective`,
//! `Placement`, `MediaType`, `BudgetOptimization`): a misspelled value does not compile, and
//! text is parsed once, refused with the `bad_options` error the JSON options give for it. These
//! tests hold the enums to the spec's names (document C), to the JSON options, to the rules that
//! read them, to `describe` and to the TypeScript types of the npm package.

use preflight::options::{MediaType, Objective, Placement};
use preflight::{BudgetOptimization, Code, Context, ErrorCode, Kind, Options, Report};
use serde_json::{json, Value};

/// The values as document C names them, written out here rather than taken from the crate:
/// the objectives of the line item rules ("MAX (not for REACH or FOLLOWERS objectives)",
/// "Only for REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS objectives", "APP_INSTALLS and
/// APP_ENGAGEMENTS need ...", "TARGET (...; for REACH or WEBSITE_CLICKS objectives)"), C §2
/// media_type, and the budget optimizations of daily_budget_amount_local_micro; the placements
/// are PUBLISHER_NETWORK (document C) and the platform's placements reference.
const SPEC_OBJECTIVES: &[&str] = &[
    "APP_ENGAGEMENTS",
    "APP_INSTALLS",
    "ENGAGEMENTS",
    "FOLLOWERS",
    "PREROLL_VIEWS",
    "REACH",
    "VIDEO_VIEWS",
    "WEBSITE_CLICKS",
];
const SPEC_PLACEMENTS: &[&str] = &[
    "ALL_ON_TWITTER",
    "PUBLISHER_NETWORK",
    "TWITTER_PROFILE",
    "TWITTER_SEARCH",
    "TWITTER_TIMELINE",
    "TAP_BANNER",
    "TAP_FULL",
    "TAP_FULL_LANDSCAPE",
    "TAP_NATIVE",
    "TAP_MRECT",
];
const SPEC_MEDIA_TYPES: &[&str] = &["GIF", "IMAGE", "VIDEO"];
const SPEC_BUDGET_OPTIMIZATIONS: &[&str] = &["CAMPAIGN", "LINE_ITEM"];

fn json_options(context: Value) -> Result<Options, preflight::Error> {
    Options::from_value(&json!({ "context": context }))
}

/// Every value round-trips by the spec's name: `name()`, `Display`, `parse`, and the JSON
/// options read the name as the same value.
#[test]
fn every_value_round_trips_by_its_spec_name() {
    assert_eq!(Objective::NAMES, SPEC_OBJECTIVES);
    assert_eq!(Placement::NAMES, SPEC_PLACEMENTS);
    assert_eq!(MediaType::NAMES, SPEC_MEDIA_TYPES);
    assert_eq!(BudgetOptimization::NAMES, SPEC_BUDGET_OPTIMIZATIONS);
    for &o in Objective::ALL {
        assert_eq!(o.name().parse::<Objective>(), Ok(o));
        assert_eq!(o.to_string(), o.name());
        let read = json_options(json!({ "objective": o.name() })).map(|x| x.context.objective);
        assert_eq!(read, Ok(Some(o)));
    }
    for &p in Placement::ALL {
        assert_eq!(p.name().parse::<Placement>(), Ok(p));
        assert_eq!(p.to_string(), p.name());
        let read = json_options(json!({ "placements": [p.name()] })).map(|x| x.context.placements);
        assert_eq!(read, Ok(Some(vec![p])));
    }
    for &t in MediaType::ALL {
        assert_eq!(t.name().parse::<MediaType>(), Ok(t));
        assert_eq!(t.to_string(), t.name());
        let read = json_options(json!({ "media_types": { "3_1": t.name() } }))
            .map(|x| x.context.media_types.and_then(|m| m.get("3_1").copied()));
        assert_eq!(read, Ok(Some(t)));
    }
    for &b in BudgetOptimization::ALL {
        assert_eq!(b.name().parse::<BudgetOptimization>(), Ok(b));
        assert_eq!(b.to_string(), b.name());
        let read = json_options(json!({ "budget_optimization": b.name() }))
            .map(|x| x.context.budget_optimization);
        assert_eq!(read, Ok(Some(b)));
    }
}

/// The typos of the issue, as text: each is refused, with exactly the error (code and message)
/// of the same typo in the JSON options, never read as a value that switches a rule off.
#[test]
fn a_typo_given_as_text_is_the_json_options_error() {
    let objective = "reach".parse::<Objective>();
    let placement = "PUBLISHER_NETWROK".parse::<Placement>();
    let media_type = "image".parse::<MediaType>();
    let budget = "line_item".parse::<BudgetOptimization>();
    let cases = [
        (objective.map(|_| ()), json!({ "objective": "reach" })),
        (
            placement.map(|_| ()),
            json!({ "placements": ["PUBLISHER_NETWROK"] }),
        ),
        (
            media_type.map(|_| ()),
            json!({ "media_types": { "3_1": "image" } }),
        ),
        (
            budget.map(|_| ()),
            json!({ "budget_optimization": "line_item" }),
        ),
    ];
    for (parsed, context) in cases {
        let from_json = json_options(context.clone()).expect_err("refused as JSON");
        assert_eq!(from_json.code, ErrorCode::BadOptions);
        assert_eq!(parsed, Err(from_json), "{context}");
    }
    let e = "reach".parse::<Objective>().expect_err("refused");
    assert_eq!(
        e.message,
        "context.objective must be one of: APP_ENGAGEMENTS, APP_INSTALLS, ENGAGEMENTS, \
         FOLLOWERS, PREROLL_VIEWS, REACH, VIDEO_VIEWS, WEBSITE_CLICKS"
    );
}

fn line_item(context: Context, payload: Value) -> (Report, Report) {
    let mut typed = Options::default();
    typed.context = context;
    let mut names = serde_json::Map::new();
    let c = &typed.context;
    if let Some(o) = c.objective {
        names.insert("objective".into(), json!(o.name()));
    }
    if let Some(p) = &c.placements {
        let p: Vec<&str> = p.iter().map(|p| p.name()).collect();
        names.insert("placements".into(), json!(p));
    }
    let from_json = json_options(Value::Object(names)).expect("valid options");
    assert_eq!(from_json, typed, "the typed context is the JSON one");
    (
        preflight::validate(Kind::LineItemUpdate, &payload, &typed),
        preflight::validate(Kind::LineItemUpdate, &payload, &from_json),
    )
}

fn codes_at(r: &Report, path: &str) -> Vec<Code> {
    r.issues
        .iter()
        .filter(|i| i.path == path)
        .map(|i| i.code)
        .collect()
}

/// The rules of the issue's examples read the typed facts: REACH allows frequency_cap and
/// refuses MAX bidding; a PUBLISHER_NETWORK line item (or a `TAP_` refinement) needs its
/// advertiser_domain. The reports are those of the same facts given as JSON.
#[test]
fn the_rules_read_the_typed_facts() {
    let mut reach = Context::default();
    reach.objective = Some(Objective::Reach);

    let (typed, from_json) = line_item(reach.clone(), json!({ "frequency_cap": 3 }));
    assert!(typed.valid, "{typed:?}");
    assert_eq!(typed, from_json);

    let payload = json!({ "bid_strategy": "MAX", "bid_amount_local_micro": 1_000_000 });
    let (typed, from_json) = line_item(reach, payload);
    assert_eq!(codes_at(&typed, "/bid_strategy"), [Code::NotAllowed]);
    assert_eq!(typed, from_json);

    for placement in [Placement::PublisherNetwork, Placement::TapBanner] {
        let mut network = Context::default();
        network.placements = Some(vec![placement]);
        let (typed, from_json) = line_item(network, json!({ "advertiser_domain": "" }));
        assert_eq!(codes_at(&typed, "/advertiser_domain"), [Code::Required]);
        assert!(!typed.valid);
        assert_eq!(typed, from_json);
    }
    let mut elsewhere = Context::default();
    elsewhere.placements = Some(vec![Placement::AllOnTwitter]);
    let (typed, _) = line_item(elsewhere, json!({ "advertiser_domain": "" }));
    assert!(typed.valid, "{typed:?}");
}

/// Every context value `describe` states a condition on (`{"op": "context", "fact", "values"}`)
/// is a value of that fact's enum, so a rule's own data cannot hold a value no context has.
#[test]
fn describe_states_conditions_on_fact_values() {
    fn walk(v: &Value, seen: &mut usize) {
        match v {
            Value::Object(o) => {
                if o.get("op").and_then(Value::as_str) == Some("context") {
                    let fact = o.get("fact").and_then(Value::as_str).unwrap_or("");
                    let values = o.get("values").and_then(Value::as_array);
                    for value in values.into_iter().flatten() {
                        let value = value.as_str().unwrap_or("");
                        let ok = match fact {
                            "objective" => value.parse::<Objective>().is_ok(),
                            "placements" => value.parse::<Placement>().is_ok(),
                            "media_types" => value.parse::<MediaType>().is_ok(),
                            // The record's own members: its media_type is of the media type enum.
                            "current" => match o.get("member").and_then(Value::as_str) {
                                Some("media_type") => value.parse::<MediaType>().is_ok(),
                                other => panic!("a condition on the record's {other:?}"),
                            },
                            "budget_optimization" => value.parse::<BudgetOptimization>().is_ok(),
                            other => panic!("a condition on fact {other}"),
                        };
                        assert!(ok, "{fact}: {value}");
                        *seen += 1;
                    }
                }
                o.values().for_each(|v| walk(v, seen));
            }
            Value::Array(a) => a.iter().for_each(|v| walk(v, seen)),
            _ => {}
        }
    }
    let mut seen = 0;
    for &kind in Kind::ALL {
        walk(&preflight::describe(kind).to_json(), &mut seen);
    }
    assert!(
        seen >= 2,
        "the placements and media type conditions are found"
    );
}

/// The TypeScript types of the npm package list the same values, in the same order.
#[test]
fn the_typescript_types_list_the_same_values() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/pkg/index.d.ts");
    let dts = std::fs::read_to_string(path).expect("pkg/index.d.ts");
    // The quoted values from `start` to the first `end` after it.
    let quoted = |start: &str, end: &str| -> Vec<String> {
        let from = dts
            .find(start)
            .unwrap_or_else(|| panic!("{start} in index.d.ts"));
        let rest = &dts[from + start.len()..];
        let to = rest
            .find(end)
            .unwrap_or_else(|| panic!("{end} after {start}"));
        let parts: Vec<&str> = rest[..to].split('\'').collect();
        parts
            .iter()
            .skip(1)
            .step_by(2)
            .map(|s| s.to_string())
            .collect()
    };
    assert_eq!(quoted("objective?:", ";"), Objective::NAMES);
    assert_eq!(quoted("placements?: (", ")[]"), Placement::NAMES);
    assert_eq!(
        quoted("media_types?: Record<string,", ">"),
        MediaType::NAMES
    );
    assert_eq!(
        quoted("budget_optimization?:", ";"),
        BudgetOptimization::NAMES
    );
}
