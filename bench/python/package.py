"""The package's weight: the size of the wheel ``maturin build --release`` made (the newest in
WHEEL_DIR, target/bench-wheels unless set: bench/python/run.sh builds it there), what it installs,
and the import time of ``import preflight`` beside ``import json`` (the peer: a standard module
every Python program imports anyway, and one preflight imports itself).

Import time is the cumulative microseconds ``python -X importtime -c "import X"`` prints for the
module, the median of IMPORT_RUNS fresh interpreters (21 unless set), from the repository root
with the installed package.

    python bench/python/package.py [--check-readme | --write-readme]

Targets (issue 25): the wheel adds no more than a few megabytes; import time under 50 ms.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _bench import ROOT, env_int, machine, readme, table  # noqa: E402

IMPORT_RUNS = env_int("IMPORT_RUNS", 21)
WHEEL_DIR = Path(os.environ.get("WHEEL_DIR", ROOT / "target" / "bench-wheels"))
IMPORT_TARGET_MS = 50
# "no more than a few megabytes" (issue 25), read as at most this many bytes installed.
INSTALLED_TARGET_MB = 3


def import_us(module: str) -> Tuple[float, float]:
    """Median cumulative import time of ``module`` in a fresh interpreter, and the median of the
    time its own modules (``module`` and ``module.*``, "self" in -X importtime's terms) took,
    the rest being the standard library modules it imports; in µs."""
    total, own = [], []
    for _ in range(IMPORT_RUNS):
        err = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", f"import {module}"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stderr
        # "import time: self [us] | cumulative | imported package", nested names indented.
        lines = [ln.split("|") for ln in err.splitlines() if ln.startswith("import time:") and ln.count("|") == 2]
        mine = [(int(s.split(":")[1]), int(c), n.strip()) for s, c, n in lines[1:] if n.strip().split(".")[0] == module]
        total.append(next(c for _, c, n in mine if n == module))
        own.append(sum(s for s, _, _ in mine))
    return statistics.median(total), statistics.median(own)


def main() -> int:
    wheels = sorted(WHEEL_DIR.glob("preflight_engine-*.whl"), key=lambda p: p.stat().st_mtime)
    if not wheels:
        print(f"FAIL: no preflight_engine wheel in {WHEEL_DIR} (maturin build --release -o {WHEEL_DIR})")
        return 1
    wheel = wheels[-1]
    with zipfile.ZipFile(wheel) as z:
        infos = z.infolist()
        installed = sum(i.file_size for i in infos)
        native = sum(i.file_size for i in infos if i.filename.endswith((".so", ".pyd")))
    print(f"{wheel.relative_to(ROOT) if wheel.is_relative_to(ROOT) else wheel}")
    print(machine())

    (pf, pf_own), (js, _) = import_us("preflight"), import_us("json")
    rows = [
        ["wheel (zip)", f"{wheel.stat().st_size / 1e6:.2f} MB"],
        ["installed (every file of the wheel)", f"{installed / 1e6:.2f} MB"],
        ["of which the native module", f"{native / 1e6:.2f} MB"],
        ["`import preflight` (cumulative, median)", f"{pf / 1000:.1f} ms"],
        ["of which preflight's own modules (the rest: typing, json, datetime, re)", f"{pf_own / 1000:.1f} ms"],
        ["`import json` (cumulative, median)", f"{js / 1000:.1f} ms"],
    ]
    block = table(["", ""], rows)
    block += [
        "",
        f"- installed size {'within' if installed <= INSTALLED_TARGET_MB * 1e6 else 'above'} "
        f"{INSTALLED_TARGET_MB} MB; import {pf / js:.1f}x `import json`, "
        f"{'under' if pf < IMPORT_TARGET_MS * 1000 else 'over'} the {IMPORT_TARGET_MS} ms target",
    ]
    print(f"\nmedian of {IMPORT_RUNS} interpreters each:")
    print("\n".join(block))
    return readme("package.py", block)


if __name__ == "__main__":
    sys.exit(main())
