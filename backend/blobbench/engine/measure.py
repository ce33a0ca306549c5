"""Measuring one cell: set up an owned table, verify, warm up, sample until the CI converges.

:func:`run_cell` is the entry point. Its two halves are public so a benchmark of the harness
itself (``bench/fidelity.py``) can time a raw driver loop over the very same table:

* :func:`prepared_table` — context manager: validate, create the owned table, load R encoded
  rows (each a different blob; encodings come from the content-keyed :mod:`.cache` when a
  previous run made them), verify every row through the timed read path, drop the table on
  exit (ownership-checked).
* :func:`measure_prepared` — warm-up, adaptive sampling, wire bytes, statistics.

Workloads:

* ``read`` — point SELECT by primary key over the R rows (warm buffer pool): seed 000's metric.
* ``read_cold`` — the same reads over a table larger than the buffer pool (``innodb_buffer_pool
  _size`` × ``cold_factor`` of stored bytes: the R blobs repeated, copied server-side with
  ``INSERT … SELECT``, then flushed to disk), read in id order in a cycle: InnoDB's LRU cannot
  keep a cyclic scan larger than itself, so nearly every read is a buffer-pool miss (page
  compression then pays its decompression). Measures include ``pool_reads_per_op`` and
  ``pool_miss_ratio`` from the server's counters, so the claim is checked, not assumed. The OS
  page cache may still hold the file: "cold" means the buffer pool, not the disk.
* ``write`` — upserts (client-side encode + escape + INSERT) into the R rows.
* ``codec_lab`` — no table: the method's compression and decompression speed and ratio over
  the dataset cut into ``size``-byte blocks, in memory (seed 004; :mod:`.codec_lab`).
* ``load`` / ``load_then_index`` — bulk-load time and on-disk size of a table with secondary
  indexes, created with the table or added after the load (seed 002; :mod:`.load_size`).
* ``binlog`` / ``binlog_row`` — the same inserts and updates with the server's binary-log compression off and
  on: binlog bytes, transactions per binlog file, server and client CPU (seed 003;
  :mod:`.binlog`).
  The studies' cells go through :func:`run_cell` like any other; their extra measures
  land in the result's ``extra``.

Concurrency C > 1 (reads): C threads, each with its own connection, decoder and starting row,
read back to back; the main thread only samples their operation counts every ``slice_s``. The
measure is the *aggregate* throughput (uncompressed bytes/s of all clients) per time slice;
sampling stops when the 95% CI of the slice mean is within ``ci_target`` (after
``min_slices``) or the budget ends; latencies are per request, from all clients. Threads are
enough here: mysqlclient releases the GIL while it waits for and reads the reply
(``query``/``store_result``) and every codec library releases it while decoding (measured in
``bench/concurrency.py``); what holds the GIL is the copy of the value into a ``bytes`` object
and the Python loop itself (~1-2 µs per operation). pymysql parses in Python under the GIL, so
its curve flattens early — which is what an application on that stack sees.

The timed loop is lean on purpose: query strings are precomputed per row, mysqlclient is driven
through its C-level ``query``/``store_result``/``fetch_row``, latencies go into a preallocated
``array('q')``, the decoder is built once (lz4/snappy decode into a reused buffer), the cyclic
GC is off (:func:`~.tuning.no_gc`), glibc keeps large buffers in the heap
(:func:`~.tuning.tune_malloc`), and convergence is checked only every few dozen operations
(incrementally, outside the timed operations).
"""

from __future__ import annotations

import base64
import hashlib
import math
import os
import secrets
import threading
import time
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from . import drivers
from .cache import EncodedCache
from .capabilities import MAX_COLD_TABLE_BYTES
from .codecs import Codec, codec_for, library_versions
from .datasets import generate, parse_dataset
from .errors import Canceled, MatrixError, TargetError, VerificationError
from .facts import host_facts
from .limits import check_size, fmt_bytes
from .session import CellSession
from .stats import RunningMoments, decimate, summarize, t975
from .storages import (
    Storage,
    check_identifier,
    check_storage_support,
    create_table,
    drop_dictionary,
    drop_table,
    flush_table,
    page_compression,
    parse_storage,
    qualified,
    table_disk_bytes,
)
from .target import (
    TargetConn,
    connect,
    driver_errors,
    probe_connection,
    translate_error,
)
from .tuning import malloc_state, no_gc, tune_malloc

WORKLOADS = ("read", "read_cold", "write", "codec_lab", "load", "load_then_index", "binlog",
             "binlog_row")
#: Workloads measured by a study module rather than on a prepared blob table.
STUDY_WORKLOADS = ("codec_lab", "load", "load_then_index", "binlog", "binlog_row")
_WORKLOAD_ALIASES = {"read:warm": "read", "read_warm": "read", "warm": "read",
                     "read:cold": "read_cold", "cold": "read_cold", "cold_read": "read_cold"}
MAX_CONCURRENCY = 256
SUPPORTED_CONCURRENCY = tuple(range(1, MAX_CONCURRENCY + 1))  # kept for older callers
TABLE_PREFIX = "bb_"
_BATCH_MAX = 50  # convergence / cancel / budget check at least every this many operations
_BATCH_TARGET_S = 0.05  # …and roughly every 50 ms for slow operations
_COLD_COPY_ROWS_MAX = 4096  # rows per INSERT … SELECT when filling a cold table


