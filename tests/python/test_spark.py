"""`preflight.spark.hash_column` in PySpark local mode against the command line, byte for byte.

1,000,000 generated rows (PREFLIGHT_SPARK_ROWS to change it) of realistic identifiers: emails
in mixed case with stray whitespace, some invalid, some missing; phone numbers of several
countries written the ways people write them, with a per-row country column (calling codes and
ISO regions, some empty, some wrong) and some missing. They are written to one CSV file, hashed
by `preflight hash --column ... --keep-column id` (the release CLI, `cargo build --release -p
preflight-cli`, or PREFLIGHT_CLI=path) and by `preflight.spark.hash_column` over Spark
`local[2]`, and compared row by row: the hash (the CLI's empty field where Spark has null) and
the rejection code (the CLI's `row N: code` lines on standard error).

- emails: the file read in several partitions (spark.sql.files.maxPartitionBytes), whose
  concatenation is the file's order: the collected output must be the CLI's output line by line
  (the `id` column equal to the line number proves no row moved), Arrow batches of the default
  size (spark.sql.execution.arrow.maxRecordsPerBatch 10,000);
- phone numbers: the rows dealt round-robin over 5 partitions (`repartition`), batches of 1,009
  rows, compared by `id`.

Those two run `hash_column`'s default method (`arrow_udf` with PySpark 4.1 and later); then both
methods (`arrow_udf`, `mapInArrow`) hash both columns of the same file and must give the same
table, every column and row in order.

Run time: about 2 minutes for the module on 2 cores (100 to 135 s measured while other builds
shared them; generating the rows is about 30 s of it, the CLI 3 s, starting Spark 20 s).

Needs Java (17: /usr/bin/java from Debian's openjdk-17-jre-headless) and PySpark
(tests/python/requirements.txt). PREFLIGHT_SKIP_SPARK=1 skips this module, with that reason;
nothing else does: without Java or PySpark the tests fail.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest

if os.environ.get("PREFLIGHT_SKIP_SPARK") == "1":
    pytest.skip(
        "PREFLIGHT_SKIP_SPARK=1: the Spark tests (PySpark local mode, Java) are skipped on request",
        allow_module_level=True,
    )

import pyarrow as pa  # noqa: E402

import preflight  # noqa: E402
from preflight import PreflightError  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ROWS = int(os.environ.get("PREFLIGHT_SPARK_ROWS", "1000000"))
ROW_LINE = re.compile(r"^row (\d+): ([a-z_]+)$")


# --- data -------------------------------------------------------------------------------------

FIRST = ["james", "mary", "jean-luc", "o'neil", "zoë", "ÉMILE", "li", "anne.marie", "raj", "sven"]
LAST = ["smith", "müller", "dupont", "garcía", "nguyen", "o'brien", "kowalski", "tanaka"]
DOMAINS = ["gmail.com", "Example.COM", "yahoo.co.uk", "orange.fr", "web.de", "company.io", "ex.org"]
BAD_EMAILS = [
    "no-at-sign.example.com",
    "john doe@example.com",
    "a@@example.com",
    "@example.com",
    "someone@",
    '"quoted,comma"@example.com',
    "two@at@example.com",
]


def _mixed_case(rng: random.Random, s: str) -> str:
    return "".join(c.upper() if rng.random() < 0.3 else c for c in s)


def _pad(rng: random.Random, s: str) -> str:
    r = rng.random()
    if r < 0.1:
        return "  " + s
    if r < 0.2:
        return s + " \t"
    if r < 0.25:
        return "\t" + s + "  "
    return s


def _email(rng: random.Random) -> Optional[str]:
    r = rng.random()
    if r < 0.03:
        return None
    if r < 0.04:
        return "   "
    if r < 0.09:
        return _pad(rng, rng.choice(BAD_EMAILS))
    local = rng.choice(FIRST) + rng.choice([".", "_", ""]) + rng.choice(LAST)
    if rng.random() < 0.2:
        local += "+" + str(rng.randrange(1000))
    if rng.random() < 0.3:
        local += str(rng.randrange(100))
    return _pad(rng, _mixed_case(rng, local + "@" + rng.choice(DOMAINS)))


def _digits(rng: random.Random, n: int) -> str:
    return "".join(str(rng.randrange(10)) for _ in range(n))


def _phone(rng: random.Random) -> Tuple[Optional[str], str]:
    """A phone number and the row's country cell."""
    r = rng.random()
    if r < 0.02:
        return None, rng.choice(["1", "GB", ""])
    if r < 0.05:
        return rng.choice(["12", "call me", "555-CALL-NOW", "+", "0000"]), rng.choice(["1", ""])
    if r < 0.06:
        return "020 " + _digits(rng, 4) + " " + _digits(rng, 4), rng.choice(["ZZ", "999", "UK"])
    country = rng.choice(["US", "GB", "FR", "DE", "IN"])
    if country == "US":
        area = str(rng.randrange(2, 10)) + _digits(rng, 2)
        ex = str(rng.randrange(2, 10)) + _digits(rng, 2)
        line = _digits(rng, 4)
        text = rng.choice(
            [f"({area}) {ex}-{line}", f"1-{area}-{ex}-{line}", f"+1 {area} {ex} {line}", f"{area}.{ex}.{line}"]
        )
        return text, rng.choice(["1", "+1", "US", "us", ""])
    if country == "GB":
        n = "7" + _digits(rng, 9)
        text = rng.choice([f"0{n[:4]} {n[4:]}", f"+44 (0) {n[:4]} {n[4:]}", f"0044 {n}", f"0{n}"])
        return text, rng.choice(["44", "+44", "0044", "GB", "gb"])
    if country == "FR":
        n = rng.choice("1234567") + _digits(rng, 8)
        text = rng.choice([f"0{n[0]} {n[1:3]} {n[3:5]} {n[5:7]} {n[7:]}", f"+33 {n}", f"0{n}"])
        return text, rng.choice(["33", "FR", "fr"])
    if country == "DE":
        n = rng.choice(["30", "40", "151", "89"]) + _digits(rng, 7)
        text = rng.choice([f"0{n[:3]} {n[3:]}", f"+49 {n}", f"0049-{n}"])
        return text, rng.choice(["49", "DE"])
    n = rng.choice("6789") + _digits(rng, 9)
    return rng.choice([f"0{n}", f"+91 {n[:5]} {n[5:]}", f"{n}"]), rng.choice(["91", "IN"])


