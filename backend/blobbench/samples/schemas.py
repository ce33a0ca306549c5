from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class SampleRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    name: str
    kind: Literal["upload", "table"]
    sha256: str
    size: int
    source: dict[str, Any]
    created_at: datetime
    dataset: str = Field(description="Use this in a matrix's datasets, e.g. 'sample:3'")


class TableSampleCreate(BaseModel):
    """Read a sample from an existing table on the target (read-only): the values of one
    column, or — without a column — whole rows laid out roughly as InnoDB stores them, whose
    16 KiB blocks the codec lab measures as the table's pages."""

    schema_name: str = Field(pattern=r"^[A-Za-z0-9_$]{1,64}$", alias="schema",
                             description="The table's schema (database)")
    table: str = Field(pattern=r"^[A-Za-z0-9_$]{1,64}$")
    column: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_$]{1,64}$",
                               description="A column to sample; omit it to sample whole rows "
                                           "(the table's pages)")
    limit_bytes: int = Field(default=16 << 20, ge=1024, le=256 << 20,
                             description="Read values until this many bytes")
    name: str | None = Field(default=None, max_length=200)

    model_config = ConfigDict(populate_by_name=True)
