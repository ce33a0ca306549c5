from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

MAX_PATH = 4000


class LinkCreate(BaseModel):
    path: str = Field(min_length=1, max_length=MAX_PATH,
                      examples=["/runs/42?view=size&dataset=random:2&y=log"],
                      description="A dashboard address: path and query, no scheme or host")


class LinkRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    code: str
    path: str
    short_path: str = Field(description="Open this (relative to the dashboard) to be sent to path")
    created_at: datetime
    visits: int


class ShareCreate(BaseModel):
    name: str = Field(default="share link", min_length=1, max_length=100,
                      description="To recognise the link when revoking it")


class ShareRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    name: str
    run_id: int
    prefix: str
    created_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None


class ShareCreated(ShareRead):
    token: str = Field(description="The share key. Shown once; only its hash is stored")
    path: str = Field(description="The run page with the key: opens it read-only, no account")