def _write_csv(path: Path, rows: int) -> None:
    """id,email,phone,country; a missing value is an empty field (read as null by Spark)."""
    import csv

    rng = random.Random(25)
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["id", "email", "phone", "country"])
        for i in range(rows):
            phone, country = _phone(rng)
            w.writerow([i, _email(rng) or "", phone or "", country])


# --- the command line -------------------------------------------------------------------------


def _cli() -> Path:
    given = os.environ.get("PREFLIGHT_CLI")
    if given:
        return Path(given)
    subprocess.run(
        ["cargo", "build", "--quiet", "--release", "-p", "preflight-cli"], cwd=ROOT, check=True
    )
    return ROOT / "target/release/preflight"


def _cli_hash(cli: Path, csv: Path, *args: str) -> Tuple[List[str], Dict[int, str]]:
    """The CLI's hash per data row ("" where rejected) and its code per rejected row (0-based
    data row: CSV record N counts the header as record 1)."""
    run = subprocess.run(
        [str(cli), "hash", *args, "--keep-column", "id", "--no-progress", "--threads", "2", str(csv)],
        capture_output=True,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr.decode()[-2000:]
    lines = run.stdout.decode("utf-8").split("\n")
    assert lines[0] == "id,hash" and lines[-1] == ""
    hashes: List[str] = []
    for k, line in enumerate(lines[1:-1]):
        rid, h = line.split(",")
        assert int(rid) == k
        hashes.append(h)
    codes: Dict[int, str] = {}
    for line in run.stderr.decode("utf-8").splitlines():
        m = ROW_LINE.match(line)
        if m:
            codes[int(m.group(1)) - 2] = m.group(2)
    return hashes, codes


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Any]:
    d = tmp_path_factory.mktemp("spark")
    csv = d / "audience.csv"
    _write_csv(csv, ROWS)
    cli = _cli()
    email = _cli_hash(cli, csv, "email", "--column", "email")
    phone = _cli_hash(
        cli, csv, "phone_number", "--column", "phone", "--country-column", "country",
        "--default-country-code", "1",
    )
    return {"csv": csv, "email": email, "phone": phone}


