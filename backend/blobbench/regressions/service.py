"""Regressions: a run's cells against a baseline's, and alerts for scheduled runs.

A baseline is a pinned run (``"123"``) or ``"last:N"``: the previous N succeeded or partial
runs on the same host and target — of the same schedule for a scheduled run, with the same
matrix otherwise. Cells are matched on their host and dimensions; the statistics live in
:mod:`blobbench.engine.compare`.
"""

from __future__ import annotations

import re
from collections import defaultdict
from statistics import fmean

from sqlalchemy import exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from blobbench.core.clock import utcnow
from blobbench.engine import compare as stats
from blobbench.models import Alert, Cell, Result, Run, Schedule
from blobbench.regressions.schemas import (
    AlertCell,
    AlertRead,
    CellComparison,
    Comparison,
    ComparisonSummary,
)
from blobbench.runs.service import CELL_DIMENSIONS, throughput_column

BASELINE_STATES = ("succeeded", "partial")
_BASELINE_RE = re.compile(r"^\s*(?:(\d+)|last:(\d+))\s*$")
MAX_LAST = 50
_CANDIDATES = 500  # unscheduled last:N looks this far back for runs of the same matrix


class CompareRejected(Exception):
    """The comparison cannot be made as asked; the message says what to change."""


def parse_baseline(spec: str) -> tuple[str, int]:
    """``("run", id)`` or ``("last", N)``."""
    m = _BASELINE_RE.match(spec or "")
    if not m:
        raise CompareRejected(f"Baseline '{spec}' is neither a run id nor 'last:N' (e.g. last:3)")
    if m.group(1):
        return "run", int(m.group(1))
    n = int(m.group(2))
    if not 1 <= n <= MAX_LAST:
        raise CompareRejected(f"Baseline '{spec}': N must be between 1 and {MAX_LAST}")
    return "last", n


def run_hosts(run: Run) -> list[str]:
    return list(run.hosts)


def baseline_runs(session: Session, run: Run, spec: str, host: str) -> list[Run]:
    """The runs the cells of ``run`` on ``host`` are compared with, newest first."""
    kind, n = parse_baseline(spec)
    if kind == "run":
        if n == run.id:
            raise CompareRejected("A run cannot be its own baseline; pick an earlier run or "
                                  "last:N")
        base = session.get(Run, n)
        if base is None:
            raise CompareRejected(f"Baseline run {n} does not exist")
        return [base] if host in run_hosts(base) else []
    on_host = exists().where(Cell.run_id == Run.id, Cell.host == host)
    query = select(Run).where(Run.id < run.id, Run.status.in_(BASELINE_STATES),
                              Run.target_id == run.target_id, on_host)
    if run.schedule_id is not None:
        return list(session.scalars(query.where(Run.schedule_id == run.schedule_id)
                                    .order_by(Run.id.desc()).limit(n)))
    candidates = session.scalars(query.order_by(Run.id.desc()).limit(_CANDIDATES))
    return [r for r in candidates if r.matrix == run.matrix][:n]


def _column(measure: str, workload: str) -> str:
    return throughput_column(workload) if measure == "throughput" else measure


def _key(cell: Cell) -> tuple:
    return (cell.host, *(getattr(cell, d) for d in CELL_DIMENSIONS))


def compare(session: Session, run: Run, spec: str, threshold_pct: float,
            alpha: float = stats.DEFAULT_ALPHA, measure: str = "throughput") -> Comparison:
    """Every measured cell of ``run`` with its verdict against the baseline ``spec``."""
    per_host = {host: baseline_runs(session, run, spec, host) for host in run_hosts(run)}
    if parse_baseline(spec)[0] == "run" and not any(per_host.values()):
        base = session.get(Run, parse_baseline(spec)[1])
        raise CompareRejected(
            f"Baseline run {base.id} ran from {', '.join(run_hosts(base))}, this run from "
            f"{', '.join(run_hosts(run))}; cells are compared on the same host: pick a run "
            "from one of its hosts")
    wanted = {host: {r.id for r in runs} for host, runs in per_host.items()}
    all_ids = sorted({i for ids in wanted.values() for i in ids})
    baseline: dict[tuple, list[Result]] = defaultdict(list)
    if all_ids:
        for cell, result in session.execute(
            select(Cell, Result).join(Result, Result.cell_id == Cell.id)
            .where(Cell.run_id.in_(all_ids))
        ).all():
            if cell.run_id in wanted.get(cell.host, ()):
                baseline[_key(cell)].append(result)

    cells = []
    for cell, result in session.execute(
        select(Cell, Result).join(Result, Result.cell_id == Cell.id)
        .where(Cell.run_id == run.id).order_by(Cell.index)
    ).all():
        column = _column(measure, cell.workload)
        direction = stats.DIRECTIONS[column]
        base = baseline.get(_key(cell), [])
        values = [v for r in base if (v := getattr(r, column)) is not None]
        pooled = [s for r in base for s in (r.raw_samples_us or [])]
        current = getattr(result, column)
        p_value = None
        if pooled and result.raw_samples_us:
            p_value = stats.mann_whitney_u(result.raw_samples_us, pooled).p_value
        change = stats.change_pct(fmean(values) if values else None, current)
        cells.append(CellComparison(
            cell_id=cell.id, host=cell.host, **{d: getattr(cell, d) for d in CELL_DIMENSIONS},
            measure=column, higher_is_better=direction > 0,
            baseline_mean=fmean(values) if values else None, current_mean=current,
            change_pct=change, p_value=p_value, baseline_runs=len({r.run_id for r in base}),
            baseline_samples=len(pooled), current_samples=len(result.raw_samples_us or []),
            verdict=stats.verdict(change, p_value, direction, threshold_pct, alpha)
            if base else "no_baseline",
        ))
    return Comparison(
        run_id=run.id, run_status=run.status, baseline=spec.strip(), baseline_run_ids=all_ids,
        threshold_pct=threshold_pct, alpha=alpha, measure=measure, summary=summarize(cells),
        cells=cells,
    )


