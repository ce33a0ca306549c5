"""Schedules: run templates fired by cron, and the record of every firing.

The API is the only writer of the results database, so firing happens here: Celery beat sends
``schedules.tick`` every few seconds, a worker calls ``POST /worker/schedules/tick``, and
:func:`tick` fires what is due. Edits therefore apply at the next tick, without restarts.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from blobbench.core import cron
from blobbench.engine.errors import EngineError
from blobbench.models import Cell, Result, Run, Schedule, ScheduleFiring
from blobbench.regressions import service as regressions
from blobbench.runs import service as runs
from blobbench.runs.schemas import MatrixRead, RunSettings
from blobbench.schedules.schemas import (
    CellKey,
    HistoryPoint,
    ScheduleCreate,
    ScheduleRead,
    ScheduleUpdate,
)

BUSY_STATES = ("queued", "running")
MAX_BASELINE_RUNS = 50


class ScheduleRejected(Exception):
    """The schedule cannot be stored as asked; the message says what to change."""


def _cron(expr: str) -> str:
    try:
        return cron.normalize(expr)
    except cron.CronInvalid as exc:
        raise ScheduleRejected(str(exc)) from exc


def preview(expr: str, now: datetime, count: int = 5) -> tuple[str, list[datetime]]:
    """The expression as it would be stored and its next ``count`` firing times."""
    text = _cron(expr)
    return text, cron.next_times(text, now, count)


def check_baseline(session: Session, baseline: str | None) -> str | None:
    """A baseline is a run id that exists, or ``last:N`` with 1 <= N <= 50."""
    if baseline is None:
        return None
    if baseline.startswith("last:"):
        n = int(baseline.removeprefix("last:"))
        if not 1 <= n <= MAX_BASELINE_RUNS:
            raise ScheduleRejected(f"Baseline '{baseline}': N must be between 1 and "
                                   f"{MAX_BASELINE_RUNS}")
        return f"last:{n}"
    if session.get(Run, int(baseline)) is None:
        raise ScheduleRejected(f"Baseline run {baseline} does not exist; pin an existing run id "
                               "or use 'last:N'")
    return str(int(baseline))


def _plan(session: Session, target_id: int, hosts: list[str], matrix: dict[str, Any] | None,
          preset: str | None) -> runs.RunPlan:
    try:
        return runs.plan_run(session, target_id, hosts, matrix, preset)
    except runs.RunRejected as exc:
        raise ScheduleRejected(str(exc)) from exc


def create_schedule(session: Session, body: ScheduleCreate, now: datetime) -> Schedule:
    expr = _cron(body.cron)
    matrix = body.matrix.model_dump() if body.matrix is not None else None
    plan = _plan(session, body.target_id, body.hosts, matrix, body.preset)
    schedule = Schedule(
        name=body.name, cron=expr, target_id=plan.target.id, hosts=plan.hosts,
        matrix=asdict(plan.matrix), preset=body.preset, settings=body.settings.model_dump(),
        enabled=body.enabled, baseline=check_baseline(session, body.baseline),
        threshold_pct=body.threshold_pct,
        next_fire_at=cron.next_time(expr, now) if body.enabled else None,
    )
    session.add(schedule)
    session.flush()
    return schedule


def update_schedule(session: Session, schedule: Schedule, body: ScheduleUpdate,
                    now: datetime) -> Schedule:
    """Apply the fields that were sent; the whole template is validated again."""
    sent = body.model_fields_set
    for field in ("name", "enabled", "threshold_pct"):
        if field in sent and getattr(body, field) is None:
            raise ScheduleRejected(f"'{field}' cannot be null")
    if "matrix" in sent and "preset" in sent and body.matrix and body.preset:
        raise ScheduleRejected("Send either a 'matrix' or a 'preset' name, not both")
    matrix, preset = schedule.matrix, schedule.preset
    if "matrix" in sent and body.matrix is not None:
        matrix, preset = body.matrix.model_dump(), None
    elif "preset" in sent and body.preset is not None:
        matrix, preset = None, body.preset
    target_id = body.target_id if "target_id" in sent and body.target_id else schedule.target_id
    hosts = body.hosts if "hosts" in sent and body.hosts else schedule.hosts
    plan = _plan(session, target_id, hosts, matrix, preset if matrix is None else None)

    expr = _cron(body.cron) if "cron" in sent and body.cron else schedule.cron
    enabled = body.enabled if "enabled" in sent else schedule.enabled
    if expr != schedule.cron or enabled != schedule.enabled:
        schedule.next_fire_at = cron.next_time(expr, now) if enabled else None
    schedule.cron, schedule.enabled = expr, enabled
    schedule.target_id, schedule.hosts = plan.target.id, plan.hosts
    schedule.matrix, schedule.preset = asdict(plan.matrix), preset
    if "name" in sent:
        schedule.name = body.name
    if "settings" in sent and body.settings is not None:
        schedule.settings = body.settings.model_dump()
    if "baseline" in sent:
        schedule.baseline = check_baseline(session, body.baseline)
    if "threshold_pct" in sent:
        schedule.threshold_pct = body.threshold_pct
    session.flush()
    session.refresh(schedule)  # the target relationship follows target_id
    return schedule


def list_schedules(session: Session) -> list[Schedule]:
    return list(session.scalars(select(Schedule).order_by(Schedule.name, Schedule.id)))


def last_run(session: Session, schedule: Schedule) -> Run | None:
    return session.scalar(select(Run).where(Run.schedule_id == schedule.id)
                          .order_by(Run.id.desc()).limit(1))


def to_read(session: Session, schedule: Schedule, now: datetime) -> ScheduleRead:
    last = last_run(session, schedule)
    return ScheduleRead(
        id=schedule.id, name=schedule.name, cron=schedule.cron, target_id=schedule.target_id,
        target_name=schedule.target.name, hosts=list(schedule.hosts),
        matrix=MatrixRead(**schedule.matrix), preset=schedule.preset,
        settings=RunSettings(**schedule.settings), enabled=schedule.enabled,
        baseline=schedule.baseline, threshold_pct=schedule.threshold_pct,
        next_fire_at=schedule.next_fire_at, next_fires=cron.next_times(schedule.cron, now),
        last_fire_at=schedule.last_fire_at, last_run_id=last.id if last else None,
        last_run_status=last.status if last else None,
        created_at=schedule.created_at, updated_at=schedule.updated_at,
    )


def firings(session: Session, schedule: Schedule, limit: int = 100) -> list[ScheduleFiring]:
    return list(session.scalars(
        select(ScheduleFiring).where(ScheduleFiring.schedule_id == schedule.id)
        .order_by(ScheduleFiring.scheduled_for.desc()).limit(limit)
    ))


# --- firing -------------------------------------------------------------------------------


def claim_firing(session: Session, schedule: Schedule, now: datetime) -> datetime | None:
    """Move the schedule's ``next_fire_at`` past ``now`` if no one else did; return the cron
    time this tick fires (the latest one due: firings missed while nothing ticked are not
    caught up), or None when another tick claimed it first."""
    due = schedule.next_fire_at
    fire_at = max(due, cron.latest_time(schedule.cron, now))
    claimed = session.execute(
        update(Schedule)
        .where(Schedule.id == schedule.id, Schedule.enabled.is_(True),
               Schedule.next_fire_at == due)
        .values(next_fire_at=cron.next_time(schedule.cron, now), last_fire_at=fire_at)
        .execution_options(synchronize_session=False)
    ).rowcount
    session.expire(schedule)
    return fire_at if claimed == 1 else None


def _record(session: Session, firing: ScheduleFiring) -> ScheduleFiring | None:
    try:
        with session.begin_nested():
            session.add(firing)
    except IntegrityError:  # this cron time was already recorded
        return None
    return firing


Fired = tuple[ScheduleFiring, Run | None]


def fire(session: Session, schedule: Schedule, at: datetime) -> Fired | None:
    """Fire ``schedule`` for cron time ``at``: create its run, or record why not.

    Returns None when this time had already fired (a second tick for the same time)."""
    firing = ScheduleFiring(schedule_id=schedule.id, scheduled_for=at)
    previous = last_run(session, schedule)
    if previous is not None and previous.status in BUSY_STATES:
        firing.outcome = "skipped"
        firing.reason = f"Skipped: the previous run {previous.id} is still {previous.status}"
        return (firing, None) if _record(session, firing) else None
    try:
        # A preset is planned afresh (it may unite several matrices); else the stored matrix.
        plan = runs.plan_run(session, schedule.target_id, list(schedule.hosts),
                             None if schedule.preset else schedule.matrix, schedule.preset)
    except (runs.RunRejected, EngineError) as exc:
        firing.outcome, firing.reason = "failed", f"Not started: {exc}"
        return (firing, None) if _record(session, firing) else None
    run, created = runs.store_run(
        session, plan, dict(schedule.settings), schedule_id=schedule.id,
        name=f"{schedule.name} · {at:%Y-%m-%d %H:%M} UTC",
        idempotency_key=f"schedule:{schedule.id}:{at:%Y%m%dT%H%M%S}",
    )
    if not created:
        return None
    firing.outcome, firing.run_id = "created", run.id
    return (firing, run) if _record(session, firing) else None


def tick(session: Session, now: datetime) -> list[Fired]:
    """Fire every enabled schedule whose next firing time has come."""
    due = list(session.scalars(
        select(Schedule).where(Schedule.enabled.is_(True), Schedule.next_fire_at <= now)
        .order_by(Schedule.next_fire_at, Schedule.id)
    ))
    fired = []
    for schedule in due:
        at = claim_firing(session, schedule, now)
        if at is not None and (outcome := fire(session, schedule, at)) is not None:
            fired.append(outcome)
    session.flush()
    return fired


# --- history ------------------------------------------------------------------------------

KEY_DIMENSIONS = ("host", "method", "storage", "dataset", "size", "workload", "concurrency")


def _observed_keys(session: Session, schedule: Schedule, target_id: int) -> list[tuple]:
    return list(session.execute(
        select(Cell.host, Cell.method, Cell.storage, Cell.dataset, Cell.size, Cell.workload,
               Cell.concurrency).select_from(Cell).join(Run, Run.id == Cell.run_id)
        .where(Run.schedule_id == schedule.id, Run.target_id == target_id).distinct()
    ).all())


def history_choices(session: Session, schedule: Schedule, target_id: int) -> dict[str, list]:
    """Every value of each dimension in the schedule's runs and its current template."""
    values: dict[str, set] = {d: set() for d in KEY_DIMENSIONS}
    for key in _observed_keys(session, schedule, target_id):
        for dim, value in zip(KEY_DIMENSIONS, key, strict=True):
            values[dim].add(value)
    if target_id == schedule.target_id:
        values["host"].update(schedule.hosts)
        for dim, key in (("method", "methods"), ("storage", "storages"), ("dataset", "datasets"),
                         ("size", "sizes"), ("workload", "workloads"),
                         ("concurrency", "concurrency")):
            values[dim].update(schedule.matrix.get(key, []))
    return {d: sorted(v, key=lambda x: (isinstance(x, str), x)) for d, v in values.items()}


