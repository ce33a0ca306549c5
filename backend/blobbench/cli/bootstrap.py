"""``blobbench bootstrap``: make a fresh data directory usable. Safe to run again.

Ensures the secret key, an admin token and this host's worker token (kept in the data
directory, mode 600), and registers the configured target as "local" when missing.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from sqlalchemy import select

from blobbench.core import crypto
from blobbench.core.auth import lookup_token
from blobbench.core.config import get_settings, reset_settings
from blobbench.core.db import get_sessionmaker
from blobbench.engine.errors import EngineError
from blobbench.models import Target
from blobbench.targets import service as targets
from blobbench.targets.schemas import TargetCreate
from blobbench.tokens import service as tokens


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("bootstrap", help="secret key, admin/worker tokens, local target")
    parser.add_argument("--no-target", action="store_true", help="do not register a target")
    parser.set_defaults(handler=run)


def _write_secret(path: Path, value: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(value + "\n")


def _ensure_token(session, path: Path, name: str, scope: str, host: str | None) -> bool:
    if path.exists():
        token = lookup_token(session, path.read_text().strip())
        if token is not None and token.scope == scope and token.host == host:
            return False
    _, raw = tokens.create_token(session, name, scope, host)
    _write_secret(path, raw)
    return True


def run(args: argparse.Namespace) -> int:
    settings = get_settings()
    data = settings.data_path
    if not settings.resolved_secret_key:
        _write_secret(data / "secret.key", crypto.generate_key())
        reset_settings()
        settings = get_settings()
    with get_sessionmaker()() as session:
        if _ensure_token(session, data / "admin.token", "admin", "admin", None):
            print("created admin token (data dir: admin.token)")
        host = settings.host_name
        if _ensure_token(session, data / "worker.token", f"worker:{host}", "worker", host):
            print(f"created worker token for host '{host}'")
        session.commit()
        if not args.no_target and session.scalar(select(Target).where(Target.name == "local")) is None:
            try:
                fields = targets.parse_dsn(settings.target_dsn)
                targets.register(session, TargetCreate(name="local", **fields))
                session.commit()
                print(f"registered target 'local' ({fields['host']}:{fields['port']})")
            except (EngineError, ValueError) as exc:
                session.rollback()
                print(f"warning: could not register the local target: {exc}")
    return 0
