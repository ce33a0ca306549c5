from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field


class CurrentCell(BaseModel):
    """A cell a host is measuring now."""

    run_id: int
    cell_id: int
    label: str = Field(description="method · storage · dataset · size · workload")
    started_at: datetime | None


class HostRead(BaseModel):
    name: str
    hostname: str | None
    online: bool
    last_seen_at: datetime | None
    facts: dict[str, Any]
    queue_depth: int | None = Field(default=None, description="Cells waiting in its queue")
    current: list[CurrentCell] = Field(default_factory=list, description="Cells it is running now")


class Heartbeat(BaseModel):
    name: str = Field(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_.\-]+$")
    hostname: str | None = Field(default=None, max_length=255)
    facts: dict[str, Any] = Field(default_factory=dict)
