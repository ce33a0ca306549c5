"""A local spool of reports not yet accepted by the API, so nothing measured is lost.

The task that measured a cell and the heartbeat thread (which retries while the API is
away) may deliver at the same time, from different processes: a lock file serialises them,
and a report another process delivered meanwhile counts as delivered. Sending a report twice
is harmless anyway: the API keeps the first result of a cell.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from blobbench_worker.api_client import ApiRejected, ApiUnavailable


class Spool:
    """One JSON file per pending report, written atomically, deleted once delivered."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)

    def put(self, kind: str, cell_id: int, payload: dict) -> Path:
        path = self.directory / f"{cell_id:012d}.{kind}.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"kind": kind, "cell_id": cell_id, "payload": payload}))
        os.replace(tmp, path)
        return path

    def pending(self) -> list[Path]:
        return sorted(self.directory.glob("*.json"))

    @contextmanager
    def _locked(self) -> Iterator[None]:
        with open(self.directory / ".lock", "a") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    def _deliver(self, path: Path, send: Callable[[str, int, dict], object]) -> bool:
        try:
            entry = json.loads(path.read_text())
        except FileNotFoundError:
            return True  # delivered meanwhile by another process
        try:
            send(entry["kind"], entry["cell_id"], entry["payload"])
        except ApiUnavailable:
            return False
        except ApiRejected:
            path.rename(path.with_suffix(".rejected"))  # kept for a person to inspect
            return True
        path.unlink(missing_ok=True)
        return True

    def deliver(self, path: Path, send: Callable[[str, int, dict], object]) -> bool:
        """Send one spooled report. True when it left the spool (accepted, or refused for good)."""
        with self._locked():
            return self._deliver(path, send)

    def flush(self, send: Callable[[str, int, dict], object]) -> int:
        """Deliver everything pending; stop at the first report the API cannot take now."""
        if not self.pending():
            return 0
        delivered = 0
        with self._locked():
            for path in self.pending():
                if not self._deliver(path, send):
                    break
                delivered += 1
        return delivered
