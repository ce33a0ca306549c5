"""Load and size (seed 002): bulk-load a table per storage, with its secondary indexes created
with the table or added after the load, and measure the time and the space on disk.

A cell of the ``load`` or ``load_then_index`` workload names a storage, a dataset, a body size
(the cell's ``size``) and a method (the body's client-side encoding, ``none`` for the seed's
study). :func:`run_load` creates an owned table shaped like seed 002's (an id, a user, a
timestamp, a tag, a title and the body; three secondary indexes), loads ``N`` rows in id order
with multi-row INSERTs of about 1 MiB (what a ``mysqldump`` file does), and:

* ``load`` — the indexes exist from the start (the seed's "usual load"): ``load_s`` = inserts +
  flush of the table's pages to disk;
* ``load_then_index`` — the table is loaded without them, flushed and measured
  (``disk_bytes_before_index``, the seed's case 2a), then one ``ALTER TABLE … ADD INDEX …,
  ALGORITHM=INPLACE`` builds all three by sorting ("fast index creation", case 2b): ``load_s`` =
  inserts + flush + index build + flush.

The flush (``FLUSH TABLES t FOR EXPORT``) is timed as part of the load because page compression
happens when pages are written: without it a page-compressed table would look free. Sizes are
``ALLOCATED_SIZE`` of the table's tablespace after ``ANALYZE TABLE`` (:func:`~.storages.
table_disk_bytes`), which counts page compression's holes as saved. A user without RELOAD
gets times but no sizes (``disk_bytes`` None), as for the other workloads.

``N`` is ``MeasureSettings.load_rows`` when set, else ``max_table_bytes // size`` (64 MiB of
bodies by default), at most :data:`MAX_LOAD_ROWS`. The table is BlobBench's own (prefix,
``COMMENT='blobbench:owned'``) and is dropped, ownership checked, whatever happens.

:func:`summary` turns the results into seed 002's table: each storage × index mode with its
load time and size, and both as ratios to the baseline (``dynamic``, usual load, method none).
Adding indexes after the load needs the ALTER privilege on BlobBench's schema.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict
from typing import Any

import numpy as np

from . import drivers
from .codecs import codec_for, library_versions
from .datasets import generate, parse_dataset
from .errors import Canceled, MatrixError, TargetError
from .facts import host_facts
from .limits import check_size, fmt_bytes
from .session import CellSession
from .storages import (
    OWNER_MARK,
    Storage,
    check_identifier,
    check_storage_support,
    drop_table,
    flush_table,
    page_compression,
    parse_storage,
    qualified,
    table_disk_bytes,
)
from .target import (
    TargetConn,
    driver_errors,
    probe_connection,
)

WORKLOADS = ("load", "load_then_index")
MAX_LOAD_ROWS = 2_000_000
BATCH_BYTES = 1 << 20
#: The secondary indexes (name, columns): lookups by user and time, by tag, by title.
INDEXES = (("k_user", "user_id, created_at"), ("k_tag", "tag, created_at"), ("k_title", "title"))
_TAGS = ("news travel food sport music photo video design science health money style garden "
         "kitchen books games film art code data cars pets home family").split()
_WORDS = ("the a of and to in for with on at from by about as into like through after over "
          "between recipe garden kitchen wedding dress summer travel guide easy healthy dinner "
          "ideas home decor living room modern vintage style outfit hair art quotes photography "
          "beach mountain city night coffee cake chocolate vegan salad workout yoga tips best").split()
_EPOCH = 1_500_000_000


def load_rows(size: int, settings: Any) -> int:
    """N: ``settings.load_rows``, else ``max_table_bytes // size``, within 1..MAX_LOAD_ROWS."""
    n = getattr(settings, "load_rows", None) or settings.max_table_bytes // max(size, 1)
    return max(1, min(MAX_LOAD_ROWS, int(n)))


