"""What the Python benchmarks share: best-of-N timing, the printed table, and the README check.

Every figure bindings/python/README.md quotes from a benchmark sits between two markers,
``<!-- bench/python/NAME.py -->`` and ``<!-- /bench/python/NAME.py -->``, and is the block that
script prints (``block``). ``--write-readme`` writes the block just printed into the README;
``--check-readme`` compares every number of the README's block with this run's, position by
position, and exits 1 when one is more than ``CHECK_FACTOR`` times larger or smaller than this
run's (a block edited by hand into another shape, with more or fewer numbers, fails at once).
"""

from __future__ import annotations

import gc
import os
import re
import resource
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "bindings" / "python" / "README.md"
NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
# How far a README figure may be from this run's, as a factor either way (CHECK_FACTOR overrides
# it): on this project's shared 2-core machine, timings and their ratios moved by up to 2.3 times
# between runs while other builds ran (the pandas_udf job's time; docs/PERFORMANCE.md, "Python"),
# so the check catches a figure not printed by the script, or from another build or machine
# kind, rather than a drift.
CHECK_FACTOR = 2.5


def best_of(fn: Callable[[], object], runs: int) -> float:
    """The fastest of ``runs`` calls of ``fn``, in seconds (garbage collection off while timed:
    a collection that a peer's garbage triggers would land on whoever runs next)."""
    return timed(fn, runs)[0]


def cpu_seconds() -> float:
    """CPU time of this process so far, every thread's (those that ended too), and of the child
    processes it waited for, user + system."""
    r, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime + c.ru_utime + c.ru_stime


def timed(fn: Callable[[], object], runs: int) -> Tuple[float, float]:
    """The least wall time and the least CPU time (all threads) of ``runs`` calls of ``fn``."""
    wall = cpu = float("inf")
    for _ in range(runs):
        gc.collect()
        gc.disable()
        try:
            c0, start = cpu_seconds(), time.perf_counter()
            fn()
            w1, c1 = time.perf_counter(), cpu_seconds()
        finally:
            gc.enable()
        wall, cpu = min(wall, w1 - start), min(cpu, c1 - c0)
    return wall, cpu


def race(paths: Dict[str, Callable[[], object]], rounds: int, limit: Optional[Dict[str, int]] = None) -> Dict[str, float]:
    """The best time of each path over ``rounds`` rounds, in seconds, the paths taking turns within
    each round (so that a change in the machine's load, which other builds move, falls on all
    of them alike rather than on whichever ran during it). ``limit`` caps the rounds of a slow
    path."""
    return {name: wall for name, (wall, _) in race_cpu(paths, rounds, limit).items()}


def race_cpu(
    paths: Dict[str, Callable[[], object]], rounds: int, limit: Optional[Dict[str, int]] = None
) -> Dict[str, Tuple[float, float]]:
    """``race`` with each path's least CPU time (all its threads) beside its least wall time: on
    a machine other work keeps busy, the CPU time is the work a path does, which the wall time
    (what a user waits) hides under the time the path spent waiting for a core."""
    best = {name: (float("inf"), float("inf")) for name in paths}
    for r in range(rounds):
        for name, fn in paths.items():
            if limit is not None and r >= limit.get(name, rounds):
                continue
            wall, cpu = timed(fn, 1)
            best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
    return best


def per_call(paths: Dict[str, Callable[[], object]], rounds: int, min_seconds: float) -> Dict[str, float]:
    """Seconds per call of each fast path: the best of ``rounds`` interleaved rounds (``race``),
    each the mean over as many calls as fill about ``min_seconds`` (measured in a warm-up)."""
    loops = {}
    for name, fn in paths.items():
        start, n = time.perf_counter(), 0
        while time.perf_counter() - start < min_seconds:
            fn()
            n += 1
        loops[name] = n

    def repeat(fn: Callable[[], object], n: int) -> Callable[[], None]:
        def run() -> None:
            for _ in range(n):
                fn()

        return run

    times = race({name: repeat(fn, loops[name]) for name, fn in paths.items()}, rounds)
    return {name: t / loops[name] for name, t in times.items()}


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> List[str]:
    """A Markdown table, first column left-aligned, the others right-aligned."""
    lines = ["| " + " | ".join(header) + " |", "|---" + "|---:" * (len(header) - 1) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return lines


def machine() -> str:
    """One line on where the figures come from (the load matters on a shared machine)."""
    import platform

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"CPython {platform.python_version()}, {os.cpu_count()} cores, "
        f"load average {load:.1f} at the start"
    )


def _numbers(lines: Sequence[str]) -> List[float]:
    return [float(m.replace(",", "")) for line in lines for m in NUMBER.findall(line)]


def readme(name: str, block: List[str]) -> int:
    """Handles ``--write-readme`` / ``--check-readme`` for the block of ``bench/python/<name>``;
    returns the exit status (0 when neither flag is given)."""
    mode = next((a for a in sys.argv[1:] if a in ("--write-readme", "--check-readme")), None)
    factor = float(os.environ.get("CHECK_FACTOR", CHECK_FACTOR))
    if mode is None:
        return 0
    begin, end = f"<!-- bench/python/{name} -->", f"<!-- /bench/python/{name} -->"
    text = README.read_text(encoding="utf-8")
    lines = text.split("\n")
    try:
        i, j = lines.index(begin), lines.index(end)
    except ValueError:
        print(f"FAIL: {README.relative_to(ROOT)} has no block {begin} ... {end}")
        return 1
    if mode == "--write-readme":
        lines[i + 1 : j] = block
        README.write_text("\n".join(lines), encoding="utf-8")
        print(f"{README.relative_to(ROOT)}: the {name} block written from this run")
        return 0
    quoted, measured = _numbers(lines[i + 1 : j]), _numbers(block)
    if len(quoted) != len(measured):
        print(f"FAIL: the README's {name} block has {len(quoted)} numbers, this run printed {len(measured)}")
        return 1
    failed = 0
    for q, m in zip(quoted, measured):
        off = max(q, m) / min(q, m) if min(q, m) > 0 else (1.0 if q == m else float("inf"))
        if off > factor:
            failed += 1
            print(f"  README {q:g} vs this run {m:g}: DIFFERS ({off:.2f} times, at most {factor:g})")
    print(
        f"{README.relative_to(ROOT)}: the {name} block "
        + ("agrees with this run" if not failed else f"differs in {failed} figures")
        + f" (each within a factor of {factor:g})"
    )
    return 1 if failed else 0


Row = Tuple[str, float]
