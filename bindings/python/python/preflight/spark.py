"""Audience identifiers of a PySpark DataFrame, hashed on every executor.

::

    import preflight.spark
    hashed = preflight.spark.hash_column(df, "email", "email")

:func:`hash_column` adds two string columns to a DataFrame: the hash of each row's identifier
(``null`` where the row is rejected) and the rejection code (``null`` where the row is hashed).
The work runs on the executors through Arrow record batches (``DataFrame.mapInArrow``, Spark
3.3 and later): each batch of the column crosses to the engine by the Arrow C data interface,
is hashed by :func:`preflight.hash_identifiers`, and the batch comes back with the two columns
appended, its rows in the order they came, the other columns untouched. The rules of a cell
are the command line's for a CSV cell (``preflight hash --column``): a null value is rejected as
``empty``, like an empty field.

Every executor imports ``preflight`` itself, so the ``preflight-engine`` wheel must be installed
in the Python environment of every node (bindings/python/README.md, "Spark"). Importing
``preflight`` does not import PySpark; importing this module does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Sequence

import pyarrow as pa  # type: ignore[import-untyped]  # no stubs: its types are Any here
from pyspark.sql.types import (
    ByteType,
    IntegerType,
    LongType,
    ShortType,
    StringType,
    StructField,
    StructType,
)

from ._errors import PreflightError
from ._hash import hash_identifiers  # the public function (re-exported by preflight)

if TYPE_CHECKING:
    from pyspark.sql import DataFrame

__all__ = ["hash_column"]

# The Spark types a country column may have: text ("44", "+44", "GB") or a calling code as an
# integer (cast to its decimal digits on the executor).
_INTEGRAL = (ByteType, ShortType, IntegerType, LongType)


class _HashBatches:
    """The function ``mapInArrow`` runs on the executors: picklable and small (names and
    options, no data), it finds ``preflight`` by import where it runs."""

    __slots__ = ("id_type", "value_index", "country_index", "threads", "options", "names")

    def __init__(
        self,
        id_type: str,
        value_index: int,
        country_index: Optional[int],
        threads: int,
        options: Dict[str, Any],
        names: Sequence[str],
    ) -> None:
        self.id_type = id_type
        self.value_index = value_index
        self.country_index = country_index
        self.threads = threads
        self.options = options
        self.names = list(names)

    def __getstate__(self) -> Dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        for k in self.__slots__:
            setattr(self, k, state[k])

    def __call__(self, batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for batch in batches:
            yield self.batch(batch)

    def batch(self, batch: pa.RecordBatch) -> pa.RecordBatch:
        """One record batch with the hash and rejection columns appended."""
        values = batch.column(self.value_index)
        country: Optional[pa.Array] = None
        if self.country_index is not None:
            country = batch.column(self.country_index)
            if pa.types.is_integer(country.type):
                country = country.cast(pa.string())
        hashes, rejected = hash_identifiers(
            self.id_type, values, country=country, threads=self.threads, **self.options
        )
        n = batch.num_rows
        if len(hashes) != n:
            # Never a column shifted against its rows.
            raise PreflightError("internal", "the hash column does not have one value per row")
        codes: List[Optional[str]] = [None] * n
        for position, code in rejected:
            codes[position] = code
        # The string type Spark expects for a StringType column (string, or large_string with
        # spark.sql.execution.arrow.useLargeVarTypes) is the type of the column it sent.
        text = values.type
        if not (pa.types.is_string(text) or pa.types.is_large_string(text)):
            text = pa.string()
        columns = list(batch.columns) + [hashes.cast(text), pa.array(codes, type=text)]
        return pa.RecordBatch.from_arrays(columns, names=self.names)


def _find(fields: Sequence[StructField], name: str, what: str) -> int:
    """The position of the top-level field named exactly ``name`` (a dotted path is not
    followed); a missing or ambiguous name is an error."""
    if not isinstance(name, str):
        raise PreflightError("invalid_argument", f"{what} must be a column name (str)")
    found = [i for i, f in enumerate(fields) if f.name == name]
    if not found:
        raise PreflightError("unknown_column", f"{what} is not a column of the DataFrame")
    if len(found) > 1:
        raise PreflightError("ambiguous_column", f"{what} names more than one column")
    return found[0]


def _task_cpus(session: Any) -> int:
    try:
        return max(1, int(session.conf.get("spark.task.cpus", "1")))
    except Exception:  # a session without that setting: one core per task, Spark's default
        return 1


def _case_sensitive(session: Any) -> bool:
    try:
        return str(session.conf.get("spark.sql.caseSensitive", "false")).lower() == "true"
    except Exception:
        return False


def hash_column(
    df: "DataFrame",
    column: str,
    type: str,
    *,
    output: Optional[str] = None,
    rejection: Optional[str] = None,
    country: Optional[str] = None,
    threads: Optional[int] = None,
    **options: Any,
) -> "DataFrame":
    """``df`` with two string columns appended: the hash of ``column`` per row and its
    rejection code.

    - ``column``: a string column of ``df`` (its exact top-level name).
    - ``type``: the identifier type (``email``, ``phone_number``, ``handle``, ``device_id``,
      ``service_id``, ``partner_user_id``).
    - ``output``: the name of the hash column (default ``<column>_hash``): 64 hex digits, or
      the partner id as sent; ``null`` where the row is rejected.
    - ``rejection``: the name of the rejection column (default ``<column>_rejection``): the
      engine's code (``empty``, ``invalid_email``, ...) where the row is rejected, else ``null``.
    - ``country``: with ``phone_number``, a column holding each row's country (a calling code
      such as ``44``/``+44``/``0044``, an ISO 3166-1 region such as ``GB``, or an integer
      calling code); a null or empty cell falls back to ``default_country_code``, anything
      else rejects the row as ``invalid_country`` (``preflight hash --country-column``).
    - ``threads``: threads per Spark task (default ``spark.task.cpus``, so that executors are
      not oversubscribed: Spark already runs one task per core).
    - ``options``: :func:`preflight.hash_identifiers`'s (``phone_format``,
      ``default_country_code``, ``prehashed``).

    Rows keep their partitions and their order within each; the other columns are passed
    through as they are. The type, the options and the names are checked here, on the driver,
    before any job runs: a column that does not exist or is not a string, an output name that
    is already a column of ``df`` (or that both outputs share) raises :class:`PreflightError`.
    Names are compared as Spark resolves them (ignoring case unless
    ``spark.sql.caseSensitive`` is on).

    The result is lazy, as every DataFrame transformation: nothing is hashed until an action.
    """
    if not hasattr(df, "mapInArrow") or not hasattr(df, "schema"):
        raise PreflightError(
            "invalid_argument", "df must be a PySpark DataFrame (Spark 3.3 or later: mapInArrow)"
        )
    schema: StructType = df.schema
    session: Any = df.sparkSession
    fields = list(schema.fields)
    value_index = _find(fields, column, "column")
    if not isinstance(fields[value_index].dataType, StringType):
        raise PreflightError("invalid_argument", "column must be a string column")
    country_index: Optional[int] = None
    if country is not None:
        country_index = _find(fields, country, "country")
        if not isinstance(fields[country_index].dataType, (StringType,) + _INTEGRAL):
            raise PreflightError("invalid_argument", "country must be a string or integer column")

    output = f"{column}_hash" if output is None else output
    rejection = f"{column}_rejection" if rejection is None else rejection
    for name, what in ((output, "output"), (rejection, "rejection")):
        if not isinstance(name, str) or not name:
            raise PreflightError("invalid_argument", f"{what} must be a non-empty column name")
    sensitive = _case_sensitive(session)

    def key(name: str) -> str:
        return name if sensitive else name.lower()

    taken = {key(f.name) for f in fields}
    if key(output) in taken or key(rejection) in taken:
        raise PreflightError("column_exists", "an output name is already a column of the DataFrame")
    if key(output) == key(rejection):
        raise PreflightError("column_exists", "output and rejection must be different names")

    if threads is None:
        threads = _task_cpus(session)
    # The type, the options and the country rule checked once here, by the same call the
    # executors make, so that a wrong call fails before any job starts.
    empty = pa.array([], type=pa.string())
    hash_identifiers(
        type, empty, country=None if country is None else empty, threads=threads, **options
    )

    out_schema = StructType(
        fields + [StructField(output, StringType(), True), StructField(rejection, StringType(), True)]
    )
    fn = _HashBatches(
        type,
        value_index,
        country_index,
        threads,
        dict(options),
        [f.name for f in out_schema.fields],
    )
    return df.mapInArrow(fn, out_schema)
