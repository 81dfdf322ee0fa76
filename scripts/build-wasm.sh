#!/usr/bin/env bash
# Builds the wasm binding, once per build of the npm package (pkg/), into pkg/wasm/ (see build()
# below for the files):
#   preflight            everything (the default features)      preflight-wasm
#   preflight_validate   validation only (feature validate)      preflight-wasm/validate
#   preflight_hash       identifier hashing (feature audience)   preflight-wasm/hash
#   preflight_helpers    identifier hashing and the CSV reader (features audience, csv)
#                                                                 preflight-wasm/helpers
#   preflight_signing    webhooks, OAuth (feature signing)       preflight-wasm/signing
# and the CommonJS entries pkg/{node,validate,hash,helpers,signing}.cjs, the JSON Schemas
# pkg/schemas/ (scripts/write-schemas.mjs), and the minified browser JavaScript pkg/dist/
# (scripts/build-js.mjs).
# All build output (gitignored);
# the other pkg/*.js, pkg/lib/, pkg/*.d.ts, pkg/types/ and pkg/package.json are hand-written.
#
# Each .wasm is built with cargo's `wasm-release` profile (release: LTO, one codegen unit; panic
# aborts; the signing build: `wasm-size`, the same for size, see below) and WebAssembly SIMD (-C target-feature=+simd128, from .cargo/config.toml), then
# shrunk with binaryen's `wasm-opt` (the npm devDependency `binaryen`, installed by `npm ci`)
# with the same WebAssembly features the compiler used, read from the module's target_features
# section. Sizes: bash scripts/size.sh.
#
# Needs: the wasm32-unknown-unknown target, a wasm-bindgen CLI of exactly the version of the
# `wasm-bindgen` crate in Cargo.lock and node_modules (scripts/test.sh installs all three).
# WASM_OPT="-O3" (for example) replaces wasm-opt's optimization flags; WASM_OPT=none skips it.
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

wasm_opt_flags=${WASM_OPT:--Oz}
wasm_opt=node_modules/.bin/wasm-opt
if [ "$wasm_opt_flags" != none ] && [ ! -x "$wasm_opt" ]; then
  echo "build-wasm: $wasm_opt not found: run npm ci (package.json pins binaryen)" >&2
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

target_dir=$(cargo metadata --format-version 1 --no-deps | node -e \
  'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')

# One run at a time: every build writes the same cargo output path in turn, so a concurrent run
# could hand one build's module to another's glue.
mkdir -p "$target_dir"
exec 9>"$target_dir/build-wasm.lock"
if ! flock -n 9; then
  echo "build-wasm: waiting for another build-wasm.sh run to finish" >&2
  flock 9
fi

# The wasm-opt flags enabling exactly the features in the module's target_features section
# (what rustc emitted), so that wasm-opt neither rejects the module nor adds anything newer.
feature_flags() {
  node -e '
    const names = { "bulk-memory": "bulk-memory", "bulk-memory-opt": "bulk-memory-opt",
      "call-indirect-overlong": "call-indirect-overlong", multivalue: "multivalue",
      "mutable-globals": "mutable-globals", "nontrapping-fptoint": "nontrapping-float-to-int",
      "reference-types": "reference-types", "sign-ext": "sign-ext", simd128: "simd",
      "extended-const": "extended-const", "tail-call": "tail-call" };
    const m = new WebAssembly.Module(require("fs").readFileSync(process.argv[1]));
    const [sec] = WebAssembly.Module.customSections(m, "target_features");
    if (!sec) { console.error("build-wasm: no target_features section"); process.exit(1); }
    const v = new Uint8Array(sec); let p = 0; const out = [];
    const leb = () => { let r = 0, s = 0, x; do { x = v[p++]; r |= (x & 0x7f) << s; s += 7; } while (x & 0x80); return r; };
    for (let n = leb(); n > 0; n--) {
      const prefix = String.fromCharCode(v[p++]); const len = leb();
      const name = Buffer.from(v.subarray(p, p + len)).toString(); p += len;
      if (prefix !== "+") continue;
      if (!(name in names)) { console.error(`build-wasm: unknown wasm feature ${name}`); process.exit(1); }
      out.push(`--enable-${names[name]}`);
    }
    console.log([...new Set(out)].join(" "));' "$1"
}

