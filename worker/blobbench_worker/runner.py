"""Executing one cell: claim it from the API, measure it with the engine, report back.

Plain Python so that tests can drive it without Celery; the Celery task only calls ``execute``.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from blobbench.engine.errors import Canceled, EngineError
from blobbench.engine.measure import CellSpec, MeasureSettings, run_cell
from blobbench.engine.target import TargetConn

from blobbench_worker.api_client import ApiClient
from blobbench_worker.spool import Spool

log = logging.getLogger(__name__)


@dataclass
class Outcome:
    cell_id: int
    status: str  # done | error | canceled | skipped
    detail: str | None = None


class StopWatch:
    """``should_stop`` for the engine, which calls it between samples (and between rows while
    loading): asks the API whether the run was canceled at most once per ``interval``
    seconds, so a canceled cell stops within about that long."""

    def __init__(self, client: ApiClient, cell_id: int, interval: float = 0.5) -> None:
        self._client, self._cell_id, self._interval = client, cell_id, interval
        self._next = time.monotonic() + interval
        self.canceled = False

    def __call__(self) -> bool:
        now = time.monotonic()
        if now >= self._next:
            self._next = now + self._interval
            try:
                self.canceled = self._client.run_status(self._cell_id) == "canceled"
            except Exception:  # noqa: BLE001 - an unreachable API is no reason to stop measuring
                pass
        return self.canceled


class Toucher(threading.Thread):
    """Touches the cell every ``interval`` seconds while it is measured: the API's sweep
    queues a cell again when its worker stops showing signs of life (killed, host lost).
    A thread, so that long statements (loading a big table) do not look like silence."""

    def __init__(self, client: ApiClient, cell_id: int, interval: float) -> None:
        super().__init__(name=f"blobbench-touch-{cell_id}", daemon=True)
        self._client, self._cell_id, self._interval = client, cell_id, interval
        self._stop_event = threading.Event()

    def run(self) -> None:
        while not self._stop_event.wait(self._interval):
            try:
                self._client.touch(self._cell_id)
            except Exception as exc:  # noqa: BLE001 - the API may be restarting: keep measuring
                log.warning("cannot touch cell %s: %s", self._cell_id, exc)

    def stop(self) -> None:
        self._stop_event.set()


def send_report(client: ApiClient, kind: str, cell_id: int, payload: dict) -> None:
    if kind == "result":
        client.report_result(cell_id, payload)
    else:
        client.report_error(cell_id, payload["code"], payload["message"])


def sender(client: ApiClient) -> Callable[[str, int, dict], None]:
    """What the spool calls to deliver one report through ``client``."""
    return functools.partial(send_report, client)


def execute(client: ApiClient, spool: Spool, cell_id: int) -> Outcome:
    """Run one cell end to end. Raises ApiUnavailable if the claim cannot be made."""
    spool.flush(sender(client))
    assignment = client.claim(cell_id)
    if assignment["action"] != "run":
        return Outcome(cell_id, "skipped", assignment.get("reason"))

    spec, settings, target = assignment["spec"], assignment["settings"], assignment["target"]
    cell = CellSpec(**spec)
    measure = MeasureSettings(ci_target=settings["ci_target"], time_budget_s=settings["time_budget_s"],
                              warmup_s=settings["warmup_s"], load_rows=settings.get("load_rows"),
                              lab_bytes=settings.get("lab_bytes") or MeasureSettings.lab_bytes)
    conn = TargetConn(**target)
    toucher = Toucher(client, cell_id, assignment.get("touch_s") or 10.0)
    toucher.start()
    try:
        measures = run_cell(conn, cell, measure, table=assignment["table"],
                            should_stop=StopWatch(client, cell_id))
    except Canceled:
        kind, payload, outcome = "error", {"code": "canceled", "message": "Canceled"}, "canceled"
    except EngineError as exc:
        kind, payload, outcome = "error", {"code": exc.code, "message": exc.message}, "error"
    except Exception as exc:  # noqa: BLE001 - any failure of a cell is reported, not lost
        log.exception("cell %s failed", cell_id)
        kind, payload, outcome = "error", {"code": "error",
                                           "message": f"{exc.__class__.__name__}: {exc}"}, "error"
    else:
        kind, payload, outcome = "result", measures, "done"
    finally:
        toucher.stop()

    path = spool.put(kind, cell_id, payload)
    spool.deliver(path, sender(client))
    return Outcome(cell_id, outcome, payload.get("message") if kind == "error" else None)
