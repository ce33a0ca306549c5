"""``blobbench token …``: mint, list and revoke API tokens (writes the results DB directly)."""

from __future__ import annotations

import argparse

from blobbench.core.auth import SCOPES
from blobbench.core.db import get_sessionmaker
from blobbench.models import Token
from blobbench.tokens import service


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("token", help="manage API tokens")
    tsub = parser.add_subparsers(dest="token_command", required=True)
    create = tsub.add_parser("create", help="mint a token and print it once")
    create.add_argument("--name", required=True)
    create.add_argument("--scope", choices=SCOPES, default="run")
    create.add_argument("--host", help="worker tokens: the host they may act for")
    create.set_defaults(handler=_create)
    tsub.add_parser("list", help="list tokens (never their secrets)").set_defaults(handler=_list)
    revoke = tsub.add_parser("revoke", help="revoke a token by id")
    revoke.add_argument("id", type=int)
    revoke.set_defaults(handler=_revoke)


def _create(args: argparse.Namespace) -> int:
    with get_sessionmaker()() as session:
        _, raw = service.create_token(session, args.name, args.scope, args.host)
        session.commit()
    print(raw)
    return 0


def _list(_: argparse.Namespace) -> int:
    with get_sessionmaker()() as session:
        for t in service.list_tokens(session):
            state = "revoked" if t.revoked_at else "active"
            print(f"{t.id:>4}  {t.prefix}…  {t.scope:<6}  {state:<7}  {t.name}"
                  + (f"  host={t.host}" if t.host else ""))
    return 0


def _revoke(args: argparse.Namespace) -> int:
    with get_sessionmaker()() as session:
        token = session.get(Token, args.id)
        if token is None:
            print(f"No token with id {args.id}")
            return 2
        service.revoke_token(session, token)
        session.commit()
    print(f"Revoked token {args.id}")
    return 0
