from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

RunStatus = Literal["queued", "running", "succeeded", "partial", "failed", "canceled"]
CellStatus = Literal["pending", "running", "done", "error", "canceled"]


class MatrixIn(BaseModel):
    """The dimensions of a run. Every cell of their product is measured."""

    methods: list[str] = Field(min_length=1, examples=[["none", "lz4", "zstd:3"]])
    storages: list[str] = Field(default=["dynamic"], min_length=1,
                                examples=[["dynamic", "compressed:8"]])
    datasets: list[str] = Field(default=["random:62"], min_length=1,
                                examples=[["random:62", "random:2"]])
    sizes: list[int | str] = Field(min_length=1, examples=[["1KiB", "64KiB", "1MiB"]],
                                   description="Bytes, or strings like '64KiB' / '1MiB'")
    workloads: list[str] = Field(default=["read"], min_length=1)
    concurrency: list[int] = Field(default=[1], min_length=1)


class MatrixRead(BaseModel):
    methods: list[str]
    storages: list[str]
    datasets: list[str]
    sizes: list[int]
    workloads: list[str]
    concurrency: list[int]


class RunSettings(BaseModel):
    """How each cell is measured."""

    ci_target: float = Field(default=0.02, ge=0.001, le=0.5,
                             description="Stop sampling when the 95% CI half-width / mean is below this")
    time_budget_s: float = Field(default=5.0, ge=0.05, le=600,
                                 description="Longest sampling time per cell, in seconds")
    warmup_s: float = Field(default=0.25, ge=0, le=60)
    seed: int = Field(default=0, ge=0, le=2**31 - 1, description="Dataset generator seed")
    load_rows: int | None = Field(default=None, ge=1, le=10_000_000,
                                  description="Rows a load/load_then_index cell loads (seed 002; "
                                  "default: 64 MiB worth of blobs) or a binlog cell writes "
                                  "(seed 003; default: 4 MiB worth, at most 4,096)")
    lab_bytes: int = Field(default=2 << 20, ge=64 << 10, le=256 << 20,
                           description="Bytes of the dataset a codec_lab cell cuts into blocks")


MAX_HOSTS = 16


class RunCreate(BaseModel):
    target_id: int
    host: str | None = Field(default=None, min_length=1, max_length=100,
                             description="The host to run from; or name several in 'hosts'")
    hosts: list[str] | None = Field(
        default=None, min_length=1, max_length=MAX_HOSTS, examples=[["host-a", "host-b"]],
        description="Hosts to run the same matrix from, one after another in this order")
    matrix: MatrixIn | None = Field(default=None, description="The matrix; or name a preset")
    preset: str | None = Field(default=None, max_length=64, examples=["quick"],
                               description="A named single-matrix preset instead of 'matrix'")
    settings: RunSettings = Field(default_factory=RunSettings)
    name: str | None = Field(default=None, max_length=200)
    idempotency_key: str | None = Field(default=None, min_length=1, max_length=200)


class Progress(BaseModel):
    done: int = Field(description="Cells finished, successfully or not")
    failed: int
    running: int
    total: int


class RunRead(BaseModel):
    id: int
    name: str | None
    target_id: int
    target_name: str
    host: str = Field(description="The first host (see 'hosts')")
    hosts: list[str]
    active_host: str | None = Field(description="The host whose cells are queued now")
    status: RunStatus
    matrix: MatrixRead
    settings: RunSettings
    progress: Progress
    message: str | None
    schedule_id: int | None = Field(description="The schedule that started this run, if any")
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None


class CellDimensions(BaseModel):
    """Where a cell sits in its matrix."""

    method: str
    storage: str
    dataset: str
    size: int
    workload: str
    concurrency: int


class CellRead(CellDimensions):
    model_config = ConfigDict(from_attributes=True)

    id: int
    index: int
    host: str
    status: CellStatus
    error: str | None
    attempts: int
    started_at: datetime | None
    finished_at: datetime | None


class ResultRead(CellDimensions):
    """One row per measured cell. Throughputs are in uncompressed bytes per second:
    ``read_bps`` for read workloads, ``write_bps`` for writes."""

    cell_id: int
    host: str = Field(description="The host that measured this cell")
    read_bps: float | None
    read_bps_median: float | None
    read_bps_ci_low: float | None
    read_bps_ci_high: float | None
    write_bps: float | None
    write_bps_median: float | None
    write_bps_ci_low: float | None
    write_bps_ci_high: float | None
    ci_halfwidth_pct: float | None
    converged: bool
    samples: int
    latency_mean_us: float | None
    latency_p50_us: float | None
    latency_p95_us: float | None
    latency_p99_us: float | None
    ratio: float | None
    encoded_bytes: float | None
    wire_bytes: float | None
    wire_bps: float | None
    disk_bytes: int | None = Field(description="Allocated size of the cell's table on the target")
    encode_s: float | None
    measure_s: float | None
    extra: dict[str, Any] = Field(description="Further measures, e.g. pool_miss_ratio, per_client_bps")
    created_at: datetime


class ResultDetail(ResultRead):
    raw_samples_us: list[float]
    context: dict[str, Any]


class DictionaryRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    sha256: str
    kind: str
    dataset: str
    seed: int
    size: int
    created_at: datetime
