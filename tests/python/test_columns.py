"""Columns: `hash_identifiers` over pyarrow, pandas and polars columns, threads and a country
per row.

Every identifier vector (tests/vectors/identifiers/) goes through each kind of column and is
compared with the list path and, where the vector gives the normalized form, with `hashlib`.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pandas as pd
import polars as pl
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import preflight
from preflight import PreflightError

VECTORS = Path(__file__).resolve().parents[2] / "tests" / "vectors" / "identifiers"

CASES = [
    c for f in sorted(VECTORS.glob("*.json")) for c in json.loads(f.read_text(encoding="utf-8"))
]


def _joined(pieces: List[List[Any]]) -> str:
    return "".join(text * times for text, times in pieces)


def _groups() -> Dict[Tuple[str, Optional[str], Optional[str]], List[Dict[str, Any]]]:
    """The vectors by what a call shares: type and options."""
    groups: Dict[Tuple[str, Optional[str], Optional[str]], List[Dict[str, Any]]] = {}
    for c in CASES:
        key = (c["type"], c.get("default_country_code"), c.get("phone_format"))
        groups.setdefault(key, []).append(c)
    return groups


GROUPS = sorted(_groups().items(), key=lambda kv: tuple(str(k) for k in kv[0]))


def _options(key: Tuple[str, Optional[str], Optional[str]]) -> Dict[str, str]:
    _, cc, fmt = key
    return {
        k: v for k, v in (("default_country_code", cc), ("phone_format", fmt)) if v is not None
    }


def _expected(cases: List[Dict[str, Any]]) -> Tuple[List[Optional[str]], List[Tuple[int, str]]]:
    """Each vector's hash, checked against hashlib where the vector has the normalized form."""
    want: List[Optional[str]] = []
    rejected: List[Tuple[int, str]] = []
    for i, c in enumerate(cases):
        if "error" in c:
            want.append(None)
            rejected.append((i, c["error"]))
            continue
        if "normalized" in c:
            digest = hashlib.sha256(_joined(c["normalized"]).encode("utf-8")).hexdigest()
            assert digest == c["sha256"], c["name"]
        want.append(c["sha256"])
    return want, rejected


def _flat(column: Any) -> List[Optional[str]]:
    """A result column's cells as Python values (None for null/missing)."""
    if isinstance(column, pd.Series):
        return [None if pd.isna(v) else v for v in column]
    if isinstance(column, pl.Series):
        return list(column.to_list())
    return list(column.to_pylist())


def test_vectors_are_there() -> None:
    assert len(CASES) >= 15 and any("error" in c for c in CASES)


@pytest.mark.parametrize("key,cases", GROUPS, ids=[str(k) for k, _ in GROUPS])
def test_vectors_through_every_kind_of_column(key: Any, cases: List[Dict[str, Any]]) -> None:
    raws = [_joined(c["raw"]) for c in cases]
    options = _options(key)
    want, rejected = _expected(cases)
    assert preflight.hash_identifiers(key[0], raws, **options) == (want, rejected)
    n = len(raws)
    # Three copies, so that a chunk boundary falls inside the values and a slice has an offset.
    raws3, want3 = raws * 3, want * 3
    rejected3 = [(i + k * n, code) for k in range(3) for i, code in rejected]
    whole = pa.array(raws3, type=pa.string())
    columns: Dict[str, Any] = {
        "string": whole,
        "large_string": pa.array(raws3, type=pa.large_string()),
        "string_view": pa.array(raws3, type=pa.string_view()),
        "dictionary": pa.array(raws3, type=pa.string()).dictionary_encode(),
        "chunked": pa.chunked_array(
            [whole.slice(0, 1), pa.array([], type=pa.string()), whole.slice(1, n), whole.slice(n + 1)]
        ),
        "pandas": pd.Series(raws3, index=[10 * i + 7 for i in range(3 * n)], name="id"),
        "pandas_arrow": pd.Series(raws3, dtype="string[pyarrow]", name="id"),
        "polars": pl.Series("id", raws3),
        "polars_chunked": pl.concat(
            [pl.Series("id", raws3[:n]), pl.Series("id", raws3[n:])], rechunk=False
        ),
    }
    for name, column in columns.items():
        out, rej = preflight.hash_identifiers(key[0], column, **options)
        assert _flat(out) == want3, name
        assert rej == rejected3, name
        if name == "chunked":
            assert isinstance(out, pa.ChunkedArray)
            assert [len(c) for c in out.chunks] == [len(c) for c in column.chunks]
        elif name.startswith("pandas"):
            assert isinstance(out, pd.Series)
            assert out.index.equals(column.index) and out.name == "id"
        elif name.startswith("polars"):
            assert isinstance(out, pl.Series) and out.name == "id"
        else:
            assert isinstance(out, pa.Array) and out.type == pa.string()


