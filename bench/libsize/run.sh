#!/usr/bin/env bash
# Prints the .wasm size (raw, gzip -9) of each variant of bench/libsize: the engine's piece and
# the crate's, and `none` (the harness alone). Built as the package is (wasm32, simd128, LTO,
# opt-level 3, panic abort), without wasm-opt. Usage: bash bench/libsize/run.sh [variant...]
# (`speed` builds the module of bench/libsize/speed.mjs).
set -euo pipefail
cd "$(dirname "$0")"
# --cfg preflight_pieces: `preflight::__private::pieces`, which the shipped builds leave out.
export RUSTFLAGS="-C target-feature=+simd128 --cfg preflight_pieces"
variants=("$@")
if [ ${#variants[@]} = 0 ]; then
  variants=(none pct_ours pct_crate f64_ours f64_ryu date_ours date_chrono csv_ours csv_crate jsonw_ours jsonw_crate sha_ours sha_crate)
fi
for f in "${variants[@]}"; do
  if [ "$f" = none ]; then feat=(); else feat=(--features "$f"); fi
  cargo build -q --release --target wasm32-unknown-unknown --target-dir ../../target/libsize "${feat[@]}"
  w=../../target/libsize/wasm32-unknown-unknown/release/libsize.wasm
  printf '%-12s raw %6d  gzip %6d\n' "$f" "$(wc -c <"$w")" "$(gzip -9 -n -c "$w" | wc -c)"
done
