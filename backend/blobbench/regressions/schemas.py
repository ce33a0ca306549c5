from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from blobbench.runs.schemas import CellDimensions, RunStatus

CellVerdict = Literal["improved", "unchanged", "regressed", "no_baseline"]
Measure = Literal["throughput", "latency_mean_us", "latency_p50_us", "latency_p95_us",
                  "latency_p99_us"]


class CellComparison(CellDimensions):
    cell_id: int
    host: str
    measure: str = Field(description="The column compared, e.g. read_bps")
    higher_is_better: bool
    baseline_mean: float | None = Field(description="Mean over the baseline runs' values")
    current_mean: float | None
    change_pct: float | None
    p_value: float | None = Field(description="Two-sided Mann–Whitney U on the raw samples")
    baseline_runs: int = Field(description="Baseline runs that measured this cell")
    baseline_samples: int
    current_samples: int
    verdict: CellVerdict


class ComparisonSummary(BaseModel):
    verdict: Literal["regressed", "improved", "unchanged", "no_baseline"] = Field(
        description="regressed if any cell regressed; improved if some improved and none "
                    "regressed; no_baseline if no cell had one")
    cells: int
    improved: int
    unchanged: int
    regressed: int
    no_baseline: int
    worst: CellComparison | None = Field(description="The largest regression")


class Comparison(BaseModel):
    run_id: int
    run_status: RunStatus
    baseline: str = Field(description="As asked: a run id or last:N")
    baseline_run_ids: list[int]
    threshold_pct: float
    alpha: float
    measure: Measure
    summary: ComparisonSummary
    cells: list[CellComparison]


class AlertCell(CellDimensions):
    cell_id: int
    host: str
    measure: str
    baseline_mean: float | None
    current_mean: float | None
    change_pct: float | None
    p_value: float | None


class AlertRead(BaseModel):
    id: int
    run_id: int
    run_name: str | None
    schedule_id: int | None
    target_id: int
    target_name: str
    baseline: str
    baseline_run_ids: list[int]
    threshold_pct: float
    regressed: int = Field(description="Cells that regressed")
    worst_change_pct: float | None
    cells: list[AlertCell]
    created_at: datetime
    acknowledged_at: datetime | None
    acknowledged_by: str | None
