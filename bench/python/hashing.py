"""Hashing 1,000,000 realistic emails (bench/python/emails.py) in one run, side by side:

- ``preflight.hash_identifiers("email", <pyarrow array>, threads=1)`` and with all cores;
- ``preflight.hash_identifiers("email", <list of str>)``, and on the polars Series polars-hash
  reads;
- a plain Python loop doing the same normalization with ``unicodedata`` and ``hashlib``
  (bench/python/emails.py ``hash_email``): its outputs are compared with preflight's on the
  whole input before anything is timed, so it is a peer doing the same work;
- the ``polars-hash`` plugin's ``sha2_256`` on a polars Series of the raw values, in an eager
  ``select`` (one thread) and a lazy query (all cores): a plain SHA-256 of each value, NO
  normalization (its hashes are not the ones an audience upload needs), the
  floor of "hash a column in Polars".

Each time is the best of RUNS rounds (wall time, and beside it the least CPU time of the
process's threads: on a busy machine a path waits for a core, which the CPU time leaves out) (5 unless set; the hashlib loop, 10 times slower, best of
HASHLIB_RUNS, 3 unless set), the paths taking turns within each round. COUNT=100000 for a
quicker look.

    python bench/python/hashing.py [--check-readme | --write-readme]

Targets (issue 25): the Arrow column on one thread at least 5x the hashlib loop; with all cores
at least polars-hash's speed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from typing import Any, Callable, Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import polars as pl  # noqa: E402
import polars_hash as plh  # noqa: E402
import pyarrow as pa  # noqa: E402

import preflight  # noqa: E402
from _bench import ROOT, env_int, machine, race_cpu, readme, table  # noqa: E402
from emails import emails, hashlib_loop  # noqa: E402

COUNT = env_int("COUNT", 1_000_000)
RUNS = env_int("RUNS", 5)
HASHLIB_RUNS = env_int("HASHLIB_RUNS", 3)


def as_list(column: Any) -> List[Optional[str]]:
    return list(column.to_pylist()) if hasattr(column, "to_pylist") else list(column)


def main() -> int:
    values = emails(COUNT)
    arrow = pa.array(values, type=pa.string())
    series = pl.Series("email", values)
    frame = series.to_frame()
    spaced = sum(v != v.strip() for v in values)
    non_ascii = sum(not v.isascii() for v in values)
    print(f"{COUNT:,} emails: {spaced / COUNT:.1%} with surrounding whitespace, {non_ascii / COUNT:.1%} non-ASCII")
    print(machine())

    expected = hashlib_loop(values)
    rejected = sum(h is None for h in expected)

    paths: Dict[str, Callable[[], Any]] = {}
    notes: List[str] = []

    def arrow_path(**kw: Any) -> Callable[[], Any]:
        return lambda: preflight.hash_identifiers("email", arrow, **kw)

    # The Arrow paths: only in a build that takes pyarrow columns and the threads option.
    try:
        out = preflight.hash_identifiers("email", arrow[:2], threads=1)
        if not hasattr(out[0], "to_pylist"):
            raise TypeError("not an Arrow column")
        paths["preflight, pyarrow array, threads=1"] = arrow_path(threads=1)
        paths[f"preflight, pyarrow array, all cores ({os.cpu_count()})"] = arrow_path()
        # The column polars-hash reads, through the same Arrow path (context, not a target).
        paths["preflight, polars Series, all cores"] = lambda: preflight.hash_identifiers("email", series)
    except (TypeError, ValueError) as e:
        notes.append(f"pyarrow paths not measured: this build's hash_identifiers does not take them ({e})")
    paths["preflight, list of str"] = lambda: preflight.hash_identifiers("email", values)

    # Same answers before any timing: every preflight path against the hashlib loop, whole input.
    for name, fn in paths.items():
        hashes, rejections = fn()
        got = as_list(hashes)
        if got != expected:
            bad = next(i for i, (a, b) in enumerate(zip(got, expected)) if a != b) if len(got) == len(expected) else -1
            print(f"FAIL: {name} differs from the hashlib loop (first at position {bad})")
            return 1
        if len(rejections) != rejected:
            print(f"FAIL: {name} rejects {len(rejections)} values, the hashlib loop {rejected}")
            return 1
    print(f"every preflight path gives the hashlib loop's {COUNT - rejected:,} hashes and {rejected} rejections")

    polars_hash = lambda: frame.select(plh.col("email").chash.sha2_256())  # noqa: E731
    check = polars_hash()["email"][:1].to_list()[0]
    import hashlib

    if check != hashlib.sha256(values[0].encode()).hexdigest():
        print("FAIL: polars-hash's sha2_256 is not SHA-256 of the raw value")
        return 1

    HASHLIB = "hashlib loop, same normalization"
    PH_ONE = "polars-hash sha2_256, eager select (one thread)"
    PH_ALL = "polars-hash sha2_256, lazy collect (all cores)"
    paths[HASHLIB] = lambda: hashlib_loop(values)
    paths[PH_ONE] = polars_hash
    # Polars runs one plugin expression over one column on one thread in an eager select, and
    # splits it over its thread pool in a lazy query (seen in /proc/self/task: one busy thread,
    # then two).
    paths[PH_ALL] = lambda: frame.lazy().select(plh.col("email").chash.sha2_256()).collect()
    # The command line on the same values, for reference (not in the README's block: it needs a
    # release build of the CLI, which run.sh does not make): a file in, hashes to /dev/null.
    CLI_ROW = "(reference) preflight CLI, --threads 1, a file to /dev/null"
    cli = os.environ.get("PREFLIGHT_CLI", str(ROOT / "target" / "release" / "preflight"))
    tmp = None
    if os.path.exists(cli):
        tmp = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False)
        with tmp:
            tmp.write("\n".join(values) + "\n")
        argv = [cli, "hash", "email", "--threads", "1", tmp.name]
        done = subprocess.run(argv, capture_output=True, text=True)
        if done.stdout.split("\n")[:COUNT] != [h or "" for h in expected]:
            print("  (the CLI's output lines differ from the hashlib loop's: CLI row left out)")
        else:
            paths[CLI_ROW] = lambda: subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t = race_cpu(paths, RUNS, {HASHLIB: HASHLIB_RUNS})
    if tmp is not None:
        os.unlink(tmp.name)
    reference = t.pop(CLI_ROW, None)
    base, base_cpu = t[HASHLIB]

    rows = [
        [name, f"{w * 1000:,.0f}", f"{c * 1000:,.0f}", f"{COUNT / w / 1e6:.2f}", f"{base / w:.1f}x"]
        for name, (w, c) in t.items()
    ]
    block = table(["path", "ms", "CPU ms", "M rows/s", "vs hashlib loop"], rows)
    one = next((n for n in t if "threads=1" in n), None)
    allc = next((n for n in t if "pyarrow array, all cores" in n), None)
    targets = []
    if one:
        r, rc = base / t[one][0], base_cpu / t[one][1]
        targets.append(
            f"Arrow one thread / hashlib loop: {r:.1f}x the speed, {rc:.1f}x in CPU time "
            f"(target at least 5x: {'met' if r >= 5 else 'missed'})"
        )
    if allc:
        r, r1 = t[PH_ALL][0] / t[allc][0], t[PH_ONE][0] / t[allc][0]
        targets.append(
            f"Arrow all cores / polars-hash sha2_256 on all cores: {r:.2f}x the speed "
            f"(target at least 1x: {'met' if r >= 1 else 'missed'}); / polars-hash eager: {r1:.2f}x"
        )
        if one:
            per_core = t[PH_ONE][1] / t[one][1]
            targets.append(
                f"CPU time per row, polars-hash (SHA-256 only) / preflight (the rules and SHA-256), "
                f"one thread each: {per_core:.2f}"
            )
    block += [""] + [f"- {line}" for line in targets]
    print(f"\nhashing {COUNT:,} emails, best of {RUNS} (hashlib loop best of {HASHLIB_RUNS}):")
    print("\n".join(block))
    if reference is not None:
        w, c = reference
        notes.append(f"{CLI_ROW}: {w * 1000:,.0f} ms, CPU {c * 1000:,.0f} ms")
    for line in notes:
        print("  " + line)
    print("  polars-hash hashes the raw values: no trim, NFC or lowercase, no checks (so not the upload's hashes)")
    return readme("hashing.py", block)


if __name__ == "__main__":
    sys.exit(main())
