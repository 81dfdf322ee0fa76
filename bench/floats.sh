#!/usr/bin/env bash
# Float benchmark: the engine natively (cargo bench --bench floats, which also writes the texts)
# and, in the same run, its wasm build in Node beside JSON.parse and Python's json.loads. Prints
# a table and the ratios. Not part of the test command. SKIP_BUILD=1 uses the wasm already built.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
cargo bench --bench floats
[ "${SKIP_BUILD:-}" = 1 ] || bash scripts/build-wasm.sh >/dev/null
node bench/floats.mjs
