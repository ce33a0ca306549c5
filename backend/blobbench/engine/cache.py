"""A size-bounded directory cache of encoded blobs, keyed by content, so a second run of the same
matrix does not re-encode (brotli:11 and lz4hc:12 encode at ~0.2-1 MB/s).

Key: sha256 of (sha256(original) · method spec · dictionary sha256 · codec library versions).
A library upgrade therefore misses instead of serving bytes another version produced. Each entry
is one file ``<key[:2]>/<key>.enc``: an 8-byte magic, the encode time (float64, seconds, so a
cached row still reports what encoding cost), the payload length, the payload. Writes go to a
temporary file renamed into place, so concurrent workers never see half an entry; a damaged
entry reads as a miss and is deleted. When the directory grows past ``max_bytes`` the least
recently used entries (by mtime; a hit touches its file) are deleted down to 90%.

Only blobs of at least ``min_size`` bytes whose encoding took at least ``min_encode_s`` are
stored: re-encoding a small or fast blob is cheaper than the file I/O.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import tempfile
import threading
from pathlib import Path

_MAGIC = b"BBENC01\n"
_HEADER = struct.Struct("<8sdQ")
DEFAULT_MAX_BYTES = 4 << 30
DEFAULT_MIN_SIZE = 64 << 10
DEFAULT_MIN_ENCODE_S = 0.02


def default_cache_dir() -> Path:
    """``$BLOBBENCH_DATA_DIR/cache/encoded`` (``./data`` when the variable is unset)."""
    return Path(os.environ.get("BLOBBENCH_DATA_DIR") or "./data") / "cache" / "encoded"


class EncodedCache:
    """Encoded blobs on disk, by content. Thread-safe; several processes may share a directory."""

    def __init__(self, root: str | os.PathLike[str] | None = None,
                 max_bytes: int = DEFAULT_MAX_BYTES, min_size: int = DEFAULT_MIN_SIZE,
                 min_encode_s: float = DEFAULT_MIN_ENCODE_S) -> None:
        self.root = Path(root) if root is not None else default_cache_dir()
        self.max_bytes = int(max_bytes)
        self.min_size = int(min_size)
        self.min_encode_s = float(min_encode_s)
        self.hits = 0
        self.misses = 0
        self._total: int | None = None  # bytes on disk, scanned lazily
        self._lock = threading.Lock()

    @staticmethod
    def key(original_sha256: bytes, method: str, dictionary_sha256: str | None,
            versions: dict[str, str]) -> str:
        """The entry key for one original (by its sha256 digest) under one codec."""
        h = hashlib.sha256(original_sha256)
        h.update(json.dumps([method, dictionary_sha256, versions], sort_keys=True).encode())
        return h.hexdigest()

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.enc"

    def get(self, key: str) -> tuple[bytes, float] | None:
        """(payload, encode seconds) or None. A hit refreshes the entry's LRU time."""
        path = self._path(key)
        try:
            with open(path, "rb") as f:
                head = f.read(_HEADER.size)
                magic, encode_s, length = _HEADER.unpack(head) if len(head) == _HEADER.size \
                    else (b"", 0.0, -1)
                payload = f.read()
        except FileNotFoundError:
            self.misses += 1
            return None
        except OSError:
            self.misses += 1
            return None
        if magic != _MAGIC or len(payload) != length:
            self._discard(path)
            self.misses += 1
            return None
        try:
            os.utime(path)
        except OSError:
            pass
        self.hits += 1
        return payload, encode_s

    def _discard(self, path: Path) -> None:
        try:
            size = path.stat().st_size
            path.unlink()
        except OSError:
            return
        with self._lock:
            if self._total is not None:
                self._total -= size

    def wants(self, size: int, encode_s: float) -> bool:
        """Whether an encoding of a ``size``-byte original that took ``encode_s`` is kept."""
        return size >= self.min_size and encode_s >= self.min_encode_s

    def put(self, key: str, payload: bytes, encode_s: float) -> None:
        """Store an entry (atomically); evict least recently used entries past ``max_bytes``."""
        if len(payload) + _HEADER.size > self.max_bytes:
            return
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
            with os.fdopen(fd, "wb") as f:
                f.write(_HEADER.pack(_MAGIC, float(encode_s), len(payload)))
                f.write(payload)
            os.replace(tmp, path)
        except OSError:  # a full or read-only disk must not fail a measurement
            try:
                os.unlink(tmp)  # type: ignore[possibly-undefined]
            except (OSError, NameError):
                pass
            return
        with self._lock:
            if self._total is None:
                self._total = self._scan_total()
            else:
                self._total += len(payload) + _HEADER.size
            over = self._total > self.max_bytes
        if over:
            self._evict()

    def _entries(self) -> list[tuple[float, int, Path]]:
        out = []
        if not self.root.is_dir():
            return out
        for sub in self.root.iterdir():
            if not sub.is_dir():
                continue
            for p in sub.glob("*.enc"):
                try:
                    st = p.stat()
                except OSError:
                    continue
                out.append((st.st_mtime, st.st_size, p))
        return out

    def _scan_total(self) -> int:
        return sum(size for _, size, _ in self._entries())

    def _evict(self) -> None:
        entries = sorted(self._entries())
        total = sum(size for _, size, _ in entries)
        target = int(self.max_bytes * 0.9)
        for _, size, path in entries:
            if total <= target:
                break
            try:
                path.unlink()
                total -= size
            except OSError:
                pass
        with self._lock:
            self._total = total

    def total_bytes(self) -> int:
        """Bytes the entries occupy now (scans the directory)."""
        total = self._scan_total()
        with self._lock:
            self._total = total
        return total
