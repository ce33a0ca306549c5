from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from blobbench.core.clock import utcnow
from blobbench.models.base import Base, JSONType, UTCDateTime
from blobbench.models.target import Target

RUN_STATES = ("queued", "running", "succeeded", "partial", "failed", "canceled")
RUN_FINAL_STATES = ("succeeded", "partial", "failed", "canceled")
CELL_STATES = ("pending", "running", "done", "error", "canceled")
CELL_FINAL_STATES = ("done", "error", "canceled")


class Run(Base):
    """One execution of a matrix against one target from one or more hosts.

    Every host runs the whole matrix. Hosts take their turn in the order given (``hosts``),
    so two hosts never load the target at the same time; ``active_host`` is the host whose
    cells have been queued. ``host`` is the first host, kept for older clients.
    """

    __tablename__ = "run"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str | None] = mapped_column(String(200))
    target_id: Mapped[int] = mapped_column(ForeignKey("target.id", ondelete="RESTRICT"))
    host: Mapped[str] = mapped_column(String(100))
    hosts: Mapped[list[str]] = mapped_column(JSONType)
    active_host: Mapped[str | None] = mapped_column(String(100))
    status: Mapped[str] = mapped_column(String(16), default="queued")
    matrix: Mapped[dict[str, Any]] = mapped_column(JSONType)
    settings: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    idempotency_key: Mapped[str | None] = mapped_column(String(200), unique=True)
    message: Mapped[str | None] = mapped_column(Text)
    total_cells: Mapped[int] = mapped_column(default=0)
    schedule_id: Mapped[int | None] = mapped_column(
        ForeignKey("schedule.id", ondelete="SET NULL"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    target: Mapped[Target] = relationship(lazy="joined")
    cells: Mapped[list[Cell]] = relationship(
        back_populates="run", order_by="Cell.index", cascade="all, delete-orphan"
    )


class Cell(Base):
    """One point of the matrix: the unit of scheduling, retry and result."""

    __tablename__ = "cell"
    __table_args__ = (UniqueConstraint("run_id", "index"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("run.id", ondelete="CASCADE"), index=True)
    index: Mapped[int]
    host: Mapped[str] = mapped_column(String(100))
    method: Mapped[str] = mapped_column(String(64))
    storage: Mapped[str] = mapped_column(String(64))
    dataset: Mapped[str] = mapped_column(String(200))
    size: Mapped[int] = mapped_column(BigInteger)
    workload: Mapped[str] = mapped_column(String(32))
    concurrency: Mapped[int]
    status: Mapped[str] = mapped_column(String(16), default="pending")
    error: Mapped[str | None] = mapped_column(Text)
    attempts: Mapped[int] = mapped_column(default=0)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    #: Last sign of life of the worker measuring this cell (claim, then periodic touches): a
    #: running cell untouched for too long is presumed lost and queued again by the sweep.
    touched_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    run: Mapped[Run] = relationship(back_populates="cells")
    result: Mapped[Result | None] = relationship(back_populates="cell", uselist=False)


class Result(Base):
    """The measures of one cell. At most one per cell: redelivered cells cannot add another."""

    __tablename__ = "result"

    id: Mapped[int] = mapped_column(primary_key=True)
    cell_id: Mapped[int] = mapped_column(ForeignKey("cell.id", ondelete="CASCADE"), unique=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("run.id", ondelete="CASCADE"), index=True)
    read_bps: Mapped[float | None]
    read_bps_median: Mapped[float | None]
    read_bps_ci_low: Mapped[float | None]
    read_bps_ci_high: Mapped[float | None]
    write_bps: Mapped[float | None]
    write_bps_median: Mapped[float | None]
    write_bps_ci_low: Mapped[float | None]
    write_bps_ci_high: Mapped[float | None]
    ci_halfwidth_pct: Mapped[float | None]
    converged: Mapped[bool] = mapped_column(default=False)
    samples: Mapped[int] = mapped_column(default=0)
    latency_mean_us: Mapped[float | None]
    latency_p50_us: Mapped[float | None]
    latency_p95_us: Mapped[float | None]
    latency_p99_us: Mapped[float | None]
    ratio: Mapped[float | None]
    encoded_bytes: Mapped[float | None]
    wire_bytes: Mapped[float | None]
    wire_bps: Mapped[float | None]
    disk_bytes: Mapped[int | None] = mapped_column(BigInteger)
    encode_s: Mapped[float | None]
    measure_s: Mapped[float | None]
    extra: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    raw_samples_us: Mapped[list[float]] = mapped_column(JSONType, default=list)
    context: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    cell: Mapped[Cell] = relationship(back_populates="result")
