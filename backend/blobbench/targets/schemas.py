from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Driver = Literal["mysqlclient", "pymysql", "mysql-connector"]


class TargetCreate(BaseModel):
    name: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.\-]+$",
                      examples=["prod-replica"])
    host: str = Field(min_length=1, max_length=255, examples=["127.0.0.1"])
    port: int = Field(default=3306, ge=1, le=65535)
    user: str = Field(min_length=1, max_length=128)
    password: str = Field(default="", max_length=512, json_schema_extra={"writeOnly": True})
    database: str = Field(default="blobbench", pattern=r"^[A-Za-z0-9_]{1,64}$",
                          description="The schema BlobBench creates its tables in")
    driver: Driver = "mysqlclient"


class TargetRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    name: str
    host: str
    port: int
    user: str
    database: str
    driver: Driver
    flavour: str | None
    version: str | None
    max_allowed_packet: int | None = None
    facts: dict[str, Any]
    checked_at: datetime | None
    created_at: datetime


class Capability(BaseModel):
    name: str
    supported: bool
    reason: str | None = Field(default=None, description="Why not, when unsupported")
    levels: list[int] | None = Field(default=None, description="[min, max, default] level")


class CapabilityLimits(BaseModel):
    max_blob_size: int | None
    max_concurrency: int | None
    cold_table_bytes: int | None


class Capabilities(BaseModel):
    """What the target can run, from the facts of its last check (POST …/check refreshes)."""

    target_id: int
    checked_at: datetime | None
    methods: list[Capability]
    storages: list[Capability]
    workloads: list[Capability]
    limits: CapabilityLimits
