from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from blobbench.runs.schemas import CellDimensions, RunSettings, RunStatus


class CellSpecOut(CellDimensions):
    seed: int


class TargetSecret(BaseModel):
    """Connection parameters including the password: only ever sent to worker tokens."""

    host: str
    port: int
    user: str
    password: str
    database: str
    driver: str


class TargetEndpoint(BaseModel):
    """Where a target listens, without credentials: enough to measure the round trip."""

    model_config = ConfigDict(from_attributes=True)

    id: int
    name: str
    host: str
    port: int


class CellAssignment(BaseModel):
    action: Literal["run", "skip"]
    reason: str | None = None
    run_id: int
    cell_id: int
    spec: CellSpecOut | None = None
    settings: RunSettings | None = None
    target: TargetSecret | None = None
    table: str | None = None
    touch_s: float | None = Field(
        default=None, description="Seconds between the worker's touches while it measures")


class ResultReport(BaseModel):
    """The engine's flat measures. Known ones are typed and get columns; any other measure is
    kept in ``Result.extra``."""

    model_config = ConfigDict(extra="allow")

    read_bps: float | None = None
    read_bps_median: float | None = None
    read_bps_ci_low: float | None = None
    read_bps_ci_high: float | None = None
    write_bps: float | None = None
    write_bps_median: float | None = None
    write_bps_ci_low: float | None = None
    write_bps_ci_high: float | None = None
    ci_halfwidth_pct: float | None = None
    converged: bool = False
    samples: int = Field(default=0, ge=0)
    latency_mean_us: float | None = None
    latency_p50_us: float | None = None
    latency_p95_us: float | None = None
    latency_p99_us: float | None = None
    ratio: float | None = None
    encoded_bytes: float | None = None
    wire_bytes: float | None = None
    wire_bps: float | None = None
    disk_bytes: int | None = Field(default=None, ge=0)
    encode_s: float | None = None
    measure_s: float | None = None
    raw_samples_us: list[float] = Field(default_factory=list, max_length=100_000)
    context: dict[str, Any] = Field(default_factory=dict)


class ReportAck(BaseModel):
    cell_id: int
    duplicate: bool = Field(description="True when this cell had already been reported")


class CellErrorReport(BaseModel):
    code: str = Field(default="error", max_length=64)
    message: str = Field(max_length=4000)


class RunState(BaseModel):
    run_id: int
    status: RunStatus


class SweepReport(BaseModel):
    settled: int = Field(description="Runs moved to their final state by this sweep")
    requeued: int = Field(default=0, description="Cells queued again: their worker went "
                          "silent, or the broker lost their messages")
    failed_cells: int = Field(default=0, description="Cells failed after too many attempts")
