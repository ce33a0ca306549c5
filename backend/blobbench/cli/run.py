"""``blobbench run``: measure a matrix straight from this machine, without API or Celery."""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from blobbench.engine import matrix as engine_matrix
from blobbench.engine.codec_lab import lab_methods, link_speed
from blobbench.engine.errors import EngineError
from blobbench.engine.limits import fmt_bytes
from blobbench.engine.measure import STUDY_WORKLOADS, MeasureSettings, run_cell
from blobbench.engine.presets import MATRIX_PRESETS, preset_matrices_for_target
from blobbench.engine.target import TargetConn, probe
from blobbench.targets.service import parse_dsn

COLUMNS = ("method", "storage", "dataset", "size", "workload", "concurrency", "read_bps",
           "read_bps_ci_low", "read_bps_ci_high", "ci_halfwidth_pct", "converged", "samples",
           "latency_p50_us", "latency_p99_us", "ratio", "wire_bytes", "error")


def _csv_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def _methods(value: str) -> list[str]:
    """Methods; ``lab`` stands for the codec lab's whole ladder of codecs and levels."""
    out: list[str] = []
    for v in _csv_list(value):
        out += lab_methods() if v.lower() == "lab" else [v]
    return out


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("run", help="measure a matrix directly against a target (no API)")
    p.add_argument("--dsn", required=True, help="mysql://user:password@host:port/schema")
    p.add_argument("--preset", choices=sorted(MATRIX_PRESETS),
                   help="a named matrix (e.g. seed000: 3,920 cells) instead of the options below")
    p.add_argument("--methods", type=_methods, default=["none"],
                   help="comma-separated; 'lab' = every codec and level of the codec lab")
    p.add_argument("--storages", type=_csv_list, default=["dynamic"])
    p.add_argument("--datasets", type=_csv_list, default=["random:62"])
    p.add_argument("--sizes", type=_csv_list, default=["1KiB", "64KiB", "1MiB"])
    p.add_argument("--workloads", type=_csv_list, default=["read"])
    p.add_argument("--driver", default="mysqlclient", choices=["mysqlclient", "pymysql", "mysql-connector"])
    p.add_argument("--ci-target", type=float, default=0.02)
    p.add_argument("--time-budget", type=float, default=5.0, help="seconds per cell at most")
    p.add_argument("--warmup", type=float, default=0.25, help="warm-up seconds per cell")
    p.add_argument("--rows", type=int, default=None,
                   help="rows a load/load_then_index cell loads (default: 64 MiB of bodies) or a binlog cell writes (default: 4 MiB)")
    p.add_argument("--lab-bytes", default="2MiB",
                   help="bytes of the dataset a codec_lab cell cuts into blocks")
    p.add_argument("--link", type=_csv_list, default=["100Mbit", "1Gbit", "10Gbit"],
                   help="link speeds for the codec lab's projection (e.g. 100Mbit,10Gbit)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print JSON rows instead of a table")
    out.add_argument("--csv", action="store_true", help="print CSV instead of a table")
    p.set_defaults(handler=run)


def _mbps(v: float | None) -> str:
    return "-" if v is None else f"{v / 1e6:,.1f}"


def run(args: argparse.Namespace) -> int:
    err = Console(stderr=True)
    try:
        fields = parse_dsn(args.dsn)
        target = TargetConn(driver=args.driver, **fields)
        facts = probe(target)
        if args.preset:
            matrices = preset_matrices_for_target(args.preset, facts)
        else:
            matrices = [engine_matrix.parse_matrix({
                "methods": args.methods, "storages": args.storages, "datasets": args.datasets,
                "sizes": args.sizes, "workloads": args.workloads,
            })]
        cells = engine_matrix.expand_all(matrices)
        for m in matrices:
            engine_matrix.check_against_target(m, facts)
        links = [(name, link_speed(name)) for name in args.link]
        lab_bytes = engine_matrix.parse_size(args.lab_bytes)
    except (EngineError, ValueError) as exc:
        err.print(f"[red]error:[/red] {exc}")
        return 2
    settings = MeasureSettings(ci_target=args.ci_target, time_budget_s=args.time_budget,
                               warmup_s=args.warmup, load_rows=args.rows, lab_bytes=lab_bytes)
    rows: list[dict] = []
    started = time.monotonic()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, transient=False) as bar:
        task = bar.add_task("measuring", total=len(cells))
        for cell in cells:
            bar.update(task, description=f"{cell.method} · {cell.storage} · {cell.dataset} · {cell.size}")
            row = {k: getattr(cell, k) for k in ("method", "storage", "dataset", "size",
                                                 "workload", "concurrency")}
            try:
                row.update(run_cell(target, cell, settings))
                row["error"] = None
            except EngineError as exc:
                row["error"] = exc.message
            rows.append(row)
            bar.advance(task)
    failed = sum(1 for r in rows if r["error"])
    studies = {r["workload"] for r in rows} & set(STUDY_WORKLOADS)
    if args.json:
        # study cells keep every measure (speeds, sizes, times), without context and samples
        json.dump([{k: v for k, v in r.items() if k not in ("context", "raw_samples_us")}
                   if r["workload"] in STUDY_WORKLOADS else {k: r.get(k) for k in COLUMNS}
                   for r in rows], sys.stdout, indent=1)
        print()
    elif args.csv:
        writer = csv.DictWriter(sys.stdout, fieldnames=COLUMNS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    else:
        table = Table(title=f"{len(rows)} cells on {facts.get('flavour')} {facts.get('version')}"
                            f" in {time.monotonic() - started:.0f} s")
        for col in ("method", "storage", "dataset", "size", "MB/s", "±%", "ratio", "p99 µs"):
            table.add_column(col, justify="right" if col not in ("method", "storage", "dataset") else "left")
        plain = [r for r in rows if r["workload"] not in STUDY_WORKLOADS or r["error"]]
        for r in plain:
            if r["error"]:
                table.add_row(r["method"], r["storage"], r["dataset"], fmt_bytes(r["size"]),
                              f"[red]{r['error']}[/red]", "", "", "")
                continue
            table.add_row(r["method"], r["storage"], r["dataset"], fmt_bytes(r["size"]),
                          _mbps(r.get("read_bps")), f"{r.get('ci_halfwidth_pct') or 0:.1f}",
                          f"{r.get('ratio') or 0:.2f}", f"{r.get('latency_p99_us') or 0:,.0f}")
        out = Console()
        if not out.is_terminal:
            out = Console(width=160)
        if plain:
            out.print(table)
        if studies:
            from blobbench.cli.studies import (
                binlog_table,
                codec_lab_tables,
                load_size_table,
            )

            if studies & {"load", "load_then_index"}:
                out.print(load_size_table(rows))
            if studies & {"binlog", "binlog_row"}:
                out.print(binlog_table(rows))
            if "codec_lab" in studies:
                codec_lab_tables(rows, links, out)
    return 1 if failed else 0