def create_load_table_sql(schema: str, table: str, storage: Storage, flavour: str = "mariadb",
                          indexes: bool = True) -> str:
    """The ``CREATE TABLE`` of the load study for one storage (``latin1``, as the seed's)."""
    body = "data LONGBLOB COMPRESSED NOT NULL" if storage.kind == "column" else "data LONGBLOB NOT NULL"
    if storage.kind == "percona_column":
        raise MatrixError("the load study does not support percona_column storages yet",
                          code="unsupported")
    opts = "ROW_FORMAT=DYNAMIC"
    if storage.kind == "compressed":
        opts = f"ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE={storage.key_block_size}"
    elif storage.kind == "page":
        opts = ("ROW_FORMAT=DYNAMIC PAGE_COMPRESSED=1" if flavour == "mariadb"
                else f"ROW_FORMAT=DYNAMIC COMPRESSION='{storage.algorithm}'")
    keys = "".join(f", KEY {name} ({cols})" for name, cols in INDEXES) if indexes else ""
    return (
        f"CREATE TABLE {qualified(schema, table)} ("
        "id BIGINT NOT NULL PRIMARY KEY, user_id INT UNSIGNED NOT NULL, "
        "created_at DATETIME NOT NULL, tag VARCHAR(32) NOT NULL, title VARCHAR(100) NOT NULL, "
        f"{body}{keys}) ENGINE=InnoDB DEFAULT CHARSET=latin1 {opts} COMMENT='{OWNER_MARK}'"
    )


def add_indexes_sql(schema: str, table: str) -> str:
    """One ``ALTER TABLE`` building every secondary index by sorting (fast index creation)."""
    adds = ", ".join(f"ADD KEY {name} ({cols})" for name, cols in INDEXES)
    return f"ALTER TABLE {qualified(schema, table)} {adds}, ALGORITHM=INPLACE"


