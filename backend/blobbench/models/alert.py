from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from blobbench.core.clock import utcnow
from blobbench.models.base import Base, JSONType, UTCDateTime


class Alert(Base):
    """A scheduled run that regressed against its schedule's baseline. One per run."""

    __tablename__ = "alert"

    id: Mapped[int] = mapped_column(primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("run.id", ondelete="CASCADE"), unique=True)
    schedule_id: Mapped[int | None] = mapped_column(
        ForeignKey("schedule.id", ondelete="SET NULL"), index=True
    )
    baseline: Mapped[str] = mapped_column(String(32))
    baseline_run_ids: Mapped[list[int]] = mapped_column(JSONType, default=list)
    threshold_pct: Mapped[float]
    regressed: Mapped[int]
    worst_change_pct: Mapped[float | None]
    cells: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    acknowledged_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    acknowledged_by: Mapped[str | None] = mapped_column(String(100))
