#!/usr/bin/env bash
# Instructions per native validation of the 25-product batch (JSON text to report JSON), counted
# by valgrind's cachegrind: the program's total at ROUNDS and at 0 rounds, the difference divided
# by ROUNDS, so start-up and reading the file are not counted. Deterministic to a few instructions,
# unlike a timing. Usage: bash bench/instructions.sh [ROUNDS]   (default 200)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-200}
cargo build -q --release --example validate_instructions
bin=target/release/examples/validate_instructions
count() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$bin" "$1" 2>&1 \
    | awk '/I *refs:/ { gsub(/,/, "", $NF); print $NF }'
}
base=$(count 0)
total=$(count "$rounds")
echo "instructions per batch: $(( (total - base) / rounds )) (cachegrind, $rounds rounds; start-up $base)"
