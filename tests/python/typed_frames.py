"""Type-checked by `mypy --strict` (bindings/python/README.md, "Spark" and "Polars"): the Spark
and Polars helpers as a user calls them."""

import polars as pl
from pyspark.sql import DataFrame, SparkSession

import preflight.polars as pfp
import preflight.spark


def hashed(spark: SparkSession) -> DataFrame:
    df = spark.createDataFrame([("a@x.com", "44")], "email STRING, cc STRING")
    return preflight.spark.hash_column(df, "email", "email", output="h", rejection="why")


hashes: pl.Expr = pfp.hash_expr("email", "email")
both: pl.Expr = pfp.hash_struct_expr(pl.col("phone"), "phone_number", country="cc", default_country_code="1")
