#!/usr/bin/env bash
# The Python package as a wheel that installs on older Linux systems too (clusters, containers):
# manylinux2014 (glibc 2.17), abi3 (CPython 3.9 and later), linked with zig so that no manylinux
# container is needed. `pip install ./bindings/python` builds for the machine it runs on instead
# (its wheel is tagged with that machine's glibc, manylinux_2_34 on Debian 12).
#
#   bash scripts/build-wheel.sh            # -> target/wheels/preflight_engine-*-manylinux2014_x86_64*.whl
#
# PREFLIGHT_VENV: the build environment (default target/pyvenv; created when missing).
# Needs the package index (maturin and ziglang from PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${PREFLIGHT_VENV:-target/pyvenv}"
if [ ! -x "$venv/bin/python" ]; then
  "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet "maturin>=1.5,<2" "ziglang==0.17.1"
out="$PWD/target/wheels"
(cd bindings/python && PATH="$PWD/../../$venv/bin:$PATH" maturin build --release --zig \
  --compatibility manylinux2014 --out "$out")
ls -l "$out"/preflight_engine-*manylinux2014*.whl
