from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, status

from blobbench.core.auth import RequireAdmin, SessionDep, require
from blobbench.models import Token
from blobbench.tokens import service
from blobbench.tokens.schemas import Me, TokenCreate, TokenCreated, TokenRead

router = APIRouter(tags=["tokens"])


@router.get("/auth/me", response_model=Me)
def me(token: Annotated[Token, Depends(require("any"))]) -> Me:
    return Me(name=token.name, scope=token.scope, run_id=token.run_id)


@router.get("/tokens", response_model=list[TokenRead])
def list_tokens(session: SessionDep, _: RequireAdmin) -> list[Token]:
    return service.list_tokens(session)


@router.post("/tokens", response_model=TokenCreated, status_code=status.HTTP_201_CREATED)
def create_token(body: TokenCreate, session: SessionDep, _: RequireAdmin) -> TokenCreated:
    token, raw = service.create_token(session, body.name, body.scope, body.host)
    session.commit()
    return TokenCreated(**TokenRead.model_validate(token).model_dump(), token=raw)


@router.delete("/tokens/{token_id}", status_code=status.HTTP_204_NO_CONTENT)
def revoke_token(token_id: int, session: SessionDep, _: RequireAdmin) -> None:
    token = session.get(Token, token_id)
    if token is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"No token with id {token_id}")
    service.revoke_token(session, token)
    session.commit()
