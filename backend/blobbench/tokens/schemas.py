from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Scope = Literal["admin", "run", "worker"]
# Share keys are tokens too (made by POST /runs/{id}/shares), listed but never minted here.
AnyScope = Literal["admin", "run", "worker", "share"]


class TokenCreate(BaseModel):
    name: str = Field(min_length=1, max_length=100)
    scope: Scope = "run"
    host: str | None = Field(default=None, max_length=100,
                             description="For worker tokens: the only host they may act for")


class TokenRead(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    name: str
    scope: AnyScope
    prefix: str
    host: str | None
    run_id: int | None = Field(description="For share keys: the one run they open")
    created_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None


class TokenCreated(TokenRead):
    token: str = Field(description="The secret. Shown once; only its hash is stored.")


class Me(BaseModel):
    name: str
    scope: AnyScope
    run_id: int | None = Field(default=None, description="For share keys: the one run they open")
