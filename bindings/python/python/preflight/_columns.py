"""Columns of identifiers: a list of ``str``, or a pyarrow, pandas or polars column.

pyarrow, pandas and polars are optional: none is imported by ``import preflight``, only when a
column of that kind is passed (``sys.modules`` tells whether the caller already has it, so a
list never imports any of them).
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Dict, List, Tuple

from . import _preflight
from ._common import _native, _str
from ._errors import PreflightError

Rejections = List[Tuple[int, str]]

_ACCEPTED = "a pyarrow Array or ChunkedArray of string, large_string or string_view"


def _module(name: str) -> Any:
    """An optional library, imported when a column of its kind is passed (untyped here: its
    stubs are not needed to check this package)."""
    return importlib.import_module(name)


def _is(value: Any, module: str, names: Tuple[str, ...]) -> bool:
    """Whether `value` is one of the classes `names` of `module`, without importing it (a
    column of that kind can only exist once its module is imported)."""
    mod = sys.modules.get(module)
    return mod is not None and any(isinstance(value, getattr(mod, n)) for n in names)


_TABLES = {
    "pyarrow": ("Table", "RecordBatch"),
    "pandas": ("DataFrame",),
    "polars": ("DataFrame", "LazyFrame"),
}


def _kind(values: Any) -> str:
    # A table iterates over its column names: never take it for a list of values.
    if any(_is(values, module, names) for module, names in _TABLES.items()):
        raise PreflightError("invalid_argument", "pass one column, not a table")
    if _is(values, "pyarrow", ("ChunkedArray",)):
        return "chunked"
    if _is(values, "pyarrow", ("Array",)):
        return "array"
    if _is(values, "pandas", ("Series",)):
        return "pandas"
    if _is(values, "polars", ("Series",)):
        return "polars"
    if hasattr(values, "__arrow_c_array__") or hasattr(values, "__arrow_c_stream__"):
        # Another library's Arrow column: its own kind could not be given back.
        raise PreflightError("invalid_argument", "pass a pyarrow, pandas or polars column")
    return "list"


def _chunks(column: Any, what: str) -> List[Any]:
    """The pyarrow arrays of a column of any kind but a list: strings of the three accepted
    types as they are, a dictionary of strings decoded and an all-null column cast (both
    exact), anything else refused."""
    pa = _module("pyarrow")

    kind = _kind(column)
    try:
        if kind == "pandas":
            column = pa.Array.from_pandas(column)
        elif kind == "polars":
            column = column.to_arrow()
    except (pa.ArrowException, TypeError, ValueError):
        raise PreflightError("invalid_argument", f"{what} must be a column of str") from None
    chunks = list(column.chunks) if isinstance(column, pa.ChunkedArray) else [column]
    return [_strings(c, what) for c in chunks]


def _strings(chunk: Any, what: str) -> Any:
    pa = _module("pyarrow")

    t = chunk.type
    if pa.types.is_dictionary(t) and _is_string(t.value_type):
        return chunk.dictionary_decode()
    if pa.types.is_null(t):  # only nulls (a pandas column of None): strings, all null
        return chunk.cast(pa.string())
    if not _is_string(t):
        raise PreflightError("invalid_argument", f"{what} must be {_ACCEPTED}")
    return chunk


def _is_string(t: Any) -> bool:
    pa = _module("pyarrow")

    return bool(pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t))


def _as_kind(outputs: List[Any], values: Any, kind: str) -> Any:
    """The output arrays (one per chunk) as a column of the kind of `values`."""
    pa = _module("pyarrow")

    if kind == "chunked":
        return pa.chunked_array(outputs, type=outputs[0].type if outputs else pa.string())
    out = outputs[0] if len(outputs) == 1 else pa.concat_arrays(outputs)
    if kind == "pandas":
        series = out.to_pandas()
        series.index = values.index
        series.name = values.name
        return series
    if kind == "polars":
        return _module("polars").Series(values.name, out)
    return out


def _threads(threads: Any) -> int:
    """`threads` as the native call takes it: 0 for every core; a huge count is capped (the
    native side starts at most `MAX_THREADS` anyway)."""
    if threads is None:
        return 0
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise PreflightError("bad_options", "threads must be a positive int or None")
    return min(threads, 1 << 16)


def _str_list(values: Any, what: str, nulls: bool) -> List[Any]:
    if isinstance(values, (str, bytes)):
        raise PreflightError("invalid_argument", f"{what} must be an iterable of str, not one str")
    try:
        items = list(values)
    except TypeError:
        raise PreflightError("invalid_argument", f"{what} must be an iterable of str") from None
    if not all(isinstance(v, str) or (nulls and v is None) for v in items):
        kinds = "str or None" if nulls else "str"
        raise PreflightError("invalid_argument", f"{what} must all be {kinds}")
    return items


def hash_column(
    type: str, values: Any, country: Any, threads: Any, options: Dict[str, Any]
) -> Tuple[Any, Rejections]:
    """``hash_identifiers`` for every kind of column (the options are read by the engine)."""
    id_type = _str(type, "type")
    n_threads = _threads(threads)
    kind = _kind(values)
    if kind == "list":
        items = _str_list(values, "values", nulls=False)
        cells = None
        if country is not None:
            if _kind(country) != "list":
                country = [v for c in _chunks(country, "country") for v in c.to_pylist()]
            cells = _str_list(country, "country", nulls=True)
        outputs, rejected = _native(
            _preflight.hash_list, id_type, items, cells, n_threads, options
        )
        return outputs, rejected
    chunks = _chunks(values, "values")
    country_chunks = None
    if country is not None:
        if _kind(country) == "list":
            pa = _module("pyarrow")
            country = pa.array(_str_list(country, "country", nulls=True), type=pa.string())
        country_chunks = _chunks(country, "country")
    outputs, rejected = _native(
        _preflight.hash_arrow, id_type, chunks, country_chunks, n_threads, options
    )
    return _as_kind(outputs, values, kind), rejected
