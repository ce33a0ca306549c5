"""Is the harness the bottleneck? Compare the engine's throughput with a raw driver loop.

For each case the table is prepared once (``prepared_table``); the engine measures it
(``measure_prepared``: per-operation timing, statistics, CI checks), and a bare loop reads the
same rows over the same connection, calling the codec library directly and timed only as a
whole. That raw loop is the fastest honest loop this process allows, written independently
of the engine:

* mysqlclient's C-level ``query``/``store_result``/``fetch_row`` (no cursor objects);
* lz4 decoded by liblz4 (cramjam ``decompress_block_into``) into one reused buffer, zstd by
  ``ZstdDecompressor.decompress`` (one exact allocation) — the fastest calls these libraries
  offer (``lz4.block.decompress`` adds a copy and is ~2x slower on poorly compressible data);
* the cyclic GC off while timing, and glibc malloc tuned so MiB-sized buffers are reused from
  the heap instead of being mmapped and page-faulted afresh on every fetch (the engine applies
  ``tuning.tune_malloc()`` process-wide when it prepares the table, so the yardstick gets it
  too: measured, a default process fetches 1 MiB values ~4x slower).

To cancel out background load drifting on a shared 2-core machine (the server runs here too)
the two alternate in ``--rounds`` short slices, in alternating order; a case's ratio is the
median of the per-round ratios engine/raw (robust to a slice hit by a background spike), and
its MB/s columns are total bytes over total time. ratio ~1.00 means the harness adds nothing
measurable. The last line is ``fidelity: min ratio X.XX``.

Usage: .venv/bin/python bench/fidelity.py [--dsn mysql://root@127.0.0.1:3306/blobbench]
       [--rounds 30] [--budget 6]   (the DSN defaults to $BLOBBENCH_TARGET_DSN)
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import struct
import sys
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

import cramjam
import zstandard
from blobbench.engine.measure import (
    CellSpec,
    MeasureSettings,
    measure_prepared,
    prepared_table,
)
from blobbench.engine.target import TargetConn
from blobbench.engine.tuning import malloc_state
from MySQLdb import _mysql

KIB, MIB = 1024, 1024 * 1024
CASES = [
    ("none", 64 * KIB), ("none", 1 * MIB), ("none", 4 * MIB), ("lz4", 1 * MIB), ("zstd", 1 * MIB),
]


def target_from_dsn(dsn: str) -> TargetConn:
    u = urlsplit(dsn)
    if u.scheme not in ("mysql", "mariadb"):
        raise SystemExit(f"bad DSN '{dsn}': use mysql://user:password@host:port/schema")
    return TargetConn(u.hostname or "127.0.0.1", u.port or 3306, unquote(u.username or "root"),
                      unquote(u.password or ""), database=(u.path or "/blobbench")[1:] or "blobbench")


def raw_decoder(method: str, size: int):
    """The fastest call of the codec library an application could make, or None."""
    if method == "lz4":
        out = bytearray(size)
        into = cramjam.lz4.decompress_block_into
        unpack = struct.Struct("<I").unpack_from

        def lz4_into(data: bytes) -> bytearray:
            if unpack(data)[0] != size:
                raise ValueError("unexpected size")
            into(memoryview(data)[4:], out)
            return out

        return lz4_into
    if method == "zstd":
        return zstandard.ZstdDecompressor().decompress
    return None


def raw_loop(conn, queries: list[bytes], method: str, size: int, duration_s: float) -> tuple[float, int]:
    """Read rows round-robin for ``duration_s`` with the GC off; return (seconds, ops)."""
    query = _mysql.connection.query.__get__(conn)
    store = conn.store_result
    decode = raw_decoder(method, size)
    n_rows = len(queries)
    n = 0
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        end = t0 + duration_s
        if decode is None:
            while True:
                for q in queries:
                    query(q)
                    store().fetch_row()
                n += n_rows
                if time.perf_counter() >= end:
                    break
        else:
            while True:
                for q in queries:
                    query(q)
                    decode(store().fetch_row()[0][0])
                n += n_rows
                if time.perf_counter() >= end:
                    break
        elapsed = time.perf_counter() - t0
    finally:
        gc.enable()
    return elapsed, n


def engine_slice(prep, settings: MeasureSettings) -> tuple[float, float]:
    """(operations, seconds) of one engine measurement (sum of its per-operation times)."""
    r = measure_prepared(prep, settings)
    return r["samples"], r["samples"] * r["latency_mean_us"] / 1e6


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dsn", default=os.environ.get("BLOBBENCH_TARGET_DSN",
                                                    "mysql://root@127.0.0.1:3306/blobbench"))
    ap.add_argument("--dataset", default="random:62")
    ap.add_argument("--budget", type=float, default=6.0, help="engine time per case (s)")
    ap.add_argument("--rounds", type=int, default=30, help="engine/raw alternations per case")
    ap.add_argument(
        "--ci", type=float, default=0.002,
        help="engine CI target; tight by default so both loops run the whole budget",
    )
    ap.add_argument("--no-tune", action="store_true",
                    help="leave glibc malloc at its defaults (to see what tuning buys)")
    args = ap.parse_args()
    target = target_from_dsn(args.dsn)
    settings = MeasureSettings(
        time_budget_s=args.budget / args.rounds, ci_target=args.ci, warmup_s=0.05,
        encode_cache=None, disk_size=False, tune_process=not args.no_tune,
    )

    header = f"{'case':<22}{'engine MB/s':>13}{'raw MB/s':>11}{'ratio':>8}{'spread':>8}{'samples':>9}"
    print(header)
    print("-" * len(header))
    ratios = []
    for method, size in CASES:
        cell = CellSpec(method, "dynamic", args.dataset, size)
        with prepared_table(target, cell, settings) as prep:
            raw_loop(prep.conn, prep.read_queries, method, size, 0.25)  # warm caches, allocator
            eng_ops = eng_s = raw_ops = raw_s = 0.0
            samples = 0
            per_round = []
            for k in range(args.rounds):
                if k % 2 == 0:
                    e_n, e_s = engine_slice(prep, settings)
                    r_s, r_n = raw_loop(prep.conn, prep.read_queries, method, size, e_s)
                else:
                    r_s, r_n = raw_loop(prep.conn, prep.read_queries, method, size,
                                        settings.time_budget_s)
                    e_n, e_s = engine_slice(prep, settings)
                eng_ops += e_n
                eng_s += e_s
                raw_ops += r_n
                raw_s += r_s
                samples += int(e_n)
                per_round.append((e_n / e_s) / (r_n / r_s))
        eng_bps = eng_ops * size / eng_s
        raw_bps = raw_ops * size / raw_s
        ratio = statistics.median(per_round)
        spread = (max(per_round) - min(per_round)) / 2
        ratios.append(ratio)
        label = f"{method}/dynamic/{size // KIB}KiB" if size < MIB else f"{method}/dynamic/{size // MIB}MiB"
        print(f"{label:<22}{eng_bps / 1e6:>13.1f}{raw_bps / 1e6:>11.1f}{ratio:>8.2f}"
              f"{spread:>8.2f}{samples:>9}", flush=True)
    print(f"malloc tuning: {malloc_state()}")
    print(f"fidelity: min ratio {min(ratios):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
