#!/usr/bin/env bash
# The Python benchmarks (bench/python/), each printing preflight beside its peers measured in the
# same run, as ratios. Not part of the test command.
#
#   bash bench/python/run.sh                  # build, install, run every benchmark
#   bash bench/python/run.sh --check-readme   # ... and compare bindings/python/README.md's figures
#   bash bench/python/run.sh --write-readme   # ... and write this run's figures into it
#   ONLY="validation package" bash bench/python/run.sh   # some of them
#   NO_BUILD=1 bash bench/python/run.sh       # the package already installed in the venv
#
# The package is built as a release wheel by maturin into target/bench-wheels (package.py weighs
# that wheel) and installed from it: the same build `pip install ./bindings/python` makes.
# PREFLIGHT_VENV: the virtual environment (default target/pyvenv, as scripts/test-python.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."

venv="${PREFLIGHT_VENV:-target/pyvenv}"
python="${PYTHON:-python3}"
wheels=target/bench-wheels
step() { printf '\n== %s\n' "$*"; }

if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
if [ "${NO_BUILD:-}" != 1 ]; then
  step "dependencies (tests/python/requirements.txt) in $venv"
  "$venv/bin/python" -m pip install --quiet --upgrade pip
  "$venv/bin/python" -m pip install --quiet "maturin>=1.5,<2" -r tests/python/requirements.txt
  step "maturin build --release (into $wheels), pip install the wheel"
  rm -rf "$wheels"
  (cd bindings/python && VIRTUAL_ENV="$PWD/../../$venv" PATH="$PWD/../../$venv/bin:$PATH" \
    maturin build --release --quiet -o "../../$wheels")
  "$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps "$wheels"/preflight_engine-*.whl
fi

status=0
for name in ${ONLY:-package validation hashing spark}; do
  step "bench/python/$name.py"
  # From the repository root: `import preflight` is the installed package.
  "$venv/bin/python" "bench/python/$name.py" "$@" || status=1
done
exit $status
