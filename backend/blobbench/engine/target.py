"""Connecting to a target server, translating its errors, and probing its capabilities.

Drivers (see :mod:`.drivers`): ``mysqlclient`` (MySQLdb, C, the default and the fastest),
``pymysql`` (pure Python) and ``mysql-connector`` (Oracle's, C extension when available). Every
driver error becomes a :class:`TargetError` whose message says what to do and never contains
the password.
"""

from __future__ import annotations

import re
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from .drivers import (  # noqa: F401 - driver_version/driver_errors/DRIVERS are re-exported
    CONNECT_TIMEOUT_S,
    DRIVERS,
    READ_TIMEOUT_S,
    canonical_driver,
    driver_errors,
    driver_version,
    raw_connect,
    select_db,
)
from .errors import TargetError
from .storages import OWNER_MARK, PAGE_ALGORITHMS, check_identifier


@dataclass
class TargetConn:
    """Where and how to connect. ``database`` is BlobBench's own schema on the target."""

    host: str
    port: int
    user: str
    password: str = field(repr=False)
    database: str = "blobbench"
    driver: str = "mysqlclient"

    def __repr__(self) -> str:
        return (
            f"TargetConn(host={self.host!r}, port={self.port!r}, user={self.user!r}, "
            f"password='***', database={self.database!r}, driver={self.driver!r})"
        )

    @property
    def address(self) -> str:
        """``host:port`` for messages."""
        return f"{self.host}:{self.port}"


def _error_parts(exc: BaseException) -> tuple[int | None, str]:
    errno, msg = getattr(exc, "errno", None), getattr(exc, "msg", None)
    if isinstance(errno, int) and errno > 0 and isinstance(msg, str):  # mysql-connector
        return errno, msg
    args = getattr(exc, "args", ())
    if len(args) >= 2 and isinstance(args[0], int):
        return args[0], str(args[1])
    if len(args) == 1 and isinstance(args[0], str):
        return None, args[0]
    return None, str(exc)


def translate_error(exc: BaseException, t: TargetConn, action: str = "") -> TargetError:
    """Map a driver exception to a TargetError with an actionable, password-free message."""
    if isinstance(exc, TargetError):
        return exc
    errno, text = _error_parts(exc)
    if t.password:
        text = text.replace(t.password, "***")
    where = f" while {action}" if action else ""
    if errno == 1045:
        return TargetError(
            f"Access denied for user '{t.user}' at {t.address} — check the user name and password",
            code="access_denied",
        )
    if errno in (2002, 2003, 2005, 2006, 2013) or "timed out" in text.lower():
        if errno in (2006, 2013) and action not in ("", "connecting"):
            return TargetError(
                f"Lost the connection to {t.address}{where}: {text} (a row larger than the "
                "server's max_allowed_packet also does this)",
                code="unreachable",
            )
        return TargetError(
            f"Cannot reach {t.address} — is the server running and the port open? ({text})",
            code="unreachable",
        )
    if errno == 1044:
        return TargetError(
            f"User '{t.user}' lacks privileges on database `{t.database}`{where}: {text} — "
            f"GRANT SELECT, INSERT, UPDATE, CREATE, DROP ON `{t.database}`.* TO the user "
            "(page compression also needs LOCK TABLES there and the global RELOAD)",
            code="missing_privilege",
        )
    if errno in (1142, 1143):
        return TargetError(
            f"User '{t.user}' is missing a privilege{where}: {text} — BlobBench needs "
            f"GRANT SELECT, INSERT, UPDATE, CREATE, DROP ON `{t.database}`.* TO the user",
            code="missing_privilege",
        )
    if errno in (1227, 1229):
        return TargetError(
            f"User '{t.user}' needs a global privilege{where}: {text} "
            "(page compression sets innodb_compression_algorithm, which needs SUPER or "
            "SYSTEM_VARIABLES_ADMIN)",
            code="missing_privilege",
        )
    if errno == 1049:
        return TargetError(
            f"Unknown database `{t.database}` on {t.address} — create it or let BlobBench create it",
            code="unknown_database",
        )
    if errno in (1153, 1301):
        return TargetError(
            f"The server refused a packet larger than max_allowed_packet{where}: {text}",
            code="too_large",
        )
    return TargetError(
        f"Server error{where} on {t.address}: {f'({errno}) ' if errno else ''}{text}",
        code="server_error",
    )


