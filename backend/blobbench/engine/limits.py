"""Blob sizes a target can carry.

``max_allowed_packet`` bounds every statement and every result row: an INSERT larger than it
drops the connection, and ``UNCOMPRESS()`` returns NULL when its result would exceed it. The
encoded blob travels as an escaped string literal inside the INSERT, so the usable size is the
packet minus headroom for encoding overhead (incompressible data grows ~0.5% or less), literal
escaping (~1.6% for random binary) and the statement text.
"""

from __future__ import annotations

from typing import Any

from .errors import TargetError

_STATEMENT_HEADROOM = 4096
_GROWTH = 1.04  # encoding overhead + escaping, generous


def fmt_bytes(n: float) -> str:
    """``1536`` → ``1.5 KiB``; exact binary units for people."""
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(n) < 1024 or unit == "GiB":
            return f"{n:g} {unit}" if unit == "B" else f"{n:.4g} {unit}"
        n /= 1024
    return f"{n} GiB"  # pragma: no cover


def max_blob_size(max_allowed_packet: int) -> int:
    """Largest blob length (bytes) that fits ``max_allowed_packet`` with the headroom above."""
    return max(0, int((max_allowed_packet - _STATEMENT_HEADROOM) / _GROWTH))


def check_size(size: int, facts: dict[str, Any]) -> None:
    """Raise TargetError(code ``too_large``) if ``size`` does not fit the target's packet."""
    packet = int(facts.get("max_allowed_packet") or 0)
    if packet <= 0:
        return
    limit = max_blob_size(packet)
    if size > limit:
        raise TargetError(
            f"size {fmt_bytes(size)} is too large for this target: its max_allowed_packet is "
            f"{fmt_bytes(packet)}, which fits blobs up to about {fmt_bytes(limit)} "
            "(encoding and escaping need headroom) — raise max_allowed_packet on the server "
            "or remove the size",
            code="too_large",
        )
