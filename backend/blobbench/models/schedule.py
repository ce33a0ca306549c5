from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from blobbench.core.clock import utcnow
from blobbench.models.base import Base, JSONType, UTCDateTime
from blobbench.models.target import Target

FIRING_OUTCOMES = ("created", "skipped", "failed")


class Schedule(Base):
    """A cron expression (UTC) and a run template. Each firing creates a run linked to it.

    ``next_fire_at`` is the exact cron time of the next firing; a tick claims it with a
    conditional update, so overlapping ticks never fire the same time twice.
    """

    __tablename__ = "schedule"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    cron: Mapped[str] = mapped_column(String(100))
    target_id: Mapped[int] = mapped_column(ForeignKey("target.id", ondelete="RESTRICT"))
    hosts: Mapped[list[str]] = mapped_column(JSONType)
    matrix: Mapped[dict[str, Any]] = mapped_column(JSONType)
    preset: Mapped[str | None] = mapped_column(String(64))
    settings: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    enabled: Mapped[bool] = mapped_column(default=True)
    baseline: Mapped[str | None] = mapped_column(String(32))  # "<run id>" or "last:N"
    threshold_pct: Mapped[float] = mapped_column(default=5.0)
    next_fire_at: Mapped[datetime | None] = mapped_column(UTCDateTime, index=True)
    last_fire_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    target: Mapped[Target] = relationship(lazy="joined")


class ScheduleFiring(Base):
    """One cron time of a schedule: the run it created, or why it did not create one."""

    __tablename__ = "schedule_firing"
    __table_args__ = (UniqueConstraint("schedule_id", "scheduled_for"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    schedule_id: Mapped[int] = mapped_column(ForeignKey("schedule.id", ondelete="CASCADE"),
                                             index=True)
    scheduled_for: Mapped[datetime] = mapped_column(UTCDateTime)
    fired_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    outcome: Mapped[str] = mapped_column(String(16))  # created | skipped | failed
    run_id: Mapped[int | None] = mapped_column(ForeignKey("run.id", ondelete="SET NULL"))
    reason: Mapped[str | None] = mapped_column(Text)
