"""Audience identifiers of a PySpark DataFrame, hashed on every executor.

::

    import preflight.spark
    hashed = preflight.spark.hash_column(df, "email", "email")

:func:`hash_column` adds two string columns to a DataFrame: the hash of each row's identifier
(``null`` where the row is rejected) and the rejection code (``null`` where the row is hashed).
The work runs on the executors through Arrow record batches, each batch of the column crossing
to the engine by the Arrow C data interface and hashed by :func:`preflight.hash_identifiers`,
its rows in the order they came, the other columns untouched. With PySpark 4.1 and later a
scalar Arrow UDF (``arrow_udf``) receives only the value column (and the country column) and
returns the two columns as one struct, so the other columns never leave the JVM; before 4.1
(Spark 3.3 and later) ``DataFrame.mapInArrow`` sends every column of each batch to Python and
back with the two columns appended. Both give the same rows (``method`` chooses one). The rules of a cell
are the command line's for a CSV cell (``preflight hash --column``): a null value is rejected as
``empty``, like an empty field.

Every executor imports ``preflight`` itself, so the ``preflight-engine`` wheel must be installed
in the Python environment of every node (bindings/python/README.md, "Spark"). Importing
``preflight`` does not import PySpark; importing this module does.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any, Dict, Iterator, Optional, Sequence, Tuple

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

from ._batches import check_call, hash_batch, rejection_codes
from ._errors import PreflightError

if TYPE_CHECKING:
    from pyspark.sql import DataFrame

__all__ = ["hash_column", "ARROW_UDF", "MAP_IN_ARROW"]

# The two ways hash_column runs on the executors (its ``method``).
ARROW_UDF = "arrow_udf"
MAP_IN_ARROW = "mapInArrow"
# The struct the scalar Arrow UDF returns: its two fields become the two columns.
_FIELDS = ("hash", "rejection")
_RESULT = StructType([StructField(name, StringType(), True) for name in _FIELDS])

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
        country = None if self.country_index is None else batch.column(self.country_index)
        hashes, codes = _hash_arrays(
            self.id_type, batch.column(self.value_index), country, self.threads, self.options
        )
        columns = list(batch.columns) + [hashes, codes]
        return pa.RecordBatch.from_arrays(columns, names=self.names)


class _HashArrays:
    """The function of the scalar Arrow UDF (``arrow_udf``, Spark 4.1 and later): the value
    column (and the country column) of one batch in, one ``struct<hash, rejection>`` array of
    the same length out. Picklable and small, like :class:`_HashBatches`."""

    __slots__ = ("id_type", "threads", "options")

    def __init__(self, id_type: str, threads: int, options: Dict[str, Any]) -> None:
        self.id_type = id_type
        self.threads = threads
        self.options = options

    def __getstate__(self) -> Dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        for k in self.__slots__:
            setattr(self, k, state[k])

    def __call__(self, values: pa.Array, country: Optional[pa.Array] = None) -> pa.StructArray:
        hashes, codes = _hash_arrays(self.id_type, values, country, self.threads, self.options)
        return pa.StructArray.from_arrays([hashes, codes], names=list(_FIELDS))


def _hash_arrays(
    id_type: str,
    values: pa.Array,
    country: Optional[pa.Array],
    threads: int,
    options: Dict[str, Any],
) -> Tuple[pa.Array, pa.Array]:
    """The hash column and the rejection-code column of one batch, each one value per row, in
    the string type of ``values`` (``string``, or ``large_string`` with
    ``spark.sql.execution.arrow.useLargeVarTypes``: the type Spark expects back)."""
    if country is not None and pa.types.is_integer(country.type):
        country = country.cast(pa.string())
    hashes, rejected = hash_batch(id_type, values, country, threads, options)
    codes = rejection_codes(len(values), rejected)
    text = values.type
    if not (pa.types.is_string(text) or pa.types.is_large_string(text)):
        text = pa.string()
    return hashes.cast(text), pa.array(codes, type=text)


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
    method: Optional[str] = None,
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
    - ``method``: how the executors get the batches. ``"arrow_udf"`` (the default where
      PySpark has ``arrow_udf``, 4.1 and later): a scalar Arrow UDF that receives only the
      value column (and the country column) and returns the two columns as one struct;
      ``"mapInArrow"`` (the default before 4.1, Spark 3.3 and later): every column of ``df``
      goes to the Python worker and back. Both give the same rows in the same order.
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
        raise PreflightError("invalid_argument", "an output name is already a column of the DataFrame")
    if key(output) == key(rejection):
        raise PreflightError("invalid_argument", "output and rejection must be different names")

    if method not in (None, ARROW_UDF, MAP_IN_ARROW):
        raise PreflightError("invalid_argument", "method must be None, 'arrow_udf' or 'mapInArrow'")
    if method == ARROW_UDF and _arrow_udf() is None:
        raise PreflightError("invalid_argument", "method 'arrow_udf' needs PySpark 4.1 or later")
    if threads is None:
        threads = _task_cpus(session)
    # The type, the options and the country rule checked once here, by the same call the
    # executors make, so that a wrong call fails before any job starts.
    check_call(type, country is not None, threads, options)

    if method is None:
        method = ARROW_UDF if _arrow_udf() is not None else MAP_IN_ARROW
    if method == ARROW_UDF:
        return _by_arrow_udf(df, fields, value_index, country_index, output, rejection, key,
                             _HashArrays(type, threads, dict(options)))
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


def _arrow_udf() -> Any:
    """PySpark's ``arrow_udf`` (4.1 and later), or ``None``."""
    try:
        from pyspark.sql.pandas.functions import arrow_udf
    except ImportError:
        return None
    return arrow_udf


def _quoted(name: str) -> str:
    """A column name as one identifier for ``col`` (a dot or a backtick in it is not a path)."""
    return "`" + name.replace("`", "``") + "`"


def _by_arrow_udf(
    df: "DataFrame",
    fields: Sequence[StructField],
    value_index: int,
    country_index: Optional[int],
    output: str,
    rejection: str,
    key: Any,
    fn: _HashArrays,
) -> "DataFrame":
    """``df`` with the two columns appended by one scalar Arrow UDF call per batch: only the
    value column (and the country column) crosses to Python, one struct column comes back,
    and its two fields become the two columns."""
    from pyspark.sql.functions import col

    arrow_udf = _arrow_udf()
    with warnings.catch_warnings():
        # PySpark prefers type hints to functionType; the function is an object (picklable
        # state), whose type is given here.
        warnings.simplefilter("ignore", UserWarning)
        udf = arrow_udf(fn, returnType=_RESULT, functionType=_scalar_arrow())
    args = [col(_quoted(fields[value_index].name))]
    if country_index is not None:
        args.append(col(_quoted(fields[country_index].name)))
    taken = {key(f.name) for f in fields} | {key(output), key(rejection)}
    struct = "__preflight_hash"
    while key(struct) in taken:
        struct += "_"
    # One evaluation of the UDF per row: Spark does not copy a Python UDF into each of the two
    # field extractions (the plan has one ArrowEvalPython node, tests/python/test_spark.py).
    return (
        df.withColumn(struct, udf(*args))
        .withColumn(output, col(struct).getField(_FIELDS[0]))
        .withColumn(rejection, col(struct).getField(_FIELDS[1]))
        .drop(struct)
    )


def _scalar_arrow() -> int:
    from pyspark.sql.pandas.functions import ArrowUDFType

    return int(ArrowUDFType.SCALAR)
