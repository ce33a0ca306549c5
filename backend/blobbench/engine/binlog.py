"""Binary-log compression (seed 003): what compressing the binlog saves, and what it costs.

A cell of the ``binlog`` or ``binlog_row`` workload names a storage, a dataset, a body size (the cell's ``size``)
and a method (the body's client-side encoding). :func:`run_binlog` runs the same write workload
with the server's binary-log compression off and on, in rounds ordered off-on, on-off, … (so
a drift in the server's speed falls on both modes alike):

1. create an owned table ``(id BIGINT PRIMARY KEY, data LONGBLOB)`` in the cell's storage;
2. *insert* ``N`` rows, one transaction each (autocommit), then *update* every row's body to
   another body of the dataset, one transaction each (in ROW format the update logs both
   images, as the seed's workload did);
3. read, before and after each phase, the binlog bytes written and the server's CPU time, and
   time the phase's wall clock and the client's CPU;
4. drop the table (ownership checked).

``binlog`` writes in the session's ``binlog_format`` (the server's default: MariaDB's MIXED
logs these statements as statements); ``binlog_row`` sets ``binlog_format=ROW`` for the
session, the format MySQL's transaction compression applies to and the seed measured (it needs
the same privilege as switching compression).

Compression is switched with MariaDB's ``SET GLOBAL log_bin_compress`` (zlib, events of at
least ``log_bin_compress_min_len`` bytes; the previous value is restored) or MySQL's ``SET
SESSION binlog_transaction_compression`` (zstd at the server's
``binlog_transaction_compression_level_zstd``; ROW events only).

Where the figures come from:

* binlog bytes — MariaDB: ``information_schema.USER_STATISTICS.BINLOG_BYTES_WRITTEN`` of the
  cell's user when ``userstat`` is on (the cell turns it on for its duration when it may), else
  the global status ``Binlog_bytes_written`` (every session's writes); MySQL: the growth of the
  sizes ``SHOW BINARY LOGS`` lists (every session's writes, needs REPLICATION CLIENT);
* server CPU — MariaDB: ``USER_STATISTICS.CPU_TIME`` (needs ``userstat``); MySQL 8.0.28+:
  ``performance_schema`` statement CPU time of the cell's own thread; None where neither works;
* client CPU — this process's CPU time (encoding, the driver, building statements).

Transactions per binlog file (the seed's measure) are ``max_binlog_size`` divided by the mean
binlog bytes of a transaction. The bytes are deterministic for a given server, format and data;
the times and CPU are medians over the rounds (at least two, more while ``time_budget_s``
lasts, at most :data:`MAX_ROUNDS`).

``N`` is ``MeasureSettings.load_rows`` when set, else :data:`DEFAULT_BYTES` of bodies, at most
:data:`MAX_ROWS` rows and :data:`MAX_BYTES` of bodies. Everything written reaches the server's
binary log (and its replicas): the study writes about ``4 × rounds × N × size`` bytes there.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

from . import drivers
from .codecs import codec_for, library_versions
from .datasets import generate, parse_dataset
from .errors import Canceled, MatrixError, TargetError
from .facts import host_facts
from .limits import check_size, fmt_bytes
from .session import CellSession
from .storages import (
    check_identifier,
    check_storage_support,
    drop_table,
    page_compression,
    parse_storage,
    qualified,
)
from .target import (
    TargetConn,
    _error_parts,
    driver_errors,
    probe_connection,
)

WORKLOAD = "binlog"
#: The study's workloads and the session binlog_format each sets (None: the server's default).
WORKLOADS = {"binlog": None, "binlog_row": "ROW"}
MODES = ("off", "on")
DEFAULT_BYTES = 4 << 20
MAX_ROWS = 4096
MAX_BYTES = 256 << 20
MIN_ROUNDS = 2
MAX_ROUNDS = 6
_CHECK_EVERY = 50  # statements between cancel checks


def binlog_rows(size: int, settings: Any) -> int:
    """N: ``settings.load_rows``, else :data:`DEFAULT_BYTES` ``// size``; within 1..MAX_ROWS
    and at most :data:`MAX_BYTES` of bodies."""
    n = getattr(settings, "load_rows", None) or DEFAULT_BYTES // max(size, 1)
    n = min(int(n), MAX_ROWS, MAX_BYTES // max(size, 1))
    return max(1, n)


def binlog_problem(facts: dict[str, Any]) -> str | None:
    """Why a target with these facts cannot run the binlog study, or None (also when unknown)."""
    if facts.get("log_bin") is False:
        return ("binary logging is off on this server (log_bin=OFF): start it with --log-bin "
                "and a server_id to study binlog compression")
    if "log_bin" in facts and facts.get("binlog_compression") is None:
        if facts.get("flavour") == "mariadb":
            return "binlog compression needs MariaDB 10.2.3+ (log_bin_compress)"
        return "binlog compression needs MySQL 8.0.20+ (binlog_transaction_compression)"
    return None


def _missing_privilege(target: TargetConn, flavour: str, what: str) -> TargetError:
    if what == "toggle":
        if flavour == "mariadb":
            text = ("SET GLOBAL log_bin_compress (and binlog_row's SET SESSION binlog_format) "
                    "needs SUPER or BINLOG ADMIN — "
                    f"GRANT BINLOG ADMIN ON *.* TO '{target.user}'")
        else:
            text = ("SET SESSION binlog_transaction_compression needs SESSION_VARIABLES_ADMIN "
                    f"or SYSTEM_VARIABLES_ADMIN — GRANT SESSION_VARIABLES_ADMIN ON *.* TO "
                    f"'{target.user}'")
        return TargetError(f"User '{target.user}' cannot switch binary-log compression: {text}",
                           code="missing_privilege")
    return TargetError(f"User '{target.user}' cannot read the binary logs' sizes: SHOW BINARY "
                       f"LOGS needs REPLICATION CLIENT — GRANT REPLICATION CLIENT ON *.* TO "
                       f"'{target.user}'", code="missing_privilege")


_DENIED = (1044, 1142, 1227, 1229, 1045)


class _Counters:
    """Reads the binlog bytes written and the server's CPU time for the cell's session."""

    def __init__(self, conn: Any, flavour: str, target: TargetConn) -> None:
        self.conn = conn
        self.flavour = flavour
        self.target = target
        self.bytes_source = ""
        self.cpu_source: str | None = None
        self.cpu_missing: str | None = None
        self.userstat_was: bool | None = None

    def _rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self.conn.cursor() as cur:
            cur.execute(sql, args or None)
            return [tuple(v.decode() if isinstance(v, bytes) else v for v in r)
                    for r in cur.fetchall()]

    def start(self) -> None:
        """Pick the sources (turning MariaDB's ``userstat`` on for the cell when allowed)."""
        if self.flavour == "mariadb":
            on = str(self._rows("SELECT @@GLOBAL.userstat")[0][0]) in ("1", "ON")
            if not on:
                try:
                    self._rows("SET GLOBAL userstat = ON")
                    self.userstat_was = False
                    on = True
                except driver_errors() as exc:
                    if _error_parts(exc)[0] not in _DENIED:
                        raise
            if on and self._user_row() is None:
                self._rows("SELECT 1")  # the row appears after the user's first statement
            if on and self._user_row() is not None:
                self.bytes_source = "USER_STATISTICS.BINLOG_BYTES_WRITTEN (this user)"
                self.cpu_source = "USER_STATISTICS.CPU_TIME (this user)"
            else:
                self.bytes_source = "global status Binlog_bytes_written (all sessions)"
                self.cpu_missing = ("userstat is off and the user may not turn it on (SET "
                                    "GLOBAL userstat needs SUPER)")
            return
        self.bytes_source = "SHOW BINARY LOGS sizes (all sessions)"
        try:
            self._mysql_cpu()
            self.cpu_source = "performance_schema statement CPU time (this thread)"
        except driver_errors() as exc:
            self.cpu_missing = f"no statement CPU time on this server ({_error_parts(exc)[1]})"

    def stop(self) -> None:
        if self.userstat_was is False:
            self._rows("SET GLOBAL userstat = OFF")

    def _user_row(self) -> tuple | None:
        rows = self._rows(
            "SELECT BINLOG_BYTES_WRITTEN, CPU_TIME FROM information_schema.USER_STATISTICS "
            "WHERE USER = SUBSTRING_INDEX(USER(), '@', 1)")
        return rows[0] if rows else None

    def _mysql_cpu(self) -> float:
        rows = self._rows(
            "SELECT COALESCE(SUM(SUM_CPU_TIME), 0) FROM performance_schema."
            "events_statements_summary_by_thread_by_event_name WHERE THREAD_ID = "
            "PS_CURRENT_THREAD_ID()")
        return float(rows[0][0]) / 1e12  # picoseconds

    def snapshot(self) -> tuple[int, float | None]:
        """(binlog bytes written so far, server CPU seconds so far or None)."""
        if self.flavour == "mariadb":
            if self.cpu_source:
                row = self._user_row()
                if row is not None:
                    return int(row[0]), float(row[1])
            (_, value), = self._rows("SHOW GLOBAL STATUS LIKE 'Binlog_bytes_written'")
            return int(value), None
        try:
            total = sum(int(r[1]) for r in self._rows("SHOW BINARY LOGS"))
        except driver_errors() as exc:
            if _error_parts(exc)[0] in _DENIED:
                raise _missing_privilege(self.target, self.flavour, "read") from None
            raise
        return total, (self._mysql_cpu() if self.cpu_source else None)


@contextmanager
def binlog_compression(conn: Any, flavour: str, target: TargetConn) -> Iterator[Callable[[str], None]]:
    """Yield ``switch(mode)`` turning binary-log compression ``off``/``on``; on MariaDB the
    global ``log_bin_compress`` is restored afterwards, even on error."""
    def run(sql: str) -> Any:
        with conn.cursor() as cur:
            cur.execute(sql)
            return cur.fetchall()

    previous = None
    if flavour == "mariadb":
        previous = str(run("SELECT @@GLOBAL.log_bin_compress")[0][0])

    def switch(mode: str) -> None:
        value = "ON" if mode == "on" else "OFF"
        sql = (f"SET GLOBAL log_bin_compress = {value}" if flavour == "mariadb"
               else f"SET SESSION binlog_transaction_compression = {value}")
        try:
            run(sql)
        except driver_errors() as exc:
            if _error_parts(exc)[0] in _DENIED:
                raise _missing_privilege(target, flavour, "toggle") from None
            raise

    try:
        yield switch
    finally:
        if previous is not None:
            try:
                run(f"SET GLOBAL log_bin_compress = {'ON' if previous in ('1', 'ON') else 'OFF'}")
            except driver_errors():
                pass  # the switch itself failed (no privilege): nothing was changed


def _binlog_settings(conn: Any, flavour: str) -> dict[str, Any]:
    names = ["log_bin", "binlog_format", "binlog_row_image", "max_binlog_size", "sync_binlog"]
    names += (["log_bin_compress_min_len"] if flavour == "mariadb"
              else ["binlog_transaction_compression_level_zstd"])
    with conn.cursor() as cur:
        cur.execute("SELECT " + ", ".join(f"@@SESSION.{n}" if n in ("binlog_format",
                    "binlog_row_image", "binlog_transaction_compression_level_zstd")
                    else f"@@GLOBAL.{n}" for n in names))
        row = cur.fetchone()
    out = {n: (v.decode() if isinstance(v, bytes) else v) for n, v in zip(names, row)}
    out["algorithm"] = ("zlib" if flavour == "mariadb"
                        else f"zstd:{out['binlog_transaction_compression_level_zstd']}")
    return out


@dataclass
class _Phase:
    mode: str
    phase: str
    round: int
    binlog_bytes: int
    wall_s: float
    client_cpu_s: float
    server_cpu_s: float | None


def _median(values: Sequence[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return statistics.median(vals) if vals else None


def mode_summary(phases: Sequence[_Phase], n: int, size: int, max_binlog_size: int
                 ) -> dict[str, dict[str, Any]]:
    """Per mode: bytes (the last round's; ``bytes_spread`` says how much rounds differed), the
    medians of times and CPU over rounds, and the derived rates."""
    out: dict[str, dict[str, Any]] = {}
    for mode in MODES:
        mine = [p for p in phases if p.mode == mode]
        if not mine:
            continue
        rounds = sorted({p.round for p in mine})
        per_round = []
        for r in rounds:
            ins = next(p for p in mine if p.round == r and p.phase == "insert")
            upd = next(p for p in mine if p.round == r and p.phase == "update")
            per_round.append((ins, upd))
        ins, upd = per_round[-1]
        totals = [i.binlog_bytes + u.binlog_bytes for i, u in per_round]
        wall = _median([i.wall_s + u.wall_s for i, u in per_round]) or 0.0
        server = _median([None if i.server_cpu_s is None or u.server_cpu_s is None
                          else i.server_cpu_s + u.server_cpu_s for i, u in per_round])
        client = _median([i.client_cpu_s + u.client_cpu_s for i, u in per_round]) or 0.0
        total = totals[-1]
        per_trx = total / (2 * n)
        out[mode] = {
            "binlog_bytes": total,
            "insert_binlog_bytes": ins.binlog_bytes,
            "update_binlog_bytes": upd.binlog_bytes,
            "bytes_per_transaction": per_trx,
            "bytes_spread": (max(totals) - min(totals)) / max(1, min(totals)),
            "transactions": 2 * n,
            "transactions_per_file": max_binlog_size / per_trx if per_trx > 0 else None,
            "insert_s": _median([i.wall_s for i, _ in per_round]),
            "update_s": _median([u.wall_s for _, u in per_round]),
            "wall_s": wall,
            "tps": 2 * n / wall if wall > 0 else None,
            "write_bps": 2 * n * size / wall if wall > 0 else None,
            "server_cpu_s": server,
            "client_cpu_s": client,
            "server_cpu_us_per_trx": server / (2 * n) * 1e6 if server is not None else None,
            "rounds": len(per_round),
        }
    return out


def compare_modes(modes: dict[str, dict[str, Any]]) -> dict[str, float | None]:
    """The seed's comparison: what compression saved and what it cost (on relative to off)."""
    off, on = modes.get("off"), modes.get("on")
    if not off or not on:
        return {}

    def rel(key: str) -> float | None:
        a, b = off.get(key), on.get(key)
        return b / a if a and b is not None else None

    saved = 1 - on["binlog_bytes"] / off["binlog_bytes"] if off["binlog_bytes"] else None
    return {
        "binlog_ratio": off["binlog_bytes"] / on["binlog_bytes"] if on["binlog_bytes"] else None,
        "binlog_saved": saved,
        "transactions_per_file_gain": rel("transactions_per_file"),
        "server_cpu_ratio": rel("server_cpu_s"),
        "client_cpu_ratio": rel("client_cpu_s"),
        "throughput_ratio": rel("tps"),
    }


def run_binlog(target: TargetConn, cell: Any, settings: Any, table: str | None = None,
               should_stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """Measure one ``binlog`` cell; returns the flat measures of a result.

    ``table`` (from the API: one name per cell) is dropped first if an earlier attempt left it
    behind, ownership checked. Raises MatrixError, TargetError, Canceled.
    """
    from .measure import new_table_name
    from .storages import create_table_sql

    workload = str(cell.workload).strip().lower()
    if workload not in WORKLOADS:
        raise MatrixError(f"workload '{cell.workload}' is not a binlog workload")
    storage = parse_storage(cell.storage)
    if storage.kind == "percona_column" and storage.dictionary:
        raise MatrixError("the binlog study does not support percona_column:dict storages",
                          code="unsupported")
    dataset = parse_dataset(cell.dataset)
    base = check_identifier(table or new_table_name(), "table name")
    schema = check_identifier(target.database, "database name")
    codec = codec_for(cell.method, dataset, cell.seed)
    n = binlog_rows(cell.size, settings)
    t_start = time.perf_counter()

    def stop_check() -> None:
        if should_stop is not None and should_stop():
            raise Canceled("canceled during the binlog study")

    with CellSession(target) as session:
        conn = session.conn
        facts = probe_connection(conn)
        check_size(cell.size, facts)
        check_storage_support(storage, facts)
        flavour = facts["flavour"]
        if problem := binlog_problem(facts):
            raise MatrixError(f"the binlog workload cannot run on this target: {problem}",
                              code="unsupported")
        packet = int(facts["max_allowed_packet"])
        if WORKLOADS[workload] is not None:
            session.action = f"setting binlog_format={WORKLOADS[workload]}"
            try:
                with conn.cursor() as cur:
                    cur.execute(f"SET SESSION binlog_format = '{WORKLOADS[workload]}'")
            except driver_errors() as exc:
                if _error_parts(exc)[0] in _DENIED:
                    raise _missing_privilege(target, flavour, "toggle") from None
                raise
        session.action = "reading the binary log settings"
        binlog = _binlog_settings(conn, flavour)
        max_file = int(binlog["max_binlog_size"])
        session.action = "preparing the bodies"
        data = generate(dataset, (n + 1) * cell.size, cell.seed)
        literal = drivers.literal(conn, target.driver)
        execute = drivers.executor(conn, target.driver)
        encode_s = 0.0
        stored = 0
        bodies: list[bytes] = []
        for i in range(n + 1):
            t0 = time.perf_counter()
            enc = codec.encode(data[i * cell.size:(i + 1) * cell.size])
            encode_s += time.perf_counter() - t0
            if len(enc) + 1024 > packet // 2:
                raise TargetError(
                    f"a {fmt_bytes(len(enc))} body does not fit the target's "
                    f"max_allowed_packet of {fmt_bytes(packet)}: use a smaller size",
                    code="too_large")
            if i < n:
                stored += len(enc)
            bodies.append(literal(enc))
        del data
        # every round reuses the table name: build the statements once, outside the timed loops
        qt = qualified(schema, base).encode()
        statements = {
            "insert": [b"INSERT INTO " + qt + b" (id, data) VALUES (" + str(i + 1).encode() + b","
                       + bodies[i] + b")" for i in range(n)],
            "update": [b"UPDATE " + qt + b" SET data=" + bodies[i + 1] + b" WHERE id="
                       + str(i + 1).encode() for i in range(n)],
        }
        del bodies
        session.action = "reading the binlog counters"
        counters = _Counters(conn, flavour, target)
        counters.start()
        session.cleanups.append(counters.stop)
        if table is not None:
            drop_table(conn, schema, base)
        phases: list[_Phase] = []
        with binlog_compression(conn, flavour, target) as switch:
            rounds = 0
            while True:
                order = MODES if rounds % 2 == 0 else MODES[::-1]
                for mode in order:
                    session.action = f"switching binlog compression {mode}"
                    switch(mode)
                    session.action = "creating the table"
                    session.table = (schema, base)
                    with conn.cursor() as cur:
                        cur.execute(create_table_sql(schema, base, storage, flavour))
                    with page_compression(conn, schema, base, storage, flavour):
                        for phase in ("insert", "update"):
                            session.action = f"{phase[:-1]}ing rows with binlog compression {mode}"
                            b0, s0 = counters.snapshot()
                            c0, w0 = time.process_time(), time.perf_counter()
                            for i, sql in enumerate(statements[phase]):
                                execute(sql)
                                if i % _CHECK_EVERY == _CHECK_EVERY - 1:
                                    stop_check()
                            w1, c1 = time.perf_counter(), time.process_time()
                            b1, s1 = counters.snapshot()
                            phases.append(_Phase(
                                mode, phase, rounds, b1 - b0, w1 - w0, c1 - c0,
                                s1 - s0 if s0 is not None and s1 is not None else None))
                    session.action = "dropping the table"
                    drop_table(conn, schema, base)
                    session.table = None
                    stop_check()
                rounds += 1
                spent = time.perf_counter() - t_start
                if rounds >= MAX_ROUNDS or (rounds >= MIN_ROUNDS
                                            and spent * (rounds + 1) / rounds
                                            > settings.time_budget_s):
                    break
    modes = mode_summary(phases, n, cell.size, max_file)
    cmp = compare_modes(modes)
    on = modes["on"]
    return {
        "study": "binlog",
        "rows": n,
        "binlog_format": binlog["binlog_format"],
        "binlog_algorithm": binlog["algorithm"],
        "rounds": on["rounds"],
        "modes": modes,
        **cmp,
        "binlog_bytes_off": modes["off"]["binlog_bytes"],
        "binlog_bytes_on": on["binlog_bytes"],
        "transactions_per_file_off": modes["off"]["transactions_per_file"],
        "transactions_per_file_on": on["transactions_per_file"],
        "server_cpu_s_off": modes["off"]["server_cpu_s"],
        "server_cpu_s_on": on["server_cpu_s"],
        "client_cpu_s_off": modes["off"]["client_cpu_s"],
        "client_cpu_s_on": on["client_cpu_s"],
        "write_bps": on["write_bps"],
        "ratio": n * cell.size / stored if stored else None,
        "encoded_bytes": stored / n,
        "encode_s": encode_s / (n + 1),
        "samples": on["rounds"],
        "converged": False,
        "measure_s": time.perf_counter() - t_start,
        "context": {
            "workload": workload,
            "storage": storage.name,
            "codec": codec.context(),
            "codecs": library_versions(),
            "driver": drivers.driver_info(conn, target.driver),
            "host": host_facts(),
            "target": facts,
            "settings": asdict(settings),
            "ddl": create_table_sql(schema, base, storage, flavour),
            "binlog": {**binlog, "bytes_source": counters.bytes_source,
                       "server_cpu_source": counters.cpu_source,
                       "server_cpu_missing": counters.cpu_missing,
                       "userstat_enabled_for_the_cell": counters.userstat_was is False,
                       "transactions": "one row per transaction (autocommit): N inserts, "
                                       "then N updates of every row's body",
                       "order": "rounds alternate off-on and on-off"},
            "phases": [asdict(p) for p in phases],
        },
    }


# --- the seed's summary ------------------------------------------------------------------------


def summary(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One line per ``binlog`` result (dicts with the cell's dimensions and ``extra``'s
    measures, flattened): bytes per transaction off/on, saved, transactions per binlog file
    off/on, server and client CPU off/on, throughput off/on; in the rows' order."""
    out = []
    for r in rows:
        if r.get("workload") not in WORKLOADS or not isinstance(r.get("modes"), dict):
            continue
        off, on = r["modes"].get("off") or {}, r["modes"].get("on") or {}
        method = r.get("method") or "none"
        out.append({
            "label": f"{r.get('dataset')} · {fmt_bytes(int(r.get('size') or 0))} · {method} · "
                     f"{r.get('storage')} · {r.get('binlog_format') or '?'}",
            "method": method, "storage": r.get("storage"), "dataset": r.get("dataset"),
            "workload": r.get("workload"), "binlog_format": r.get("binlog_format"),
            "size": r.get("size"), "rows": r.get("rows"),
            "bytes_per_trx_off": off.get("bytes_per_transaction"),
            "bytes_per_trx_on": on.get("bytes_per_transaction"),
            "binlog_saved": r.get("binlog_saved"),
            "transactions_per_file_off": off.get("transactions_per_file"),
            "transactions_per_file_on": on.get("transactions_per_file"),
            "server_cpu_s_off": off.get("server_cpu_s"), "server_cpu_s_on": on.get("server_cpu_s"),
            "client_cpu_s_off": off.get("client_cpu_s"), "client_cpu_s_on": on.get("client_cpu_s"),
            "tps_off": off.get("tps"), "tps_on": on.get("tps"),
        })
    return out

