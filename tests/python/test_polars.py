"""`preflight.polars`: the hash expressions in eager, lazy and streaming frames, against the list
path of `preflight.hash_identifiers` and against `hashlib`."""

from __future__ import annotations

import hashlib
import random
import subprocess
import sys
from typing import List, Optional

import polars as pl
import pytest

import preflight
import preflight.polars as pfp
from preflight import PreflightError


def sha(s: str) -> str:
    return hashlib.sha256(s.encode()).hexdigest()


def emails(n: int, seed: int = 7) -> List[Optional[str]]:
    rng = random.Random(seed)
    out: List[Optional[str]] = []
    for i in range(n):
        r = rng.random()
        if r < 0.05:
            out.append(None)
        elif r < 0.1:
            out.append(rng.choice(["no-at-sign", "a b@x.com", "", "  ", "x@@y.z"]))
        else:
            addr = f"User.{i}+t{rng.randrange(9)}@Example{rng.randrange(50)}.COM"
            out.append(rng.choice(["", " ", "\t"]) + addr + rng.choice(["", "  "]))
    return out


def list_path(values: List[Optional[str]]) -> "tuple[List[Optional[str]], List[Optional[str]]]":
    """The hashes and codes of the list path, a null value read as an empty one (the rule of a
    CSV cell)."""
    hashes, rejected = preflight.hash_identifiers("email", ["" if v is None else v for v in values])
    codes: List[Optional[str]] = [None] * len(values)
    for position, code in rejected:
        codes[position] = code
    return list(hashes), codes


def chunked(values: List[Optional[str]], parts: int) -> pl.Series:
    step = max(1, len(values) // parts)
    pieces = [pl.Series("email", values[i : i + step], dtype=pl.String) for i in range(0, len(values), step)]
    s = pl.concat(pieces, rechunk=False)
    assert s.n_chunks() == len(pieces)
    return s


def test_eager_several_chunks_equals_list_path_and_hashlib() -> None:
    values = emails(5000)
    df = pl.DataFrame({"id": range(len(values)), "email": chunked(values, 7)})
    assert df["email"].n_chunks() > 1
    out = df.with_columns(pfp.hash_struct_expr("email", "email").alias("h")).unnest("h")
    assert out.columns == ["id", "email", "hash", "rejection"]
    hashes, codes = list_path(values)
    assert out["hash"].to_list() == hashes
    assert out["rejection"].to_list() == codes
    assert out["id"].to_list() == list(range(len(values)))
    # Independently: an accepted address is sha256 of its trimmed, lowercased text.
    for v, h in zip(values, hashes):
        if h is not None:
            assert v is not None and h == sha(v.strip().lower())
    assert sum(h is not None for h in hashes) > 0.8 * len(values)
    assert codes.count("empty") >= values.count(None) > 0
    only = df.select(pfp.hash_expr("email", "email"))
    assert only.columns == ["email"] and only["email"].dtype == pl.String
    assert only["email"].to_list() == hashes


@pytest.mark.parametrize("engine", ["in-memory", "streaming"])
def test_lazy_equals_eager(tmp_path: "pytest.TempPathFactory", engine: str) -> None:
    values = emails(120_000, seed=11)
    path = f"{tmp_path}/e.parquet"
    pl.DataFrame({"id": range(len(values)), "email": values}).write_parquet(path, row_group_size=10_000)
    lazy = (
        pl.scan_parquet(path)
        .with_columns(
            pfp.hash_expr("email", "email").alias("hash"),
            pfp.hash_struct_expr(pl.col("email"), "email").struct.field("rejection").alias("why"),
        )
        .filter(pl.col("id") % 3 != 1)
    )
    got = lazy.collect(engine=engine)  # type: ignore[arg-type]
    hashes, codes = list_path(values)
    keep = [i for i in range(len(values)) if i % 3 != 1]
    assert got["id"].to_list() == keep
    assert got["hash"].to_list() == [hashes[i] for i in keep]
    assert got["why"].to_list() == [codes[i] for i in keep]


def test_country_column_and_options() -> None:
    df = pl.DataFrame(
        {
            "phone": ["020 7183 8750", "(657) 777-0000", "020 7183 8750", None, "+44 20 7183 8750"],
            "cc": ["GB", None, "ZZ", "1", ""],
        }
    )
    out = df.select(
        pfp.hash_struct_expr("phone", "phone_number", country="cc", default_country_code="1").alias("h")
    ).unnest("h")
    assert out.rows() == [
        (sha("+442071838750"), None),
        (sha("+16577770000"), None),
        (None, "invalid_country"),
        (None, "empty"),
        (sha("+442071838750"), None),
    ]
    digits = df.head(2).select(
        pfp.hash_expr("phone", "phone_number", country="cc", default_country_code="1", phone_format="digits")
    )
    assert digits["phone"].to_list() == [sha("442071838750"), sha("16577770000")]


def test_group_by_and_categorical() -> None:
    df = pl.DataFrame({"g": ["a", "b", "a"], "email": ["A@x.com", "B@x.com", "bad"]}).with_columns(
        pl.col("email").cast(pl.Categorical)
    )
    out = df.group_by("g", maintain_order=True).agg(pfp.hash_expr("email", "email"))
    assert out.rows() == [("a", [sha("a@x.com"), None]), ("b", [sha("b@x.com")])]
    all_null = pl.DataFrame({"email": [None, None]})
    assert all_null.select(pfp.hash_struct_expr("email", "email")).unnest("email").rows() == [
        (None, "empty"),
        (None, "empty"),
    ]


def test_wrong_calls() -> None:
    with pytest.raises(PreflightError) as e:
        pfp.hash_expr("email", "fax")
    assert e.value.code == "unknown_id_type"
    with pytest.raises(PreflightError) as e:
        pfp.hash_struct_expr("email", "email", colour="red")
    assert e.value.code == "bad_options"
    with pytest.raises(PreflightError):
        pfp.hash_expr(42, "email")  # type: ignore[arg-type]
    # A column of numbers is refused where the batch is read: still a PreflightError with its
    # code once Polars has re-raised it.
    with pytest.raises(PreflightError, match="must be a column of strings") as e:
        pl.DataFrame({"n": [1, 2]}).select(pfp.hash_expr("n", "email"))
    assert e.value.code == "invalid_argument"
    with pytest.raises(PreflightError) as e:
        pl.LazyFrame({"n": [1.5]}).select(pfp.hash_struct_expr("n", "email")).collect()
    assert e.value.code == "invalid_argument"


def test_import_preflight_does_not_import_polars() -> None:
    code = "import sys, preflight; assert 'polars' not in sys.modules, 'polars imported'"
    subprocess.run([sys.executable, "-c", code], check=True)
