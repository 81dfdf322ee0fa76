#!/usr/bin/env bash
# Fuzzes every cargo-fuzz target (fuzz/fuzz_targets/) for a bounded time each. Not part of
# scripts/test.sh: it needs the nightly toolchain and minutes, not seconds.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]      (default: 60 seconds, every target)
#
# Targets: validate_json, normalize, csv_hash, csv_differential, oauth1, signing. Their bodies and input formats are in
# fuzz/harness/ and tests/fuzz/README.md.
#
# Each target starts from its seeds and regression files in tests/fuzz/<target>/ (read only) plus
# the working corpus fuzz/corpus/<target>/ (kept between runs, not committed), with the dictionary
# fuzz/dict/<target>.dict. libFuzzer runs one process, with AddressSanitizer, optimizations and
# debug assertions (so an integer overflow is a finding too), and stops at the first crash or at
# the time limit. Every crash, timeout, out-of-memory or leak input it writes is copied into
# tests/fuzz/<target>/ so that `cargo test --test fuzz_regressions` runs it from then on.
#
# Prints, per target: executions, executions per second, corpus entries, new crash files.
# Exit status: 0 when no target found anything, 1 when one did, 2 on a setup error.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
if [ $# -gt 0 ]; then shift; fi
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]" >&2
  exit 2
fi
all_targets=(validate_json normalize csv_hash csv_differential oauth1 signing)
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=("${all_targets[@]}"); fi

# Per-input time limit and memory limit of libFuzzer (a slower or larger input is a finding).
TIMEOUT_SECONDS=10
RSS_LIMIT_MB=2048

if ! rustup toolchain list | grep -q '^nightly'; then
  echo "the nightly toolchain is needed: rustup toolchain install nightly" >&2
  exit 2
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz
fi

echo "==== build (nightly, release, debug assertions, AddressSanitizer) ===="
for t in "${targets[@]}"; do
  cargo +nightly fuzz build --debug-assertions "$t"
done

found=0
summary=()
for t in "${targets[@]}"; do
  seeds="tests/fuzz/$t"
  corpus="fuzz/corpus/$t"
  artifacts="fuzz/artifacts/$t"
  mkdir -p "$corpus" "$artifacts" "$seeds"
  dict_arg=()
  if [ -f "fuzz/dict/$t.dict" ]; then dict_arg=("-dict=fuzz/dict/$t.dict"); fi
  marker=$(mktemp)
  log="fuzz/artifacts/$t.log"
  echo "==== $t: ${seconds}s ===="
  set +e
  cargo +nightly fuzz run --debug-assertions "$t" "$corpus" "$seeds" -- \
    -max_total_time="$seconds" -timeout="$TIMEOUT_SECONDS" -rss_limit_mb="$RSS_LIMIT_MB" \
    -print_final_stats=1 "${dict_arg[@]}" >"$log" 2>&1
  status=$?
  set -e
  grep -E '^(#[0-9]+\s+(INITED|DONE)|==[0-9]+==|SUMMARY|artifact_prefix|stat::)' "$log" || true
  grep -E -A3 '^thread .* panicked' "$log" || true
  new=()
  while IFS= read -r -d '' f; do
    name=$(basename "$f")
    cp "$f" "$seeds/$name"
    new+=("$seeds/$name")
  done < <(find "$artifacts" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) -newer "$marker" -print0)
  rm -f "$marker"
  execs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo "?")
  rate=$(grep -Eo 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo "?")
  entries=$(find "$corpus" -type f | wc -l)
  if [ "$status" -ne 0 ] || [ ${#new[@]} -gt 0 ]; then
    found=1
    summary+=("$t: FOUND (exit $status) after $execs executions; new regression files: ${new[*]:-none} (log: $log)")
  else
    summary+=("$t: nothing found in ${seconds}s: $execs executions ($rate/s), $entries corpus entries")
  fi
done

echo
echo "==== summary ===="
printf '%s\n' "${summary[@]}"
exit "$found"
