"""What workers may do: claim a cell, touch it while measuring, report its result or error,
ask whether to stop; and the sweep, the runs' watchdog that beat has a worker call."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from blobbench.core.clock import as_utc, utcnow
from blobbench.core.config import get_settings
from blobbench.models import (
    CELL_FINAL_STATES,
    RUN_FINAL_STATES,
    Cell,
    Dictionary,
    Result,
    Run,
)
from blobbench.regressions import service as regressions
from blobbench.runs import service as runs
from blobbench.runs.schemas import RunSettings
from blobbench.targets.service import connection_for
from blobbench.workers.schemas import (
    CellAssignment,
    CellErrorReport,
    CellSpecOut,
    ResultReport,
    TargetSecret,
)

#: When this API process started: a cell cannot be blamed for not touching an API that was
#: not there, so staleness is counted from here at the earliest.
PROCESS_STARTED_AT = utcnow()


def settle(session: Session, run: Run) -> None:
    """Move the run to its final state once every cell has finished; a scheduled run that
    just finished is compared with its schedule's baseline (and may raise an alert)."""
    was_open = run.status not in RUN_FINAL_STATES
    runs.refresh_status(session, run)
    if was_open and run.status in RUN_FINAL_STATES:
        regressions.check_scheduled_run(session, run)


def table_name(run: Run, cell: Cell) -> str:
    return f"bb_r{run.id}_c{cell.index}"


def silent_for(cell: Cell, now: datetime) -> float:
    """Seconds since the last sign of life of the worker measuring ``cell`` (its claim or
    its last touch), counted from this API process's start at the earliest."""
    last = max(as_utc(cell.touched_at or cell.started_at) or PROCESS_STARTED_AT,
               PROCESS_STARTED_AT)
    return (now - last).total_seconds()


def claim(session: Session, cell: Cell) -> CellAssignment:
    """Give the cell to the asking worker, unless it is finished, its run canceled, or
    another worker is measuring it and still shows signs of life (a redelivered message)."""
    run = cell.run
    if run.status == "canceled":
        return CellAssignment(action="skip", reason="run canceled", run_id=run.id, cell_id=cell.id)
    if cell.status in CELL_FINAL_STATES:
        return CellAssignment(action="skip", reason=f"cell already {cell.status}",
                              run_id=run.id, cell_id=cell.id)
    now = utcnow()
    if cell.status == "running" and silent_for(cell, now) < get_settings().cell_stale_after_s:
        return CellAssignment(action="skip", reason="cell is being measured by another worker",
                              run_id=run.id, cell_id=cell.id)
    cell.status, cell.started_at, cell.attempts = "running", now, cell.attempts + 1
    cell.touched_at, cell.error = now, None
    if run.status == "queued":
        run.status, run.started_at, run.message = "running", now, None
    session.flush()
    conn = connection_for(run.target)
    settings = RunSettings(**run.settings)
    return CellAssignment(
        action="run", run_id=run.id, cell_id=cell.id,
        spec=CellSpecOut(method=cell.method, storage=cell.storage, dataset=cell.dataset,
                         size=cell.size, workload=cell.workload, concurrency=cell.concurrency,
                         seed=settings.seed),
        settings=settings,
        target=TargetSecret(host=conn.host, port=conn.port, user=conn.user,
                            password=conn.password, database=conn.database, driver=conn.driver),
        table=table_name(run, cell), touch_s=get_settings().cell_touch_s,
    )


def touch(cell: Cell) -> None:
    """A sign of life from the worker measuring ``cell``."""
    if cell.status == "running":
        cell.touched_at = utcnow()


def _keep_dictionary(session: Session, run_id: int, context: dict) -> None:
    """Move a dictionary's bytes out of the context into the run's dictionaries (once)."""
    info = context.get("dictionary")
    if not isinstance(info, dict) or "data_b64" not in info:
        return
    data = base64.b64decode(info.pop("data_b64"))
    sha = hashlib.sha256(data).hexdigest()
    if session.get(Dictionary, sha) is None:
        with session.begin_nested():
            session.add(Dictionary(sha256=sha, run_id=run_id, kind=str(info.get("kind")),
                                   dataset=str(info.get("dataset")), seed=int(info.get("seed", 0)),
                                   size=len(data), data=data))
    info["sha256"] = sha


def record_result(session: Session, cell: Cell, report: ResultReport) -> bool:
    """Store the cell's result. Returns False if it already had one (a redelivery)."""
    if session.scalar(select(Result.id).where(Result.cell_id == cell.id)) is not None:
        return False
    extra = dict(report.model_extra or {})
    data = report.model_dump(exclude=set(extra))
    _keep_dictionary(session, cell.run_id, data["context"])
    try:
        with session.begin_nested():
            session.add(Result(cell_id=cell.id, run_id=cell.run_id, extra=extra, **data))
    except IntegrityError:
        return False
    cell.status, cell.finished_at, cell.error = "done", utcnow(), None
    settle(session, cell.run)
    return True


