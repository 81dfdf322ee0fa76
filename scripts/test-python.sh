#!/usr/bin/env bash
# The Python package (bindings/python) built into a virtual environment this script creates, and
# its tests (tests/python/) run there against the native outputs of the shared vectors and of the
# differential corpus.
#
#   bash scripts/test-python.sh            # pip install ./bindings/python (a release wheel build)
#   PY_DEV=1 bash scripts/test-python.sh   # maturin develop (a debug build: faster to build)
#
# PREFLIGHT_VENV: where the environment goes (default target/pyvenv; reused when it exists).
# PYTHON: the interpreter that makes it (default python3; CPython 3.9 or later).
# Needs the package index (maturin, tests/python/requirements.txt; pip's isolated build fetches
# maturin too) and, for the Spark tests, a Java runtime (17 or later) on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${PREFLIGHT_VENV:-target/pyvenv}"
python="${PYTHON:-python3}"

step() { printf '\n== %s\n' "$*"; }

step "virtual environment ($venv)"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "maturin>=1.5,<2" -r tests/python/requirements.txt

step "native outputs of the shared vectors (cargo test --test vectors: target/vectors/native.json)"
cargo test --quiet -p preflight --test vectors

step "native outputs of the answer vectors (cargo test --test answers_vectors: target/vectors/answers-native.json)"
cargo test --quiet -p preflight --test answers_vectors

step "native outputs of the differential corpus (cargo test --test differential: target/differential/native.json)"
cargo test --quiet -p preflight --test differential

step "the command line (target/debug/preflight: the signing and upload-body outputs compared byte for byte)"
cargo build --quiet -p preflight-cli

if [ "${PY_DEV:-}" = 1 ]; then
  step "maturin develop (debug build, installed in $venv)"
  (cd bindings/python && VIRTUAL_ENV="$PWD/../../$venv" PATH="$PWD/../../$venv/bin:$PATH" maturin develop --quiet)
else
  step "pip install ./bindings/python (release build)"
  "$venv/bin/python" -m pip install --quiet --force-reinstall ./bindings/python
fi

step "mypy --strict: the package, the typed example programs and the receiver example"
(cd bindings/python/python && "../../../$venv/bin/python" -m mypy --strict preflight \
  ../../../tests/python/typed_example.py ../../../tests/python/typed_frames.py \
  ../../../examples/python/webhook_receiver.py)

step "pytest tests/python"
# From the repository root, so that `import preflight` is the installed package.
"$venv/bin/python" -m pytest -q tests/python
