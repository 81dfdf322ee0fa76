"""One Arrow batch of a column hashed, for the frame integrations (:mod:`preflight.spark`,
:mod:`preflight.polars`): the call checked before any data is read, the hash column of a batch
(never shifted against its rows) and its rejection-code column. Imports pyarrow: only those
modules import this one."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import pyarrow as pa  # type: ignore[import-untyped]  # no stubs: its types are Any here

from ._errors import PreflightError
from ._hash import hash_identifiers  # the public function (re-exported by preflight)


def check_call(
    id_type: str, with_country: bool, threads: Optional[int], options: Dict[str, Any]
) -> None:
    """The type, the options and the country rule checked by the call each batch makes, on an
    empty column, so that a wrong call fails before any data is read."""
    empty = pa.array([], type=pa.string())
    hash_identifiers(
        id_type, empty, country=empty if with_country else None, threads=threads, **options
    )


def hash_batch(
    id_type: str,
    values: pa.Array,
    country: Optional[pa.Array],
    threads: Optional[int],
    options: Dict[str, Any],
) -> Tuple[pa.Array, List[Tuple[int, str]]]:
    """:func:`preflight.hash_identifiers` on one batch: the hash column, one value per row
    (never a column shifted against its rows: ``internal_error`` otherwise), and the
    rejections."""
    hashes, rejected = hash_identifiers(
        id_type, values, country=country, threads=threads, **options
    )
    if len(hashes) != len(values):
        raise PreflightError("internal_error", "the hash column does not have one value per row")
    return hashes, rejected


def rejection_codes(rows: int, rejected: Sequence[Tuple[int, str]]) -> List[Optional[str]]:
    """The rejection code of each of ``rows`` rows: ``None`` where the row was hashed."""
    codes: List[Optional[str]] = [None] * rows
    for position, code in rejected:
        codes[position] = code
    return codes
