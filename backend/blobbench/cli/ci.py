"""``blobbench ci``: start a run through the API, wait for it, compare it, gate the build.

Exit codes: 0 the run succeeded and nothing regressed, 1 a cell regressed against the
baseline, 2 the run failed or was canceled, a cell failed, the request was refused, or the
API could not be reached. Talks to the API only (plain HTTP + a run token), so it works from
any CI machine that can reach BlobBench.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table

from blobbench.engine.limits import fmt_bytes

OK, REGRESSED, FAILED = 0, 1, 2
FINAL = ("succeeded", "partial", "failed", "canceled")


class CiError(Exception):
    """Stop with exit code 2 and this message."""


def _threshold(value: str) -> float:
    try:
        pct = float(value.strip().rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad threshold '{value}': use a percentage like 5%")
    if pct <= 0:
        raise argparse.ArgumentTypeError("the threshold must be above 0%")
    return pct


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ci", help="run a matrix through the API and fail on regressions",
                       description="Start a run through the API, wait for it, compare it with "
                                   "a baseline. Exit 0: no regression, 1: regression, 2: the "
                                   "run failed, the request was refused or the API is "
                                   "unreachable.")
    p.add_argument("--url", default=os.environ.get("BLOBBENCH_URL"),
                   help="BlobBench URL, e.g. https://bench.example.com (env BLOBBENCH_URL)")
    p.add_argument("--token", default=os.environ.get("BLOBBENCH_TOKEN"),
                   help="a run or admin token (env BLOBBENCH_TOKEN: keeps it out of logs)")
    p.add_argument("--target", required=True, help="target name or id")
    p.add_argument("--host", action="append", required=True, dest="hosts",
                   help="host to run from; repeat for several (they run one after another)")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--preset", help="a named preset: quick, seed000, seed000_real, seed001")
    what.add_argument("--matrix", type=Path,
                      help="JSON (or YAML) file: a matrix, or {matrix: …, settings: …}")
    p.add_argument("--baseline", help="run id or last:N to compare with (default: no comparison)")
    p.add_argument("--threshold", type=_threshold, default=5.0,
                   help="smallest change that counts, e.g. 5%% (default 5%%)")
    p.add_argument("--idempotency-key", help="a retried job with the same key gets the same run")
    p.add_argument("--name", help="run name (default: ci <idempotency key>)")
    p.add_argument("--time-budget", type=float, help="seconds of sampling per cell at most")
    p.add_argument("--report", type=Path, help="write a JSON report here")
    p.add_argument("--timeout", type=float, default=3600.0,
                   help="give up waiting after this many seconds (exit 2; the run goes on)")
    p.add_argument("--poll", type=float, default=2.0, help=argparse.SUPPRESS)
    p.set_defaults(handler=run)


# --- talking to the API -------------------------------------------------------------------


def _call(http: httpx.Client, method: str, path: str, **kwargs: Any) -> Any:
    try:
        response = http.request(method, path, **kwargs)
    except httpx.HTTPError as exc:
        raise CiError(f"BlobBench is unreachable at {http.base_url}: "
                      f"{exc.__class__.__name__}: {exc}") from exc
    if response.status_code >= 400:
        try:
            detail = response.json().get("detail")
        except ValueError:
            detail = response.text[:300]
        if isinstance(detail, list):  # a schema error: say which field
            detail = "; ".join(f"{'.'.join(map(str, d.get('loc', [])))}: {d.get('msg')}"
                               for d in detail)
        raise CiError(f"{method} {path} was refused (HTTP {response.status_code}): {detail}")
    return response.json()


def _target_id(http: httpx.Client, target: str) -> int:
    if target.isdigit():
        return int(target)
    targets = _call(http, "GET", "/targets")
    for t in targets:
        if t["name"] == target:
            return t["id"]
    known = ", ".join(t["name"] for t in targets) or "none"
    raise CiError(f"No target named '{target}'; known targets: {known}")


def _matrix_file(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text()
    except OSError as exc:
        raise CiError(f"Cannot read the matrix file {path}: {exc.strerror}") from exc
    try:
        if path.suffix in (".yml", ".yaml"):
            import yaml

            data = yaml.safe_load(text)
        else:
            data = json.loads(text)
    except (ValueError, ImportError) as exc:
        raise CiError(f"{path} is not valid {path.suffix.lstrip('.') or 'JSON'}: {exc}") from exc
    if not isinstance(data, dict):
        raise CiError(f"{path} must hold an object: a matrix, or {{matrix: …, settings: …}}")
    return data


def _request(args: argparse.Namespace, target_id: int) -> dict[str, Any]:
    body: dict[str, Any] = {"target_id": target_id, "hosts": args.hosts}
    settings: dict[str, Any] = {}
    if args.preset:
        body["preset"] = args.preset
    else:
        data = _matrix_file(args.matrix)
        if "matrix" in data:
            body["matrix"], settings = data["matrix"], dict(data.get("settings") or {})
        else:
            body["matrix"] = data
    if args.time_budget is not None:
        settings["time_budget_s"] = args.time_budget
    if settings:
        body["settings"] = settings
    if args.idempotency_key:
        body["idempotency_key"] = args.idempotency_key
    body["name"] = args.name or (f"ci {args.idempotency_key}" if args.idempotency_key else "ci")
    return body


def progress_line(run: dict[str, Any]) -> str:
    p = run["progress"]
    line = f"run {run['id']} {run['status']}: {p['done']}/{p['total']} cells"
    if p["failed"]:
        line += f", {p['failed']} failed"
    if run["status"] in ("queued", "running") and run.get("active_host"):
        line += f" (host {run['active_host']})"
    if run.get("message") and run["status"] in ("queued", "running"):
        line += f" — {run['message']}"
    return line


def _wait(http: httpx.Client, run: dict[str, Any], timeout: float, poll: float,
          err: Console) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    last = None
    while True:
        line = progress_line(run)
        if line != last:
            if err.is_terminal:
                err.print(f"\r{line}", end="", highlight=False, soft_wrap=True)
            else:
                err.print(line, highlight=False, soft_wrap=True)
            last = line
        if run["status"] in FINAL:
            if err.is_terminal:
                err.print()
            return run
        if time.monotonic() > deadline:
            raise CiError(f"Gave up after {timeout:.0f} s; run {run['id']} is still "
                          f"{run['status']} (it goes on: GET /api/v1/runs/{run['id']})")
        time.sleep(poll)
        run = _call(http, "GET", f"/runs/{run['id']}")


# --- output -------------------------------------------------------------------------------


def _mbps(value: float | None) -> str:
    return "-" if value is None else f"{value / 1e6:,.1f}"


def _table(results: list[dict], comparison: dict | None) -> Table:
    table = Table(title="Results" + (f" vs baseline {comparison['baseline']}"
                                     if comparison else ""))
    for col in ("host", "method", "storage", "dataset", "size", "workload", "clients", "MB/s",
                "±%"):
        table.add_column(col, justify="right" if col in ("size", "clients", "MB/s", "±%")
                         else "left")
    verdicts = {}
    if comparison:
        for col in ("baseline MB/s", "change", "p", "verdict"):
            table.add_column(col, justify="left" if col == "verdict" else "right")
        verdicts = {c["cell_id"]: c for c in comparison["cells"]}
    style = {"regressed": "red", "improved": "green"}
    for r in results:
        mbps = r["write_bps"] if r["workload"] == "write" else r["read_bps"]
        row = [r["host"], r["method"], r["storage"], r["dataset"], fmt_bytes(r["size"]),
               r["workload"], str(r["concurrency"]), _mbps(mbps),
               f"{r.get('ci_halfwidth_pct') or 0:.1f}"]
        if comparison:
            c = verdicts.get(r["cell_id"])
            if c is None:
                row += ["-", "-", "-", "-"]
            else:
                v = c["verdict"]
                row += [
                    _mbps(c["baseline_mean"]) if c["measure"].endswith("bps")
                    else f"{c['baseline_mean'] or 0:,.1f}",
                    "-" if c["change_pct"] is None else f"{c['change_pct']:+.1f}%",
                    "-" if c["p_value"] is None else f"{c['p_value']:.2g}",
                    f"[{style[v]}]{v}[/{style[v]}]" if v in style else v,
                ]
        table.add_row(*row)
    return table


def _summary(run: dict, comparison: dict | None, code: int) -> str:
    p = run["progress"]
    text = f"run {run['id']} {run['status']}: {p['done'] - p['failed']}/{p['total']} cells measured"
    if comparison:
        s = comparison["summary"]
        runs = comparison["baseline_run_ids"] or "none"
        text += (f"; vs {comparison['baseline']} (runs {runs}): "
                 f"{s['regressed']} regressed, {s['improved']} improved, "
                 f"{s['unchanged']} unchanged, {s['no_baseline']} without baseline")
        if s["worst"]:
            w = s["worst"]
            text += (f"; worst {w['host']} {w['method']} {w['storage']} {w['dataset']} "
                     f"{fmt_bytes(w['size'])} {w['change_pct']:+.1f}%")
    return text + {OK: " — OK", REGRESSED: " — REGRESSION", FAILED: " — FAILED"}[code]


def _write_report(path: Path | None, report: dict) -> None:
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n")


def run(args: argparse.Namespace) -> int:
    out, err = Console(), Console(stderr=True)
    if not out.is_terminal:
        out = Console(width=200)
    report: dict[str, Any] = {"url": args.url, "run": None, "results": [], "comparison": None}
    try:
        if not args.url:
            raise CiError("Say where BlobBench is: --url or BLOBBENCH_URL")
        if not args.token:
            raise CiError("A token is needed: --token or BLOBBENCH_TOKEN "
                          "(`blobbench token create --scope run`)")
        with httpx.Client(base_url=f"{args.url.rstrip('/')}/api/v1", timeout=30,
                          headers={"Authorization": f"Bearer {args.token}"}) as http:
            body = _request(args, _target_id(http, args.target))
            started = _call(http, "POST", "/runs", json=body)
            err.print(f"run {started['id']}: {started['progress']['total']} cells on "
                      f"{started['target_name']} from {', '.join(started['hosts'])}",
                      highlight=False)
            final = _wait(http, started, args.timeout, args.poll, err)
            report["run"] = final
            report["results"] = _call(http, "GET", f"/runs/{final['id']}/results")
            if args.baseline and final["status"] in ("succeeded", "partial"):
                report["comparison"] = _call(http, "GET", f"/runs/{final['id']}/compare",
                                             params={"baseline": args.baseline,
                                                     "threshold": args.threshold})
    except CiError as exc:
        err.print(f"blobbench ci: {exc}", highlight=False, markup=False, soft_wrap=True)
        report.update(exit_code=FAILED, error=str(exc))
        _write_report(args.report, report)
        return FAILED

    comparison = report["comparison"]
    if final["status"] != "succeeded":
        code = FAILED
    elif comparison and comparison["summary"]["regressed"]:
        code = REGRESSED
    else:
        code = OK
    out.print(_table(report["results"], comparison))
    out.print(_summary(final, comparison, code), highlight=False)
    if final["status"] != "succeeded" and final.get("message"):
        err.print(f"blobbench ci: run {final['id']} {final['status']}: {final['message']}",
                  highlight=False, markup=False, soft_wrap=True)
    report["exit_code"] = code
    _write_report(args.report, report)
    return code