def _raw_connect(t: TargetConn) -> Any:
    return raw_connect(t.host, t.port, t.user, t.password, t.driver)


def connect(t: TargetConn, schema: bool = True) -> Any:
    """Open a DB-API connection with autocommit on.

    With ``schema=True`` the connection uses ``t.database``, creating it if missing (needs the
    CREATE privilege only when it does not exist yet). Raises TargetError.
    """
    canonical_driver(t.driver)  # MatrixError for an unknown driver
    errors = driver_errors()
    try:
        conn = _raw_connect(t)
    except errors as exc:
        raise translate_error(exc, t, "connecting") from None
    if not schema:
        return conn
    db = check_identifier(t.database, "database name")
    try:
        try:
            select_db(conn, db)
        except errors as exc:
            if _error_parts(exc)[0] != 1049:
                raise
            with conn.cursor() as cur:
                cur.execute(f"CREATE DATABASE IF NOT EXISTS `{db}`")
            select_db(conn, db)
    except errors as exc:
        conn.close()
        raise translate_error(exc, t, f"using database `{db}`") from None
    return conn


def _flavour(version: str, comment: str) -> str:
    text = f"{version} {comment}".lower()
    if "mariadb" in text:
        return "mariadb"
    if "percona" in text:
        return "percona"
    return "mysql"


def _scalar_rows(cur: Any, sql: str, args: tuple = ()) -> list[tuple]:
    cur.execute(sql, args or None)
    return [tuple(v.decode() if isinstance(v, bytes) else v for v in r) for r in cur.fetchall()]


def _on_off(v: Any) -> bool | None:
    if v is None:
        return None
    return str(v).strip().upper() in ("ON", "1", "TRUE", "YES")


def _binlog_compression(flavour: str, gvars: dict[str, Any]) -> dict[str, Any] | None:
    """How the server compresses its binary log: the variable, whether it is on, the algorithm;
    None when the server has no binlog compression."""
    if flavour == "mariadb" and "log_bin_compress" in gvars:
        return {"variable": "log_bin_compress", "on": _on_off(gvars["log_bin_compress"]),
                "algorithm": "zlib"}
    if "binlog_transaction_compression" in gvars:
        level = gvars.get("binlog_transaction_compression_level_zstd")
        return {"variable": "binlog_transaction_compression",
                "on": _on_off(gvars["binlog_transaction_compression"]),
                "algorithm": f"zstd:{level}" if level else "zstd"}
    return None


def probe_connection(conn: Any) -> dict[str, Any]:
    """Capability facts from an open connection (see :func:`probe`)."""
    with conn.cursor() as cur:
        (version, comment, packet, page, pool, hostname) = _scalar_rows(
            cur,
            "SELECT VERSION(), @@version_comment, @@max_allowed_packet, @@innodb_page_size, "
            "@@innodb_buffer_pool_size, @@hostname",
        )[0]
        flavour = _flavour(str(version), str(comment))
        gvars = dict(_scalar_rows(
            cur,
            "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('innodb_compression_algorithm', "
            "'innodb_file_per_table', 'innodb_read_only_compressed', 'max_connections', "
            "'read_only', 'super_read_only', 'innodb_read_only', 'log_bin', 'binlog_format', "
            "'log_bin_compress', 'binlog_transaction_compression', "
            "'binlog_transaction_compression_level_zstd', 'max_binlog_size', 'userstat')",
        ))
        algorithm = gvars.get("innodb_compression_algorithm")
        if flavour == "mariadb":
            algs = ["zlib"]
            # 10.7+: algorithms come from provider_* plugins; older: Innodb_have_* status.
            for (name,) in _scalar_rows(
                cur,
                "SELECT PLUGIN_NAME FROM information_schema.PLUGINS "
                "WHERE PLUGIN_NAME LIKE 'provider\\_%' AND PLUGIN_STATUS='ACTIVE'",
            ):
                alg = str(name).lower().removeprefix("provider_")
                if alg in PAGE_ALGORITHMS and alg not in algs:
                    algs.append(alg)
            for name, value in _scalar_rows(cur, "SHOW GLOBAL STATUS LIKE 'Innodb_have_%'"):
                alg = str(name).lower().removeprefix("innodb_have_")
                if alg in PAGE_ALGORITHMS and str(value).upper() == "ON" and alg not in algs:
                    algs.append(alg)
        else:
            algs = ["zlib", "lz4"]
        rtts = []
        for _ in range(5):
            t0 = time.perf_counter_ns()
            cur.execute("SELECT 1")
            cur.fetchall()
            rtts.append(time.perf_counter_ns() - t0)
    m = re.match(r"(\d+)\.(\d+)\.(\d+)", str(version))
    return {
        "version": str(version),
        "version_tuple": [int(x) for x in m.groups()] if m else None,
        "flavour": flavour,
        "version_comment": str(comment),
        "max_allowed_packet": int(packet),
        "innodb_page_size": int(page),
        "innodb_buffer_pool_size": int(pool),
        "innodb_compression_algorithm": algorithm,
        "page_compression_algorithms": sorted(algs, key=PAGE_ALGORITHMS.index),
        "column_compression": flavour == "mariadb",
        "innodb_file_per_table": _on_off(gvars.get("innodb_file_per_table")),
        "innodb_read_only_compressed": _on_off(gvars.get("innodb_read_only_compressed")),
        "max_connections": int(gvars["max_connections"]) if gvars.get("max_connections") else None,
        "read_only": sorted(name for name in ("read_only", "super_read_only", "innodb_read_only")
                            if _on_off(gvars.get(name))),
        "log_bin": _on_off(gvars.get("log_bin")),
        "binlog_format": gvars.get("binlog_format"),
        "binlog_compression": _binlog_compression(flavour, gvars),
        "max_binlog_size": int(gvars["max_binlog_size"]) if gvars.get("max_binlog_size") else None,
        "hostname": str(hostname),
        "rtt_us": round(statistics.median(rtts) / 1000, 1),
    }


