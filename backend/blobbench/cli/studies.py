"""The seed-style tables of the studies, for ``blobbench run``: seed 002's load-and-size summary,
seed 003's binlog compression and seed 004's codec lab (speeds, ratio, Pareto frontier, best-speed line, link projection)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

from rich.console import Console
from rich.table import Table

from blobbench.engine import binlog
from blobbench.engine.codec_lab import pareto_frontier, projection, speed_line
from blobbench.engine.limits import fmt_bytes
from blobbench.engine.load_size import summary

DEFAULT_LINKS = ["100Mbit", "1Gbit", "10Gbit"]


def _mb(v: float | None) -> str:
    return "-" if v is None else f"{v / 1e6:,.1f}"


def _pm(v: float | None) -> str:
    return "" if v is None else f"±{v:.0f}%"


def _ratio(v: float | None) -> str:
    return "" if v is None else f" ({v:.2f})"


def load_size_table(rows: Sequence[dict[str, Any]]) -> Table:
    """Seed 002's summary: test, load time and size, each with its ratio to the baseline."""
    table = Table(title="Load and size (seed 002) — ratio to baseline in parentheses")
    for col in ("test", "dataset", "body", "rows", "load time, s", "size, MiB",
                "before indexes, MiB"):
        table.add_column(col, justify="left" if col in ("test", "dataset") else "right")
    for r in summary(rows):
        label = r["label"] + (" (baseline)" if r["baseline"] else "")
        size = "-" if r["disk_bytes"] is None else f"{r['disk_bytes'] / 2**20:,.1f}"
        before = ("" if r["disk_bytes_before_index"] is None
                  else f"{r['disk_bytes_before_index'] / 2**20:,.1f}")
        table.add_row(label, str(r["dataset"]), fmt_bytes(r["size"] or 0), f"{r['rows']:,}",
                      f"{r['load_s']:,.2f}{_ratio(None if r['baseline'] else r['load_ratio'])}",
                      size + _ratio(None if r["baseline"] else r["size_ratio"]), before)
    return table


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:.0f}%"


def _num(v: float | None, fmt: str = ",.0f") -> str:
    return "-" if v is None else format(v, fmt)


def binlog_table(rows: Sequence[dict[str, Any]]) -> Table:
    """Seed 003's comparison: per cell, binlog bytes per transaction, transactions per binlog
    file, and server and client CPU with compression off and on."""
    table = Table(title="Binlog compression (seed 003) — off → on")
    for col in ("cell", "rows", "bytes/trx", "saved", "trx per binlog file", "server CPU, s",
                "client CPU, s", "trx/s"):
        table.add_column(col, justify="left" if col == "cell" else "right")
    for r in binlog.summary(rows):
        table.add_row(
            r["label"], f"{r['rows'] or 0:,}",
            f"{_num(r['bytes_per_trx_off'])} → {_num(r['bytes_per_trx_on'])}",
            _pct(r["binlog_saved"]),
            f"{_num(r['transactions_per_file_off'])} → {_num(r['transactions_per_file_on'])}",
            f"{_num(r['server_cpu_s_off'], '.2f')} → {_num(r['server_cpu_s_on'], '.2f')}",
            f"{_num(r['client_cpu_s_off'], '.2f')} → {_num(r['client_cpu_s_on'], '.2f')}",
            f"{_num(r['tps_off'])} → {_num(r['tps_on'])}")
    return table


def _lab_key(r: dict[str, Any]) -> tuple:
    return (str(r.get("dataset")), int(r.get("size") or 0))


def codec_lab_tables(rows: Sequence[dict[str, Any]], links: Sequence[tuple[str, float]],
                     console: Console) -> None:
    """Per dataset and block size: every codec's speeds and ratio (frontier marked ★), the
    seed's best-speed line (frontier of compression speed against size), and which codecs
    deliver the most over each link."""
    lab = sorted((r for r in rows if r.get("workload") == "codec_lab" and not r.get("error")),
                 key=_lab_key)
    for (dataset, block), group in groupby(lab, key=_lab_key):
        group = list(group)
        front = pareto_frontier(group, lambda r: r.get("compress_bps"),
                                lambda r: r.get("stored_fraction"))
        on_front = {id(r) for r in front}
        table = Table(title=f"Codec lab (seed 004): {dataset} in {fmt_bytes(block)} blocks "
                            f"— ★ on the compression-speed / size frontier")
        for col in ("", "codec", "ratio", "size %", "compress MB/s", "", "decompress MB/s", "",
                    "compress CPU MB/s", "decompress CPU MB/s"):
            table.add_column(col, justify="left" if col in ("", "codec") else "right")
        for r in sorted(group, key=lambda r: -(r.get("compress_bps") or float("inf"))):
            table.add_row("★" if id(r) in on_front else "", r["method"],
                          f"{r.get('ratio') or 0:.2f}",
                          f"{100 * (r.get('stored_fraction') or 1):.1f}",
                          _mb(r.get("compress_bps")), _pm(r.get("compress_ci_halfwidth_pct")),
                          _mb(r.get("decompress_bps")),
                          _pm(r.get("decompress_ci_halfwidth_pct")),
                          _mb(r.get("compress_cpu_bps")), _mb(r.get("decompress_cpu_bps")))
        console.print(table)
        console.print(speed_line([r["method"] for r in front]))
        for name, bps in links:
            proj = projection(group, bps)
            best_read = [p for p in proj if p["read_bps"]][:3]
            best_write = sorted((p for p in proj if p["write_bps"]),
                                key=lambda p: -p["write_bps"])[:3]
            console.print(
                f"over {name}: reads  " + ", ".join(
                    f"{p['method']} {_mb(p['read_bps'])} MB/s" for p in best_read)
                + "\n" + " " * (len(name) + 6) + "writes " + ", ".join(
                    f"{p['method']} {_mb(p['write_bps'])} MB/s" for p in best_write))
        console.print()
