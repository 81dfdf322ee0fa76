#!/usr/bin/env bash
# Validation benchmark: native (cargo bench) and, in the same run, the wasm build in Node beside
# ajv and zod. Prints a table and the ratios. Not part of the test command.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
cargo bench --bench validate
bash scripts/build-wasm.sh >/dev/null
node bench/validate.mjs
