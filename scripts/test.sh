#!/usr/bin/env bash
# THE test command (CI runs it through .ci/run). Installs what is missing, then checks and tests
# everything: Rust formatting and lints, the Rust tests (which write target/vectors/native.json),
# the wasm build, the JavaScript package in Node.js and in headless Chromium against those native
# outputs, and the package's TypeScript types.
#
# Each install step is skipped when its tool is already there:
#   rustfmt/clippy, the wasm32-unknown-unknown target (rustup)
#   the toolchain of Cargo.toml's rust-version, minimal profile (rustup)
#   wasm-bindgen-cli of exactly the version of the wasm-bindgen crate in Cargo.lock (cargo install)
#   node_modules from package-lock.json (npm ci)
#   Debian chromium (apt-get)
#   a Python virtual environment (target/pyvenv: maturin and tests/python/requirements.txt, by
#   scripts/test-python.sh); Java 17 or later must be on the machine for PySpark's local mode
set -euo pipefail
cd "$(dirname "$0")/.."

# The full vector suite, always (VECTORS=prefix narrows it while developing).
unset VECTORS
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

current_step=""
started=$SECONDS
step() {
  current_step="$*"
  printf '\n==== %s ====\n' "$*"
}
trap 'rc=$?; if [ $rc -ne 0 ]; then printf "\n==== FAILED: %s (exit %s) ====\n" "$current_step" "$rc" >&2; fi' EXIT

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# --- installs -----------------------------------------------------------------------------------

step "install: Rust components and the wasm32-unknown-unknown target"
if ! cargo fmt --version >/dev/null 2>&1; then rustup component add rustfmt; fi
if ! cargo clippy --version >/dev/null 2>&1; then rustup component add clippy; fi
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "wasm32-unknown-unknown: present"
else
  rustup target add wasm32-unknown-unknown
fi

step "install: the minimum supported Rust toolchain (rust-version of Cargo.toml)"
msrv=$(awk -F'"' '/^rust-version = "/ { print $2; exit }' Cargo.toml)
if [ -z "$msrv" ]; then
  echo "cannot read rust-version from Cargo.toml" >&2
  exit 1
fi
msrv_ok=1
if rustup run "$msrv" rustc --version >/dev/null 2>&1; then
  echo "Rust $msrv: present"
elif ! rustup toolchain install "$msrv" --profile minimal; then
  msrv_ok=0
  echo "WARNING: cannot install Rust $msrv; the minimum-version build below is SKIPPED" >&2
fi

step "install: wasm-bindgen-cli"
wb_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/^version = "|"$/, ""); print; exit }' Cargo.lock)
if [ -z "$wb_version" ]; then
  echo "cannot read the wasm-bindgen version from Cargo.lock" >&2
  exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null || true)" = "wasm-bindgen $wb_version" ]; then
  echo "wasm-bindgen $wb_version: present"
else
  cargo install wasm-bindgen-cli --version "$wb_version"
fi

step "install: node_modules (npm ci)"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  echo "node_modules: up to date with package-lock.json"
fi

step "install: chromium"
if [ -x /usr/bin/chromium ]; then
  echo "/usr/bin/chromium: present"
else
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
fi

# --- checks and tests ---------------------------------------------------------------------------

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy (all targets, whole workspace)"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo clippy (preflight-wasm for wasm32-unknown-unknown)"
cargo clippy -p preflight-wasm --target wasm32-unknown-unknown -- -D warnings

step "cargo test (whole workspace; writes target/vectors/native.json)"
cargo test --workspace

step "the hand-written pieces against well-kept crates, a million inputs each (cargo test --release --test differential_libs)"
cargo test --release -p preflight --test differential_libs

step "cargo test -p preflight without the Unicode tables (--no-default-features: unit tests, tests/no_tables.rs)"
cargo test -p preflight --no-default-features --lib --test no_tables

step "the library builds with its rust-version (Rust $msrv; separate target dir target/msrv)"
if [ "$msrv_ok" = 1 ]; then
  CARGO_TARGET_DIR=target/msrv cargo "+$msrv" build -p preflight --lib --locked
  CARGO_TARGET_DIR=target/msrv cargo "+$msrv" build -p preflight --lib --locked --no-default-features
else
  echo "SKIPPED: Rust $msrv could not be installed (see the install step)"
fi

step "API docs build without warnings (cargo doc --no-deps -p preflight; doc tests ran in cargo test)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p preflight

step "a library dependency brings no CLI dependency (scripts/check-deps.sh)"
bash scripts/check-deps.sh

step "build the wasm package (scripts/build-wasm.sh)"
bash scripts/build-wasm.sh

step "pkg/README.md's size table against the build just made (node bench/size.mjs --check-readme)"
node bench/size.mjs --check-readme >/dev/null

step "Node.js tests (node --test tests/node/)"
node --test tests/node/

step "browser tests (node tests/browser/run.mjs)"
node tests/browser/run.mjs

step "browser hash-only entry (node tests/browser/hash-entry.mjs: preflight-wasm/hash and NFC in Chromium)"
node tests/browser/hash-entry.mjs

step "browser answer readers (node tests/browser/answers-entry.mjs: preflight-wasm/answers on every answer vector in Chromium)"
node tests/browser/answers-entry.mjs

step "browser hashFileInWorker (node tests/browser/hash-worker.mjs: a File hashed in the package's Worker, against the native CLI)"
node tests/browser/hash-worker.mjs

step "browser preflight-wasm/worker (node tests/browser/worker-entry.mjs: no .wasm on the page, the self-contained worker, coded load failures)"
node tests/browser/worker-entry.mjs

step "browser app (node tests/browser/app.mjs: examples/browser/ in Chromium, against the native CLI)"
node tests/browser/app.mjs

step "toolchain fixtures (node tests/toolchains/run.mjs: the packed package with Vite, webpack, esbuild, Rollup, an import map, Node 18/20/22 ESM and CommonJS, Jest, a Node bundle)"
node tests/toolchains/run.mjs

step "Python package (scripts/test-python.sh: venv, pip install ./bindings/python, mypy --strict, pytest tests/python)"
if ! java -version >/dev/null 2>&1; then
  echo "java not found: PySpark's local mode (tests/python/test_spark.py) needs Java 17 or later" >&2
  exit 1
fi
bash scripts/test-python.sh

step "TypeScript types (tsc --noEmit -p tests/types)"
npx --no-install tsc --noEmit -p tests/types
echo "types: ok"

step "TypeScript example (tsc --noEmit -p examples/typescript)"
npx --no-install tsc --noEmit -p examples/typescript
echo "example types: ok"

current_step=""
printf '\n==== all checks passed in %ss ====\n' "$((SECONDS - started))"
