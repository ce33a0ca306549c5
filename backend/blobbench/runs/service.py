"""Runs and their cells: creation from a matrix, progress, status, cancellation, results."""

from __future__ import annotations

import csv
import io
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from blobbench.core.clock import utcnow
from blobbench.core.config import get_settings
from blobbench.engine import matrix as engine_matrix
from blobbench.engine.errors import MatrixError
from blobbench.engine.presets import MATRIX_PRESETS, preset_matrices_for_target
from blobbench.hosts import service as hosts
from blobbench.models import CELL_FINAL_STATES, RUN_FINAL_STATES, Cell, Result, Run, Target
from blobbench.runs.schemas import (
    MatrixRead,
    Progress,
    ResultRead,
    RunCreate,
    RunRead,
    RunSettings,
)
from blobbench.samples.service import missing_samples

#: Measures with a column of their own (the others stay in ``Result.extra``).
RESULT_MEASURES = (
    "read_bps", "read_bps_median", "read_bps_ci_low", "read_bps_ci_high",
    "write_bps", "write_bps_median", "write_bps_ci_low", "write_bps_ci_high", "ci_halfwidth_pct",
    "converged", "samples", "latency_mean_us", "latency_p50_us", "latency_p95_us",
    "latency_p99_us", "ratio", "encoded_bytes", "wire_bytes", "wire_bps", "disk_bytes",
    "encode_s", "measure_s",
)
CELL_DIMENSIONS = ("method", "storage", "dataset", "size", "workload", "concurrency")


def throughput_column(workload: str) -> str:
    """The throughput a workload measures: ``write_bps`` for writes, ``read_bps`` otherwise."""
    return "write_bps" if workload == "write" else "read_bps"


class RunRejected(Exception):
    """The request cannot become a run; the message says why and what to change."""


@dataclass
class RunPlan:
    """A validated run request: what runs, where from, against what. Schedules keep one too."""

    target: Target
    hosts: list[str]
    parts: list[engine_matrix.Matrix]

    @property
    def matrix(self) -> engine_matrix.Matrix:
        """One matrix holding every value (the run's selectors); the cells are ``specs``."""
        return self.parts[0] if len(self.parts) == 1 else engine_matrix.envelope(self.parts)

    @cached_property
    def specs(self) -> list[engine_matrix.CellSpec]:
        return engine_matrix.expand_all(self.parts)

    @property
    def total_cells(self) -> int:
        return len(self.specs) * len(self.hosts)


def resolve_matrices(matrix: dict[str, Any] | None, preset: str | None,
                     facts: dict[str, Any]) -> list[engine_matrix.Matrix]:
    """The matrices of a request that names either a matrix or a preset (a preset may unite
    several: seed 000 has the compressed-row table only for uncompressed data), a preset fitted
    to the target's ``facts`` (see preset_matrices_for_target)."""
    if (matrix is None) == (preset is None):
        raise RunRejected("Send either a 'matrix' or a 'preset' name (exactly one of them)")
    if preset is None:
        return [engine_matrix.parse_matrix(matrix)]
    if preset not in MATRIX_PRESETS:
        raise RunRejected(f"Unknown preset '{preset}'; choose from: {', '.join(MATRIX_PRESETS)}")
    return preset_matrices_for_target(preset, facts)


def plan_run(session: Session, target_id: int, host_names: list[str],
             matrix: dict[str, Any] | None, preset: str | None = None) -> RunPlan:
    """Check a run request against the target, the hosts and the samples it names.

    Raises RunRejected, or the engine's MatrixError/TargetError, with a reason to act on.
    """
    target = session.get(Target, target_id)
    if target is None:
        raise RunRejected(f"No target with id {target_id}; register it first")
    for name in host_names:
        if hosts.get_host(session, name) is None:
            known = ", ".join(h.name for h in hosts.list_hosts(session)) or "none yet"
            raise RunRejected(f"Unknown host '{name}'; known hosts: {known}")
    plan = RunPlan(target=target, hosts=host_names,
                   parts=resolve_matrices(matrix, preset, target.facts or {}))
    if missing := missing_samples(session, plan.matrix.datasets):
        raise RunRejected(f"Unknown sample(s) {', '.join(map(str, missing))}: upload them first "
                          "(POST /api/v1/samples)")
    limit = get_settings().max_cells
    if plan.total_cells > limit:
        raise MatrixError(f"The matrix has {plan.total_cells} cells; the limit is {limit}. "
                          "Remove some values")
    for part in plan.parts:
        engine_matrix.check_against_target(part, target.facts or {})
    return plan