# --- Spark ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    # The Python workers must be this interpreter (the one with preflight and pyarrow), not
    # whatever `python3` is on PATH.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("preflight-test")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def _read(spark: Any, csv: Path) -> Any:
    # escape '"': RFC 4180 quoting (Spark's default escape is a backslash); every cell as text.
    return spark.read.csv(
        str(csv), header=True, schema="id LONG, email STRING, phone STRING, country STRING",
        escape='"', multiLine=False,
    )


def _compare(
    got: pa.Table, column: str, cli: Tuple[List[str], Dict[int, str]]
) -> Tuple[int, int]:
    """Row k of `got` (ordered by id) against the CLI's row k: (hashed, rejected) counts."""
    hashes, codes = cli
    ids = got.column("id").to_pylist()
    assert ids == list(range(ROWS)), "rows lost, doubled or out of order"
    out = got.column(f"{column}_hash").to_pylist()
    rej = got.column(f"{column}_rejection").to_pylist()
    hashed = 0
    for k in range(ROWS):
        h, code = out[k], rej[k]
        if code is None:
            assert h is not None and h == hashes[k], f"row {k}: hash differs from the CLI's"
            assert k not in codes, f"row {k}: the CLI rejected it as {codes[k]}"
            hashed += 1
        else:
            assert h is None, f"row {k}: a hash beside a rejection"
            assert hashes[k] == "" and codes.get(k) == code, f"row {k}: {code} vs {codes.get(k)}"
    assert len(codes) == ROWS - hashed
    return hashed, ROWS - hashed


