from __future__ import annotations

from fastapi import APIRouter, HTTPException, status

from blobbench.core.auth import RequireRun, SessionDep
from blobbench.core.clock import utcnow
from blobbench.models import Link, Token
from blobbench.runs.router import RunDep
from blobbench.sharing import service
from blobbench.sharing.schemas import LinkCreate, LinkRead, ShareCreate, ShareCreated, ShareRead

router = APIRouter(tags=["sharing"])


def link_read(link: Link) -> LinkRead:
    return LinkRead(code=link.code, path=link.path, short_path=f"/l/{link.code}",
                    created_at=link.created_at, visits=link.visits)


@router.post("/links", response_model=LinkRead, status_code=status.HTTP_201_CREATED)
def create_link(body: LinkCreate, session: SessionDep, token: RequireRun) -> LinkRead:
    """A short link for a long dashboard address; the same address gets the same link."""
    try:
        link = service.shorten(session, body.path, token.name)
    except service.BadLink as exc:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=str(exc)) from exc
    session.commit()
    return link_read(link)


@router.get("/links/{code}", response_model=LinkRead)
def get_link(code: str, session: SessionDep) -> LinkRead:
    link = service.resolve(session, code)
    if link is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"No short link '{code[:32]}'")
    return link_read(link)


@router.post("/runs/{run_id}/shares", response_model=ShareCreated,
             status_code=status.HTTP_201_CREATED)
def create_share(run: RunDep, body: ShareCreate, session: SessionDep, _: RequireRun) -> ShareCreated:
    """A read-only share link: it opens this run, and nothing else, without an account."""
    token, raw = service.create_share(session, run, body.name)
    session.commit()
    return ShareCreated(**ShareRead.model_validate(token).model_dump(), token=raw,
                        path=service.share_path(run.id, raw))


@router.get("/runs/{run_id}/shares", response_model=list[ShareRead])
def list_shares(run: RunDep, session: SessionDep, _: RequireRun) -> list[Token]:
    return service.list_shares(session, run)


@router.delete("/runs/{run_id}/shares/{share_id}", status_code=status.HTTP_204_NO_CONTENT)
def revoke_share(run: RunDep, share_id: int, session: SessionDep, _: RequireRun) -> None:
    token = session.get(Token, share_id)
    if token is None or token.scope != "share" or token.run_id != run.id:
        raise HTTPException(status.HTTP_404_NOT_FOUND,
                            detail=f"Run {run.id} has no share link {share_id}")
    if token.revoked_at is None:
        token.revoked_at = utcnow()
    session.commit()
