#!/usr/bin/env bash
# Instructions per native validation of the 25-product batch (JSON text to report JSON), counted
# by valgrind's cachegrind: the program's total at ROUNDS and at 0 rounds, the difference divided
# by ROUNDS, so start-up and reading the file are not counted. Deterministic to a few instructions,
# unlike a timing. Usage: bash bench/instructions.sh [ROUNDS]   (default 200)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-200}
cargo build -q --release --example validate_instructions
# The same binary counts up to a few thousand instructions more or fewer per batch depending on
# the path it is run by (argv[0] and the environment move the initial stack, and with it glibc
# malloc's heap layout), so it is run from a fixed-length path under /tmp with a fixed environment.
dir=$(mktemp -d /tmp/preflight-instructions.XXXXXXXX)
trap 'rm -rf "$dir"' EXIT
cp target/release/examples/validate_instructions "$dir/bench"
bin=$dir/bench
count() {
  env -i PATH=/usr/bin:/bin valgrind --tool=cachegrind --cache-sim=no \
    --cachegrind-out-file=/dev/null "$bin" "$1" 2>&1 \
    | awk '/I *refs:/ { gsub(/,/, "", $NF); print $NF }'
}
base=$(count 0)
total=$(count "$rounds")
echo "instructions per batch: $(( (total - base) / rounds )) (cachegrind, $rounds rounds; start-up $base)"
