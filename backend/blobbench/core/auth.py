"""Bearer-token authentication. Tokens are random strings; only their SHA-256 is stored."""

from __future__ import annotations

import hashlib
import secrets
from typing import Annotated

from fastapi import Depends, HTTPException, Request, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy import select
from sqlalchemy.orm import Session

from blobbench.core.clock import utcnow
from blobbench.core.config import get_settings
from blobbench.core.db import get_session
from blobbench.models import Token

SCOPES = ("admin", "run", "worker")
# A share token opens one run (Token.run_id) read-only: the key of a read-only share link.
SHARE_SCOPE = "share"
# What each scope may do, beyond reading. admin implies everything except acting as a worker.
_GRANTS = {"admin": {"admin", "run"}, "run": {"run"}, "worker": {"worker"}, SHARE_SCOPE: set()}
_READ_METHODS = {"GET", "HEAD"}

_bearer = HTTPBearer(auto_error=False, description="An API token: `blobbench token create`")


def hash_token(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def new_token_value(scope: str) -> str:
    return f"bb{scope[0]}_{secrets.token_urlsafe(32)}"


def _unauthorized(reason: str) -> HTTPException:
    return HTTPException(
        status.HTTP_401_UNAUTHORIZED, detail=reason, headers={"WWW-Authenticate": "Bearer"}
    )


def lookup_token(session: Session, raw: str) -> Token | None:
    token = session.scalar(select(Token).where(Token.token_hash == hash_token(raw)))
    if token is None or token.revoked_at is not None:
        return None
    return token


def require(scope: str):
    """Dependency factory: the request must carry a valid token granting ``scope``.

    ``"any"`` accepts every valid token (used by ``/auth/me``).
    """

    def dependency(
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
        session: Annotated[Session, Depends(get_session)],
    ) -> Token:
        if credentials is None or not credentials.credentials:
            raise _unauthorized("This action needs a token: send 'Authorization: Bearer <token>'")
        token = lookup_token(session, credentials.credentials)
        if token is None:
            raise _unauthorized("The token is unknown or revoked")
        if scope != "any" and scope not in _GRANTS.get(token.scope, set()):
            raise HTTPException(
                status.HTTP_403_FORBIDDEN,
                detail=f"A '{token.scope}' token cannot do this; it needs scope '{scope}'",
            )
        token.last_used_at = utcnow()
        return token

    dependency.__name__ = f"require_{scope}"
    return dependency


def require_read(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    session: Annotated[Session, Depends(get_session)],
) -> Token | None:
    """Dependency of every route people read: a token is needed when the API listens beyond
    localhost (or ``BLOBBENCH_AUTH=required``); a token that is sent must be valid; a share
    token opens only its own run, and only for reading."""
    token = None
    if credentials is not None and credentials.credentials:
        token = lookup_token(session, credentials.credentials)
        if token is None:
            raise _unauthorized("The token is unknown or revoked")
    elif get_settings().reads_need_token(request.client.host if request.client else None):
        raise _unauthorized("Sign in with a token: this BlobBench is reachable from other "
                            "machines, so reading needs one too")
    if token is not None and token.scope == SHARE_SCOPE:
        run_id = request.path_params.get("run_id")
        if request.method not in _READ_METHODS or str(run_id) != str(token.run_id):
            raise HTTPException(
                status.HTTP_403_FORBIDDEN,
                detail=f"This share link opens run {token.run_id} for reading only",
            )
    return token


RequireAdmin = Annotated[Token, Depends(require("admin"))]
RequireRun = Annotated[Token, Depends(require("run"))]
RequireWorker = Annotated[Token, Depends(require("worker"))]
SessionDep = Annotated[Session, Depends(get_session)]
