"""Encryption of target passwords at rest (Fernet, key from the environment or data dir)."""

from __future__ import annotations

from cryptography.fernet import Fernet, InvalidToken

from blobbench.core.config import get_settings


class SecretKeyMissing(RuntimeError):
    """No key configured: set BLOBBENCH_SECRET_KEY or create data/secret.key (make up does)."""


def _fernet() -> Fernet:
    key = get_settings().resolved_secret_key
    if not key:
        raise SecretKeyMissing(
            "No secret key: set BLOBBENCH_SECRET_KEY or run `make up` to create data/secret.key"
        )
    return Fernet(key.encode())


def encrypt(plain: str) -> str:
    return _fernet().encrypt(plain.encode()).decode()


def decrypt(token: str) -> str:
    try:
        return _fernet().decrypt(token.encode()).decode()
    except InvalidToken as exc:
        raise SecretKeyMissing(
            "A stored password cannot be decrypted with the configured secret key"
        ) from exc


def generate_key() -> str:
    return Fernet.generate_key().decode()