def test_sliced_chunks_and_rejection_positions() -> None:
    base = pa.array(["x@y.z", "a@b.c", "", "bad", None, "A@B.C", "q@r.s"], type=pa.string())
    sliced = base.slice(3)  # an offset into the buffers: "bad", None, "A@B.C", "q@r.s"
    column = pa.chunked_array([base, pa.array([], type=pa.string()), sliced, base.slice(1, 2)])
    values = base.to_pylist() + sliced.to_pylist() + ["a@b.c", ""]
    out, rejected = preflight.hash_identifiers("email", column)
    assert [len(c) for c in out.chunks] == [7, 0, 4, 2]
    expect = [
        hashlib.sha256(v.lower().encode()).hexdigest() if v and "@" in v else None for v in values
    ]
    assert out.to_pylist() == expect
    assert rejected == [
        (2, "empty"),
        (3, "invalid_email"),
        (4, "empty"),
        (7, "invalid_email"),
        (8, "empty"),
        (12, "empty"),
    ]


def test_nulls_are_empty_cells() -> None:
    for t in ("email", "phone_number", "partner_user_id"):
        out, rejected = preflight.hash_identifiers(t, pa.array([None, ""], type=pa.string()))
        assert out.to_pylist() == [None, None]
        assert rejected == [(0, "empty"), (1, "empty")]
        assert rejected == preflight.hash_identifiers(t, ["", ""])[1]
    out, rejected = preflight.hash_identifiers("email", pd.Series(["a@b.c", None, float("nan")]))
    assert [pd.isna(v) for v in out] == [False, True, True]
    assert rejected == [(1, "empty"), (2, "empty")]
    out, rejected = preflight.hash_identifiers("email", pl.Series("e", [None, "a@b.c"]))
    assert out.to_list()[0] is None and rejected == [(0, "empty")]
    # A column of nothing but nulls has Arrow's null type: its cells are empty ones too.
    for column in (pa.array([None, None]), pd.Series([None, None], dtype=object)):
        out, rejected = preflight.hash_identifiers("email", column)
        assert _flat(out) == [None, None] and rejected == [(0, "empty"), (1, "empty")]


def test_partner_ids_verbatim() -> None:
    ids = ["  id 1 ", "ID\n2", "z"]
    out, rejected = preflight.hash_identifiers("partner_user_id", pa.array(ids))
    assert out.to_pylist() == ids and rejected == []


def test_threads_give_the_same_output() -> None:
    n = 200_000
    values = [
        f" User.{i}@Example.com " if i % 7 else ("" if i % 2 else f"bad{i}") for i in range(n)
    ]
    column = pa.chunked_array([pa.array(values[:70_001]), pa.array(values[70_001:])])
    one = preflight.hash_identifiers("email", column, threads=1)
    four = preflight.hash_identifiers("email", column, threads=4)
    assert one[0].equals(four[0]) and one[1] == four[1]
    every = preflight.hash_identifiers("email", column)
    assert every[0].equals(one[0]) and every[1] == one[1]
    many = preflight.hash_identifiers("email", column, threads=10**30)
    assert many[0].equals(one[0]) and many[1] == one[1]
    listed = preflight.hash_identifiers("email", values, threads=4)
    assert listed == (one[0].to_pylist(), one[1])
    assert len(one[1]) == len([v for v in values if "@" not in v])
    for i in (1, 99_999, 100_001, n - 1):
        assert one[0][i].as_py() == hashlib.sha256(values[i].strip().lower().encode()).hexdigest()
    assert one[1][0] == (0, "invalid_email") and one[1][-1][0] < n