def test_email_in_file_order_over_partitions_equals_cli(spark: Any, data: Dict[str, Any]) -> None:
    import preflight.spark as pfs

    # The file in about 6 input partitions, each a contiguous run of its lines.
    size = data["csv"].stat().st_size
    spark.conf.set("spark.sql.files.maxPartitionBytes", str(size // 6 + 1))
    spark.conf.set("spark.sql.files.openCostInBytes", "1024")
    df = _read(spark, data["csv"])
    partitions = df.rdd.getNumPartitions()
    assert partitions >= 4, "the file should be read in several partitions"
    assert spark.conf.get("spark.sql.execution.arrow.maxRecordsPerBatch") == "10000"
    t = time.perf_counter()
    got = pfs.hash_column(df, "email", "email").select("id", "email_hash", "email_rejection").toArrow()
    seconds = time.perf_counter() - t
    hashed, rejected = _compare(got, "email", data["email"])
    print(f"\nspark email: {ROWS} rows, {partitions} partitions, {seconds:.1f} s, "
          f"{ROWS / seconds:,.0f} rows/s (read CSV + hash + collect); {hashed} hashed, {rejected} rejected")
    # Enough of both for the comparison to mean something.
    assert hashed > 0.8 * ROWS and rejected > 0.05 * ROWS
    # Independently of the engine: an ASCII address that was hashed is sha256(trim + lowercase).
    src = _read(spark, data["csv"]).select("email").toArrow().column("email").to_pylist()
    out = got.column("email_hash").to_pylist()
    checked = 0
    for e, h in zip(src, out):
        if h is not None and e is not None and e.isascii():
            assert h == hashlib.sha256(e.strip(" \t").lower().encode()).hexdigest()
            checked += 1
    assert checked > 0.5 * ROWS


def test_phone_country_column_repartitioned_equals_cli(spark: Any, data: Dict[str, Any]) -> None:
    import preflight.spark as pfs

    df = _read(spark, data["csv"]).repartition(5)
    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", "1009")
    try:
        t = time.perf_counter()
        got = (
            pfs.hash_column(df, "phone", "phone_number", country="country", default_country_code="1")
            .select("id", "phone_hash", "phone_rejection")
            .toArrow()
        )
        seconds = time.perf_counter() - t
    finally:
        spark.conf.unset("spark.sql.execution.arrow.maxRecordsPerBatch")
    hashed, rejected = _compare(got.sort_by("id"), "phone", data["phone"])
    print(f"\nspark phone_number: {ROWS} rows, 5 partitions (round-robin), {seconds:.1f} s, "
          f"{ROWS / seconds:,.0f} rows/s; {hashed} hashed, {rejected} rejected")
    assert hashed > 0.7 * ROWS and rejected > 0.05 * ROWS
    codes = set(got.column("phone_rejection").drop_null().to_pylist())
    assert {"empty", "invalid_country"} <= codes, codes


# --- the call itself --------------------------------------------------------------------------


def test_arrow_udf_and_map_in_arrow_give_the_same_rows(spark: Any, data: Dict[str, Any]) -> None:
    """The default path (a scalar Arrow UDF: only the hashed columns cross) and the fallback
    (mapInArrow: every column crosses) give the same table: every column, every row, in the
    same order (the file read in several partitions, collected in partition order)."""
    import preflight.spark as pfs

    size = data["csv"].stat().st_size
    spark.conf.set("spark.sql.files.maxPartitionBytes", str(size // 6 + 1))
    spark.conf.set("spark.sql.files.openCostInBytes", "1024")
    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", "1009")
    try:
        df = _read(spark, data["csv"])
        assert df.rdd.getNumPartitions() >= 4

        def both(method: str) -> pa.Table:
            out = pfs.hash_column(df, "email", "email", method=method)
            out = pfs.hash_column(out, "phone", "phone_number", country="country",
                                  default_country_code="1", method=method)
            return out.toArrow()

        by_udf, by_map = both(pfs.ARROW_UDF), both(pfs.MAP_IN_ARROW)
    finally:
        spark.conf.unset("spark.sql.execution.arrow.maxRecordsPerBatch")
    names = ["id", "email", "phone", "country", "email_hash", "email_rejection", "phone_hash",
             "phone_rejection"]
    assert by_udf.schema.names == names and by_map.schema.names == names
    assert by_udf.column("id").to_pylist() == list(range(ROWS)), "rows moved"
    for name in names:
        assert by_udf.column(name).to_pylist() == by_map.column(name).to_pylist(), name
    assert by_udf.column("email_hash").null_count < ROWS // 5
    assert by_udf.column("phone_rejection").null_count < ROWS


def test_arrow_udf_runs_once_per_row(spark: Any) -> None:
    """The struct the UDF returns is split into two columns without the UDF being evaluated
    twice: one Arrow evaluation node in the executed plan, with one UDF in it."""
    import preflight.spark as pfs

    df = spark.createDataFrame([(1, "a@x.com")], "n INT, email STRING")
    out = pfs.hash_column(df, "email", "email", method=pfs.ARROW_UDF)
    plan = out._jdf.queryExecution().executedPlan().toString()
    assert plan.count("ArrowEvalPython") == 1, plan
    assert plan.count("_HashArrays(") == 1, plan
    assert [tuple(r) for r in out.collect()] == [(1, "a@x.com", hashlib.sha256(b"a@x.com").hexdigest(), None)]


@pytest.fixture(params=["arrow_udf", "mapInArrow"])
def method(request: Any) -> str:
    return str(request.param)




def test_columns_kept_and_schema(spark: Any, method: str) -> None:
    import preflight.spark as pfs

    df = spark.createDataFrame(
        [(1, " A@X.com", 2.5), (2, None, None), (3, "bad", 1.0)], "n INT, email STRING, x DOUBLE"
    ).coalesce(1)
    out = pfs.hash_column(df, "email", "email", output="h", rejection="why", method=method)
    assert [(f.name, f.dataType.simpleString()) for f in out.schema.fields] == [
        ("n", "int"), ("email", "string"), ("x", "double"), ("h", "string"), ("why", "string"),
    ]
    rows = [tuple(r) for r in out.collect()]
    assert rows == [
        (1, " A@X.com", 2.5, hashlib.sha256(b"a@x.com").hexdigest(), None),
        (2, None, None, None, "empty"),
        (3, "bad", 1.0, None, "invalid_email"),
    ]


def test_large_var_types(spark: Any, method: str) -> None:
    """With spark.sql.execution.arrow.useLargeVarTypes Spark sends and expects large_string."""
    import preflight.spark as pfs

    spark.conf.set("spark.sql.execution.arrow.useLargeVarTypes", "true")
    try:
        df = spark.createDataFrame([("B@x.com",), ("",)], "email STRING")
        got = [tuple(r) for r in pfs.hash_column(df, "email", "email", method=method).collect()]
    finally:
        spark.conf.unset("spark.sql.execution.arrow.useLargeVarTypes")
    assert got == [("B@x.com", hashlib.sha256(b"b@x.com").hexdigest(), None), ("", None, "empty")]


def test_integer_country_column(spark: Any, method: str) -> None:
    import preflight.spark as pfs

    df = spark.createDataFrame(
        [("020 7183 8750", 44), ("(657) 777-0000", None), ("020 7183 8750", 999)],
        "phone STRING, cc INT",
    ).coalesce(1)
    got = [tuple(r) for r in pfs.hash_column(df, "phone", "phone_number", country="cc",
                                             default_country_code="1", method=method).select("phone_hash", "phone_rejection").collect()]
    assert got == [
        (hashlib.sha256(b"+442071838750").hexdigest(), None),
        (hashlib.sha256(b"+16577770000").hexdigest(), None),
        (None, "invalid_country"),
    ]


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"column": "nope"}, "unknown_column"),
        ({"column": "n"}, "invalid_argument"),
        ({"column": "email", "output": "n"}, "invalid_argument"),
        ({"column": "email", "output": "N"}, "invalid_argument"),  # Spark ignores case by default
        ({"column": "email", "output": "a", "rejection": "a"}, "invalid_argument"),
        ({"column": "email", "rejection": ""}, "invalid_argument"),
        ({"column": "email", "country": "missing"}, "unknown_column"),
        ({"column": "email", "country": "x"}, "invalid_argument"),
        ({"column": "email", "country": "email"}, "bad_options"),  # only phone_number has one
        ({"column": "email", "type": "fax"}, "unknown_id_type"),
        ({"column": "email", "colour": "red"}, "bad_options"),
        ({"column": "email", "phone_format": "nope"}, None),
        ({"column": "email", "method": "pandas_udf"}, "invalid_argument"),
    ],
)
def test_wrong_calls_fail_on_the_driver(spark: Any, kwargs: Dict[str, Any], code: Optional[str]) -> None:
    import preflight.spark as pfs

    df = spark.createDataFrame([(1, "a@x.com", 1.0)], "n INT, email STRING, x DOUBLE")
    args = {"type": "email", **kwargs}
    with pytest.raises(PreflightError) as e:
        pfs.hash_column(df, **args)
    if code is not None:
        assert e.value.code == code


