"""What workers may do: claim a cell, report its result or error, ask whether to stop."""

from __future__ import annotations

import base64
import hashlib

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from blobbench.core.clock import utcnow
from blobbench.models import CELL_FINAL_STATES, RUN_FINAL_STATES, Cell, Dictionary, Result, Run
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



def settle(session: Session, run: Run) -> None:
    """Move the run to its final state once every cell has finished; a scheduled run that
    just finished is compared with its schedule's baseline (and may raise an alert)."""
    was_open = run.status not in RUN_FINAL_STATES
    runs.refresh_status(session, run)
    if was_open and run.status in RUN_FINAL_STATES:
        regressions.check_scheduled_run(session, run)


def table_name(run: Run, cell: Cell) -> str:
    return f"bb_r{run.id}_c{cell.index}"


def claim(session: Session, cell: Cell) -> CellAssignment:
    run = cell.run
    if run.status == "canceled":
        return CellAssignment(action="skip", reason="run canceled", run_id=run.id, cell_id=cell.id)
    if cell.status in CELL_FINAL_STATES:
        return CellAssignment(action="skip", reason=f"cell already {cell.status}",
                              run_id=run.id, cell_id=cell.id)
    now = utcnow()
    cell.status, cell.started_at, cell.attempts = "running", now, cell.attempts + 1
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
        table=table_name(run, cell),
    )


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


def sweep(session: Session) -> tuple[int, list[tuple[Run, str]]]:
    """Settle runs whose cells have all finished, and find hosts whose turn has come without
    their cells being queued (safety nets for lost updates). Returns the number of runs
    settled and the (run, host) pairs to queue after commit."""
    open_runs = list(session.scalars(select(Run).where(Run.status.in_(("queued", "running")))))
    settled, turns = 0, []
    for run in open_runs:
        settle(session, run)
        settled += run.status not in ("queued", "running")
        if (host := runs.advance(session, run)) is not None:
            turns.append((run, host))
    return settled, turns
