"""Audience identifiers: normalization and SHA-256 hashing."""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Protocol, Tuple, TypeVar, Union, overload

from . import _preflight
from ._columns import hash_column
from ._common import _native, _str


class _ArrowArray(Protocol):
    """A pyarrow ``Array`` (or anything with the Arrow PyCapsule array method)."""

    def __arrow_c_array__(self, requested_schema: Any = ...) -> Any: ...


class _ArrowStream(Protocol):
    """A pyarrow ``ChunkedArray``, a polars ``Series``, a pandas ``Series`` (Arrow streams)."""

    def __arrow_c_stream__(self, requested_schema: Any = ...) -> Any: ...


_Column = TypeVar("_Column", bound=Union[_ArrowArray, _ArrowStream])


def hash_identifier(type: str, value: str, **options: Any) -> str:
    """One identifier as sent: 64 lowercase hex digits of its normalized form's SHA-256, or the
    partner user id verbatim. Options: ``phone_format``, ``default_country_code``,
    ``prehashed`` (read by the engine: an unknown or mistyped one is ``bad_options``). A value
    the rules reject raises :class:`PreflightError` with its code."""
    return str(_native(_preflight.hash_identifier, _str(type, "type"), _str(value, "value"), options))


@overload
def hash_identifiers(
    type: str,
    values: _Column,
    *,
    country: Any = None,
    threads: Optional[int] = None,
    **options: Any,
) -> Tuple[_Column, List[Tuple[int, str]]]: ...
@overload
def hash_identifiers(
    type: str,
    values: Iterable[str],
    *,
    country: Any = None,
    threads: Optional[int] = None,
    **options: Any,
) -> Tuple[List[Optional[str]], List[Tuple[int, str]]]: ...
def hash_identifiers(
    type: str,
    values: Any,
    *,
    country: Any = None,
    threads: Optional[int] = None,
    **options: Any,
) -> Tuple[Any, List[Tuple[int, str]]]:
    """Many identifiers: ``(outputs, rejections)``, one output per value (a hash, the verbatim
    partner id, or null where the value was rejected) and ``(position, code)`` per rejected
    value, ascending, positions 0-based over the whole column.

    ``values``: an iterable of ``str`` (outputs: a ``list``, ``None`` where rejected); a
    pyarrow ``Array`` or ``ChunkedArray`` of ``string``, ``large_string`` or ``string_view``
    (a dictionary of those is decoded first), giving a pyarrow ``string`` array, or a
    ``ChunkedArray`` with the same chunk lengths (``large_string`` when the outputs pass 2
    GiB); a pandas ``Series`` (same index and name) or a polars ``Series`` (same name), both
    through pyarrow. A null value in a column is an empty cell: null output, rejected as
    ``empty``.

    ``country``: a column of the same length (any of the kinds above, or ``None`` cells), each
    row's own country for ``phone_number``: a calling code ("44", "+44") or an ISO 3166-1
    region ("GB"); a null or empty cell keeps ``default_country_code``, anything else rejects
    the row as ``invalid_country`` (the CLI's ``--country-column``).

    ``threads``: at most this many threads hash the column with the GIL released (``None``:
    one per core; a short column always gets one). The result does not depend on it.
    Options: ``phone_format``, ``default_country_code``, ``prehashed``."""
    return hash_column(type, values, country, threads, options)
