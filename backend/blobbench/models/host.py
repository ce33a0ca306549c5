from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from blobbench.core.clock import utcnow
from blobbench.models.base import Base, JSONType, UTCDateTime


class Host(Base):
    """A machine running a BlobBench worker, known from its heartbeats."""

    __tablename__ = "host"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    hostname: Mapped[str | None] = mapped_column(String(255))
    facts: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    last_seen_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
