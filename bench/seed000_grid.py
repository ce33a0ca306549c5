"""Seed 000's stub grid on the local target: 14 methods × random:62/10/4/2 × 70 lengths.

The 14 methods are the ones seed 000's published charts compare (its JMH code names in
brackets), mapped to BlobBench's methods and storages:

=======================  ==========================  ==========================================
seed 000                 BlobBench                   note
=======================  ==========================  ==========================================
Uncompressed             none / dynamic
Compressed table         none / compressed:8         ROW_FORMAT=COMPRESSED (KEY_BLOCK_SIZE 8,
 [auto_mysql]                                        MySQL's default)
deflate                  zlib / dynamic              commons-compress "deflate" writes the zlib
                                                     header; level 6
deflate+len MySQL        mysql_uncompress / dynamic  COMPRESS() bytes, SELECT UNCOMPRESS(data)
 [explicit_mysql]
deflate+len Java         mysql_compress / dynamic    the same bytes decoded in the client
 [deflateWithSize]
gzip                     gzip / dynamic              level 6
snappy                   snappy / dynamic            raw block
zstd                     zstd / dynamic              level 3 (zstd-jni's default)
brotli_0/6/11            brotli:0, brotli:6,
                         brotli:11
lz4_fast                 lz4 / dynamic               block, acceleration 1
lz4_high9                lz4hc:9
lz4_high17               lz4hc:12                    lz4-java accepts 17; liblz4 caps HC at 12
=======================  ==========================  ==========================================

Lengths: the ``seed000_stub`` preset (70 lengths, 1 KiB … 5 MiB). 14 × 4 × 70 = 3,920 cells.

Two phases, timed separately:

1. encode — every row blob of every cell through the content-keyed encoded cache
   (``$BLOBBENCH_DATA_DIR/cache/encoded`` unless ``--cache-dir``), in parallel processes. The
   slow encoders (brotli:11 ~0.3-0.7 MB/s, lz4hc:12 on random:2 ~0.2 MB/s) dominate; a second
   run finds everything cached and skips this.
2. measure — every cell with ``run_cell`` (table created, loaded from the cache, verified,
   warmed up, sampled until the 95% CI half-width of the mean is ≤ 2% or the per-cell budget
   ends, dropped).

The report gives wall times, how many cells converged, why the others did not (``budget``:
the CI was still narrowing when time ran out — within 2× the target; ``noise``: wider, i.e.
latency outliers from a busy machine), and a projection of the full grid's measuring time from
the cells measured (per method and dataset, interpolated over size).

Usage: .venv/bin/python bench/seed000_grid.py [--dsn …] [--size-step 7] [--sizes 1KiB,1MiB]
       [--methods none,lz4] [--datasets random:2] [--limit 50] [--budget 1.0] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from blobbench.engine.codecs import codec_for
from blobbench.engine.datasets import generate
from blobbench.engine.errors import EngineError
from blobbench.engine.limits import fmt_bytes
from blobbench.engine.matrix import SIZE_PRESETS, parse_size
from blobbench.engine.presets import SEED000_DATASETS, SEED000_METHODS
from blobbench.engine.measure import (
    CellSpec,
    MeasureSettings,
    encode_blob,
    encode_cache_for,
    rows_for,
    run_cell,
)
from fidelity import target_from_dsn

#: (label, method, storage) — seed 000's 14 methods.
METHODS = SEED000_METHODS
DATASETS = SEED000_DATASETS
ALL_SIZES = SIZE_PRESETS["seed000_stub"]


def grid_settings(args: argparse.Namespace) -> MeasureSettings:
    """Per-cell settings: ±2% CI, a short warm-up, R = 1 row from 1 MiB up (8 below)."""
    return MeasureSettings(
        ci_target=0.02, time_budget_s=args.budget, warmup_s=0.05, min_samples=10,
        max_rows=8, max_table_bytes=1 << 20, keep_samples=200, disk_size=False,
        encode_cache=args.cache_dir or "auto",
    )


def _encode_job(job: tuple[str, str, int, int, dict]) -> tuple[float, float, int]:
    """(wall s, encode s, cache hits) for the rows of one (method, dataset, size)."""
    method, dataset, size, rows, sdict = job
    settings = MeasureSettings(**sdict)
    cache = encode_cache_for(settings)
    codec = codec_for(method, dataset)
    t0 = time.perf_counter()
    enc_s, hits = 0.0, 0
    for i in range(rows):
        _, dt, hit = encode_blob(codec, generate(dataset, size, i), cache)
        enc_s += dt
        hits += hit
    return time.perf_counter() - t0, enc_s, hits


def encode_phase(cells: list[CellSpec], settings: MeasureSettings, workers: int) -> dict:
    from dataclasses import asdict

    jobs = sorted({(c.method, c.dataset, c.size, rows_for(c.size, settings))
                   for c in cells if c.method != "none"}, key=lambda j: -j[2])
    sd = asdict(settings)
    t0 = time.perf_counter()
    encode_s = hits = 0.0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for wall, enc, h in pool.map(_encode_job, [(*j, sd) for j in jobs], chunksize=1):
            encode_s += enc
            hits += h
    return {"wall_s": time.perf_counter() - t0, "encode_cpu_s": encode_s, "cache_hits": hits,
            "jobs": len(jobs)}


def classify(r: dict) -> str:
    if r.get("error"):
        return "error"
    if r["converged"]:
        return "converged"
    hw = r.get("ci_halfwidth_pct")
    return "budget" if hw is not None and hw <= 4.0 else "noise"


def project(rows: list[dict], sizes_measured: list[int]) -> float:
    """Full-grid measuring time: per (method, dataset), cell wall time interpolated over size
    from the measured sizes to all 70, summed; (method, dataset) pairs never measured get the
    mean of the measured ones of the same method."""
    total = 0.0
    by: dict[tuple[str, str], list[tuple[int, float]]] = {}
    for r in rows:
        by.setdefault((r["label"], r["dataset"]), []).append((r["size"], r["wall_s"]))
    per_method: dict[str, list[float]] = {}
    for (label, ds), pts in by.items():
        pts.sort()
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        est = float(np.sum(np.interp(ALL_SIZES, xs, ys)))
        per_method.setdefault(label, []).append(est)
    for label, _, _ in METHODS:
        ests = per_method.get(label)
        if ests:
            total += float(np.mean(ests)) * len(DATASETS)
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dsn", default=os.environ.get("BLOBBENCH_TARGET_DSN",
                                                    "mysql://root@127.0.0.1:3306/blobbench"))
    ap.add_argument("--sizes", help="comma-separated sizes instead of the 70 stub lengths")
    ap.add_argument("--size-step", type=int, default=1, help="every k-th of the 70 lengths")
    ap.add_argument("--methods", help="comma-separated labels or methods to keep")
    ap.add_argument("--datasets", help="comma-separated datasets to keep")
    ap.add_argument("--limit", type=int, help="measure only the first N cells")
    ap.add_argument("--budget", type=float, default=1.0, help="sampling budget per cell (s)")
    ap.add_argument("--cache-dir", help="encoded-blob cache (default $BLOBBENCH_DATA_DIR/...)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--json", help="write every cell's row to this file")
    args = ap.parse_args()

    sizes = ([parse_size(s) for s in args.sizes.split(",")] if args.sizes
             else ALL_SIZES[:: max(1, args.size_step)])
    methods = METHODS
    if args.methods:
        keep = {m.strip() for m in args.methods.split(",")}
        methods = [m for m in METHODS if m[0] in keep or m[1] in keep]
    datasets = [d.strip() for d in args.datasets.split(",")] if args.datasets else DATASETS
    plan = [(label, CellSpec(method, storage, ds, size))
            for ds in datasets for size in sizes for label, method, storage in methods]
    if args.limit:
        plan = plan[: args.limit]
    target = target_from_dsn(args.dsn)
    settings = grid_settings(args)
    print(f"seed-000 grid: {len(plan)} cells ({len(methods)} methods × {len(datasets)} datasets "
          f"× {len(sizes)} sizes) of the full {len(METHODS) * len(DATASETS) * len(ALL_SIZES)}",
          flush=True)

    enc = encode_phase([c for _, c in plan], settings, args.workers)
    print(f"encode phase: {enc['wall_s']:.1f} s wall ({enc['jobs']} blob sets whose encoding "
          f"takes {enc['encode_cpu_s']:.1f} s of CPU; {int(enc['cache_hits'])} rows came from "
          f"the cache)", flush=True)

    rows: list[dict] = []
    t_start = time.perf_counter()
    for k, (label, cell) in enumerate(plan, 1):
        t0 = time.perf_counter()
        row = {"label": label, "method": cell.method, "storage": cell.storage,
               "dataset": cell.dataset, "size": cell.size}
        try:
            r = run_cell(target, cell, settings)
            row.update({key: r[key] for key in ("read_bps", "ci_halfwidth_pct", "converged",
                                                "samples", "ratio", "encode_cache_hits",
                                                "measure_s", "load_s", "latency_stdev_us",
                                                "latency_mean_us")})
        except EngineError as exc:
            row.update({"error": exc.message, "converged": False})
        row["wall_s"] = time.perf_counter() - t0
        row["status"] = classify(row)
        rows.append(row)
        if k % 50 == 0 or k == len(plan):
            el = time.perf_counter() - t_start
            print(f"  {k}/{len(plan)} cells, {el:.0f} s, "
                  f"eta {el / k * (len(plan) - k):.0f} s", flush=True)
    wall = time.perf_counter() - t_start

    counts: dict[str, int] = {}
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    n = len(rows)
    conv = counts.get("converged", 0)
    print(f"\nmeasure phase: {wall:.1f} s wall for {n} cells ({wall / max(n, 1):.2f} s/cell)")
    print(f"converged (CI half-width ≤ 2%): {conv}/{n} ({conv / max(n, 1):.1%}); not: "
          f"budget {counts.get('budget', 0)}, noise {counts.get('noise', 0)}, "
          f"error {counts.get('error', 0)}")
    for r in [r for r in rows if r["status"] != "converged"][:12]:
        why = r.get("error") or f"CI ±{r.get('ci_halfwidth_pct') or float('nan'):.1f}% " \
                                 f"after {r.get('samples')} samples"
        print(f"  {r['status']:<7} {r['label']:<20} {r['dataset']:<10} "
              f"{fmt_bytes(r['size']):>10}  {why}")
    if n:
        proj = project([r for r in rows if not r.get("error")], sizes)
        scope = ("the full grid (3,920 cells)" if len(methods) == len(METHODS)
                 else f"these {len(methods)} methods × 4 datasets × 70 sizes")
        print(f"projection for {scope}: measuring ≈ {proj / 60:.1f} min "
              f"(the encode phase is separate and cached across runs)")
    if args.json:
        Path(args.json).write_text(json.dumps({"encode": enc, "measure_wall_s": wall,
                                               "rows": rows}, indent=1))
    print(f"seed000 grid: {conv}/{n} converged, measure {wall / 60:.1f} min, "
          f"encode {enc['wall_s'] / 60:.1f} min")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