def test_the_executor_function_is_small_and_picklable() -> None:
    from preflight.spark import _HashBatches

    fn = _HashBatches("email", 1, None, 1, {"prehashed": False}, ["a", "b", "b_hash", "b_rejection"])
    blob = pickle.dumps(fn)
    assert len(blob) < 1024
    back = pickle.loads(blob)
    batch = pa.RecordBatch.from_arrays(
        [pa.array([1, 2]), pa.array(["A@X.com", "x"])], names=["a", "b"]
    )
    out = back.batch(batch)
    assert out.schema.names == ["a", "b", "b_hash", "b_rejection"]
    assert out.column(2).to_pylist() == [hashlib.sha256(b"a@x.com").hexdigest(), None]
    assert out.column(3).to_pylist() == [None, "invalid_email"]


def test_the_udf_function_is_small_and_picklable() -> None:
    from preflight.spark import _HashArrays

    fn = _HashArrays("phone_number", 1, {"default_country_code": "1"})
    blob = pickle.dumps(fn)
    assert len(blob) < 1024
    back = pickle.loads(blob)
    phones = pa.array(["(657) 777-0000", "020 7183 8750", "020 7183 8750", None])
    out = back(phones, pa.array([None, 44, 999, None]))
    assert out.type == pa.struct([("hash", pa.string()), ("rejection", pa.string())])
    assert out.field("hash").to_pylist() == [
        hashlib.sha256(b"+16577770000").hexdigest(), hashlib.sha256(b"+442071838750").hexdigest(), None, None,
    ]
    assert out.field("rejection").to_pylist() == [None, None, "invalid_country", "empty"]


def test_import_preflight_does_not_import_pyspark() -> None:
    code = "import sys, preflight; assert 'pyspark' not in sys.modules, 'pyspark imported'"
    subprocess.run([sys.executable, "-c", code], check=True)
    code = "import sys, preflight.spark; assert 'pyspark' in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