def resolve_cell(session: Session, schedule: Schedule, cell_id: int | None,
                 given: dict[str, Any]) -> tuple[int, CellKey, dict[str, list]]:
    """The target and cell key a history is about: from one of the schedule's cells, or from
    the dimensions given, a dimension with a single value in the schedule being implied."""
    target_id = schedule.target_id
    key: dict[str, Any] = {}
    if cell_id is not None:
        cell = session.get(Cell, cell_id)
        if cell is None or cell.run.schedule_id != schedule.id:
            raise ScheduleRejected(f"Cell {cell_id} is not from a run of schedule {schedule.id}")
        target_id = cell.run.target_id
        key = {d: getattr(cell, d) for d in KEY_DIMENSIONS}
    choices = history_choices(session, schedule, target_id)
    for dim in KEY_DIMENSIONS:
        if given.get(dim) is not None:
            key[dim] = given[dim]
        elif dim not in key:
            options = choices[dim]
            if len(options) != 1:
                listed = ", ".join(map(str, options)) or "none yet"
                raise ScheduleRejected(f"Choose a {dim} for the history ({listed}), or pass "
                                       "cell=<cell id>")
            key[dim] = options[0]
    return target_id, CellKey(**key), choices


def history(session: Session, schedule: Schedule, target_id: int, key: CellKey,
            limit: int = 500) -> tuple[str, list[HistoryPoint]]:
    """The schedule's results for one cell key, oldest first. Never mixes targets or hosts."""
    measure = runs.throughput_column(key.workload)
    rows = session.execute(
        select(Run, Result).join(Cell, Cell.run_id == Run.id)
        .join(Result, Result.cell_id == Cell.id)
        .where(Run.schedule_id == schedule.id, Run.target_id == target_id,
               Cell.host == key.host, Cell.method == key.method, Cell.storage == key.storage,
               Cell.dataset == key.dataset, Cell.size == key.size,
               Cell.workload == key.workload, Cell.concurrency == key.concurrency)
        .order_by(Run.created_at.desc(), Run.id.desc()).limit(limit)
    ).all()
    flagged = regressions.alerts_by_cell(session, [run.id for run, _ in rows])
    points = []
    for run, result in reversed(rows):
        alert_id, change = flagged.get(result.cell_id, (None, None))
        points.append(HistoryPoint(
            run_id=run.id, run_status=run.status, at=run.started_at or run.created_at,
            mean=getattr(result, measure), ci_low=getattr(result, f"{measure}_ci_low"),
            ci_high=getattr(result, f"{measure}_ci_high"),
            median=getattr(result, f"{measure}_median"), samples=result.samples,
            converged=result.converged, regressed=alert_id is not None, change_pct=change,
            alert_id=alert_id,
        ))
    return measure, points