def host_names(host: str | None, names: list[str] | None) -> list[str]:
    """The hosts of a request: ``hosts``, or ``host`` alone (older clients send only that)."""
    if names is None:
        if host is None:
            raise RunRejected("Name the host to run from: 'host', or several in 'hosts'")
        return [host]
    if host is not None and names[:1] != [host]:
        raise RunRejected("Send 'host' or 'hosts', not both (or make 'host' the first of 'hosts')")
    unique = list(dict.fromkeys(names))
    if len(unique) != len(names):
        raise RunRejected("A host appears twice in 'hosts'; name each host once")
    return unique


def _by_idempotency_key(session: Session, key: str | None) -> Run | None:
    if not key:
        return None
    return session.scalar(select(Run).where(Run.idempotency_key == key))


def create_run(session: Session, body: RunCreate) -> tuple[Run, bool]:
    """Validate the request, store the run and its cells.

    Returns ``(run, created)``; a repeated ``idempotency_key`` returns the existing run.
    """
    if (existing := _by_idempotency_key(session, body.idempotency_key)) is not None:
        return existing, False
    matrix = body.matrix.model_dump() if body.matrix is not None else None
    plan = plan_run(session, body.target_id, host_names(body.host, body.hosts), matrix,
                    body.preset)
    return store_run(session, plan, body.settings.model_dump(), name=body.name,
                     idempotency_key=body.idempotency_key)


def store_run(session: Session, plan: RunPlan, settings: dict[str, Any], *, name: str | None,
              idempotency_key: str | None = None, schedule_id: int | None = None
              ) -> tuple[Run, bool]:
    """Store a planned run and its cells. A concurrent request that used the same
    ``idempotency_key`` first wins: its run is returned with ``created`` False."""
    run = Run(
        name=name, target_id=plan.target.id, host=plan.hosts[0], hosts=plan.hosts,
        active_host=plan.hosts[0], status="queued",
        matrix=asdict(plan.matrix), settings=settings, idempotency_key=idempotency_key,
        total_cells=plan.total_cells, schedule_id=schedule_id,
    )
    try:
        with session.begin_nested():
            session.add(run)
    except IntegrityError:  # a concurrent request with the same idempotency key won
        return _by_idempotency_key(session, idempotency_key), False
    specs = plan.specs
    session.add_all(
        Cell(run_id=run.id, index=h * len(specs) + i, host=host, method=c.method,
             storage=c.storage, dataset=c.dataset, size=c.size, workload=c.workload,
             concurrency=c.concurrency)
        for h, host in enumerate(plan.hosts) for i, c in enumerate(specs)
    )
    session.flush()
    return run, True


def pending_cell_ids(session: Session, run: Run, host: str) -> list[int]:
    return list(session.scalars(
        select(Cell.id).where(Cell.run_id == run.id, Cell.host == host, Cell.status == "pending")
        .order_by(Cell.index)
    ))


def current_host(session: Session, run: Run) -> str | None:
    """The host whose turn it is: the first of the run's hosts with unfinished cells."""
    unfinished = set(session.scalars(
        select(Cell.host).where(Cell.run_id == run.id, Cell.status.in_(("pending", "running")))
        .distinct()
    ))
    return next((h for h in run.hosts if h in unfinished), None)