def record_error(session: Session, cell: Cell, report: CellErrorReport) -> None:
    if cell.status == "done":
        return
    cell.status = "canceled" if report.code == "canceled" else "error"
    cell.error = report.message
    cell.finished_at = utcnow()
    settle(session, cell.run)


@dataclass
class SweepOutcome:
    """What a sweep changed, and what the caller queues after commit."""

    settled: int = 0
    failed_cells: int = 0
    turns: list[tuple[Run, str]] = field(default_factory=list)
    requeue: list[Cell] = field(default_factory=list)


def _give_up(cell: Cell, now: datetime, silent: float) -> None:
    cell.status, cell.finished_at = "error", now
    cell.error = (f"Lost {cell.attempts} times: its worker stopped reporting (no sign of life "
                  f"for {silent:.0f} s: worker killed, host down, or broker restarted)")


def _stale_cells(session: Session, run: Run, now: datetime, outcome: SweepOutcome) -> None:
    """Running cells of ``run`` whose worker went silent: queue them again, or fail them
    after ``cell_max_attempts`` claims or when the run has ended (canceled: canceled)."""
    settings = get_settings()
    for cell in list(session.scalars(select(Cell).where(Cell.run_id == run.id,
                                                        Cell.status == "running"))):
        silent = silent_for(cell, now)
        if silent < settings.cell_stale_after_s:
            continue
        if run.status == "canceled":
            cell.status, cell.finished_at, cell.error = "canceled", now, "Canceled"
        elif run.status in RUN_FINAL_STATES or cell.attempts >= settings.cell_max_attempts:
            _give_up(cell, now, silent)
            outcome.failed_cells += 1
        else:
            cell.status = "pending"
            outcome.requeue.append(cell)


def _lost_messages(session: Session, run: Run, now: datetime,
                   queue_depth: Callable[[str], int | None]) -> list[Cell]:
    """Pending cells of the active host whose messages the broker lost (a restart without
    persistence): nothing waits in the host's queue, none of its cells is being measured,
    and the run has been quiet for a while. Queuing them again is harmless: a claim skips
    a cell that is finished or being measured."""
    host = run.active_host
    if host is None or run.status in RUN_FINAL_STATES:
        return []
    pending = list(session.scalars(
        select(Cell).where(Cell.run_id == run.id, Cell.host == host, Cell.status == "pending")
        .order_by(Cell.index)))
    if not pending:
        return []
    busy = session.scalar(select(func.count()).select_from(Cell).join(Run).where(
        Cell.host == host, Cell.status == "running", Run.status.in_(("queued", "running"))))
    if busy:
        return []
    touched, finished = session.execute(
        select(func.max(Cell.touched_at), func.max(Cell.finished_at)).where(Cell.run_id == run.id)
    ).one()
    quiet_since = max(as_utc(t) for t in (touched, finished, run.created_at, PROCESS_STARTED_AT)
                      if t is not None)
    if now - quiet_since < timedelta(seconds=get_settings().cell_touch_s):
        return []
    return pending if queue_depth(host) == 0 else []


def sweep(session: Session, queue_depth: Callable[[str], int | None] = lambda _host: None,
          now: datetime | None = None) -> SweepOutcome:
    """The runs' watchdog and safety nets for lost updates: queue again the cells whose
    worker went silent (or fail them after too many attempts), queue again the cells whose
    messages the broker lost, settle runs whose cells have all finished, and find hosts whose
    turn has come without their cells being queued. ``queue_depth(host)`` says how many
    messages wait for a host (None when unknown). The caller queues ``turns`` and
    ``requeue`` after commit."""
    now = now or utcnow()
    outcome = SweepOutcome()
    finished_runs = list(session.scalars(
        select(Run).where(Run.status.in_(RUN_FINAL_STATES),
                          Run.id.in_(select(Cell.run_id).where(Cell.status == "running")))))
    for run in finished_runs:
        _stale_cells(session, run, now, outcome)
    open_runs = list(session.scalars(select(Run).where(Run.status.in_(("queued", "running")))))
    for run in open_runs:
        _stale_cells(session, run, now, outcome)
    session.flush()
    for run in open_runs:
        settle(session, run)
        outcome.settled += run.status not in ("queued", "running")
        if (host := runs.advance(session, run)) is not None:
            outcome.turns.append((run, host))
        elif run.status not in RUN_FINAL_STATES:
            lost = [c for c in _lost_messages(session, run, now, queue_depth)
                    if c not in outcome.requeue]
            outcome.requeue.extend(lost)
    return outcome
