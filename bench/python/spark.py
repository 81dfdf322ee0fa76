"""Spark local mode: rows per second of ``preflight.spark`` against a ``pandas_udf`` that does the
same normalization with ``unicodedata`` and ``hashlib`` (bench/python/emails.py ``hash_email``),
on the same cached DataFrame of COUNT realistic emails (1,000,000 unless set), in one run.

Each job hashes the column and is forced whole by Spark's ``noop`` sink (every row computed,
nothing written); the time is the best of RUNS jobs (3 unless set), the two taking turns. Before timing, both outputs
are collected and compared row by row (by an id column) with the hashlib loop run in this
process: the same hash, or null where the value is rejected. MASTER sets the master (local[2]
unless set: the machine's 2 cores).

    python bench/python/spark.py [--check-readme | --write-readme]

Target (issue 25): preflight.spark at least 3x the pandas_udf + hashlib job's rows per second.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import warnings  # noqa: E402

import pandas as pd  # noqa: E402

# PySpark 4.3 warns on every pandas call that it does not fully support pandas 3 (its tests and
# these jobs use only Series.map and the Arrow conversion).
warnings.filterwarnings("ignore", category=FutureWarning, module="pyspark")

from _bench import env_int, machine, race, readme, table  # noqa: E402
from emails import emails, hash_email, hashlib_loop  # noqa: E402

COUNT = env_int("COUNT", 1_000_000)
RUNS = env_int("RUNS", 3)
MASTER = os.environ.get("MASTER", "local[2]")


def session() -> Any:
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    spark = (
        SparkSession.builder.master(MASTER)
        .appName("preflight bench")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    # The workers import hash_email from emails.py.
    spark.sparkContext.addPyFile(os.path.join(HERE, "emails.py"))
    return spark


def pandas_udf_job(df: Any) -> Any:
    from pyspark.sql.functions import col, pandas_udf

    @pandas_udf("string")  # type: ignore[call-overload]
    def hash_udf(s: pd.Series) -> pd.Series:
        return s.map(hash_email)

    return df.select(col("id"), hash_udf(col("email")).alias("hash"))


def preflight_job(df: Any) -> Any:
    from preflight import spark as pspark

    # Two columns appended (the hash, the rejection code) by mapInArrow; the same two selected
    # as from the pandas_udf job.
    return pspark.hash_column(df, "email", "email", output="hash").select("id", "hash")


FLOOR = "(floor) mapInArrow passing the batches through"


def _same(batches: Any) -> Any:
    return batches


def floor_job(df: Any) -> Any:
    return df.mapInArrow(_same, df.schema).select("id", "email")


def run(job: Any) -> None:
    job.write.format("noop").mode("overwrite").save()


def main() -> int:
    values = emails(COUNT)
    expected = hashlib_loop(values)
    spark = session()
    import pyspark

    print(f"{COUNT:,} emails; PySpark {pyspark.__version__}, master {MASTER}")
    print(machine())
    pdf = pd.DataFrame({"id": range(COUNT), "email": values})
    df = spark.createDataFrame(pdf).repartition(spark.sparkContext.defaultParallelism * 2).cache()
    df.count()
    print(f"{df.rdd.getNumPartitions()} partitions, cached")

    jobs: Dict[str, Callable[[Any], Any]] = {"pandas_udf + hashlib": pandas_udf_job}
    notes: List[str] = []
    try:
        import preflight.spark  # noqa: F401

        jobs = {"preflight.spark": preflight_job, **jobs}
    except ImportError as e:
        notes.append(f"preflight.spark not measured: not in this build ({e})")

    # Same answers before timing: every row of each job against the hashlib loop.
    checked = dict(jobs)
    if "preflight.spark" in jobs:
        # The floor under preflight.spark's job: the same mapInArrow round trip (every column to
        # the Python worker as Arrow batches and back), with the batches passed through as they
        # are: no hashing at all.
        jobs[FLOOR] = floor_job
    for name, job in checked.items():
        got: List[Optional[str]] = [None] * COUNT
        seen = 0
        for row in job(df).toLocalIterator():
            got[row[0]] = row[1]
            seen += 1
        if seen != COUNT or got != expected:
            print(f"FAIL: {name}: {seen:,} rows, {sum(a != b for a, b in zip(got, expected))} differ from hashlib's")
            return 1
    print(f"every job gives the hashlib loop's hash (or null) for each of the {COUNT:,} rows")

    def runner(job: Callable[[Any], Any]) -> Callable[[], None]:
        return lambda: run(job(df))

    seconds = race({name: runner(job) for name, job in jobs.items()}, RUNS)
    base = seconds["pandas_udf + hashlib"]
    rows = [[name, f"{s:.2f}", f"{COUNT / s:,.0f}", f"{base / s:.1f}x"] for name, s in seconds.items()]
    block = table(["job", "s", "rows/s", "vs pandas_udf"], rows)
    if "preflight.spark" in seconds:
        r = base / seconds["preflight.spark"]
        block += ["", f"- preflight.spark / pandas_udf + hashlib: {r:.2f}x the rows per second (target at least 3x: {'met' if r >= 3 else 'missed'})"]
    print(f"\n{COUNT:,} rows, {MASTER}, best of {RUNS} jobs (noop sink):")
    print("\n".join(block))
    for line in notes:
        print("  " + line)
    spark.stop()
    return readme("spark.py", block)


if __name__ == "__main__":
    sys.exit(main())