@pytest.mark.parametrize("threads", [0, -1, 1.5, True, "2"])
def test_bad_threads(threads: Any) -> None:
    with pytest.raises(PreflightError) as e:
        preflight.hash_identifiers("email", ["a@b.c"], threads=threads)
    assert e.value.code == "bad_options"


PHONES = ["020 7183 8750", "020 7183 8750", "(657) 777-0000", "0301234567", "+44 20 7183 8750", ""]
PHONES += ["(657) 777-0000", "(657) 777-0000"]
COUNTRIES: List[Optional[str]] = ["44", "GB", "+1", "XX", None, "49", None, ""]


def test_country_per_row() -> None:
    # Each row as its own call: the row's calling code (the ISO region's code), or the
    # default where the cell is empty; a region that names no country is invalid_country.
    as_code = {"44": "44", "GB": "44", "+1": "1", "49": "49"}
    want: List[Optional[str]] = []
    rejected: List[Tuple[int, str]] = []
    for i, (v, c) in enumerate(zip(PHONES, COUNTRIES)):
        if c == "XX":
            want.append(None)
            rejected.append((i, "invalid_country"))
            continue
        try:
            want.append(
                preflight.hash_identifier("phone_number", v, default_country_code=as_code.get(c, "1"))
            )
        except PreflightError as e:
            want.append(None)
            rejected.append((i, e.code))
    assert want[0] == want[1] == want[4] and None not in (want[0], want[2])
    assert rejected[-1] == (5, "empty")
    # A null or empty country cell keeps the default country code ("1").
    assert want[6] == want[7] == want[2]
    opts: Dict[str, Any] = {"default_country_code": "1"}
    kinds: List[Tuple[Any, Any]] = [
        (PHONES, COUNTRIES),
        (pa.array(PHONES), pa.array(COUNTRIES, type=pa.string())),
        (pa.array(PHONES), COUNTRIES),
        (PHONES, pa.array(COUNTRIES, type=pa.large_string())),
        (
            pa.chunked_array([PHONES[:2], PHONES[2:]]),
            pa.chunked_array([COUNTRIES[:3], COUNTRIES[3:]], type=pa.string()),
        ),
        (pd.Series(PHONES, index=list("abcdefgh")), pd.Series(COUNTRIES)),
        (pl.Series("p", PHONES), pl.Series("c", COUNTRIES)),
    ]
    for values, country in kinds:
        out, rej = preflight.hash_identifiers("phone_number", values, country=country, **opts)
        assert (_flat(out) if not isinstance(out, list) else out) == want
        assert rej == rejected
    # Without a default, an empty country cell leaves a national number without a country.
    out, rej = preflight.hash_identifiers("phone_number", PHONES[:1], country=[""])
    assert rej == [(0, preflight.hash_identifiers("phone_number", PHONES[:1])[1][0][1])]


def test_country_errors() -> None:
    for values in (PHONES, pa.array(PHONES)):
        with pytest.raises(PreflightError) as e:
            preflight.hash_identifiers("phone_number", values, country=COUNTRIES[:-1])
        assert e.value.code == "invalid_argument"
        with pytest.raises(PreflightError) as e:
            preflight.hash_identifiers("email", values, country=COUNTRIES)
        assert e.value.code == "bad_options"
        with pytest.raises(PreflightError) as e:
            preflight.hash_identifiers("phone_number", values, country=[1] * len(PHONES))
        assert e.value.code == "invalid_argument"


class _Capsule:
    """Another library's Arrow array (it has the PyCapsule method, and iterates as str)."""

    def __arrow_c_array__(self, requested_schema: Any = None) -> Any:
        return pa.array(["a@b.c"]).__arrow_c_array__(requested_schema)

    def __iter__(self) -> Any:
        return iter(["a@b.c"])


