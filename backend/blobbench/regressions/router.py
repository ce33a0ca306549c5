from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Query, status

from blobbench.core.auth import RequireRun, SessionDep
from blobbench.engine.compare import DEFAULT_ALPHA
from blobbench.models import Alert, Schedule
from blobbench.regressions import service
from blobbench.regressions.schemas import AlertRead, Comparison, Measure
from blobbench.runs.router import RunDep

router = APIRouter()


@router.get("/runs/{run_id}/compare", response_model=Comparison, tags=["runs"])
def compare_run(
    run: RunDep, session: SessionDep,
    baseline: Annotated[str | None, Query(
        description="A run id, or last:N (the previous N runs on the same host and target: of "
                    "the same schedule, or with the same matrix). Default: the schedule's "
                    "baseline, else last:1", examples=["last:3"])] = None,
    threshold: Annotated[float | None, Query(
        gt=0, le=1000, description="Smallest change in percent that counts (default: the "
                                   "schedule's, else 5)")] = None,
    alpha: Annotated[float, Query(gt=0, lt=1, description="Significance level of the "
                                                           "Mann–Whitney U test")] = DEFAULT_ALPHA,
    measure: Measure = "throughput",
) -> Comparison:
    """Each measured cell against the baseline: means, change, p-value and a verdict that
    respects the measure's direction (throughput up is good, latency up is bad)."""
    schedule = session.get(Schedule, run.schedule_id) if run.schedule_id else None
    spec = baseline or (schedule.baseline if schedule and schedule.baseline else "last:1")
    pct = threshold or (schedule.threshold_pct if schedule else 5.0)
    try:
        return service.compare(session, run, spec, pct, alpha, measure)
    except service.CompareRejected as exc:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=str(exc)) from exc


def valid_alert(alert_id: int, session: SessionDep) -> Alert:
    alert = session.get(Alert, alert_id)
    if alert is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"No alert with id {alert_id}")
    return alert


AlertDep = Annotated[Alert, Depends(valid_alert)]


@router.get("/alerts", response_model=list[AlertRead], tags=["alerts"])
def list_alerts(
    session: SessionDep, acknowledged: bool | None = None, schedule_id: int | None = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 200,
) -> list[AlertRead]:
    """Scheduled runs that regressed against their schedule's baseline, newest first."""
    return [service.to_read(session, a)
            for a in service.list_alerts(session, acknowledged, schedule_id, limit)]


@router.get("/alerts/{alert_id}", response_model=AlertRead, tags=["alerts"])
def get_alert(alert: AlertDep, session: SessionDep) -> AlertRead:
    return service.to_read(session, alert)


@router.post("/alerts/{alert_id}/ack", response_model=AlertRead, tags=["alerts"])
def acknowledge_alert(alert: AlertDep, session: SessionDep, token: RequireRun) -> AlertRead:
    """Mark the alert seen (by the token's name). Acknowledging again changes nothing."""
    service.acknowledge(session, alert, token.name)
    session.commit()
    return service.to_read(session, alert)