# build <name> <cargo feature arguments...>: one cargo build, one wasm-opt run, and into pkg/wasm/:
#   <name>.js          wasm-bindgen --target web (ES module; `init()` fetches <name>_bg.wasm next
#                      to it, `initSync(bytes)` compiles given bytes): the browser entries
#   <name>.cjs         wasm-bindgen --target nodejs (CommonJS; reads <name>_bg.wasm next to it
#                      synchronously at require): the Node entries
#   <name>_bg.wasm     the module, one file for both (same out-name, so the same import names)
#   <name>.inline.js   the module as base64 text (`export default '...'`): the inline entries,
#                      for bundles that must not load a second file (Node bundles, any bundler
#                      without configuration)
# Each build has its own <name>, so two builds in one bundle never share a file name.
tmp=""
trap '[ -z "$tmp" ] || rm -rf "$tmp"' EXIT
build() {
  local name=$1 profile=$2
  shift 2
  if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]]; then
    return
  fi
  cargo build --profile "$profile" --target wasm32-unknown-unknown -p preflight-wasm "$@"
  local wasm="$target_dir/wasm32-unknown-unknown/$profile/preflight_wasm.wasm"
  tmp=$(mktemp -d pkg/.build-XXXXXX)
  # --no-typescript: the package's types are hand-written (pkg/index.d.ts, pkg/types/).
  # --experimental-reset-state-function: the glue exports __wbg_reset_state, which pkg/lib/engine.js
  # calls after a call fails inside the module (a trap), to go on with a fresh instance of the
  # compiled module instead of the trapped one (its memory and stack pointer are not to be
  # trusted); objects of the old instance are refused by the glue and by pkg/lib/.
  local bindgen=(wasm-bindgen --no-typescript --experimental-reset-state-function --out-name "$name")
  "${bindgen[@]}" --target nodejs --out-dir "$tmp/node" "$wasm"
  "${bindgen[@]}" --target web --out-dir "$tmp/web" "$wasm"
  cmp -s "$tmp/node/${name}_bg.wasm" "$tmp/web/${name}_bg.wasm" || {
    echo "build-wasm: the nodejs and web flavours of $name differ" >&2
    exit 1
  }
  if [ "$wasm_opt_flags" != none ]; then
    local features
    features=$(feature_flags "$tmp/web/${name}_bg.wasm")
    # shellcheck disable=SC2086 # word splitting wanted: lists of flags
    "$wasm_opt" $wasm_opt_flags $features "$tmp/web/${name}_bg.wasm" -o "$tmp/opt.wasm"
    mv "$tmp/opt.wasm" "$tmp/web/${name}_bg.wasm"
  fi
  # The nodejs glue reads `${__dirname}/<name>_bg.wasm`: the same file as the web glue's.
  mv "$tmp/node/${name}.js" "$tmp/web/${name}.cjs"
  node -e 'const fs = require("fs");
    fs.writeFileSync(process.argv[2], "// Generated by scripts/build-wasm.sh: " + process.argv[3] + "_bg.wasm as base64.\n" +
      "export default \x27" + fs.readFileSync(process.argv[1]).toString("base64") + "\x27;\n");' \
    "$tmp/web/${name}_bg.wasm" "$tmp/web/${name}.inline.js" "$name"
  mkdir -p pkg/wasm
  # Each file replaced by a rename, so that a test running meanwhile never reads one half-written.
  for f in "$name.js" "$name.cjs" "${name}_bg.wasm" "$name.inline.js"; do
    mv "$tmp/web/$f" "pkg/wasm/$f"
  done
  rm -rf "$tmp"
  tmp=""
}

# Cargo profiles (Cargo.toml; figures in docs/PERFORMANCE.md, "Size"): the full, validation and
# hash builds keep wasm-release (opt-level 3: bench/validate.mjs, BENCH_ENTRY=validate for the
# validation build, and bench/audience.mjs measure their speed; opt-level "s" or "z" makes the
# validation build's text path slower than ajv, and the hash build larger); the signing build
# takes wasm-size (opt-level "s", with sha1 and sha2 at 3: 9 KB smaller gzipped, hashing as fast).
# WASM_SIZE_PROFILE=wasm-release builds the signing build for speed too; ONLY="preflight_signing
# ..." builds only the builds named (experiments: the other files of pkg/wasm/ stay as they are).
size_profile=${WASM_SIZE_PROFILE:-wasm-size}
build preflight wasm-release
build preflight_validate wasm-release --no-default-features --features validate
build preflight_hash wasm-release --no-default-features --features audience
build preflight_helpers wasm-release --no-default-features --features audience,csv
build preflight_signing "$size_profile" --no-default-features --features signing

# The CommonJS entries (the "require" condition: Node 18 and 20 before require(esm), Jest): each
# Node ES module entry bundled by esbuild into one CommonJS file beside it, the glue left outside
# (required from pkg/wasm/ at run time, so that the CommonJS and the ES module entry of a build
# share one instance when an application uses both).
# import.meta.url is empty there (esbuild's empty-import-meta warning, silenced): the one use,
# hashFileInWorker's worker address, asks for its workerUrl option in CommonJS (lib/hash-in-worker.js).
for entry in node hash helpers validate signing; do
  node_modules/.bin/esbuild "pkg/$entry.js" --bundle --platform=node --format=cjs --target=node18 \
    --log-level=warning --log-override:empty-import-meta=silent --external:./wasm/* \
    --outfile="pkg/$entry.cjs"
done

# The JSON Schema of every kind, pkg/schemas/<kind>.schema.json (preflight-wasm/schemas/...), from
# the validation build's jsonSchema(kind): the text `preflight schema --all --out DIR` writes.
node scripts/write-schemas.mjs

# The browser flavours of every entry (the "default" conditions of pkg/package.json), with
# pkg/lib/ and the web glue, bundled and minified into pkg/dist/ (scripts/build-js.mjs).
node scripts/build-js.mjs

# Aliases of the old glue paths (pkg/node/, pkg/hash-node/) left by an older build: tests/node/
# now require pkg/wasm/<build>.cjs itself.
rm -rf pkg/node pkg/hash-node

ls -l pkg/wasm | sed 's/^/build-wasm: /'
