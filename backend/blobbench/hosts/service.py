"""Worker hosts, known from their heartbeats."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from blobbench.core.clock import utcnow
from blobbench.core.config import get_settings
from blobbench.engine.limits import fmt_bytes
from blobbench.hosts.schemas import CurrentCell, Heartbeat, HostRead
from blobbench.models import Cell, Host


def is_online(host: Host | None) -> bool:
    if host is None or host.last_seen_at is None:
        return False
    limit = timedelta(seconds=get_settings().host_offline_after_s)
    return utcnow() - host.last_seen_at <= limit


def get_host(session: Session, name: str) -> Host | None:
    return session.scalar(select(Host).where(Host.name == name))


def list_hosts(session: Session) -> list[Host]:
    return list(session.scalars(select(Host).order_by(Host.name)))


def record_heartbeat(session: Session, beat: Heartbeat) -> Host:
    """Create or refresh a host. Two first heartbeats racing both end up on one row."""
    host = get_host(session, beat.name)
    if host is None:
        try:
            with session.begin_nested():
                host = Host(name=beat.name)
                session.add(host)
        except IntegrityError:
            host = get_host(session, beat.name)
    assert host is not None
    host.hostname = beat.hostname
    if beat.facts:
        host.facts = beat.facts
    host.last_seen_at = utcnow()
    session.flush()
    return host


def current_cells(session: Session) -> dict[str, list[CurrentCell]]:
    """Running cells by host name, oldest first."""
    running = session.scalars(select(Cell).where(Cell.status == "running")
                              .order_by(Cell.started_at, Cell.id))
    by_host: dict[str, list[CurrentCell]] = {}
    for cell in running:
        label = " · ".join([cell.method, cell.storage, cell.dataset, fmt_bytes(cell.size),
                            cell.workload + (f" ×{cell.concurrency}" if cell.concurrency > 1 else "")])
        by_host.setdefault(cell.host, []).append(CurrentCell(
            run_id=cell.run_id, cell_id=cell.id, label=label, started_at=cell.started_at))
    return by_host


def to_read(host: Host, queue_depth: int | None = None,
            current: list[CurrentCell] | None = None) -> HostRead:
    return HostRead(
        name=host.name, hostname=host.hostname, online=is_online(host),
        last_seen_at=host.last_seen_at, facts=host.facts or {}, queue_depth=queue_depth,
        current=current or [],
    )
