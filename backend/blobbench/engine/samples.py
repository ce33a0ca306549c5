"""Samples of the user's own data: bytes read from a table on the target, or uploaded.

A sample is turned into blobs of any size by :func:`blob_from_sample`: a slice starting at a
seed-derived offset, wrapping around when the sample is shorter than the blob (which repeats
content and so flatters compression: callers should warn when ``size > len(sample)``).

Two readers, both read-only (``START TRANSACTION READ ONLY``), both validating names against
``information_schema`` first: :func:`read_column_sample` (the values of one column) and
:func:`read_table_rows_sample` (whole rows laid out roughly as InnoDB stores them, so the codec
lab's 16 KiB blocks of it approximate the table's pages).
"""

from __future__ import annotations

import datetime
import decimal
import re
import struct
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


# --- whole rows ("table pages") ----------------------------------------------------------------

_INT_BYTES = {"tinyint": 1, "smallint": 2, "mediumint": 3, "int": 4, "integer": 4, "bigint": 8,
              "year": 1, "bit": 8}
_EPOCH_DAY = datetime.date(1970, 1, 1)


def _record_value(value: Any, data_type: str, unsigned: bool) -> bytes:
    """One column of an InnoDB-like record: integers big-endian in the type's width with the
    sign bit flipped (as InnoDB keeps them), dates and times as packed integers, floats as
    IEEE, strings and blobs with a 1- or 2-byte length. An approximation of the on-page bytes
    (it leaves out the record directory and page headers), close enough for their codec ratio.
    """
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, int):
        width = _INT_BYTES.get(data_type, 8)
        if not unsigned:
            value += 1 << (8 * width - 1)
        return (value & ((1 << (8 * width)) - 1)).to_bytes(width, "big")
    if isinstance(value, float):
        return struct.pack(">d" if data_type == "double" else ">f", value)
    if isinstance(value, datetime.datetime):
        packed = ((value.year * 13 + value.month) << 22 | value.day << 17 | value.hour << 12
                  | value.minute << 6 | value.second)
        return (packed | 1 << 39).to_bytes(5, "big")
    if isinstance(value, datetime.date):
        return ((value - _EPOCH_DAY).days & 0xFFFFFF).to_bytes(3, "big")
    if isinstance(value, datetime.timedelta):
        return (int(value.total_seconds()) + (1 << 23) & 0xFFFFFF).to_bytes(3, "big")
    if isinstance(value, decimal.Decimal):
        value = str(value)
    if isinstance(value, str):
        value = value.encode()
    data = bytes(value)
    head = bytes((len(data),)) if len(data) < 128 else (0x8000 | min(len(data), 0x7FFF)).to_bytes(2, "big")
    return head + data


def read_table_rows_sample(
    target: TargetConn, schema: str, table: str, limit_bytes: int = 16 << 20,
    max_rows: int = 1_000_000,
) -> dict[str, Any]:
    """Read whole rows of ``schema.table`` (read-only) until ``limit_bytes`` of InnoDB-like
    records exist: a 5-byte record header, a 6-byte transaction id and a 7-byte roll pointer,
    then every column (see :func:`_record_value`; NULLs take no bytes). Rows come in primary
    key order when the table has one. Returns ``{"data", "rows", "columns",
    "mean_row_bytes"}``; the codec lab cuts ``data`` into pages."""
    for value, what in ((schema, "schema"), (table, "table")):
        _check_ident(value, what)
    errors = driver_errors()
    conn = connect(target, schema=False)
    try:
        cur = conn.cursor()
        try:
            cur.execute(
                "SELECT COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, COLUMN_KEY FROM "
                "information_schema.COLUMNS WHERE TABLE_SCHEMA=%s AND TABLE_NAME=%s "
                "ORDER BY ORDINAL_POSITION", (schema, table))
            cols = [tuple(v.decode() if isinstance(v, bytes) else str(v) for v in r)
                    for r in cur.fetchall()]
            if not cols:
                raise SampleError(f"table {schema}.{table} does not exist on the target "
                                  "(or this account cannot see it)")
            kinds = [(c[1].lower(), "unsigned" in c[2].lower()) for c in cols]
            pk = [f"`{c[0]}`" for c in cols if c[3] == "PRI"]
            order = f" ORDER BY {', '.join(pk)}" if pk else ""
            cur.execute("SET SESSION TRANSACTION READ ONLY")
            cur.execute("START TRANSACTION READ ONLY")
            cur.execute(f"SELECT * FROM `{schema}`.`{table}`{order} LIMIT {int(max_rows)}")
            parts: list[bytes] = []
            total = rows = 0
            while total < limit_bytes:
                fetched = cur.fetchone()
                if fetched is None:
                    break
                rows += 1
                record = [(0x10 + rows % 7).to_bytes(1, "big"), b"\x00\x00",
                          (rows * 24 & 0xFFFF).to_bytes(2, "big"),
                          (0x1000 + rows % 4096).to_bytes(6, "big"),
                          (0x80 << 48 | rows * 4 & 0xFFFFFFFFFFFF).to_bytes(7, "big")]
                record += [_record_value(v, t, u) for v, (t, u) in zip(fetched, kinds)
                           if v is not None]
                rec = b"".join(record)
                parts.append(rec)
                total += len(rec)
            cur.execute("COMMIT")
        except errors as exc:
            raise translate_error(exc, target, f"reading rows of {schema}.{table}") from None
    finally:
        conn.close()
    if rows == 0:
        raise SampleError(f"table {schema}.{table} has no rows to sample")
    return {"data": b"".join(parts)[:limit_bytes], "rows": rows, "columns": len(cols),
            "mean_row_bytes": total / rows}


__all__ = ["SAMPLEABLE_TYPES", "SampleError", "TargetError", "blob_from_sample", "load_sample",
           "read_column_sample", "read_table_rows_sample", "set_sample_loader"]
