"""Audience identifiers in Polars expressions.

::

    import polars as pl
    import preflight.polars as pfp

    df.with_columns(pfp.hash_expr("email", "email").alias("email_hash"))
    df.with_columns(pfp.hash_struct_expr("email", "email").alias("h")).unnest("h")

:func:`hash_expr` is the hashes alone (``null`` where a row is rejected); :func:`hash_struct_expr`
is one struct per row, ``{"hash": ..., "rejection": ...}``, for the rows that were rejected and
why, in the same pass. Both work in eager and lazy frames (and the streaming engine: they are
elementwise). Each batch Polars hands over crosses to the engine as Arrow
(``Series.to_arrow()``) and is hashed by :func:`preflight.hash_identifiers`, with the GIL
released; the rules of a cell are the command line's for a CSV cell (a null value is rejected
as ``empty``).

Importing ``preflight`` does not import Polars; importing this module does.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence, Union

import polars as pl
import pyarrow as pa  # type: ignore[import-untyped]  # no stubs: its types are Any here

from ._batches import check_call, hash_batch, rejection_codes
from ._errors import PreflightError

__all__ = ["hash_expr", "hash_struct_expr", "HASH_STRUCT", "ExpressionError"]

#: The dtype of :func:`hash_struct_expr`: the hash (``null`` where rejected) and the rejection
#: code (``null`` where hashed).
HASH_STRUCT = pl.Struct({"hash": pl.String, "rejection": pl.String})

IntoExpr = Union[str, pl.Expr]


class ExpressionError(PreflightError):
    """A :class:`PreflightError` raised while an expression runs (a column that is not text).

    Polars re-raises an exception from inside an expression as a new instance of its class
    made from one string (its text, then the expression), so this class is made from its text
    ``"code: message"`` too, and keeps ``.code`` through that round trip."""

    def __init__(self, code: str, message: Optional[str] = None) -> None:
        if message is None:
            code, _, message = code.partition(": ")
        super().__init__(code, message)
        self.args = (f"{code}: {message}",)


def _expression_errors(fn: Callable[[Sequence[pl.Series]], pl.Series]) -> Callable[[Sequence[pl.Series]], pl.Series]:
    def run(series: Sequence[pl.Series]) -> pl.Series:
        try:
            return fn(series)
        except ExpressionError:
            raise
        except PreflightError as e:
            raise ExpressionError(e.code, e.message) from None

    return run


def _arrow(s: pl.Series, what: str) -> pa.Array:
    """A Series of text as one Arrow array: String as it is, Categorical and Enum as their
    text, an all-null column (dtype Null) as null strings; any other dtype is an error."""
    if s.dtype == pl.Null or isinstance(s.dtype, (pl.Categorical, pl.Enum)):
        s = s.cast(pl.String)
    elif s.dtype != pl.String:
        raise PreflightError("invalid_argument", f"{what} must be a column of strings")
    arr = s.to_arrow()
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    return arr


def _run(
    series: Sequence[pl.Series], id_type: str, threads: Optional[int], options: Any
) -> "tuple[pa.Array, List[Any]]":
    values = _arrow(series[0], "the value column")
    country = _arrow(series[1], "the country column") if len(series) > 1 else None
    return hash_batch(id_type, values, country, threads, options)


def _inputs(value: IntoExpr, country: Optional[IntoExpr]) -> List[pl.Expr]:
    exprs = [pl.col(value) if isinstance(value, str) else value]
    if country is not None:
        exprs.append(pl.col(country) if isinstance(country, str) else country)
    for e in exprs:
        if not isinstance(e, pl.Expr):
            raise PreflightError("invalid_argument", "columns must be names (str) or pl.Expr")
    return exprs


def hash_expr(
    value: IntoExpr,
    type: str,
    *,
    country: Optional[IntoExpr] = None,
    threads: Optional[int] = None,
    **options: Any,
) -> pl.Expr:
    """An expression of the hashes of ``value`` (a column name or an expression of strings):
    64 hex digits per row, or the partner id as sent; ``null`` where the row is rejected (use
    :func:`hash_struct_expr` to know why). ``country``: with ``phone_number``, a column of
    each row's country (a calling code or an ISO 3166-1 region; null or empty falls back to
    ``default_country_code``). ``threads`` and ``options`` are
    :func:`preflight.hash_identifiers`'s. The output is named after ``value``."""
    check_call(type, country is not None, threads, options)

    def run(series: Sequence[pl.Series]) -> pl.Series:
        hashes, _ = _run(series, type, threads, options)
        return pl.Series(series[0].name, hashes, dtype=pl.String)

    return pl.map_batches(
        _inputs(value, country), _expression_errors(run), return_dtype=pl.String, is_elementwise=True
    )


def hash_struct_expr(
    value: IntoExpr,
    type: str,
    *,
    country: Optional[IntoExpr] = None,
    threads: Optional[int] = None,
    **options: Any,
) -> pl.Expr:
    """An expression of one struct per row, :data:`HASH_STRUCT`: ``hash`` as in
    :func:`hash_expr` and ``rejection``, the engine's code where the row is rejected
    (``empty``, ``invalid_email``, ...) and ``null`` where it is hashed. Unnest it
    (``.struct.unnest()``, ``DataFrame.unnest``) or pick a field
    (``.struct.field("rejection")``). Arguments as in :func:`hash_expr`."""
    check_call(type, country is not None, threads, options)

    def run(series: Sequence[pl.Series]) -> pl.Series:
        hashes, rejected = _run(series, type, threads, options)
        codes = rejection_codes(len(hashes), rejected)
        table = pa.StructArray.from_arrays(
            [hashes.cast(pa.large_string()), pa.array(codes, type=pa.large_string())],
            names=["hash", "rejection"],
        )
        return pl.Series(series[0].name, table, dtype=HASH_STRUCT)

    return pl.map_batches(
        _inputs(value, country), _expression_errors(run), return_dtype=HASH_STRUCT, is_elementwise=True
    )
