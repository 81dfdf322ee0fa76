//! Native instruction count of validating bench/fixtures/product_batch_25.json from JSON text
//! (the report's JSON included): the figure issue 17 holds the rule engine to. Run by
//! `bash bench/instructions.sh`, which counts with valgrind's cachegrind; the program validates
//! the batch `ROUNDS` times (argument 1, default 200) so that start-up is a small share.

use std::hint::black_box;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read(root.join("bench/fixtures/product_batch_25.json")).expect("fixture");
    let mut bytes = 0;
    for _ in 0..rounds {
        // The report's JSON in the tests' `{"ok":...}` form (tests/common/envelope.rs), as the
        // figure has always been measured.
        let out = match preflight::validate_json(black_box("product_batch"), black_box(&text), "") {
            Ok(report) => format!("{{\"ok\":{}}}", report.to_json()),
            Err(e) => format!("{{\"error\":{}}}", e.to_json()),
        };
        bytes += black_box(out).len();
    }
    println!("{rounds} rounds, {bytes} bytes of reports");
}
