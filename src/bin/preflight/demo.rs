//! `preflight demo`: the README's first command. Validates the bundled sample payloads
//! (examples/samples/demo.json, embedded at build time) and prints each report.

use crate::validate::print_human;
use crate::{EXIT_OK, EXIT_USAGE};
use preflight::{Kind, Options};
use serde_json::Value;

const SAMPLES: &str = include_str!("../../../examples/samples/demo.json");

pub fn run() -> u8 {
    let samples: Vec<Value> = match serde_json::from_str(SAMPLES) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("preflight: the bundled samples do not parse: {e}");
            return EXIT_USAGE;
        }
    };
    println!(
        "Preflight demo: validating {} bundled sample payloads\n",
        samples.len()
    );
    for s in &samples {
        let title = s["title"].as_str().unwrap_or("sample");
        let kind_name = s["kind"].as_str().unwrap_or("");
        let kind: Kind = match kind_name.parse() {
            Ok(k) => k,
            Err(e) => {
                eprintln!("preflight: {e}");
                return EXIT_USAGE;
            }
        };
        let options = match Options::from_value(s.get("options").unwrap_or(&Value::Null)) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("preflight: {e}");
                return EXIT_USAGE;
            }
        };
        println!("== {title}\n   preflight validate {kind_name}");
        let report = preflight::validate(kind, &s["payload"], &options);
        print_human(&report, "   ");
        println!();
    }
    EXIT_OK
}
