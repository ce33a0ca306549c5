"""Database drivers: how each one connects, quotes a blob, runs the timed read and reports itself.

* ``mysqlclient`` (MySQLdb, a C extension over libmariadb/libmysqlclient) — the default and the
  fastest; the read loop uses its C-level ``query``/``store_result``/``fetch_row``, which release
  the GIL while waiting on the server.
* ``pymysql`` — pure Python (models applications on that stack; holds the GIL while parsing).
* ``mysql-connector`` — Oracle's Connector/Python: its C extension (``CMySQLConnection``) when
  it loads, else the pure-Python ``MySQLConnection``. Which one ran goes into every result
  (``class``), since they differ by an order of magnitude on large values. Cursors are buffered
  (the whole result is read at ``execute``), like the other two drivers' default cursors.

Every adapter returns plain callables built once per connection, so the timed loops do no
attribute lookups or dispatch of their own.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from .errors import MatrixError

DRIVERS = ("mysqlclient", "pymysql", "mysql-connector")
_ALIASES = {"mysqldb": "mysqlclient", "mysql_connector": "mysql-connector",
            "mysql-connector-python": "mysql-connector", "mysqlconnector": "mysql-connector",
            "connector": "mysql-connector"}
CONNECT_TIMEOUT_S = 5
READ_TIMEOUT_S = 600


def canonical_driver(name: str) -> str:
    """``mysqlclient``/``pymysql``/``mysql-connector`` (aliases accepted); else MatrixError."""
    n = str(name).strip().lower()
    n = _ALIASES.get(n, n)
    if n not in DRIVERS:
        raise MatrixError(f"unknown driver '{name}'; choose from: {', '.join(DRIVERS)}")
    return n


@functools.cache
def driver_version(driver: str) -> str:
    """Version of the Python driver package (and its client library where there is one)."""
    d = canonical_driver(driver)
    if d == "pymysql":
        import pymysql

        return pymysql.__version__
    if d == "mysql-connector":
        import mysql.connector

        cext = "C extension" if connector_has_cext() else "pure Python"
        return f"{mysql.connector.__version__} ({cext})"
    import MySQLdb
    from MySQLdb import _mysql

    v = ".".join(str(p) for p in MySQLdb.version_info[:3])
    return f"{v} (client library {_mysql.get_client_info()})"


@functools.lru_cache(maxsize=1)
def connector_has_cext() -> bool:
    """True if mysql-connector's C extension imports on this host."""
    try:
        import mysql.connector.connection_cext
    except ImportError:
        return False
    import mysql.connector

    return bool(getattr(mysql.connector, "HAVE_CEXT", True))


def driver_errors() -> tuple[type[BaseException], ...]:
    """Exception classes of every driver (and socket errors) that translate_error handles."""
    import MySQLdb
    import pymysql

    out: list[type[BaseException]] = [MySQLdb.Error, pymysql.Error, OSError]
    try:
        import mysql.connector

        out.append(mysql.connector.Error)
    except ImportError:  # pragma: no cover - it is a dependency
        pass
    return tuple(out)


def raw_connect(host: str, port: int, user: str, password: str, driver: str) -> Any:
    """An autocommit connection without a default schema (driver exceptions propagate)."""
    d = canonical_driver(driver)
    if d == "pymysql":
        import pymysql

        return pymysql.connect(
            host=host, port=int(port), user=user, password=password,
            connect_timeout=CONNECT_TIMEOUT_S, read_timeout=READ_TIMEOUT_S,
            write_timeout=READ_TIMEOUT_S, autocommit=True, max_allowed_packet=1 << 30,
        )
    if d == "mysql-connector":
        import mysql.connector

        kw = {"host": host, "port": int(port), "user": user, "password": password,
              "connection_timeout": CONNECT_TIMEOUT_S, "autocommit": True, "buffered": True}
        return mysql.connector.connect(use_pure=not connector_has_cext(), **kw)
    import MySQLdb

    return MySQLdb.connect(
        host=host, port=int(port), user=user, password=password,
        connect_timeout=CONNECT_TIMEOUT_S, read_timeout=READ_TIMEOUT_S,
        write_timeout=READ_TIMEOUT_S, autocommit=True,
    )


def select_db(conn: Any, db: str) -> None:
    """Make ``db`` the connection's default schema."""
    if hasattr(conn, "select_db"):
        conn.select_db(db)
    else:  # mysql-connector
        conn.database = db


def driver_info(conn: Any, driver: str) -> dict[str, str]:
    """``{"name", "class", "version"}`` of the driver behind ``conn`` (for results' context)."""
    cls = type(conn)
    return {"name": canonical_driver(driver), "class": f"{cls.__module__}.{cls.__qualname__}",
            "version": driver_version(driver)}


def literal(conn: Any, driver: str) -> Callable[[bytes], bytes]:
    """``blob -> quoted, escaped SQL literal`` exactly as the driver itself would send it."""
    d = canonical_driver(driver)
    if d == "pymysql":
        encoding = conn.encoding

        def lit_pymysql(b: bytes) -> bytes:
            return conn.escape(b).encode(encoding, "surrogateescape")

        return lit_pymysql
    if d == "mysql-connector":
        cmysql = getattr(conn, "_cmysql", None)
        if cmysql is not None and hasattr(cmysql, "escape_string"):
            esc = cmysql.escape_string
        else:
            esc = conn.converter.escape

        def lit_connector(b: bytes) -> bytes:
            return b"'" + bytes(esc(b)) + b"'"

        return lit_connector
    return conn.literal


def executor(conn: Any, driver: str) -> Callable[[bytes], Any]:
    """``sql -> None`` for statements without a result set."""
    d = canonical_driver(driver)
    if d in ("pymysql", "mysql-connector"):
        return conn.cursor().execute
    from MySQLdb import _mysql

    return _mysql.connection.query.__get__(conn)


def reader(conn: Any, driver: str) -> Callable[[bytes], Any]:
    """``sql -> first column of the first row`` (None for no row): the timed read operation.

    mysqlclient: ``query`` + ``store_result().fetch_row()`` (the C API, no cursor objects).
    pymysql and mysql-connector: one cursor reused (``raw`` for connector: no conversion).
    """
    d = canonical_driver(driver)
    if d in ("pymysql", "mysql-connector"):
        cur = conn.cursor(raw=True) if d == "mysql-connector" else conn.cursor()
        execute, fetchone = cur.execute, cur.fetchone

        def read_cursor(sql: bytes) -> Any:
            execute(sql)
            row = fetchone()
            return None if row is None else row[0]

        return read_cursor
    from MySQLdb import _mysql

    query = _mysql.connection.query.__get__(conn)
    store = conn.store_result

    def read_mysqlclient(sql: bytes) -> Any:
        query(sql)
        rows = store().fetch_row()
        return rows[0][0] if rows else None

    return read_mysqlclient
