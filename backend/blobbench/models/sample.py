from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from blobbench.core.clock import utcnow
from blobbench.models.base import Base, JSONType, UTCDateTime


class Sample(Base):
    """Bytes of the user's own data (uploaded, or read from a target's column): dataset
    ``sample:<id>``. The content is stored once, by SHA-256, in the data directory."""

    __tablename__ = "sample"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(16))  # upload | table
    sha256: Mapped[str] = mapped_column(String(64), index=True)
    size: Mapped[int] = mapped_column(BigInteger)
    source: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
