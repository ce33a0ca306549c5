from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from blobbench.core.clock import utcnow
from blobbench.models.base import Base, UTCDateTime


class Token(Base):
    """An API token. Only its SHA-256 is stored; `prefix` identifies it in listings."""

    __tablename__ = "token"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    scope: Mapped[str] = mapped_column(String(16))  # admin | run | worker | share
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))
    host: Mapped[str | None] = mapped_column(String(100))  # worker tokens: the host they serve
    # share tokens: the one run they open, read-only
    run_id: Mapped[int | None] = mapped_column(ForeignKey("run.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