def canonical_workload(v: Any) -> str:
    """``read``/``read_cold``/``write`` (aliases: ``read:cold``, ``cold``, ``read:warm``…)."""
    w = str(v).strip().lower()
    w = _WORKLOAD_ALIASES.get(w, w)
    if w not in WORKLOADS:
        raise MatrixError(
            f"workload '{v}' is not supported yet; choose from: {', '.join(WORKLOADS)}"
        )
    return w


@dataclass
class CellSpec:
    """One point of the matrix."""

    method: str
    storage: str
    dataset: str
    size: int
    workload: str = "read"
    concurrency: int = 1
    seed: int = 0


@dataclass
class MeasureSettings:
    """How hard to measure one cell.

    Sampling stops when the 95% CI half-width of the mean latency is within ``ci_target``
    (relative, after ``min_samples``) or after ``time_budget_s`` of sampling (warm-up excluded).
    With concurrency > 1 the sample is the aggregate throughput of a ``slice_s`` slice (at
    least ``min_slices``). The table holds ``clamp(max_table_bytes // size, 1, max_rows)``
    different blobs (``read_cold`` repeats them until the table is ``cold_factor`` × the buffer
    pool). ``encode_cache``: ``"auto"`` (``$BLOBBENCH_DATA_DIR/cache/encoded``), a directory, or
    None to always encode. ``disk_size``: flush + ``ANALYZE TABLE`` after the load and report
    ``disk_bytes``. ``tune_process``: :func:`~.tuning.tune_malloc` (see there).
    ``lab_bytes``: how much of the dataset a ``codec_lab`` cell cuts into blocks (at least four
    blocks). ``load_rows``: rows a ``load`` cell loads (None: ``max_table_bytes // size``).
    """

    ci_target: float = 0.02
    time_budget_s: float = 5.0
    warmup_s: float = 0.25
    min_samples: int = 30
    max_rows: int = 16
    max_table_bytes: int = 64 << 20
    keep_samples: int = 2000
    slice_s: float = 0.2
    min_slices: int = 5
    cold_factor: float = 1.5
    disk_size: bool = True
    encode_cache: str | None = "auto"
    encode_cache_max_bytes: int = 4 << 30
    tune_process: bool = True
    lab_bytes: int = 2 << 20
    load_rows: int | None = None


@dataclass
class PreparedTable:
    """An owned, loaded and verified table plus everything the timed loop needs.

    ``ids``/``read_queries`` cover every row (for ``read_cold`` many more than there are
    different blobs); row ``k`` holds blob ``k % blobs`` whose checksum is ``checksums[k %
    blobs]``.
    """

    target: TargetConn
    cell: CellSpec
    conn: Any
    schema: str
    table: str
    codec: Codec
    storage: Storage
    facts: dict[str, Any]
    ids: list[int]
    read_queries: list[bytes]
    encoded_sizes: list[int]
    checksums: list[bytes]
    encode_s: float
    load_s: float
    originals: list[bytes] = field(default_factory=list, repr=False)
    driver: dict[str, str] = field(default_factory=dict)
    disk_bytes: int | None = None
    blobs: int = 0
    cache_hits: int = 0
    dictionary_s: float = 0.0

    @property
    def rows(self) -> int:
        """Number of rows in the table."""
        return len(self.ids)

    def __post_init__(self) -> None:
        if not self.blobs:
            self.blobs = len(self.checksums)


# --- validation ----------------------------------------------------------------------------


def validate_cell(cell: CellSpec) -> tuple[Codec, Storage, str]:
    """Parse the cell's names; raise MatrixError for anything the engine cannot run.

    The returned codec is not ready for dictionary methods (see :func:`~.codecs.codec_for`).
    """
    from .codecs import get_codec

    codec = get_codec(cell.method)
    storage = parse_storage(cell.storage)
    dataset = parse_dataset(cell.dataset)
    if isinstance(cell.size, bool) or not isinstance(cell.size, int) or cell.size < 1:
        raise MatrixError(f"size must be a positive number of bytes, got {cell.size!r}")
    workload = canonical_workload(cell.workload)
    c = cell.concurrency
    if isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= MAX_CONCURRENCY:
        raise MatrixError(f"concurrency {c!r} is not supported; use 1..{MAX_CONCURRENCY}")
    if workload == "write" and c > 1:
        raise MatrixError("the write workload runs with one client (concurrency 1)")
    if workload in STUDY_WORKLOADS and c > 1:
        raise MatrixError(f"the {workload} workload runs with one client (concurrency 1)")
    if workload == "codec_lab":
        if storage.name != "dynamic":
            raise MatrixError("the codec_lab workload measures codecs in memory: give it the "
                              "storage 'dynamic' only")
        if codec.server_decode:
            raise MatrixError(f"method '{codec.name}' decodes on the server; the codec lab "
                              "measures client codecs (use mysql_compress)")
    return codec, storage, dataset


