#!/usr/bin/env bash
# Size benchmark (not a test): builds the wasm packages (scripts/build-wasm.sh: release profile
# with LTO and one codegen unit, panic abort, the signing build at opt-level "s", wasm-opt -Oz
# from the npm package binaryen, the browser JavaScript minified into pkg/dist/), then prints the
# raw and gzip -9 sizes of every file the browser downloads for each entry (full, validate, hash,
# signing: as shipped, i.e. what the "exports" map names, bundled, and the /inline entry
# bundled), the totals against
# the targets (validation entry 120 KB, full .wasm 160 KB, hash entry 40 KB gzipped), and ajv's and
# zod's browser bundles measured the same way (bench/size.mjs). SKIP_BUILD=1 measures pkg/ as it
# is.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
if [ "${SKIP_BUILD:-}" != 1 ]; then
  bash scripts/build-wasm.sh >/dev/null
fi
node bench/size.mjs
