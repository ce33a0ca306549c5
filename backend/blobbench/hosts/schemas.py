from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field


class HostRead(BaseModel):
    name: str
    hostname: str | None
    online: bool
    last_seen_at: datetime | None
    facts: dict[str, Any]
    queue_depth: int | None = Field(default=None, description="Cells waiting in its queue")


class Heartbeat(BaseModel):
    name: str = Field(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_.\-]+$")
    hostname: str | None = Field(default=None, max_length=255)
    facts: dict[str, Any] = Field(default_factory=dict)
