"""Minting, listing and revoking API tokens."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from blobbench.core.auth import SCOPES, hash_token, lookup_token, new_token_value
from blobbench.core.clock import utcnow
from blobbench.models import Token


def create_token(session: Session, name: str, scope: str, host: str | None = None) -> tuple[Token, str]:
    """Create a token and return it with its secret value (which is not stored)."""
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r}; choose from {', '.join(SCOPES)}")
    raw = new_token_value(scope)
    token = Token(name=name, scope=scope, host=host, token_hash=hash_token(raw), prefix=raw[:8])
    session.add(token)
    session.flush()
    return token, raw


def list_tokens(session: Session) -> list[Token]:
    return list(session.scalars(select(Token).order_by(Token.id)))


def revoke_token(session: Session, token: Token) -> None:
    if token.revoked_at is None:
        token.revoked_at = utcnow()
    session.flush()


def is_valid(session: Session, raw: str, scope: str | None = None) -> bool:
    token = lookup_token(session, raw)
    return token is not None and (scope is None or token.scope == scope)
