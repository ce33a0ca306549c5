"""Server-side storage of the blob column: the "storage" dimension of a matrix.

* ``dynamic`` — ``ROW_FORMAT=DYNAMIC``, no server compression.
* ``compressed:<1|2|4|8|16>`` — ``ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=N`` (``compressed`` = 8).
* ``page:<zlib|lz4|lzo|lzma|bzip2|snappy>`` — InnoDB page compression. MariaDB:
  ``PAGE_COMPRESSED=1`` and the *global* ``innodb_compression_algorithm``, applied when pages
  are flushed (see :func:`page_compression`). MySQL: ``COMPRESSION='zlib'|'lz4'``.
* ``column`` — MariaDB column compression, ``LONGBLOB COMPRESSED``.
* ``percona_column`` / ``percona_column:dict`` — Percona Server column compression,
  ``COLUMN_FORMAT COMPRESSED [WITH COMPRESSION_DICTIONARY d]``. The dictionary is the zlib
  dictionary :func:`~.codecs.train_dictionary` builds from the cell's dataset, created as
  ``CREATE COMPRESSION_DICTIONARY `<table>_dict``` next to the table and dropped after it.

MySQL page compression (``COMPRESSION='zlib'|'lz4'``) applies to pages as they are written: a
table created with the attribute compresses everything BlobBench loads into it (``OPTIMIZE
TABLE`` is only needed to rewrite existing pages after an ``ALTER TABLE … COMPRESSION``, which
BlobBench never does). Both flavours flush the table's pages after the load (``FLUSH TABLES t
FOR EXPORT``) so on-disk sizes and cold reads see compressed pages.

Which storages a target supports, and why not, is :mod:`.capabilities`' job.

Safety: every table BlobBench creates carries ``COMMENT='blobbench:owned'``; :func:`drop_table`
refuses to drop anything without it. Identifiers are validated, never interpolated raw.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .errors import MatrixError, TargetError

OWNER_MARK = "blobbench:owned"
KEY_BLOCK_SIZES = (1, 2, 4, 8, 16)
PAGE_ALGORITHMS = ("zlib", "lz4", "lzo", "lzma", "bzip2", "snappy")
MYSQL_PAGE_ALGORITHMS = ("zlib", "lz4")
_IDENT = re.compile(r"^[A-Za-z0-9_]{1,64}$")


@dataclass(frozen=True)
class Storage:
    """A parsed storage spec. ``kind`` is dynamic/compressed/page/column/percona_column."""

    name: str
    kind: str
    key_block_size: int | None = None
    algorithm: str | None = None
    dictionary: bool = False  # percona_column:dict


def known_storages() -> list[str]:
    """Storage specs for error messages and UIs."""
    return (
        ["dynamic"]
        + [f"compressed:{k}" for k in KEY_BLOCK_SIZES]
        + [f"page:{a}" for a in PAGE_ALGORITHMS]
        + ["column", "percona_column", "percona_column:dict"]
    )


def parse_storage(spec: str) -> Storage:
    """Parse ``dynamic``, ``compressed[:N]``, ``page[:alg]``, ``column``, ``percona_column[:dict]``.

    Raises MatrixError for anything else.
    """
    if not isinstance(spec, str):
        raise MatrixError(f"storage must be a string, got {spec!r}")
    s = spec.strip().lower()
    kind, sep, arg = s.partition(":")
    if kind == "dynamic" and not sep:
        return Storage("dynamic", "dynamic")
    if kind == "column" and not sep:
        return Storage("column", "column")
    if kind == "percona_column" and (not sep or arg == "dict"):
        return Storage(s, "percona_column", dictionary=bool(sep))
    if kind == "compressed":
        kbs = arg or "8"
        if kbs.isdigit() and int(kbs) in KEY_BLOCK_SIZES:
            return Storage(f"compressed:{int(kbs)}", "compressed", key_block_size=int(kbs))
        raise MatrixError(
            f"bad KEY_BLOCK_SIZE in storage '{spec}'; choose from: "
            + ", ".join(f"compressed:{k}" for k in KEY_BLOCK_SIZES)
        )
    if kind == "page":
        alg = arg or "zlib"
        if alg in PAGE_ALGORITHMS:
            return Storage(f"page:{alg}", "page", algorithm=alg)
        raise MatrixError(
            f"unknown page compression algorithm in storage '{spec}'; choose from: "
            + ", ".join(f"page:{a}" for a in PAGE_ALGORITHMS)
        )
    raise MatrixError(f"unknown storage '{spec}'; choose from: {', '.join(known_storages())}")


def check_identifier(name: str, what: str = "identifier") -> str:
    """Return ``name`` if it matches ``^[A-Za-z0-9_]{1,64}$``; else raise MatrixError."""
    if not isinstance(name, str) or not _IDENT.match(name):
        raise MatrixError(f"invalid {what} {name!r}: use 1-64 letters, digits or underscores")
    return name


def qualified(schema: str, table: str) -> str:
    """```schema`.`table``` after validating both names."""
    return f"`{check_identifier(schema, 'schema name')}`.`{check_identifier(table, 'table name')}`"


def dictionary_name(table: str) -> str:
    """The Percona compression dictionary BlobBench creates for ``table``."""
    return check_identifier(f"{table}_dict"[:64], "dictionary name")


def create_dictionary_sql(schema: str, table: str, content: bytes) -> str:
    """``CREATE COMPRESSION_DICTIONARY`` for a ``percona_column:dict`` table (Percona only).

    Percona's dictionaries are server-wide objects, not schema objects: the name carries the
    table's (BlobBench-prefixed, unique) name so it is ours to drop. The content is a hex
    literal (Percona's grammar takes a ``text_string``, which includes ``0x…``): binary-safe
    whatever the connection's character set.
    """
    check_identifier(schema, "schema name")
    if not content:
        raise MatrixError("a compression dictionary cannot be empty")
    return (f"CREATE COMPRESSION_DICTIONARY `{dictionary_name(table)}` "
            f"(0x{bytes(content).hex()})")


def drop_dictionary_sql(table: str) -> str:
    """``DROP COMPRESSION_DICTIONARY`` for the dictionary of ``table``."""
    return f"DROP COMPRESSION_DICTIONARY IF EXISTS `{dictionary_name(table)}`"


def create_table_sql(schema: str, table: str, storage: Storage, flavour: str = "mariadb") -> str:
    """The ``CREATE TABLE`` for one storage; ``flavour`` only matters for ``page:``."""
    column = "data LONGBLOB NOT NULL"
    opts = "ROW_FORMAT=DYNAMIC"
    if storage.kind == "compressed":
        opts = f"ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE={storage.key_block_size}"
    elif storage.kind == "page":
        if flavour == "mariadb":
            opts = "ROW_FORMAT=DYNAMIC PAGE_COMPRESSED=1"
        else:
            opts = f"ROW_FORMAT=DYNAMIC COMPRESSION='{storage.algorithm}'"
    elif storage.kind == "column":
        column = "data LONGBLOB COMPRESSED NOT NULL"
    elif storage.kind == "percona_column":
        column = "data LONGBLOB NOT NULL COLUMN_FORMAT COMPRESSED"
        if storage.dictionary:
            column += f" WITH COMPRESSION_DICTIONARY `{dictionary_name(table)}`"
    return (
        f"CREATE TABLE {qualified(schema, table)} "
        f"(id INT NOT NULL PRIMARY KEY, {column}) "
        f"ENGINE=InnoDB {opts} COMMENT='{OWNER_MARK}'"
    )


def check_storage_support(storage: Storage, facts: dict[str, Any]) -> None:
    """Raise MatrixError (code ``unsupported``) if ``storage`` cannot work on the target."""
    from .capabilities import storage_support

    ok, reason = storage_support(storage.name, facts)
    if not ok:
        raise MatrixError(f"storage '{storage.name}' is not supported by this target: {reason}",
                          code="unsupported")


def ensure_schema(conn: Any, schema: str) -> None:
    """``CREATE DATABASE IF NOT EXISTS`` the BlobBench schema."""
    with conn.cursor() as cur:
        cur.execute(f"CREATE DATABASE IF NOT EXISTS `{check_identifier(schema, 'schema name')}`")


def table_comment(conn: Any, schema: str, table: str) -> str | None:
    """The table's comment, or None if the table does not exist."""
    with conn.cursor() as cur:
        cur.execute(
            "SELECT TABLE_COMMENT FROM information_schema.TABLES "
            "WHERE TABLE_SCHEMA=%s AND TABLE_NAME=%s",
            (check_identifier(schema, "schema name"), check_identifier(table, "table name")),
        )
        row = cur.fetchone()
    if row is None:
        return None
    comment = row[0]
    return comment.decode() if isinstance(comment, bytes) else comment


def create_table(conn: Any, schema: str, table: str, storage: Storage, flavour: str = "mariadb",
                 dictionary: bytes | None = None) -> None:
    """Create the owned table (fails if a table of that name already exists).

    ``percona_column:dict`` first creates the table's compression dictionary from
    ``dictionary`` (required for that storage).
    """
    with conn.cursor() as cur:
        if storage.kind == "percona_column" and storage.dictionary:
            if dictionary is None:
                raise MatrixError("storage 'percona_column:dict' needs a dictionary")
            cur.execute(create_dictionary_sql(schema, table, dictionary))
        cur.execute(create_table_sql(schema, table, storage, flavour))


def drop_table(conn: Any, schema: str, table: str) -> bool:
    """Drop ``schema.table`` only if it carries the ownership marker.

    Returns False if the table does not exist; raises TargetError(code ``not_owned``) if it
    exists without the marker.
    """
    comment = table_comment(conn, schema, table)
    if comment is None:
        return False
    if comment != OWNER_MARK:
        raise TargetError(
            f"refusing to drop `{schema}`.`{table}`: it was not created by BlobBench "
            f"(no '{OWNER_MARK}' comment)",
            code="not_owned",
        )
    with conn.cursor() as cur:
        cur.execute(f"DROP TABLE IF EXISTS {qualified(schema, table)}")
    return True


def drop_dictionary(conn: Any, table: str) -> None:
    """Drop the Percona compression dictionary of ``table`` (after the table itself)."""
    with conn.cursor() as cur:
        cur.execute(drop_dictionary_sql(table))


def flush_table(conn: Any, schema: str, table: str) -> None:
    """Write the table's dirty pages to disk now (``FLUSH TABLES t FOR EXPORT``), so page
    compression happens and on-disk sizes and cold reads see the stored pages."""
    with conn.cursor() as cur:
        cur.execute(f"FLUSH TABLES {qualified(schema, table)} FOR EXPORT")
        cur.execute("UNLOCK TABLES")


def _global_var(conn: Any, name: str) -> str | None:
    with conn.cursor() as cur:
        cur.execute("SHOW GLOBAL VARIABLES LIKE %s", (name,))
        row = cur.fetchone()
    if row is None:
        return None
    v = row[1]
    return v.decode() if isinstance(v, bytes) else v


@contextmanager
def page_compression(
    conn: Any, schema: str, table: str, storage: Storage, flavour: str = "mariadb"
) -> Iterator[None]:
    """Wrap the data load of a ``page:<alg>`` table.

    MariaDB: sets the global ``innodb_compression_algorithm`` to the storage's algorithm, yields
    for the load, then flushes the table's pages (``FLUSH TABLES t FOR EXPORT; UNLOCK TABLES``)
    so they are written compressed, and restores the previous global even on error. MySQL and
    Percona (the algorithm is a table attribute): yields, then flushes. A no-op for other
    storages.
    """
    if storage.kind != "page":
        yield
        return
    if flavour != "mariadb":
        yield
        flush_table(conn, schema, table)
        return
    previous = _global_var(conn, "innodb_compression_algorithm")
    changed = previous is not None and previous != storage.algorithm
    with conn.cursor() as cur:
        if changed:
            cur.execute("SET GLOBAL innodb_compression_algorithm = %s", (storage.algorithm,))
        try:
            yield
            cur.execute(f"FLUSH TABLES {qualified(schema, table)} FOR EXPORT")
            cur.execute("UNLOCK TABLES")
        finally:
            if changed:
                cur.execute("SET GLOBAL innodb_compression_algorithm = %s", (previous,))


def table_disk_bytes(conn: Any, schema: str, table: str) -> int | None:
    """Bytes the table's tablespace occupies on disk (allocated, so page compression's holes
    count as saved), after ``ANALYZE TABLE``; None when the server does not say.

    MariaDB: ``INNODB_SYS_TABLESPACES.ALLOCATED_SIZE``; MySQL 8: ``INNODB_TABLESPACES``.
    Call :func:`flush_table` first so recently written pages are on disk.
    """
    name = f"{check_identifier(schema, 'schema name')}/{check_identifier(table, 'table name')}"
    with conn.cursor() as cur:
        cur.execute(f"ANALYZE TABLE {qualified(schema, table)}")
        cur.fetchall()
        for view in ("INNODB_SYS_TABLESPACES", "INNODB_TABLESPACES"):
            try:
                cur.execute(
                    f"SELECT ALLOCATED_SIZE FROM information_schema.{view} WHERE NAME=%s", (name,)
                )
            except Exception:  # noqa: BLE001, S112 - no such view on this flavour/version
                continue
            row = cur.fetchone()
            if row is not None and row[0] is not None:
                return int(row[0])
    return None
