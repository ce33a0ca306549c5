from __future__ import annotations

from fastapi import APIRouter, HTTPException, status

from blobbench.core.auth import SessionDep
from blobbench.core.queue import queue_depth
from blobbench.hosts import service
from blobbench.hosts.schemas import HostRead

router = APIRouter(prefix="/hosts", tags=["hosts"])


@router.get("", response_model=list[HostRead])
def list_hosts(session: SessionDep) -> list[HostRead]:
    current = service.current_cells(session)
    return [service.to_read(h, queue_depth(h.name), current.get(h.name))
            for h in service.list_hosts(session)]


@router.get("/{name}", response_model=HostRead)
def get_host(name: str, session: SessionDep) -> HostRead:
    host = service.get_host(session, name)
    if host is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"No host named '{name}'")
    return service.to_read(host, queue_depth(host.name),
                           service.current_cells(session).get(host.name))