def summarize(cells: list[CellComparison]) -> ComparisonSummary:
    counts = {v: sum(c.verdict == v for c in cells)
              for v in ("improved", "unchanged", "regressed", "no_baseline")}
    regressed = [c for c in cells if c.verdict == "regressed"]
    worst = min(regressed, key=lambda c: (c.change_pct or 0) * (1 if c.higher_is_better else -1),
                default=None)
    if counts["regressed"]:
        overall = "regressed"
    elif counts["improved"]:
        overall = "improved"
    elif cells and counts["no_baseline"] == len(cells):
        overall = "no_baseline"
    else:
        overall = "unchanged"
    return ComparisonSummary(verdict=overall, cells=len(cells), worst=worst, **counts)


# --- alerts -------------------------------------------------------------------------------


def check_scheduled_run(session: Session, run: Run) -> Alert | None:
    """When a scheduled run has finished, compare it with its schedule's baseline and keep
    an alert if any cell regressed. Harmless to call twice (one alert per run)."""
    if run.schedule_id is None or run.status not in BASELINE_STATES:
        return None
    schedule = session.get(Schedule, run.schedule_id)
    if schedule is None or not schedule.baseline:
        return None
    if session.scalar(select(Alert.id).where(Alert.run_id == run.id)) is not None:
        return None
    try:
        comparison = compare(session, run, schedule.baseline, schedule.threshold_pct)
    except CompareRejected:  # e.g. the pinned baseline run was deleted
        return None
    if not comparison.summary.regressed:
        return None
    regressed = [c for c in comparison.cells if c.verdict == "regressed"]
    worst = comparison.summary.worst
    alert = Alert(
        run_id=run.id, schedule_id=schedule.id, baseline=comparison.baseline,
        baseline_run_ids=comparison.baseline_run_ids, threshold_pct=comparison.threshold_pct,
        regressed=len(regressed), worst_change_pct=worst.change_pct if worst else None,
        cells=[AlertCell(**c.model_dump()).model_dump() for c in regressed],
    )
    try:
        with session.begin_nested():
            session.add(alert)
    except IntegrityError:  # another report of the same run got there first
        return None
    return alert


def list_alerts(session: Session, acknowledged: bool | None, schedule_id: int | None,
                limit: int) -> list[Alert]:
    query = select(Alert)
    if acknowledged is not None:
        query = query.where(Alert.acknowledged_at.is_not(None) if acknowledged
                            else Alert.acknowledged_at.is_(None))
    if schedule_id is not None:
        query = query.where(Alert.schedule_id == schedule_id)
    return list(session.scalars(query.order_by(Alert.id.desc()).limit(limit)))


def acknowledge(session: Session, alert: Alert, by: str) -> Alert:
    if alert.acknowledged_at is None:
        alert.acknowledged_at, alert.acknowledged_by = utcnow(), by
    session.flush()
    return alert


def alerts_by_cell(session: Session, run_ids: list[int]) -> dict[int, tuple[int, float | None]]:
    """For history markers: regressed cell id → (alert id, change %)."""
    if not run_ids:
        return {}
    out = {}
    for alert in session.scalars(select(Alert).where(Alert.run_id.in_(run_ids))):
        for cell in alert.cells:
            out[cell["cell_id"]] = (alert.id, cell.get("change_pct"))
    return out


def to_read(session: Session, alert: Alert) -> AlertRead:
    run = session.get(Run, alert.run_id)
    return AlertRead(
        id=alert.id, run_id=alert.run_id, run_name=run.name, schedule_id=alert.schedule_id,
        target_id=run.target_id, target_name=run.target.name, baseline=alert.baseline,
        baseline_run_ids=list(alert.baseline_run_ids), threshold_pct=alert.threshold_pct,
        regressed=alert.regressed, worst_change_pct=alert.worst_change_pct,
        cells=[AlertCell(**c) for c in alert.cells], created_at=alert.created_at,
        acknowledged_at=alert.acknowledged_at, acknowledged_by=alert.acknowledged_by,
    )
