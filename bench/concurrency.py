"""Can threads deliver concurrency? Two measurements behind the engine's threaded clients.

1. GIL release per codec: decode the same 1 MiB blob (random:10) in 1 and then 2 threads for a
   fixed time, with no database; speedup ≈ 2 means the library releases the GIL while it
   decodes (this machine has 2 cores), ≈ 1 means it holds it.
2. The engine's concurrency curve (seed 001's shape) on the local target: aggregate read
   throughput for none and lz4 at 64 KiB with 1..32 clients (threads, one connection each).
   On a 2-core box that also runs the server, the curve flattens at 2-4 clients; what it shows
   is that the harness scales with clients rather than serialising them.

Usage: .venv/bin/python bench/concurrency.py [--dsn …] [--levels 1,2,4,8,16,32]
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from blobbench.engine.codecs import codec_for
from blobbench.engine.datasets import generate
from blobbench.engine.measure import CellSpec, MeasureSettings, run_cell
from blobbench.engine.tuning import tune_malloc
from fidelity import target_from_dsn

CODECS = ["lz4", "snappy", "zstd", "zlib", "zlib_dict", "zstd_dict", "brotli:6", "lzma:1"]


def decode_rate(method: str, threads: int, seconds: float = 0.6) -> float:
    data = generate("random:10", 1 << 20, 1)
    codec = codec_for(method, "random:10")
    enc = codec.encode(data)
    counts = [0] * threads
    stop = threading.Event()

    def work(k: int) -> None:
        dec = codec.decoder(len(data)) if method.startswith(("lz4", "snappy")) else \
            codec_for(method, "random:10").decoder(len(data))
        while not stop.is_set():
            dec(enc)
            counts[k] += 1

    ts = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    t0 = time.perf_counter()
    for t in ts:
        t.start()
    time.sleep(seconds)
    stop.set()
    for t in ts:
        t.join()
    return sum(counts) * len(data) / (time.perf_counter() - t0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dsn", default=os.environ.get("BLOBBENCH_TARGET_DSN",
                                                    "mysql://root@127.0.0.1:3306/blobbench"))
    ap.add_argument("--levels", default="1,2,4,8,16,32")
    args = ap.parse_args()
    tune_malloc()
    print(f"{'codec':<12}{'1 thread MB/s':>15}{'2 threads MB/s':>16}{'speedup':>9}")
    for m in CODECS:
        one, two = decode_rate(m, 1), decode_rate(m, 2)
        print(f"{m:<12}{one / 1e6:>15.0f}{two / 1e6:>16.0f}{two / one:>9.2f}", flush=True)

    target = target_from_dsn(args.dsn)
    settings = MeasureSettings(ci_target=0.03, time_budget_s=3, warmup_s=0.2, slice_s=0.2,
                               min_slices=5, encode_cache=None, disk_size=False)
    levels = [int(x) for x in args.levels.split(",")]
    print(f"\n{'cell':<26}" + "".join(f"{f'c={c}':>10}" for c in levels) + "   (aggregate MB/s)")
    for driver in ("mysqlclient", "pymysql"):
        for method in ("none", "lz4"):
            t = target_from_dsn(args.dsn)
            t.driver = driver
            row = []
            for c in levels:
                r = run_cell(t, CellSpec(method, "dynamic", "random:10", 64 << 10,
                                         concurrency=c), settings)
                row.append(r["read_bps"] / 1e6)
            print(f"{method + '/64KiB/' + driver:<26}" + "".join(f"{v:>10.0f}" for v in row),
                  flush=True)
    del target
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