def rows_for(size: int, settings: MeasureSettings) -> int:
    """R = clamp(max_table_bytes // size, 1, max_rows)."""
    return max(1, min(settings.max_rows, settings.max_table_bytes // max(size, 1)))


def new_table_name() -> str:
    """A fresh table name with BlobBench's prefix (``bb_<pid>_<random>``)."""
    return f"{TABLE_PREFIX}{os.getpid()}_{secrets.token_hex(4)}"


def _checksum(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


_CACHES: dict[tuple[str, int], EncodedCache] = {}
_CACHES_LOCK = threading.Lock()


def encode_cache_for(settings: MeasureSettings) -> EncodedCache | None:
    """The process-wide :class:`EncodedCache` the settings ask for (None: caching off)."""
    where = settings.encode_cache
    if not where:
        return None
    root = None if where == "auto" else where
    probe = EncodedCache(root, settings.encode_cache_max_bytes)
    key = (str(probe.root.resolve()), settings.encode_cache_max_bytes)
    with _CACHES_LOCK:
        return _CACHES.setdefault(key, probe)


def encode_blob(codec: Codec, blob: bytes, cache: EncodedCache | None) -> tuple[bytes, float, bool]:
    """(encoded, encode seconds, from cache?) — through ``cache`` when it has or wants it."""
    if codec.family == "none" or cache is None or len(blob) < cache.min_size:
        t0 = time.perf_counter()
        enc = codec.encode(blob)
        return enc, time.perf_counter() - t0, False
    dict_sha = codec.dictionary.sha256 if codec.dictionary is not None else None
    key = cache.key(hashlib.sha256(blob).digest(), codec.name, dict_sha, library_versions())
    hit = cache.get(key)
    if hit is not None:
        return hit[0], hit[1], True
    t0 = time.perf_counter()
    enc = codec.encode(blob)
    dt = time.perf_counter() - t0
    if cache.wants(len(blob), dt):
        cache.put(key, enc, dt)
    return enc, dt, False


# --- driver adapters -----------------------------------------------------------------------


def _literal(conn: Any, driver: str, data: bytes) -> bytes:
    """The escaped SQL literal for ``data`` as the driver itself would send it."""
    return drivers.literal(conn, driver)(data)


def _reader(conn: Any, driver: str) -> Callable[[bytes], Any]:
    """A one-shot ``sql -> first column of the first row`` function (verification path)."""
    return drivers.reader(conn, driver)


def _executor(conn: Any, driver: str) -> Callable[[bytes], None]:
    """A ``sql -> None`` function for statements without a result set."""
    return drivers.executor(conn, driver)


def _status(conn: Any, scope: str, names: tuple[str, ...]) -> dict[str, int]:
    with conn.cursor() as cur:
        cur.execute(f"SHOW {scope} STATUS WHERE Variable_name IN ("
                    + ",".join(f"'{n}'" for n in names) + ")")
        rows = cur.fetchall()
    out = {n: 0 for n in names}
    for name, value in rows:
        name = name.decode() if isinstance(name, (bytes, bytearray)) else name
        value = value.decode() if isinstance(value, (bytes, bytearray)) else value
        out[name] = int(value)
    return out


def _session_status(conn: Any, name: str) -> int:
    return _status(conn, "SESSION", (name,))[name]


# Pages the pool had to fetch from disk: read on demand, or by read-ahead (a 1 MiB blob's
# overflow pages are contiguous, so linear read-ahead often fetches them before they are asked
# for, and those fetches are not counted in Innodb_buffer_pool_reads).
_POOL_VARS = ("Innodb_buffer_pool_reads", "Innodb_buffer_pool_read_requests",
              "Innodb_buffer_pool_read_ahead")


# --- table setup ---------------------------------------------------------------------------


def _cold_rows(facts: dict[str, Any], settings: MeasureSettings, blobs: int,
               mean_stored: float) -> int:
    """Rows a read_cold table needs so its stored bytes exceed the buffer pool × cold_factor."""
    pool = int(facts.get("innodb_buffer_pool_size") or 0)
    if pool <= 0:
        raise TargetError("the target did not report innodb_buffer_pool_size; a cold-cache "
                          "read cannot size its table", code="server_error")
    need = pool * settings.cold_factor
    if need > MAX_COLD_TABLE_BYTES:
        raise MatrixError(
            f"a cold-cache read needs a table larger than the buffer pool ({fmt_bytes(pool)}), "
            f"and BlobBench creates at most {fmt_bytes(MAX_COLD_TABLE_BYTES)} per cell",
            code="unsupported",
        )
    return max(blobs, math.ceil(need / max(mean_stored, 1.0)))


def _fill_cold(execute: Callable[[bytes], Any], qt: bytes, blobs: int, total: int,
               should_stop: Callable[[], bool] | None) -> None:
    """Copy rows 1..blobs server-side until ids 1..total exist (row k holds blob (k-1) % blobs).

    Copies whole multiples of ``blobs`` rows at a time (doubling, capped per statement), so
    the id → blob mapping stays ``(id - 1) % blobs`` without reading anything back.
    """
    have = blobs
    while have < total:
        if should_stop is not None and should_stop():
            raise Canceled("canceled while filling the cold-cache table")
        n = min(have, total - have, max(blobs, _COLD_COPY_ROWS_MAX // blobs * blobs))
        n = n if n < blobs else n - n % blobs
        execute(
            b"INSERT INTO " + qt + b" (id, data) SELECT id + " + str(have).encode()
            + b", data FROM " + qt + b" WHERE id <= " + str(n).encode()
        )
        have += n


@contextmanager
def prepared_table(
    target: TargetConn,
    cell: CellSpec,
    settings: MeasureSettings | None = None,
    table: str | None = None,
    should_stop: Callable[[], bool] | None = None,
    keep_originals: bool | None = None,
) -> Iterator[PreparedTable]:
    """Create, load and verify the cell's owned table; drop it on exit.

    A ``table`` left behind by an earlier attempt of the same cell (its worker was killed) is
    dropped first, if it carries the ownership marker. When the connection is lost, the
    table cannot be dropped: the error that says why is raised, not the failed drop.

    Raises MatrixError (bad cell or storage unsupported by the target), TargetError
    (connection, privileges, ``too_large``, ``not_owned``), VerificationError, Canceled.
    """
    leftover = table is not None
    settings = settings or MeasureSettings()
    _, storage, dataset = validate_cell(cell)
    workload = canonical_workload(cell.workload)
    if workload in STUDY_WORKLOADS:
        raise MatrixError(f"the {workload} workload has no prepared table: use run_cell")
    if settings.tune_process:
        tune_malloc()
    table = check_identifier(table or new_table_name(), "table name")
    schema = check_identifier(target.database, "database name")
    if keep_originals is None:
        keep_originals = workload == "write"
    t_dict = time.perf_counter()
    codec = codec_for(cell.method, dataset, cell.seed)
    dictionary_s = time.perf_counter() - t_dict if codec.dictionary is not None else 0.0
    cache = encode_cache_for(settings)
    errors = driver_errors()
    # drops the table (and a Percona dictionary) and closes; steps translate their own errors
    with CellSession(target, action=None) as session:
        conn = session.conn
        try:
            facts = probe_connection(conn)
        except errors as exc:
            raise translate_error(exc, target, "probing the server") from None
        check_size(cell.size, facts)
        check_storage_support(storage, facts)
        n_blobs = rows_for(cell.size, settings)
        packet = int(facts["max_allowed_packet"])
        qt = qualified(schema, table).encode()
        encoded_sizes: list[int] = []
        checksums: list[bytes] = []
        originals: list[bytes] = []
        encode_total = 0.0
        hits = 0
        action = "creating the table"
        try:
            pdict = None
            if storage.kind == "percona_column" and storage.dictionary:
                from .codecs import train_dictionary

                pdict = train_dictionary(dataset, cell.seed, "zlib").data
            if leftover:
                drop_table(conn, schema, table)
            create_table(conn, schema, table, storage, facts["flavour"], dictionary=pdict)
            session.table = (schema, table)
            if storage.kind == "percona_column" and storage.dictionary:
                session.cleanups.append(lambda: drop_dictionary(conn, table))
            t_load = time.perf_counter()
            execute = _executor(conn, target.driver)
            literal = drivers.literal(conn, target.driver)
            with page_compression(conn, schema, table, storage, facts["flavour"]):
                action = "loading rows"
                for i in range(1, n_blobs + 1):
                    if should_stop is not None and should_stop():
                        raise Canceled("canceled while loading the table")
                    blob = generate(dataset, cell.size, cell.seed + i - 1)
                    enc, enc_s, hit = encode_blob(codec, blob, cache)
                    encode_total += enc_s
                    hits += hit
                    sql = (
                        b"INSERT INTO " + qt + b" (id, data) VALUES ("
                        + str(i).encode() + b"," + literal(enc) + b")"
                    )
                    if len(sql) > packet - 1024:
                        raise TargetError(
                            f"row {i} is {fmt_bytes(len(sql))} as an INSERT statement but the "
                            f"target's max_allowed_packet is {fmt_bytes(packet)} — raise it or "
                            "use a smaller size",
                            code="too_large",
                        )
                    execute(sql)
                    encoded_sizes.append(len(enc))
                    checksums.append(_checksum(blob))
                    if keep_originals:
                        originals.append(blob)
                    del blob, enc, sql
                n_rows = n_blobs
                if workload == "read_cold":
                    action = "filling the cold-cache table"
                    n_rows = _cold_rows(facts, settings, n_blobs, float(np.mean(encoded_sizes)))
                    _fill_cold(execute, qt, n_blobs, n_rows, should_stop)
            load_s = time.perf_counter() - t_load
            disk_bytes = None
            if workload == "read_cold" or settings.disk_size:
                action = "flushing the table"
                # page_compression() flushed already. FLUSH … FOR EXPORT needs RELOAD: a user
                # with the minimal grants gets no on-disk size (and a cold table whose dirty
                # pages the server flushes in the background).
                flushed = storage.kind == "page" or _try_flush(conn, schema, table)
                if settings.disk_size and flushed:
                    disk_bytes = table_disk_bytes(conn, schema, table)
            action = "verifying rows"
            ids = list(range(1, n_rows + 1))
            select = (b"SELECT UNCOMPRESS(data) FROM " if codec.server_decode
                      else b"SELECT data FROM ")
            read_queries = [select + qt + b" WHERE id=" + str(i).encode() for i in ids]
            prep = PreparedTable(
                target=target, cell=cell, conn=conn, schema=schema, table=table, codec=codec,
                storage=storage, facts=facts, ids=ids, read_queries=read_queries,
                encoded_sizes=encoded_sizes, checksums=checksums,
                encode_s=encode_total / n_blobs, load_s=load_s, originals=originals,
                driver=drivers.driver_info(conn, target.driver), disk_bytes=disk_bytes,
                blobs=n_blobs, cache_hits=hits, dictionary_s=dictionary_s,
            )
            verify_rows(prep)
        except errors as exc:
            raise translate_error(exc, target, action) from None
        yield prep


def _try_flush(conn: Any, schema: str, table: str) -> bool:
    """:func:`flush_table`, False (instead of an error) when the user lacks the privilege."""
    from .target import _error_parts

    try:
        flush_table(conn, schema, table)
    except driver_errors() as exc:
        if _error_parts(exc)[0] in (1044, 1142, 1227):
            return False
        raise
    return True


def verify_rows(prep: PreparedTable, accept: set[bytes] | None = None) -> None:
    """Read rows through the timed read path and compare checksums.

    Every row of a warm table; for a cold table (many copies) every distinct blob's first row
    and the last row. With ``accept``, a row may hold any blob whose checksum is in the set
    (after writes).
    """
    read = _reader(prep.conn, prep.target.driver)
    decode = prep.codec.decoder(prep.cell.size)
    indices = list(range(len(prep.read_queries)))
    if len(indices) > prep.blobs:
        indices = list(range(prep.blobs)) + [len(indices) - 1]
    for k in indices:
        value = read(prep.read_queries[k])
        if value is None:
            raise VerificationError(
                f"row {prep.ids[k]} read back as NULL with method '{prep.codec.name}' on "
                f"storage '{prep.storage.name}' (UNCOMPRESS() returns NULL for bad input or a "
                "result larger than max_allowed_packet)"
            )
        try:
            out = decode(value)
        except Exception as exc:  # noqa: BLE001 - any codec failure is a verification failure
            raise VerificationError(
                f"row {prep.ids[k]} failed to decode with '{prep.codec.name}': {exc}"
            ) from None
        digest = _checksum(out)
        ok = len(out) == prep.cell.size and (
            digest in accept if accept is not None else digest == prep.checksums[k % prep.blobs]
        )
        if not ok:
            raise VerificationError(
                f"row {prep.ids[k]}: {len(out)} bytes read back with method '{prep.codec.name}' "
                f"on storage '{prep.storage.name}' differ from the {prep.cell.size} bytes written"
            )


# --- timed loops ---------------------------------------------------------------------------


def _timed_decoder(prep: PreparedTable) -> Callable[[Any], Any] | None:
    if prep.codec.family == "none" or prep.codec.server_decode:
        return None
    return prep.codec.decoder(prep.cell.size)


def _read_order(prep: PreparedTable) -> list[bytes]:
    """The read queries in the order the timed loops cycle through them.

    Warm reads go in id order. A cold table is read with a golden-ratio stride that visits every
    row once per cycle, spread over the whole table: filling it copied the first rows over and
    over, so in id order the first reads would hit the pages the fill just touched (still in the
    buffer pool) and a short budget might never reach a cold one.
    """
    queries = prep.read_queries
    n = len(queries)
    if canonical_workload(prep.cell.workload) != "read_cold" or n < 3:
        return queries
    stride = max(1, round(n * 0.6180339887))
    while math.gcd(stride, n) != 1:
        stride += 1
    return [queries[(j * stride) % n] for j in range(n)]


def _read_ops(prep: PreparedTable, conn: Any = None, offset: int = 0
              ) -> Callable[[array, int, int], None]:
    """Return ``run(lat, start, stop)`` doing reads start..stop-1, timing each into ``lat``.

    Operation i reads row ``(offset + i) % rows``.
    """
    conn = prep.conn if conn is None else conn
    queries = _read_order(prep)
    n_rows = len(queries)
    decode = _timed_decoder(prep)
    perf = time.perf_counter_ns
    if drivers.canonical_driver(prep.target.driver) != "mysqlclient":
        read = drivers.reader(conn, prep.target.driver)

        def run_cursor(lat: array, start: int, stop: int) -> None:
            for i in range(start, stop):
                q = queries[(offset + i) % n_rows]
                t0 = perf()
                v = read(q)
                if decode is not None:
                    v = decode(v)
                v = None  # release now, not during the next operation
                lat[i] = perf() - t0

        return run_cursor

    from MySQLdb import _mysql

    query = _mysql.connection.query.__get__(conn)
    store = conn.store_result

    def run_mysqlclient(lat: array, start: int, stop: int) -> None:
        for i in range(start, stop):
            q = queries[(offset + i) % n_rows]
            t0 = perf()
            query(q)
            v = store().fetch_row()[0][0]
            if decode is not None:
                v = decode(v)
            v = None  # release now (as an application would), not during the next operation
            lat[i] = perf() - t0

    return run_mysqlclient


def _read_op(prep: PreparedTable, conn: Any) -> Callable[[bytes], None]:
    """``sql -> None``: one read (and decode) on ``conn``, for a concurrent client thread."""
    decode = _timed_decoder(prep)
    if drivers.canonical_driver(prep.target.driver) != "mysqlclient":
        read = drivers.reader(conn, prep.target.driver)
        if decode is None:
            return read  # type: ignore[return-value]

        def op_cursor(q: bytes) -> None:
            decode(read(q))

        return op_cursor
    from MySQLdb import _mysql

    query = _mysql.connection.query.__get__(conn)
    store = conn.store_result
    if decode is None:

        def op_plain(q: bytes) -> None:
            query(q)
            store().fetch_row()

        return op_plain

    def op_decode(q: bytes) -> None:
        query(q)
        decode(store().fetch_row()[0][0])

    return op_decode


def _write_ops(prep: PreparedTable) -> Callable[[array, int, int], None]:
    """Return ``run(lat, start, stop)`` doing upserts (encode + escape + INSERT) per op.

    Operation i writes blob ``(i + i // R) % P`` into row ``i % R``, so each write changes the
    row (an unchanged row would let the server skip the write).
    """
    conn, driver = prep.conn, prep.target.driver
    qt = qualified(prep.schema, prep.table).encode()
    prefixes = [b"INSERT INTO " + qt + b" (id, data) VALUES (" + str(i).encode() + b"," for i in prep.ids]
    suffix = b") ON DUPLICATE KEY UPDATE data=VALUES(data)"
    originals = prep.originals
    n_rows, n_blobs = len(prefixes), len(originals)
    encode = prep.codec.encode
    execute = _executor(conn, driver)
    literal = drivers.literal(conn, driver)
    perf = time.perf_counter_ns

    def run_writes(lat: array, start: int, stop: int) -> None:
        for i in range(start, stop):
            blob = originals[(i + i // n_rows) % n_blobs]
            t0 = perf()
            execute(prefixes[i % n_rows] + literal(encode(blob)) + suffix)
            lat[i] = perf() - t0

    return run_writes


def _check_stop(should_stop: Callable[[], bool] | None) -> None:
    if should_stop is not None and should_stop():
        raise Canceled("canceled by request")


def _warmup(
    run: Callable[[array, int, int], None],
    settings: MeasureSettings,
    should_stop: Callable[[], bool] | None,
) -> tuple[int, int]:
    """Run the operations for ``warmup_s`` (latencies discarded).

    Returns (operations done, check batch size): the batch is sized from the warm-up mean so
    that convergence/cancel/budget checks happen about every 50 ms, and at most every 50 ops.
    """
    scratch = array("q", bytes(8 * _BATCH_MAX))
    warm_n, warm_ns = 0, 0
    t_end = time.perf_counter() + settings.warmup_s
    batch = 1
    while True:
        run(scratch, 0, batch)
        warm_n += batch
        warm_ns += sum(scratch[:batch])
        _check_stop(should_stop)
        if time.perf_counter() >= t_end:
            break
        batch = min(_BATCH_MAX, batch * 2)
    op_s = warm_ns / warm_n / 1e9
    batch = max(1, min(_BATCH_MAX, int(_BATCH_TARGET_S / op_s) if op_s > 0 else _BATCH_MAX))
    return warm_n, batch


def _timed(
    run: Callable[[array, int, int], None],
    settings: MeasureSettings,
    should_stop: Callable[[], bool] | None,
    batch: int,
) -> tuple[array, int, bool, float]:
    """Sample until the relative CI half-width <= ci_target (after min_samples) or the budget
    ends. Returns (latencies ns, count, converged, wall seconds)."""
    cap = 4096
    lat = array("q", bytes(8 * cap))
    moments = RunningMoments()
    n = 0
    converged = False
    t_start = time.perf_counter()
    deadline = t_start + settings.time_budget_s
    while True:
        if n + batch > cap:
            lat.frombytes(bytes(8 * cap))
            cap *= 2
        run(lat, n, n + batch)
        moments.add_batch(np.frombuffer(lat, dtype=np.int64, count=batch, offset=8 * n))
        n += batch
        _check_stop(should_stop)
        if n >= settings.min_samples and moments.rel_halfwidth() <= settings.ci_target:
            converged = True
            break
        if time.perf_counter() >= deadline and n >= 2:
            break
    return lat, n, converged, time.perf_counter() - t_start


def _slice_stats(slices: list[float]) -> tuple[float, float]:
    """(mean, 95% CI half-width) of per-slice throughputs."""
    a = np.asarray(slices, dtype=np.float64)
    mean = float(a.mean())
    if a.size < 2:
        return mean, math.inf
    return mean, t975(a.size - 1) * float(a.std(ddof=1)) / math.sqrt(a.size)


def _concurrent(
    prep: PreparedTable,
    settings: MeasureSettings,
    should_stop: Callable[[], bool] | None,
) -> dict[str, Any]:
    """C client threads, each with its own connection; aggregate throughput per time slice."""
    target, c = prep.target, prep.cell.concurrency
    conns = []
    try:
        for _ in range(c):
            conns.append(connect(target))
        return _run_clients(prep, settings, should_stop, conns)
    finally:
        for conn in conns:
            try:
                conn.close()
            except Exception:  # noqa: BLE001, S110 - closing is best effort
                pass


def _run_clients(prep: PreparedTable, settings: MeasureSettings,
                 should_stop: Callable[[], bool] | None, conns: list[Any]) -> dict[str, Any]:
    c = len(conns)
    n_rows = len(prep.read_queries)
    stop = threading.Event()
    failures: list[BaseException] = []
    lats = [array("q") for _ in range(c)]
    ops = [_read_op(prep, conn) for conn in conns]
    queries = _read_order(prep)
    wire_var = "Bytes_sent"
    wire_before = [_session_status(conn, wire_var) for conn in conns]
    show_reply = _session_status(conns[0], wire_var) - wire_before[0]
    wire_before[0] += show_reply
    start = threading.Barrier(c + 1)

    def client(k: int) -> None:
        op, append = ops[k], lats[k].append
        is_set = stop.is_set
        perf = time.perf_counter_ns
        i = (k * n_rows) // c  # clients start spread over the rows
        try:
            start.wait()
            while not is_set():
                q = queries[i % n_rows]
                i += 1
                t0 = perf()
                op(q)
                append(perf() - t0)
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread
            failures.append(exc)
            stop.set()

    threads = [threading.Thread(target=client, args=(k,), daemon=True, name=f"bb-client-{k}")
               for k in range(c)]
    for t in threads:
        t.start()
    slices: list[float] = []
    converged = False
    size = prep.cell.size
    pool0 = _status(prep.conn, "GLOBAL", _POOL_VARS)
    try:
        start.wait()
        t_warm_end = time.perf_counter() + settings.warmup_s
        while time.perf_counter() < t_warm_end and not stop.is_set():
            time.sleep(min(0.05, max(0.0, t_warm_end - time.perf_counter())))
            _check_stop(should_stop)
        base = [len(lat) for lat in lats]
        prev_ops, prev_t = sum(base), time.perf_counter()
        t_start = prev_t
        deadline = t_start + settings.time_budget_s
        while not stop.is_set():
            time.sleep(settings.slice_s)
            now_ops, now_t = sum(len(lat) for lat in lats), time.perf_counter()
            slices.append((now_ops - prev_ops) * size / (now_t - prev_t))
            prev_ops, prev_t = now_ops, now_t
            _check_stop(should_stop)
            if len(slices) >= max(2, settings.min_slices):
                mean, hw = _slice_stats(slices)
                if mean > 0 and hw / mean <= settings.ci_target:
                    converged = True
                    break
            if now_t >= deadline and len(slices) >= 2:
                break
        measure_s = time.perf_counter() - t_start
    finally:
        stop.set()
        for t in threads:
            t.join()
    if failures:
        raise failures[0]
    pool1 = _status(prep.conn, "GLOBAL", _POOL_VARS)
    total_ops = sum(len(lat) for lat in lats)
    wire_after = [_session_status(conn, wire_var) for conn in conns]
    wire = sum(a - b - show_reply for a, b in zip(wire_after, wire_before)) / max(total_ops, 1)
    samples = np.concatenate([np.frombuffer(lat, dtype=np.int64)[b:] for lat, b in zip(lats, base)])
    return {"slices": slices, "converged": converged, "measure_s": measure_s,
            "samples": samples, "warm_n": sum(base), "wire_bytes": max(0.0, wire),
            "pool": (pool0, pool1), "ops": total_ops}


def measure_prepared(
    prep: PreparedTable,
    settings: MeasureSettings | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> dict[str, Any]:
    """Measure the cell's workload on a prepared table; return the flat measures dict."""
    settings = settings or MeasureSettings()
    cell = prep.cell
    workload = canonical_workload(cell.workload)
    write = workload == "write"
    if write and not prep.originals:
        raise MatrixError("the write workload needs prepared_table(keep_originals=True)")
    if settings.tune_process:
        tune_malloc()
    conn, target = prep.conn, prep.target
    if cell.concurrency > 1:
        return _measure_concurrent(prep, settings, should_stop)
    run = _write_ops(prep) if write else _read_ops(prep)
    # Warm-up batches start at their first row each time: on a cold table they would leave
    # the rows the timed loop reads first in the buffer pool. Warm up half a cycle away.
    warm_run = run
    if workload == "read_cold":
        warm_run = _read_ops(prep, offset=len(prep.read_queries) // 2)
    wire_var = "Bytes_received" if write else "Bytes_sent"
    try:
        with no_gc():
            warm_n, batch = _warmup(warm_run, settings, should_stop)
            # Server-side byte counter around the timed loop only. The reply to the first SHOW
            # is counted in the second reading: measure one SHOW reply and subtract it.
            s0 = _session_status(conn, wire_var)
            before = _session_status(conn, wire_var)
            show_reply = before - s0
            pool0 = _status(conn, "GLOBAL", _POOL_VARS)
            lat, n, converged, measure_s = _timed(run, settings, should_stop, batch)
            pool1 = _status(conn, "GLOBAL", _POOL_VARS)
            after = _session_status(conn, wire_var)
    except driver_errors() as exc:
        raise translate_error(exc, target, f"measuring {workload}s") from None
    wire_bytes = max(0.0, (after - before - show_reply) / n)
    if write:
        try:
            verify_rows(prep, accept={_checksum(b) for b in prep.originals})
        except driver_errors() as exc:
            raise translate_error(exc, target, "verifying written rows") from None

    samples = np.frombuffer(lat, dtype=np.int64, count=n)
    s = summarize(samples, cell.size)
    key = "write" if write else "read"
    hw_ns = s["ci_halfwidth_ns"]
    out = {
        f"{key}_bps": s["bps_mean"],
        f"{key}_bps_median": s["bps_median"],
        f"{key}_bps_ci_low": s["bps_ci_low"],
        f"{key}_bps_ci_high": s["bps_ci_high"],
        "ci_halfwidth_pct": s["ci_rel_halfwidth"] * 100 if math.isfinite(hw_ns) else None,
        "converged": converged,
        "samples": n,
        "warmup_samples": warm_n,
        "wire_bytes": wire_bytes,
        "wire_bps": wire_bytes * 1e9 / s["latency_mean_ns"],
        "measure_s": measure_s,
    }
    out.update(_common(prep, settings, s, samples, (pool0, pool1), n))
    return out


def _measure_concurrent(prep: PreparedTable, settings: MeasureSettings,
                        should_stop: Callable[[], bool] | None) -> dict[str, Any]:
    try:
        with no_gc():
            r = _concurrent(prep, settings, should_stop)
    except driver_errors() as exc:
        raise translate_error(exc, prep.target, "measuring concurrent reads") from None
    samples = r["samples"]
    if samples.size == 0:
        raise TargetError("no read completed during the measurement", code="server_error")
    s = summarize(samples, prep.cell.size)
    mean, hw = _slice_stats(r["slices"])
    ops_per_s = mean / prep.cell.size
    out = {
        "read_bps": mean,
        "read_bps_median": float(np.median(r["slices"])),
        "read_bps_ci_low": max(0.0, mean - hw) if math.isfinite(hw) else 0.0,
        "read_bps_ci_high": mean + hw if math.isfinite(hw) else None,
        "ci_halfwidth_pct": hw / mean * 100 if math.isfinite(hw) and mean > 0 else None,
        "converged": r["converged"],
        "samples": int(samples.size),
        "slices": len(r["slices"]),
        "warmup_samples": r["warm_n"],
        "per_client_bps": mean / prep.cell.concurrency,
        "wire_bytes": r["wire_bytes"],
        "wire_bps": r["wire_bytes"] * ops_per_s,
        "measure_s": r["measure_s"],
    }
    out.update(_common(prep, settings, s, samples, r["pool"], r["ops"]))
    return out


def _common(prep: PreparedTable, settings: MeasureSettings, s: dict[str, Any],
            samples: np.ndarray, pool: tuple[dict[str, int], dict[str, int]], ops: int
            ) -> dict[str, Any]:
    enc = float(np.mean(prep.encoded_sizes))
    reads = sum(pool[1].get(v, 0) - pool[0].get(v, 0)
                for v in ("Innodb_buffer_pool_reads", "Innodb_buffer_pool_read_ahead"))
    requests = (pool[1]["Innodb_buffer_pool_read_requests"]
                - pool[0]["Innodb_buffer_pool_read_requests"])
    return {
        "rows": prep.rows,
        "blobs": prep.blobs,
        "latency_mean_us": s["latency_mean_ns"] / 1e3,
        "latency_stdev_us": s["latency_stdev_ns"] / 1e3,
        "latency_p50_us": s["latency_p50_ns"] / 1e3,
        "latency_p95_us": s["latency_p95_ns"] / 1e3,
        "latency_p99_us": s["latency_p99_ns"] / 1e3,
        "encoded_bytes": enc,
        "ratio": prep.cell.size / enc if enc > 0 else None,
        "disk_bytes": prep.disk_bytes,
        "pool_reads_per_op": reads / max(ops, 1),
        "pool_miss_ratio": reads / requests if requests > 0 else None,
        "encode_s": prep.encode_s,
        "encode_cache_hits": prep.cache_hits,
        "dictionary_s": prep.dictionary_s,
        "load_s": prep.load_s,
        "raw_samples_us": [v / 1e3 for v in decimate(samples, settings.keep_samples)],
        "context": _context(prep, settings),
    }


def _context(prep: PreparedTable, settings: MeasureSettings) -> dict[str, Any]:
    ctx = {
        "driver": prep.driver or drivers.driver_info(prep.conn, prep.target.driver),
        "codec": prep.codec.context(),
        "storage": prep.storage.name,
        "workload": canonical_workload(prep.cell.workload),
        "concurrency": prep.cell.concurrency,
        "codecs": library_versions(),
        "host": host_facts(),
        "target": prep.facts,
        "settings": asdict(settings),
        "process": {"malloc": malloc_state(), "gc_disabled_while_timing": True},
    }
    if prep.codec.dictionary is not None:
        # the bytes travel with the result so the run keeps the exact dictionary it measured
        ctx["dictionary"] = {**prep.codec.dictionary.describe(),
                             "data_b64": base64.b64encode(prep.codec.dictionary.data).decode()}
    return ctx


def run_cell(
    target: TargetConn,
    cell: CellSpec,
    settings: MeasureSettings | None = None,
    table: str | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> dict[str, Any]:
    """Measure one cell end to end (see the module docstring); the table is always dropped."""
    settings = settings or MeasureSettings()
    validate_cell(cell)
    _check_stop(should_stop)
    workload = canonical_workload(cell.workload)
    if workload == "codec_lab":
        from .codec_lab import run_codec_lab

        return run_codec_lab(cell, settings, should_stop)
    if workload in ("load", "load_then_index"):
        from .load_size import run_load

        return run_load(target, cell, settings, table=table, should_stop=should_stop)
    if workload in ("binlog", "binlog_row"):
        from .binlog import run_binlog

        return run_binlog(target, cell, settings, table=table, should_stop=should_stop)
    with prepared_table(target, cell, settings, table=table, should_stop=should_stop) as prep:
        return measure_prepared(prep, settings, should_stop)
