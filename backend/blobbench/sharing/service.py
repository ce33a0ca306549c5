"""Short links and read-only share keys."""

from __future__ import annotations

import hashlib
import secrets
from urllib.parse import urlsplit

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from blobbench.core.auth import SHARE_SCOPE, hash_token, new_token_value
from blobbench.models import Link, Run, Token

CODE_BYTES = 6  # 8 URL-safe characters


class BadLink(ValueError):
    """A path that is not an address inside the dashboard."""


def check_path(path: str) -> str:
    """The path itself if it is a dashboard address (`/runs/42?view=…`), else BadLink."""
    if any(ch in path for ch in "\r\n\t\\") or any(ord(ch) < 32 for ch in path):
        raise BadLink("The path has control characters or backslashes")
    parts = urlsplit(path)
    if parts.scheme or parts.netloc or not path.startswith("/") or path.startswith("//"):
        raise BadLink("Give a path inside the dashboard, starting with '/', e.g. '/runs/42?view=size'"
                      ", not a full URL")
    if parts.path.startswith(("/api/", "/l/")):
        raise BadLink("Short links point at dashboard pages, not at the API or other short links")
    return path


def shorten(session: Session, path: str, created_by: str | None) -> Link:
    """The short link for ``path``: the same path always gets the same code."""
    path = check_path(path)
    path_hash = hashlib.sha256(path.encode()).hexdigest()
    existing = session.scalar(select(Link).where(Link.path_hash == path_hash))
    if existing is not None:
        return existing
    link = Link(code=secrets.token_urlsafe(CODE_BYTES), path=path, path_hash=path_hash,
                created_by=created_by)
    try:
        with session.begin_nested():
            session.add(link)
    except IntegrityError:  # the same path shortened concurrently: use that one
        return session.scalars(select(Link).where(Link.path_hash == path_hash)).one()
    return link


def resolve(session: Session, code: str) -> Link | None:
    return session.get(Link, code)


def count_visit(session: Session, link: Link) -> None:
    session.execute(update(Link).where(Link.code == link.code).values(visits=Link.visits + 1))


def share_path(run_id: int, raw: str) -> str:
    return f"/runs/{run_id}?share={raw}"


def create_share(session: Session, run: Run, name: str) -> tuple[Token, str]:
    """A share key for ``run``: opens that run, read-only, to whoever holds the link."""
    raw = new_token_value(SHARE_SCOPE)
    token = Token(name=name, scope=SHARE_SCOPE, run_id=run.id, token_hash=hash_token(raw),
                  prefix=raw[:8])
    session.add(token)
    session.flush()
    return token, raw


def list_shares(session: Session, run: Run) -> list[Token]:
    return list(session.scalars(
        select(Token).where(Token.scope == SHARE_SCOPE, Token.run_id == run.id).order_by(Token.id)))
