from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, status
from sqlalchemy import exists, select

from blobbench.core.auth import RequireAdmin, SessionDep
from blobbench.models import Run, Schedule, Target
from blobbench.targets import service
from blobbench.engine.capabilities import capabilities
from blobbench.targets.schemas import Capabilities, TargetCreate, TargetRead

router = APIRouter(prefix="/targets", tags=["targets"])


def valid_target(target_id: int, session: SessionDep) -> Target:
    target = session.get(Target, target_id)
    if target is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"No target with id {target_id}")
    return target


TargetDep = Annotated[Target, Depends(valid_target)]


@router.get("", response_model=list[TargetRead])
def list_targets(session: SessionDep) -> list[TargetRead]:
    return [service.to_read(t) for t in session.scalars(select(Target).order_by(Target.name))]


@router.post("", response_model=TargetRead, status_code=status.HTTP_201_CREATED)
def create_target(body: TargetCreate, session: SessionDep, _: RequireAdmin) -> TargetRead:
    try:
        target = service.register(session, body)
    except service.TargetNameTaken as exc:
        raise HTTPException(status.HTTP_409_CONFLICT, detail=str(exc)) from exc
    session.commit()
    return service.to_read(target)


@router.get("/{target_id}", response_model=TargetRead)
def get_target(target: TargetDep) -> TargetRead:
    return service.to_read(target)


@router.get("/{target_id}/capabilities", response_model=Capabilities)
def get_capabilities(target: TargetDep) -> Capabilities:
    return Capabilities(target_id=target.id, checked_at=target.checked_at,
                        **capabilities(target.facts or {}))


@router.post("/{target_id}/check", response_model=TargetRead)
def check_target(target: TargetDep, session: SessionDep, _: RequireAdmin) -> TargetRead:
    service.recheck(session, target)
    session.commit()
    return service.to_read(target)


@router.delete("/{target_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_target(target: TargetDep, session: SessionDep, _: RequireAdmin) -> None:
    if session.scalar(select(exists().where(Run.target_id == target.id))):
        raise HTTPException(
            status.HTTP_409_CONFLICT,
            detail=f"Target '{target.name}' has runs; delete its runs first to keep results intact",
        )
    if session.scalar(select(exists().where(Schedule.target_id == target.id))):
        raise HTTPException(
            status.HTTP_409_CONFLICT,
            detail=f"Target '{target.name}' has schedules; delete them or point them elsewhere",
        )
    session.delete(target)
    session.commit()
