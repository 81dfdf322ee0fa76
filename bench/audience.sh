#!/usr/bin/env bash
# Audience identifier hashing benchmark: builds the wasm package, then runs bench/audience.mjs
# (1,000,000 emails through the wasm bulk paths, per-value JavaScript loops and the raw wasm
# SHA-256 ceiling, in one run). Not part of the test command. COUNT, RUNS and PATHS pass through.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules/hash-wasm ] && [ -d node_modules/@noble/hashes ] || npm ci --no-audit --no-fund
bash scripts/build-wasm.sh >/dev/null
node --expose-gc bench/audience.mjs
