from __future__ import annotations

from datetime import datetime

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from blobbench.core.clock import utcnow
from blobbench.models.base import Base, UTCDateTime


class Link(Base):
    """A short link: `/l/<code>` redirects to `path`, a dashboard address with its query."""

    __tablename__ = "link"

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    path: Mapped[str] = mapped_column(String(4000))
    path_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_by: Mapped[str | None] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    visits: Mapped[int] = mapped_column(default=0)
