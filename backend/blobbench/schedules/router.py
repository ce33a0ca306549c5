from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Query, status

from blobbench.core.auth import RequireRun, SessionDep
from blobbench.core.clock import utcnow
from blobbench.models import Schedule, Target
from blobbench.schedules import service
from blobbench.schedules.schemas import (
    CronPreview,
    FiringRead,
    ScheduleCreate,
    ScheduleHistory,
    ScheduleRead,
    ScheduleUpdate,
)

router = APIRouter(prefix="/schedules", tags=["schedules"])


def valid_schedule(schedule_id: int, session: SessionDep) -> Schedule:
    schedule = session.get(Schedule, schedule_id)
    if schedule is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"No schedule with id {schedule_id}")
    return schedule


ScheduleDep = Annotated[Schedule, Depends(valid_schedule)]


def _rejected(exc: service.ScheduleRejected) -> HTTPException:
    return HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=str(exc))


@router.post("", response_model=ScheduleRead, status_code=status.HTTP_201_CREATED)
def create_schedule(body: ScheduleCreate, session: SessionDep, _: RequireRun) -> ScheduleRead:
    try:
        schedule = service.create_schedule(session, body, utcnow())
    except service.ScheduleRejected as exc:
        raise _rejected(exc) from exc
    session.commit()
    return service.to_read(session, schedule, utcnow())


@router.get("", response_model=list[ScheduleRead])
def list_schedules(session: SessionDep) -> list[ScheduleRead]:
    now = utcnow()
    return [service.to_read(session, s, now) for s in service.list_schedules(session)]


@router.get("/preview", response_model=CronPreview)
def preview_cron(cron: Annotated[str, Query(min_length=1, max_length=100,
                                            examples=["0 3 * * *"])]) -> CronPreview:
    """Check a cron expression (UTC) and list its next five firing times, before saving it;
    an unusable one is a 422 saying why."""
    try:
        text, fires = service.preview(cron, utcnow())
    except service.ScheduleRejected as exc:
        raise _rejected(exc) from exc
    return CronPreview(cron=text, next_fires=fires)


@router.get("/{schedule_id}", response_model=ScheduleRead)
def get_schedule(schedule: ScheduleDep, session: SessionDep) -> ScheduleRead:
    return service.to_read(session, schedule, utcnow())


@router.patch("/{schedule_id}", response_model=ScheduleRead)
def update_schedule(schedule: ScheduleDep, body: ScheduleUpdate, session: SessionDep,
                    _: RequireRun) -> ScheduleRead:
    try:
        service.update_schedule(session, schedule, body, utcnow())
    except service.ScheduleRejected as exc:
        raise _rejected(exc) from exc
    session.commit()
    return service.to_read(session, schedule, utcnow())


@router.delete("/{schedule_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_schedule(schedule: ScheduleDep, session: SessionDep, _: RequireRun) -> None:
    """Its runs stay (unlinked); its firing records go."""
    session.delete(schedule)
    session.commit()


@router.get("/{schedule_id}/firings", response_model=list[FiringRead])
def list_firings(schedule: ScheduleDep, session: SessionDep,
                 limit: Annotated[int, Query(ge=1, le=1000)] = 100) -> list:
    """Every firing, newest first: the run it created, or why it was skipped or failed."""
    return service.firings(session, schedule, limit)


@router.get("/{schedule_id}/history", response_model=ScheduleHistory)
def get_history(
    schedule: ScheduleDep, session: SessionDep,
    cell: Annotated[int | None, Query(description="A cell id of one of the schedule's runs: "
                                      "its dimensions, host and target pick the series")] = None,
    host: str | None = None, method: str | None = None, storage: str | None = None,
    dataset: str | None = None, size: int | None = None, workload: str | None = None,
    concurrency: int | None = None,
    limit: Annotated[int, Query(ge=1, le=5000)] = 500,
) -> ScheduleHistory:
    """Throughput of one cell across the schedule's runs, with its confidence interval.

    Name the cell by ``cell`` or by its dimensions; a dimension with one value in this
    schedule may be left out. One series never mixes hosts or targets."""
    given = {"host": host, "method": method, "storage": storage, "dataset": dataset,
             "size": size, "workload": workload, "concurrency": concurrency}
    try:
        target_id, key, choices = service.resolve_cell(session, schedule, cell, given)
    except service.ScheduleRejected as exc:
        raise _rejected(exc) from exc
    measure, points = service.history(session, schedule, target_id, key, limit)
    target = session.get(Target, target_id)
    return ScheduleHistory(schedule_id=schedule.id, target_id=target_id,
                           target_name=target.name if target else str(target_id), cell=key,
                           measure=measure, points=points, choices=choices)
