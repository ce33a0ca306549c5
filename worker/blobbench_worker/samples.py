"""Samples for ``sample:<id>`` datasets: fetched from the API once, then kept on disk."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path


def make_loader(fetch: Callable[[str], bytes], directory: Path) -> Callable[[str], bytes]:
    """A loader for the engine: disk cache by id (a sample's content never changes), and the
    last two samples in memory because a cell asks for its sample once per row."""
    directory.mkdir(parents=True, exist_ok=True)

    @lru_cache(maxsize=2)
    def load(sample_id: str) -> bytes:
        path = directory / sample_id
        if path.exists():
            return path.read_bytes()
        data = fetch(sample_id)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
        return data

    return load