def probe(t: TargetConn) -> dict[str, Any]:
    """Connect and return the target's facts.

    Keys: version, version_tuple, flavour (mariadb|mysql|percona), version_comment,
    max_allowed_packet, innodb_page_size, innodb_buffer_pool_size, innodb_compression_algorithm
    (None on MySQL), page_compression_algorithms, column_compression, innodb_file_per_table,
    innodb_read_only_compressed (None where the variable does not exist), max_connections,
    read_only, log_bin, binlog_format, binlog_compression (variable, on, algorithm; None
    without), max_binlog_size, hostname, rtt_us (median of five ``SELECT 1`` round trips). Raises TargetError.
    :func:`~.capabilities.capabilities` turns these into what the target supports.
    """
    conn = connect(t, schema=False)
    try:
        return probe_connection(conn)
    except driver_errors() as exc:
        raise translate_error(exc, t, "probing the server") from None
    finally:
        conn.close()


def read_only_problem(facts: dict[str, Any]) -> str | None:
    """Why BlobBench could not write to a server with these facts, or None."""
    flags = facts.get("read_only") or []
    if not flags:
        return None
    names = ", ".join(f"{name}=ON" for name in flags)
    return (f"The server is read-only ({names}): BlobBench creates, loads and drops its own "
            "tables, so it needs a writable server (a primary, not a replica)")


def check_writable(t: TargetConn, facts: dict[str, Any]) -> None:
    """Refuse a target BlobBench could not use: a read-only server, or a user who cannot create,
    fill and drop a table in the target's database (the message names the grant it lacks).
    Creates and drops one small table carrying the ownership marker. Raises TargetError."""
    if problem := read_only_problem(facts):
        raise TargetError(problem, code="read_only")
    conn = connect(t)
    table = f"bb_probe_{int(time.time() * 1000) % 10**10}"
    db = check_identifier(t.database, "database name")
    try:
        with conn.cursor() as cur:
            cur.execute(f"CREATE TABLE `{db}`.`{table}` (id INT PRIMARY KEY, b BLOB) "
                        f"ENGINE=InnoDB COMMENT='{OWNER_MARK}'")
            try:
                cur.execute(f"INSERT INTO `{db}`.`{table}` VALUES (1, 'x')")
                cur.execute(f"UPDATE `{db}`.`{table}` SET b = 'y' WHERE id = 1")
                cur.execute(f"SELECT b FROM `{db}`.`{table}`")
                cur.fetchall()
            finally:
                cur.execute(f"DROP TABLE IF EXISTS `{db}`.`{table}`")
    except driver_errors() as exc:
        raise translate_error(exc, t, "checking that it can create and drop its tables") from None
    finally:
        conn.close()
