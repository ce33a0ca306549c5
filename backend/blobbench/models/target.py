from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from blobbench.core.clock import utcnow
from blobbench.models.base import Base, JSONType, UTCDateTime


class Target(Base):
    """A MySQL-compatible server to benchmark. The password is Fernet-encrypted."""

    __tablename__ = "target"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    host: Mapped[str] = mapped_column(String(255))
    port: Mapped[int]
    user: Mapped[str] = mapped_column(String(128))
    password_encrypted: Mapped[str] = mapped_column(String(1024))
    database: Mapped[str] = mapped_column(String(64))
    driver: Mapped[str] = mapped_column(String(32), default="mysqlclient")
    flavour: Mapped[str | None] = mapped_column(String(16))
    version: Mapped[str | None] = mapped_column(String(64))
    facts: Mapped[dict[str, Any]] = mapped_column(JSONType, default=dict)
    checked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
