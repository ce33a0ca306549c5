"""Registering targets: probe the server first, store the password encrypted."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

from sqlalchemy import select
from sqlalchemy.orm import Session

from blobbench.core import crypto
from blobbench.core.clock import utcnow
from blobbench.engine.target import TargetConn, check_writable, probe
from blobbench.models import Target
from blobbench.targets.schemas import TargetCreate, TargetRead


class TargetNameTaken(Exception):
    pass


def connection_for(target: Target) -> TargetConn:
    """The engine's connection parameters, with the password decrypted."""
    return TargetConn(
        host=target.host,
        port=target.port,
        user=target.user,
        password=crypto.decrypt(target.password_encrypted),
        database=target.database,
        driver=target.driver,
    )


def _apply_facts(target: Target, facts: dict) -> None:
    target.facts = facts
    target.flavour = facts.get("flavour")
    target.version = facts.get("version")
    target.checked_at = utcnow()


def register(session: Session, data: TargetCreate) -> Target:
    """Check the connection (raises the engine's TargetError) and store the target."""
    if session.scalar(select(Target.id).where(Target.name == data.name)) is not None:
        raise TargetNameTaken(f"A target named '{data.name}' already exists")
    conn = TargetConn(host=data.host, port=data.port, user=data.user, password=data.password,
                      database=data.database, driver=data.driver)
    facts = probe(conn)
    check_writable(conn, facts)
    target = Target(
        name=data.name, host=data.host, port=data.port, user=data.user,
        password_encrypted=crypto.encrypt(data.password), database=data.database,
        driver=data.driver,
    )
    _apply_facts(target, facts)
    session.add(target)
    session.flush()
    return target


def recheck(session: Session, target: Target) -> Target:
    _apply_facts(target, probe(connection_for(target)))
    session.flush()
    return target


def to_read(target: Target) -> TargetRead:
    read = TargetRead.model_validate(target)
    read.max_allowed_packet = (target.facts or {}).get("max_allowed_packet")
    return read


def parse_dsn(dsn: str) -> dict:
    """``mysql://user:password@host:port/database`` → TargetCreate fields."""
    parts = urlsplit(dsn)
    if parts.scheme not in ("mysql", "mariadb"):
        raise ValueError(f"Target DSN must start with mysql://, got {parts.scheme or 'nothing'}://")
    return {
        "host": parts.hostname or "127.0.0.1",
        "port": parts.port or 3306,
        "user": unquote(parts.username or "root"),
        "password": unquote(parts.password or ""),
        "database": (parts.path or "/").lstrip("/") or "blobbench",
    }