def advance(session: Session, run: Run) -> str | None:
    """When a host has finished its cells, hand the run to the next host: returns that host,
    whose pending cells the caller queues after commit. A conditional update makes sure
    that, of two requests seeing the same turn, only one returns it."""
    if run.status in RUN_FINAL_STATES:
        return None
    host = current_host(session, run)
    if host is None or host == run.active_host:
        return None
    moved = session.execute(
        update(Run).where(Run.id == run.id, Run.active_host == run.active_host)
        .values(active_host=host).execution_options(synchronize_session=False)
    ).rowcount
    session.expire(run, ["active_host"])
    return host if moved == 1 else None


def progress(session: Session, run: Run) -> Progress:
    counts = dict(session.execute(
        select(Cell.status, func.count()).where(Cell.run_id == run.id).group_by(Cell.status)
    ).all())
    finished = sum(counts.get(s, 0) for s in CELL_FINAL_STATES)
    return Progress(done=finished, failed=counts.get("error", 0),
                    running=counts.get("running", 0), total=run.total_cells)


def refresh_status(session: Session, run: Run) -> None:
    """Move the run to its final state once every cell has finished."""
    if run.status in RUN_FINAL_STATES:
        return
    p = progress(session, run)
    if p.total and p.done >= p.total:
        ok = p.done - p.failed
        run.status = "succeeded" if p.failed == 0 else ("partial" if ok else "failed")
        run.finished_at = utcnow()
        if run.status != "succeeded":
            run.message = f"{p.failed} of {p.total} cells failed"
    session.flush()


def cancel(session: Session, run: Run) -> Run:
    if run.status in RUN_FINAL_STATES:
        return run
    now = utcnow()
    for cell in session.scalars(select(Cell).where(Cell.run_id == run.id,
                                                   Cell.status == "pending")):
        cell.status, cell.finished_at = "canceled", now
    run.status, run.finished_at = "canceled", now
    run.message = "Canceled"
    session.flush()
    return run


def to_read(session: Session, run: Run) -> RunRead:
    message = run.message
    waiting_on = run.active_host or run.host
    if run.status in ("queued", "running") and not hosts.is_online(
            hosts.get_host(session, waiting_on)):
        message = (f"Waiting: host '{waiting_on}' is offline; its cells run when its worker "
                   "is back")
    return RunRead(
        id=run.id, name=run.name, target_id=run.target_id, target_name=run.target.name,
        host=run.host, hosts=list(run.hosts), active_host=run.active_host, status=run.status,
        matrix=MatrixRead(**run.matrix),
        settings=RunSettings(**run.settings), progress=progress(session, run), message=message,
        schedule_id=run.schedule_id, created_at=run.created_at, started_at=run.started_at,
        finished_at=run.finished_at,
    )


def list_runs(session: Session, limit: int = 200, schedule_id: int | None = None) -> list[Run]:
    query = select(Run)
    if schedule_id is not None:
        query = query.where(Run.schedule_id == schedule_id)
    return list(session.scalars(query.order_by(Run.id.desc()).limit(limit)))


def results(session: Session, run: Run) -> list[ResultRead]:
    rows = session.execute(
        select(Cell, Result).join(Result, Result.cell_id == Cell.id)
        .where(Cell.run_id == run.id).order_by(Cell.index)
    ).all()
    return [result_read(cell, result) for cell, result in rows]


def result_read(cell: Cell, result: Result) -> ResultRead:
    return ResultRead(
        cell_id=cell.id, host=cell.host, created_at=result.created_at, extra=result.extra or {},
        **{d: getattr(cell, d) for d in CELL_DIMENSIONS},
        **{m: getattr(result, m) for m in RESULT_MEASURES},
    )


def results_csv(rows: list[ResultRead]) -> str:
    columns = ("cell_id", *CELL_DIMENSIONS, *RESULT_MEASURES, "host")  # host last: older readers
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        data = row.model_dump()
        writer.writerow("" if data[c] is None else data[c] for c in columns)
    return out.getvalue()
