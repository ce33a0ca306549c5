"""How the run page copes with a big run: 5,000 cells, measured in Chromium.

Seeds a throwaway results database with one finished run of 5,000 cells (10 methods × 2
storages × 5 datasets × 50 sizes; the measures are synthetic but shaped like real ones: the
page's speed depends on how many rows it draws, not on what they say), serves it with the
real API and built UI, and drives Debian's Chromium through e2e/bench/run-page.mjs:

- ready: from the moment the results response has arrived to the chart's lines being drawn,
  median of 5 page loads (goal: under 1 s);
- toggle: from a click on a legend entry to the series being gone from the chart, median of
  10 clicks (goal: under 100 ms);
- the initial JavaScript, gzipped, of the built UI (goal: under 300 KB).

Usage: .venv/bin/python bench/run_page.py [--cells-per-dataset …]
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))

METHODS = ["none", "lz4", "lz4hc:9", "zstd", "zstd:9", "snappy", "zlib", "brotli:6", "lzma",
           "mysql_compress"]
STORAGES = ["dynamic", "compressed:8"]
DATASETS = ["random:62", "random:16", "random:10", "random:4", "random:2"]
SIZES = [int(round(256 * 1.2 ** i)) for i in range(50)]  # 256 B … ≈1.9 MiB


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def seed(url: str) -> int:
    """One finished run with a result for every cell; returns its id."""
    from sqlalchemy import create_engine
    from sqlalchemy.orm import Session

    from blobbench.core.clock import utcnow
    from blobbench.models import Cell, Result, Run, Target

    rng = random.Random(7)
    engine = create_engine(url)
    matrix = {"methods": METHODS, "storages": STORAGES, "datasets": DATASETS, "sizes": SIZES,
              "workloads": ["read"], "concurrency": [1]}
    with Session(engine) as s:
        target = Target(name="bench", host="127.0.0.1", port=3306, user="root",
                        password_encrypted="-", database="blobbench", flavour="MariaDB",
                        version="10.11.0", facts={})
        s.add(target)
        s.flush()
        now = utcnow()
        run = Run(name="5,000-cell run", target_id=target.id, host="bench", hosts=["bench"],
                  active_host=None, status="succeeded", matrix=matrix, settings={},
                  total_cells=0, started_at=now, finished_at=now)
        s.add(run)
        s.flush()
        cells = []
        index = 0
        for storage in STORAGES:
            for dataset in DATASETS:
                for size in SIZES:
                    for method in METHODS:
                        cells.append(Cell(run_id=run.id, index=index, host="bench", method=method,
                                          storage=storage, dataset=dataset, size=size,
                                          workload="read", concurrency=1, status="done",
                                          attempts=1, started_at=now, finished_at=now))
                        index += 1
        run.total_cells = len(cells)
        s.add_all(cells)
        s.flush()
        for cell in cells:
            base = 2e9 * (1 - math.exp(-cell.size / 65536)) + 5e6
            bps = base * rng.uniform(0.5, 1.5)
            half = bps * rng.uniform(0.005, 0.03)
            ratio = 1.0 if cell.method == "none" else rng.uniform(1.2, 6.0)
            s.add(Result(cell_id=cell.id, run_id=run.id, read_bps=bps, read_bps_median=bps,
                         read_bps_ci_low=bps - half, read_bps_ci_high=bps + half,
                         ci_halfwidth_pct=100 * half / bps, converged=True, samples=200,
                         latency_mean_us=cell.size / bps * 1e6, latency_p50_us=cell.size / bps * 1e6,
                         latency_p95_us=1.3 * cell.size / bps * 1e6,
                         latency_p99_us=1.8 * cell.size / bps * 1e6, ratio=ratio,
                         encoded_bytes=cell.size / ratio, wire_bytes=cell.size / ratio,
                         wire_bps=bps / ratio, disk_bytes=int(cell.size * 1000 / ratio),
                         encode_s=0.01, measure_s=0.5, extra={}, raw_samples_us=[],
                         context={}))
        s.commit()
        return run.id


def initial_js_gzip(dist: Path) -> int:
    """Gzipped bytes of the scripts index.html loads up front (entry and modulepreloads)."""
    html = (dist / "index.html").read_text()
    paths = set(re.findall(r'(?:src|href)="/?(assets/[^"]+\.js)"', html))
    return sum(len(gzip.compress((dist / p).read_bytes(), 9)) for p in paths)


def main() -> int:
    argparse.ArgumentParser(description=__doc__).parse_args()
    from cryptography.fernet import Fernet

    dist = ROOT / "frontend" / "dist"
    if not (dist / "index.html").is_file():
        print("run_page: the UI is not built (make up builds it)", file=sys.stderr)
        return 1
    data = Path(tempfile.mkdtemp(prefix="blobbench-bench-ui-"))
    url = f"sqlite:///{data / 'results.db'}"
    env = {**os.environ, "BLOBBENCH_DATA_DIR": str(data), "DATABASE_URL": url, "HOST": "127.0.0.1",
           "BLOBBENCH_SECRET_KEY": Fernet.generate_key().decode()}
    os.environ.update({k: env[k] for k in ("BLOBBENCH_DATA_DIR", "DATABASE_URL")})
    subprocess.run([sys.executable, "-m", "alembic", "-c", str(ROOT / "alembic.ini"), "upgrade",
                    "head"], env=env, check=True, cwd=ROOT, capture_output=True)
    t0 = time.perf_counter()
    run_id = seed(url)
    print(f"seeded run {run_id}: 5,000 cells in {time.perf_counter() - t0:.1f} s", file=sys.stderr)

    port = free_port()
    api = subprocess.Popen([sys.executable, "-m", "uvicorn", "blobbench.main:create_app",
                            "--factory", "--host", "127.0.0.1", "--port", str(port),
                            "--log-level", "warning"], env=env, cwd=ROOT)
    try:
        import urllib.request

        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/health", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        out = subprocess.run(
            ["node", str(ROOT / "e2e" / "bench" / "run-page.mjs"), f"http://127.0.0.1:{port}",
             str(run_id)],
            env={**env, "CHROMIUM_PATH": os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")},
            cwd=ROOT / "e2e", capture_output=True, text=True, timeout=600,
        )
        if out.returncode != 0:
            print(out.stdout, out.stderr, file=sys.stderr)
            return 1
        figures = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        api.terminate()
        api.wait(timeout=15)

    js = initial_js_gzip(dist)
    rows = [
        ("results rows fetched", f"{figures['rows']:,}", ""),
        ("series drawn (one dataset)", f"{figures['series']}", ""),
        ("ready after data arrived (median of 5)", f"{figures['ready_ms']:.0f} ms", "goal < 1000 ms"),
        ("toggle a series (median of 10)", f"{figures['toggle_ms']:.0f} ms", "goal < 100 ms"),
        ("toggle a series (worst)", f"{figures['toggle_max_ms']:.0f} ms", ""),
        ("initial JavaScript, gzipped", f"{js / 1024:.0f} KB", "goal < 300 KB"),
    ]
    width = max(len(r[0]) for r in rows)
    print("run page, 5,000 cells, Chromium")
    for name, value, goal in rows:
        print(f"  {name:<{width}}  {value:>9}  {goal}")
    print(f"run_page: ready {figures['ready_ms']:.0f} ms, toggle {figures['toggle_ms']:.0f} ms, "
          f"initial JS {js / 1024:.0f} KB gz")
    return 0


if __name__ == "__main__":
    sys.exit(main())
