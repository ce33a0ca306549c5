"""Samples of the user's own data: bytes read from a table on the target, or uploaded.

A sample is turned into blobs of any size by :func:`blob_from_sample`: a slice starting at a
seed-derived offset, wrapping around when the sample is shorter than the blob (which repeats
content and so flatters compression: callers should warn when ``size > len(sample)``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .errors import MatrixError, TargetError


class SampleError(MatrixError):
    """A sample that cannot be read: missing table or column, wrong type, no values."""

    default_code = "invalid_sample"

from .drivers import driver_errors
from .target import TargetConn, connect, translate_error

_IDENT = re.compile(r"^[A-Za-z0-9_$]{1,64}$")
#: Column types whose values are bytes or text, which is what BlobBench can sample.
SAMPLEABLE_TYPES = frozenset({
    "tinyblob", "blob", "mediumblob", "longblob", "binary", "varbinary",
    "tinytext", "text", "mediumtext", "longtext", "char", "varchar", "json",
})

_loader: Callable[[str], bytes] | None = None


def set_sample_loader(loader: Callable[[str], bytes] | None) -> None:
    """Install the function that returns a sample's bytes by id (the worker fetches them)."""
    global _loader
    _loader = loader


def load_sample(sample_id: str) -> bytes:
    if _loader is None:
        raise MatrixError(f"dataset 'sample:{sample_id}' needs a sample store, none is configured")
    data = _loader(sample_id)
    if not data:
        raise MatrixError(f"sample {sample_id} is empty")
    return data


def blob_from_sample(data: bytes, size: int, seed: int) -> bytes:
    """``size`` bytes of ``data`` starting at an offset derived from ``seed`` (wrapping)."""
    n = len(data)
    if n == 0:
        raise MatrixError("cannot make blobs from an empty sample")
    start = (seed * 2_654_435_761) % n
    if size <= n - start:
        return data[start:start + size]
    reps = -(-(size + start) // n)
    return (data * reps)[start:start + size]


def _check_ident(value: str, what: str) -> str:
    if not _IDENT.match(value or ""):
        raise SampleError(f"{what} '{value}' is not a plain MySQL identifier (letters, digits, _ and $)")
    return value


def read_column_sample(
    target: TargetConn, schema: str, table: str, column: str, limit_bytes: int = 16 << 20,
    max_rows: int = 100_000,
) -> dict[str, Any]:
    """Read up to ``limit_bytes`` of non-NULL values of ``schema.table.column``, read-only.

    The column is validated against ``information_schema`` first: it must exist and hold bytes
    or text. Returns ``{"data", "rows", "data_type", "mean_value_bytes"}``.
    """
    for value, what in ((schema, "schema"), (table, "table"), (column, "column")):
        _check_ident(value, what)
    errors = driver_errors()
    conn = connect(target, schema=False)
    try:
        cur = conn.cursor()
        try:
            cur.execute(
                "SELECT DATA_TYPE FROM information_schema.COLUMNS "
                "WHERE TABLE_SCHEMA=%s AND TABLE_NAME=%s AND COLUMN_NAME=%s",
                (schema, table, column),
            )
            row = cur.fetchone()
            if row is None:
                cur.execute("SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA=%s "
                            "AND TABLE_NAME=%s", (schema, table))
                if cur.fetchone() is None:
                    raise SampleError(f"table {schema}.{table} does not exist on the target "
                                      "(or this account cannot see it)")
                raise SampleError(f"table {schema}.{table} has no column '{column}'")
            data_type = (row[0].decode() if isinstance(row[0], bytes) else str(row[0])).lower()
            if data_type not in SAMPLEABLE_TYPES:
                raise SampleError(
                    f"column {table}.{column} is {data_type.upper()}; a sample needs a binary "
                    "or text column (BLOB, TEXT, VARBINARY, VARCHAR, JSON …)"
                )
            cur.execute("SET SESSION TRANSACTION READ ONLY")
            cur.execute("START TRANSACTION READ ONLY")
            cur.execute(
                f"SELECT `{column}` FROM `{schema}`.`{table}` WHERE `{column}` IS NOT NULL "
                f"LIMIT {int(max_rows)}"
            )
            parts: list[bytes] = []
            total = rows = 0
            while total < limit_bytes:
                fetched = cur.fetchone()
                if fetched is None:
                    break
                value = fetched[0]
                if isinstance(value, str):
                    value = value.encode()
                parts.append(bytes(value))
                total += len(value)
                rows += 1
            cur.execute("COMMIT")
        except errors as exc:
            raise translate_error(exc, target, f"reading a sample of {schema}.{table}") from None
    finally:
        conn.close()
    if rows == 0:
        raise SampleError(f"column {schema}.{table}.{column} holds no non-NULL values to sample")
    data = b"".join(parts)[:limit_bytes]
    return {"data": data, "rows": rows, "data_type": data_type,
            "mean_value_bytes": total / rows}


__all__ = ["SAMPLEABLE_TYPES", "SampleError", "TargetError", "blob_from_sample", "load_sample",
           "read_column_sample", "set_sample_loader"]
