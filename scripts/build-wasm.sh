#!/usr/bin/env bash
# Builds the wasm binding and generates the two JavaScript glue flavours the npm package
# (pkg/) wraps:
#   pkg/node/  wasm-bindgen --target nodejs (CommonJS, loads the .wasm synchronously from disk)
#   pkg/web/   wasm-bindgen --target web    (ES module, `init()` fetches the .wasm next to it)
# Both are build output (gitignored); pkg/*.js, pkg/index.d.ts and pkg/package.json are
# hand-written and committed.
#
# The wasm is built with WebAssembly SIMD (-C target-feature=+simd128, from .cargo/config.toml).
#
# Needs: the wasm32-unknown-unknown target and a wasm-bindgen CLI of exactly the version of the
# `wasm-bindgen` crate in Cargo.lock (scripts/test.sh installs both).
set -euo pipefail
cd "$(dirname "$0")/.."

want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/^version = "|"$/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ -z "$want" ]; then
  echo "build-wasm: cannot read the wasm-bindgen version from Cargo.lock" >&2
  exit 1
fi
if [ "$have" != "$want" ]; then
  echo "build-wasm: wasm-bindgen CLI ${have:-not found}, Cargo.lock needs $want" >&2
  echo "            cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi

# WebAssembly SIMD comes from .cargo/config.toml ([target.wasm32-unknown-unknown] rustflags);
# RUSTFLAGS in the environment would silently replace it (and build a slower, scalar package).
for var in RUSTFLAGS CARGO_ENCODED_RUSTFLAGS; do
  if [ -n "${!var:-}" ] && [[ "${!var}" != *simd128* ]]; then
    echo "build-wasm: $var is set and replaces the wasm32 rustflags of .cargo/config.toml;" >&2
    echo "            add -C target-feature=+simd128 to it, or unset it" >&2
    exit 1
  fi
done

cargo build --release --target wasm32-unknown-unknown -p preflight-wasm

target_dir=$(cargo metadata --format-version 1 --no-deps | node -e \
  'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')
wasm="$target_dir/wasm32-unknown-unknown/release/preflight_wasm.wasm"

rm -rf pkg/node pkg/web
# --no-typescript: the package's types are the hand-written pkg/index.d.ts.
wasm-bindgen --target nodejs --no-typescript --out-dir pkg/node "$wasm"
wasm-bindgen --target web --no-typescript --out-dir pkg/web "$wasm"

# pkg/package.json says "type": "module"; the nodejs glue is CommonJS, so its folder says so.
printf '{\n  "type": "commonjs"\n}\n' > pkg/node/package.json

ls -l pkg/node pkg/web | sed 's/^/build-wasm: /'
