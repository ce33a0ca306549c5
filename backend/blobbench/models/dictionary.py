from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from blobbench.core.clock import utcnow
from blobbench.models.base import Base, UTCDateTime


class Dictionary(Base):
    """A compression dictionary a run measured with (zstd_dict, zlib_dict), kept by the run
    whose result first brought it; results reference it by ``sha256`` in their context."""

    __tablename__ = "dictionary"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("run.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    dataset: Mapped[str] = mapped_column(String(200))
    seed: Mapped[int]
    size: Mapped[int]
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