@pytest.mark.parametrize(
    "column",
    [
        pa.array([1, 2]),
        pa.array([b"a@b.c"], type=pa.binary()),
        pa.array([1, 2]).dictionary_encode(),
        pa.chunked_array([pa.array([1])]),
        pd.Series([1, 2]),
        pd.Series(["a@b.c", 1]),
        pl.Series("n", [1, 2]),
        ["a@b.c", None],
        ["a@b.c", b"x"],
        "a@b.c",
        42,
        pd.DataFrame({"email": ["a@b.c"]}),
        pl.DataFrame({"email": ["a@b.c"]}),
        pa.table({"email": ["a@b.c"]}),
        _Capsule(),
    ],
)
def test_wrong_columns(column: Any) -> None:
    with pytest.raises(PreflightError) as e:
        preflight.hash_identifiers("email", column)
    assert e.value.code == "invalid_argument"


def test_import_does_not_import_columns_libraries() -> None:
    code = (
        "import sys, preflight; "
        "print(preflight.hash_identifiers('email', ['a@b.c'])[1]); "
        "print(sorted(m for m in ('pyarrow', 'pandas', 'polars') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "[]"]


def test_empty_columns() -> None:
    out, rejected = preflight.hash_identifiers("email", pa.array([], type=pa.string()))
    assert isinstance(out, pa.Array) and len(out) == 0 and rejected == []
    out, rejected = preflight.hash_identifiers("email", pa.chunked_array([], type=pa.large_string()))
    assert isinstance(out, pa.ChunkedArray) and out.num_chunks == 0 and out.type == pa.string()
    out, rejected = preflight.hash_identifiers("partner_user_id", pa.chunked_array([[], []], type=pa.string()))
    assert [len(c) for c in out.chunks] == [0, 0] and rejected == []


def test_calls_from_several_python_threads() -> None:
    # The GIL is released while hashing: calls from Python threads run side by side and each
    # gets its own column's answer.
    from concurrent.futures import ThreadPoolExecutor

    columns = [pa.array([f"u{i}.{k}@x.com" for i in range(50_000)]) for k in range(4)]
    alone = [preflight.hash_identifiers("email", c, threads=1)[0] for c in columns]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda c: preflight.hash_identifiers("email", c)[0], columns))
    assert all(a.equals(b) for a, b in zip(alone, together))
    assert together[3][7].as_py() == hashlib.sha256(b"u7.3@x.com").hexdigest()


def test_lone_surrogates_in_a_list_with_countries() -> None:
    # A value with no UTF-8 form is invalid_utf8 whatever its country; a country with none
    # names no country (invalid_country), never a guess.
    out, rejected = preflight.hash_identifiers(
        "phone_number",
        ["020 7183 8750", "020\ud800 7183", "020 7183 8750"],
        country=["GB", "XX", "G\ud800B"],
    )
    assert out[0] is not None and out[1:] == [None, None]
    assert rejected == [(1, "invalid_utf8"), (2, "invalid_country")]

CELLS = st.one_of(
    st.none(),
    st.sampled_from(["a@b.co", " A@B.CO ", "", "x", "+44 20 7183 8750", "\u212a@x.fr"]),
    st.text(max_size=12),
)


@settings(max_examples=200, deadline=None)
@given(
    cells=st.lists(CELLS, max_size=40),
    cuts=st.lists(st.integers(0, 40), max_size=4),
    t=st.sampled_from(["email", "phone_number", "partner_user_id", "handle"]),
    kind=st.sampled_from([pa.string(), pa.large_string(), pa.string_view()]),
)
def test_any_chunking_matches_the_list_path(
    cells: List[Optional[str]], cuts: List[int], t: str, kind: Any
) -> None:
    # The list path with "" for a null, against the same cells cut into chunks anywhere.
    want = preflight.hash_identifiers(t, ["" if c is None else c for c in cells])
    bounds = sorted({0, len(cells), *[min(c, len(cells)) for c in cuts]})
    chunks = [pa.array(cells[a:b], type=kind) for a, b in zip(bounds, bounds[1:])]
    column = pa.chunked_array(chunks, type=kind)
    out, rejected = preflight.hash_identifiers(t, column)
    assert (out.to_pylist(), rejected) == want
    assert [len(c) for c in out.chunks] == [len(c) for c in chunks]
