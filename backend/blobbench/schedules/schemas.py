from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from blobbench.runs.schemas import (
    MAX_HOSTS,
    CellDimensions,
    MatrixIn,
    MatrixRead,
    RunSettings,
    RunStatus,
)

BASELINE_PATTERN = r"^(\d+|last:\d+)$"
FiringOutcome = Literal["created", "skipped", "failed"]


class ScheduleCreate(BaseModel):
    """A run template and when to start it. Cron expressions are evaluated in UTC."""

    name: str = Field(min_length=1, max_length=200)
    cron: str = Field(min_length=1, max_length=100, examples=["0 3 * * *"],
                      description="Five fields (minute hour day month weekday) or @daily etc., UTC")
    target_id: int
    hosts: list[str] = Field(min_length=1, max_length=MAX_HOSTS, examples=[["host-a"]],
                             description="Hosts each run goes to, one after another")
    matrix: MatrixIn | None = Field(default=None, description="The matrix; or name a preset")
    preset: str | None = Field(default=None, max_length=64, examples=["quick"])
    settings: RunSettings = Field(default_factory=RunSettings)
    enabled: bool = True
    baseline: str | None = Field(
        default=None, pattern=BASELINE_PATTERN, examples=["last:3"],
        description="What each run is compared with: a run id, or 'last:N' (the previous N "
                    "runs of this schedule on the same host and target). None: no alerts",
    )
    threshold_pct: float = Field(default=5.0, gt=0, le=1000,
                                 description="Smallest change, in percent, that counts")


class ScheduleUpdate(BaseModel):
    """Only the fields sent change. Sending a matrix clears the preset and vice versa."""

    name: str | None = Field(default=None, min_length=1, max_length=200)
    cron: str | None = Field(default=None, min_length=1, max_length=100)
    target_id: int | None = None
    hosts: list[str] | None = Field(default=None, min_length=1, max_length=MAX_HOSTS)
    matrix: MatrixIn | None = None
    preset: str | None = Field(default=None, max_length=64)
    settings: RunSettings | None = None
    enabled: bool | None = None
    baseline: str | None = Field(default=None, pattern=BASELINE_PATTERN)
    threshold_pct: float | None = Field(default=None, gt=0, le=1000)


class ScheduleRead(BaseModel):
    id: int
    name: str
    cron: str
    target_id: int
    target_name: str
    hosts: list[str]
    matrix: MatrixRead
    preset: str | None
    settings: RunSettings
    enabled: bool
    baseline: str | None
    threshold_pct: float
    next_fire_at: datetime | None = Field(description="The next firing (None while disabled)")
    next_fires: list[datetime] = Field(description="The next five firing times (UTC), also "
                                       "while disabled")
    last_fire_at: datetime | None
    last_run_id: int | None
    last_run_status: RunStatus | None
    created_at: datetime
    updated_at: datetime


class CronPreview(BaseModel):
    """A cron expression as a schedule would store it, and when it would fire."""

    cron: str = Field(description="The expression normalised (single spaces)")
    next_fires: list[datetime] = Field(description="The next five firing times (UTC)")


class FiringRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    schedule_id: int
    scheduled_for: datetime
    fired_at: datetime
    outcome: FiringOutcome
    run_id: int | None
    reason: str | None = Field(description="Why no run was created (skipped or failed)")


class TickReport(BaseModel):
    firings: list[FiringRead] = Field(description="What this tick fired")


class CellKey(CellDimensions):
    """What makes results comparable over time: the cell's dimensions and its host."""

    host: str


class HistoryPoint(BaseModel):
    run_id: int
    run_status: RunStatus
    at: datetime = Field(description="When the run started (or was created)")
    mean: float | None = Field(description="Throughput, uncompressed bytes/s")
    ci_low: float | None
    ci_high: float | None
    median: float | None
    samples: int
    converged: bool
    regressed: bool = Field(default=False, description="An alert flagged this cell in this run")
    change_pct: float | None = Field(default=None, description="Change against the baseline "
                                     "when flagged")
    alert_id: int | None = None


class ScheduleHistory(BaseModel):
    """One cell of a schedule's runs over time, on one target from one host."""

    schedule_id: int
    target_id: int
    target_name: str
    cell: CellKey
    measure: Literal["read_bps", "write_bps"]
    points: list[HistoryPoint]
    choices: dict[str, list[str | int]] = Field(
        description="The values each dimension takes in this schedule (for pickers)")
