"""Endpoints for workers only (worker tokens). The only place target passwords leave the API."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, status
from fastapi.responses import FileResponse
from sqlalchemy import select
from sqlalchemy.orm import Session

from blobbench.core.auth import RequireWorker, SessionDep
from blobbench.core.clock import utcnow
from blobbench.core.queue import queue_depth
from blobbench.hosts import service as hosts
from blobbench.hosts.schemas import Heartbeat, HostRead
from blobbench.models import Cell, Run, Sample, Target, Token
from blobbench.runs import service as runs
from blobbench.runs.dispatch import BrokerUnavailable, dispatch, requeue
from blobbench.samples.service import content_path
from blobbench.schedules import service as schedules
from blobbench.schedules.schemas import FiringRead, TickReport
from blobbench.workers import service
from blobbench.workers.schemas import (
    CellAssignment,
    CellErrorReport,
    ReportAck,
    ResultReport,
    RunState,
    SweepReport,
    TargetEndpoint,
)

router = APIRouter(prefix="/worker", tags=["worker"])


def _check_host(token: Token, host: str) -> None:
    if token.host is not None and token.host != host:
        raise HTTPException(
            status.HTTP_403_FORBIDDEN,
            detail=f"This worker token belongs to host '{token.host}', not '{host}'",
        )


def worker_cell(cell_id: int, session: SessionDep, token: RequireWorker) -> Cell:
    cell = session.get(Cell, cell_id)
    if cell is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"No cell with id {cell_id}")
    _check_host(token, cell.host)
    return cell


CellDep = Annotated[Cell, Depends(worker_cell)]


@router.post("/heartbeat", response_model=HostRead)
def heartbeat(body: Heartbeat, session: SessionDep, token: RequireWorker) -> HostRead:
    _check_host(token, body.name)
    host = hosts.record_heartbeat(session, body)
    session.commit()
    return hosts.to_read(host)


@router.get("/targets", response_model=list[TargetEndpoint])
def target_endpoints(session: SessionDep, _: RequireWorker) -> list[Target]:
    """Every target's address (never its credentials), for the round trips heartbeats report."""
    return list(session.scalars(select(Target).order_by(Target.id)))


@router.post("/cells/{cell_id}/claim", response_model=CellAssignment)
def claim_cell(cell: CellDep, session: SessionDep) -> CellAssignment:
    assignment = service.claim(session, cell)
    session.commit()
    return assignment


def _queue(session: Session, run: Run, host: str | None) -> None:
    """After commit: queue the pending cells of ``host`` (the run's active host if None)."""
    try:
        dispatch(session, run, host)
    except BrokerUnavailable:
        pass  # the run is marked failed with the reason; the caller's work is done


@router.post("/cells/{cell_id}/result", response_model=ReportAck)
def report_result(cell: CellDep, body: ResultReport, session: SessionDep) -> ReportAck:
    created = service.record_result(session, cell, body)
    next_host = runs.advance(session, cell.run)
    session.commit()
    if next_host is not None:
        _queue(session, cell.run, next_host)
    return ReportAck(cell_id=cell.id, duplicate=not created)


@router.post("/cells/{cell_id}/error", response_model=ReportAck)
def report_error(cell: CellDep, body: CellErrorReport, session: SessionDep) -> ReportAck:
    service.record_error(session, cell, body)
    next_host = runs.advance(session, cell.run)
    session.commit()
    if next_host is not None:
        _queue(session, cell.run, next_host)
    return ReportAck(cell_id=cell.id, duplicate=False)


@router.get("/cells/{cell_id}/run-state", response_model=RunState)
def run_state(cell: CellDep) -> RunState:
    return RunState(run_id=cell.run_id, status=cell.run.status)


@router.post("/cells/{cell_id}/touch", response_model=RunState)
def touch_cell(cell: CellDep, session: SessionDep) -> RunState:
    """A sign of life while the cell is measured; the sweep queues silent cells again."""
    service.touch(cell)
    session.commit()
    return RunState(run_id=cell.run_id, status=cell.run.status)


@router.post("/sweep", response_model=SweepReport)
def sweep(session: SessionDep, _: RequireWorker) -> SweepReport:
    outcome = service.sweep(session, queue_depth)
    session.commit()
    for run, host in outcome.turns:
        _queue(session, run, host)
    requeued = requeue([(c.host, c.run_id, c.id) for c in outcome.requeue])
    return SweepReport(settled=outcome.settled, requeued=requeued,
                       failed_cells=outcome.failed_cells)


@router.post("/schedules/tick", response_model=TickReport)
def tick_schedules(session: SessionDep, _: RequireWorker) -> TickReport:
    """Fire the schedules that are due (Celery beat asks every few seconds)."""
    fired = schedules.tick(session, utcnow())
    session.commit()
    for _firing, run in fired:
        if run is not None:
            _queue(session, run, None)
    return TickReport(firings=[FiringRead.model_validate(f) for f, _ in fired])


@router.get("/samples/{sample_id}/content", response_class=FileResponse,
            responses={200: {"content": {"application/octet-stream": {}}}})
def sample_content(sample_id: int, session: SessionDep, _: RequireWorker) -> FileResponse:
    sample = session.get(Sample, sample_id)
    if sample is None or not content_path(sample).exists():
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"No sample with id {sample_id}")
    return FileResponse(content_path(sample), media_type="application/octet-stream")
