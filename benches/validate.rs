//! Native side of the validation benchmark (run by bench/validate.sh beside the Node peers):
//! validates bench/fixtures/product_batch_25.json from JSON text, from a parsed `serde_json::Value`
//! and from the engine's own parsed document, and writes the figures to
//! target/bench/native-validate.json for the side-by-side table.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Each measurement runs at least this long.
const MIN_TIME: Duration = Duration::from_millis(1500);

fn per_iter(mut f: impl FnMut()) -> f64 {
    for _ in 0..200 {
        f();
    }
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < MIN_TIME {
        for _ in 0..100 {
            f();
        }
        n += 100;
    }
    start.elapsed().as_nanos() as f64 / n as f64
}

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read(root.join("bench/fixtures/product_batch_25.json")).expect("fixture");
    let options = preflight::Options::default();
    let value = preflight::parse_json(&text).expect("fixture parses");
    let report = preflight::validate(preflight::Kind::ProductBatch, &value, &options);
    assert!(
        report.errors().count() == 0,
        "the fixture is a valid batch: {}",
        report.to_json()
    );
    let text_ns = per_iter(|| {
        let r =
            preflight::validate_json("product_batch", black_box(&text), "").map(|r| r.to_json());
        black_box(r.ok());
    });
    let value_ns = per_iter(|| {
        let r = preflight::validate(preflight::Kind::ProductBatch, black_box(&value), &options);
        black_box(r.to_json());
    });
    let doc = preflight::json::parse(&text).expect("fixture parses");
    let doc_ns = per_iter(|| {
        let r = preflight::validate_value(preflight::Kind::ProductBatch, black_box(&doc), &options);
        black_box(r.to_json());
    });
    let parse_ns = per_iter(|| {
        black_box(preflight::json::parse(black_box(&text)).is_ok());
    });
    println!(
        "native  json text -> report json : {:>9.1} us/batch",
        text_ns / 1000.0
    );
    println!(
        "native  serde_json value -> report: {:>8.1} us/batch",
        value_ns / 1000.0
    );
    println!(
        "native  parsed document -> report: {:>9.1} us/batch",
        doc_ns / 1000.0
    );
    println!(
        "native  json::parse alone        : {:>9.1} us/batch",
        parse_ns / 1000.0
    );
    let out = root.join("target/bench");
    std::fs::create_dir_all(&out).expect("target/bench");
    std::fs::write(
        out.join("native-validate.json"),
        format!(
            "{{\"json_text_ns\":{text_ns:.0},\"value_ns\":{value_ns:.0},\"document_ns\":{doc_ns:.0},\"parse_ns\":{parse_ns:.0}}}"
        ),
    )
    .expect("write figures");
}
