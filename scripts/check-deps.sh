#!/usr/bin/env bash
# A library dependency on `preflight` never brings the command line's dependencies (issue 15.1):
# a new cargo project depending on the core by path, with and without its default features,
# must not have clap in its dependency tree (`cargo tree`, offline, from the workspace's lock
# file). Run by scripts/test.sh; takes well under a second.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=target/dep-check
for features in "" "default-features = false, "; do
  rm -rf "$dir"
  mkdir -p "$dir/src"
  echo 'fn main() {}' > "$dir/src/main.rs"
  cat > "$dir/Cargo.toml" <<TOML
[package]
name = "dep-check"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
preflight = { ${features}path = "../.." }
TOML
  cp Cargo.lock "$dir/"
  tree=$(cd "$dir" && cargo tree --offline -e normal --prefix none)
  # The tree is real: the core and its hashing dependency are in it.
  grep -q '^preflight v' <<<"$tree" || { echo "check-deps: no preflight in the tree" >&2; exit 1; }
  grep -q '^sha2 v' <<<"$tree" || { echo "check-deps: no sha2 in the tree" >&2; exit 1; }
  if grep -q '^clap' <<<"$tree"; then
    echo "check-deps: preflight = { ${features}path } pulls clap:" >&2
    echo "$tree" >&2
    exit 1
  fi
  tables=$(grep -c '^unicode-normalization v' <<<"$tree" || true)
  echo "preflight = { ${features}path = ... }: no clap ($(grep -c . <<<"$tree") crates; unicode-normalization: $tables)"
done
# And the command line does have it (the check above can see clap).
if ! cargo tree --offline -p preflight-cli -e normal --prefix none | grep -q '^clap v'; then
  echo "check-deps: clap not found in preflight-cli's tree: the check is blind" >&2
  exit 1
fi
rm -rf "$dir"