def _row_fields(n: int, seed: int) -> Iterator[tuple[int, int, str, str, str]]:
    """(id, user_id, created_at, tag, title) of rows 1..n: deterministic for (n, seed)."""
    rng = np.random.default_rng([seed & 0xFFFFFFFF, n & 0xFFFFFFFF, zlib.crc32(b"load")])
    users = rng.integers(1, max(2, n // 10 + 2), n).tolist()
    ts = (_EPOCH + np.cumsum(rng.integers(0, 120, n))).tolist()
    tags = rng.integers(0, len(_TAGS), n).tolist()
    words = rng.integers(0, len(_WORDS), (n, 6)).tolist()
    lens = rng.integers(3, 7, n).tolist()
    for i in range(n):
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(ts[i]))
        title = " ".join(_WORDS[w] for w in words[i][: lens[i]])
        yield i + 1, users[i], stamp, _TAGS[tags[i]], title


def _bodies(dataset: str, size: int, n: int, seed: int) -> Iterator[bytes]:
    """n bodies of ``size`` bytes: consecutive slices of the dataset, generated in chunks."""
    per_chunk = max(1, (8 << 20) // size)
    for start in range(0, n, per_chunk):
        k = min(per_chunk, n - start)
        data = generate(dataset, k * size, seed + start)
        for j in range(k):
            yield data[j * size:(j + 1) * size]


def _table_lengths(conn: Any, schema: str, table: str) -> dict[str, int | None]:
    """DATA_LENGTH and INDEX_LENGTH (after the ANALYZE that table_disk_bytes ran)."""
    with conn.cursor() as cur:
        cur.execute("SELECT DATA_LENGTH, INDEX_LENGTH FROM information_schema.TABLES "
                    "WHERE TABLE_SCHEMA=%s AND TABLE_NAME=%s", (schema, table))
        row = cur.fetchone()
    if row is None:
        return {"data_length": None, "index_length": None}
    return {"data_length": int(row[0]) if row[0] is not None else None,
            "index_length": int(row[1]) if row[1] is not None else None}


def _flush_timed(conn: Any, schema: str, table: str) -> float | None:
    """Seconds a ``FLUSH TABLES … FOR EXPORT`` took; None when the user lacks the privilege."""
    from .target import _error_parts

    t0 = time.perf_counter()
    try:
        flush_table(conn, schema, table)
    except driver_errors() as exc:
        if _error_parts(exc)[0] in (1044, 1142, 1227):
            return None
        raise
    return time.perf_counter() - t0


def run_load(target: TargetConn, cell: Any, settings: Any, table: str | None = None,
             should_stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """Measure one ``load``/``load_then_index`` cell; returns the flat measures of a result.

    ``table`` (from the API: one name per cell) is dropped first if an earlier attempt left it
    behind, ownership checked. Raises MatrixError, TargetError, Canceled.
    """
    from .measure import new_table_name

    workload = str(cell.workload).strip().lower()
    if workload not in WORKLOADS:
        raise MatrixError(f"workload '{workload}' is not a load workload")
    then_index = workload == "load_then_index"
    storage = parse_storage(cell.storage)
    dataset = parse_dataset(cell.dataset)
    leftover = table is not None
    table = check_identifier(table or new_table_name(), "table name")
    schema = check_identifier(target.database, "database name")
    codec = codec_for(cell.method, dataset, cell.seed)
    n = load_rows(cell.size, settings)
    t_start = time.perf_counter()
    with CellSession(target) as session:
        conn = session.conn
        facts = probe_connection(conn)
        check_size(cell.size, facts)
        check_storage_support(storage, facts)
        flavour = facts["flavour"]
        packet = int(facts["max_allowed_packet"])
        batch_limit = max(64 << 10, min(BATCH_BYTES, packet - (64 << 10)))
        ddl = create_load_table_sql(schema, table, storage, flavour, indexes=not then_index)
        session.action = "creating the table"
        if leftover:
            drop_table(conn, schema, table)
        with conn.cursor() as cur:
            cur.execute(ddl)
        session.table = (schema, table)
        execute = drivers.executor(conn, target.driver)
        literal = drivers.literal(conn, target.driver)
        qt = qualified(schema, table).encode()
        head = b"INSERT INTO " + qt + b" (id, user_id, created_at, tag, title, data) VALUES "
        insert_s = encode_s = 0.0
        stored = 0
        statements = 0
        flush1_s = index_s = None
        before_index: int | None = None
        lengths_before: dict[str, int | None] = {}
        with page_compression(conn, schema, table, storage, flavour):
            session.action = "loading rows"
            values: list[bytes] = []
            pending = 0

            def send() -> None:
                nonlocal insert_s, statements, pending
                sql = head + b",".join(values)
                if len(sql) > packet - 1024:
                    raise TargetError(
                        f"an INSERT of {fmt_bytes(len(sql))} does not fit the target's "
                        f"max_allowed_packet of {fmt_bytes(packet)}: use a smaller size",
                        code="too_large")
                t0 = time.perf_counter()
                execute(sql)
                insert_s += time.perf_counter() - t0
                statements += 1
                values.clear()
                pending = 0

            for (rid, user, stamp, tag, title), body in zip(
                    _row_fields(n, cell.seed), _bodies(dataset, cell.size, n, cell.seed)):
                t0 = time.perf_counter()
                enc = codec.encode(body)
                encode_s += time.perf_counter() - t0
                stored += len(enc)
                row = (b"(" + str(rid).encode() + b"," + str(user).encode() + b",'"
                       + stamp.encode() + b"','" + tag.encode() + b"','" + title.encode()
                       + b"'," + literal(enc) + b")")
                if values and pending + len(row) > batch_limit:
                    send()
                    if should_stop is not None and should_stop():
                        raise Canceled("canceled while loading the table")
                values.append(row)
                pending += len(row) + 1
            if values:
                send()
            if then_index:
                session.action = "flushing the table"
                flush1_s = _flush_timed(conn, schema, table)
                if flush1_s is not None:
                    before_index = table_disk_bytes(conn, schema, table)
                    lengths_before = _table_lengths(conn, schema, table)
                if should_stop is not None and should_stop():
                    raise Canceled("canceled before adding the indexes")
                session.action = "adding the indexes"
                t0 = time.perf_counter()
                execute(add_indexes_sql(schema, table).encode())
                index_s = time.perf_counter() - t0
            session.action = "flushing the table"
            t_flush = time.perf_counter()
        # page_compression() flushed the pages on its way out; others flush here
        if storage.kind == "page":
            flush_s: float | None = time.perf_counter() - t_flush
        else:
            flush_s = _flush_timed(conn, schema, table)
        session.action = "reading the table's size"
        disk = table_disk_bytes(conn, schema, table) if flush_s is not None else None
        lengths = _table_lengths(conn, schema, table)
    loaded = n * cell.size
    parts = [insert_s, flush1_s or 0.0, index_s or 0.0, flush_s or 0.0]
    load_s = sum(parts)
    return {
        "study": "load_size",
        "indexes": "added after the load" if then_index else "created with the table",
        "rows": n,
        "statements": statements,
        "loaded_bytes": loaded,
        "stored_body_bytes": stored,
        "encoded_bytes": stored / n,
        "ratio": loaded / stored if stored else None,
        "insert_s": insert_s,
        "flush_before_index_s": flush1_s,
        "index_s": index_s,
        "flush_s": flush_s,
        "load_s": load_s,
        "write_bps": loaded / load_s if load_s > 0 else None,
        "rows_per_s": n / load_s if load_s > 0 else None,
        "disk_bytes": disk,
        "disk_bytes_before_index": before_index,
        "data_length_before_index": lengths_before.get("data_length"),
        "index_length_before_index": lengths_before.get("index_length"),
        **lengths,
        "encode_s": encode_s / n,
        "samples": 1,
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
            "ddl": ddl,
            "indexes": [f"{name} ({cols})" for name, cols in INDEXES],
            "load": {"rows": n, "batch_bytes": batch_limit, "order": "primary key",
                     "flush": "FLUSH TABLES … FOR EXPORT, timed in load_s"},
        },
    }


# --- the seed's summary table ----------------------------------------------------------------

MODE_LABELS = {"load": "usual load", "load_then_index": "fast index creation"}


def _key(r: dict[str, Any]) -> tuple:
    return (r.get("dataset"), r.get("size"))


def summary(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Seed 002's table from load results (dicts with the cell's dimensions and measures).

    One line per result: ``label`` ("compressed:8, fast index creation"), ``load_s``,
    ``disk_bytes`` and ``load_ratio``/``size_ratio`` to the baseline of its dataset and size:
    ``dynamic`` with the usual load and method ``none`` (else the first dynamic usual load).
    Ordered as the seed's: baseline first, then storage by storage (``dynamic`` first, the
    others as the rows first name them), usual load before fast index creation. Ratios are None where the baseline (or the value) is missing.
    """
    loads = [r for r in rows if r.get("workload") in WORKLOADS and r.get("load_s") is not None]
    baselines: dict[tuple, dict[str, Any]] = {}
    for r in loads:
        if r.get("storage") == "dynamic" and r.get("workload") == "load":
            k = _key(r)
            if k not in baselines or (r.get("method") == "none"
                                      and baselines[k].get("method") != "none"):
                baselines[k] = r

    def ratio(v: float | None, b: float | None) -> float | None:
        return v / b if v is not None and b else None

    out = []
    for r in loads:
        base = baselines.get(_key(r))
        method = r.get("method") or "none"
        label = f"{r['storage']}, {MODE_LABELS[r['workload']]}"
        if method != "none":
            label += f", {method}"
        out.append({
            "label": label, "storage": r["storage"], "workload": r["workload"],
            "method": method, "dataset": r.get("dataset"), "size": r.get("size"),
            "rows": r.get("rows"), "load_s": r["load_s"], "disk_bytes": r.get("disk_bytes"),
            "disk_bytes_before_index": r.get("disk_bytes_before_index"),
            "index_s": r.get("index_s"),
            "baseline": base is r,
            "load_ratio": ratio(r["load_s"], base and base["load_s"]),
            "size_ratio": ratio(r.get("disk_bytes"), base and base.get("disk_bytes")),
        })
    seen = {s: i for i, s in enumerate(dict.fromkeys(r["storage"] for r in loads))}
    out.sort(key=lambda x: (str(x["dataset"]), x["size"] or 0, not x["baseline"],
                            x["storage"] != "dynamic", seen[x["storage"]], x["method"] != "none",
                            x["method"], x["workload"] != "load"))
    return out
