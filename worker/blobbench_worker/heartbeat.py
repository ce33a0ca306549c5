"""Announce this host to the API when the worker starts, then every few seconds.

Each heartbeat carries the host's facts (CPU, cores, memory, kernel, Python, driver and codec
versions) and, refreshed every ``rtt_every`` seconds, the round-trip time to every target the
API knows: a TCP connect to its address, which needs no credentials. After each heartbeat the
API accepted, ``after_beat`` runs: the worker delivers its spool then, so reports kept while the
API was away arrive as soon as it is back, even when no further cell comes.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from blobbench import __version__
from blobbench.engine.facts import host_facts, tcp_rtt

from blobbench_worker.api_client import ApiClient

log = logging.getLogger(__name__)


class Heartbeat(threading.Thread):
    def __init__(self, client: ApiClient, name: str, interval: float = 10.0,
                 rtt_every: float = 60.0, after_beat: Callable[[], object] | None = None) -> None:
        super().__init__(name="blobbench-heartbeat", daemon=True)
        self._client, self._name, self._interval = client, name, interval
        self._after_beat = after_beat
        self._rtt_every = rtt_every
        self._targets: list[dict[str, Any]] | None = None
        self._targets_at = 0.0
        self._stop_event = threading.Event()

    def target_rtts(self) -> list[dict[str, Any]] | None:
        """Round trips to every target, measured at most every ``rtt_every`` seconds."""
        now = time.monotonic()
        if self._targets is None or now - self._targets_at >= self._rtt_every:
            try:
                endpoints = self._client.target_endpoints()
            except Exception as exc:  # noqa: BLE001 - keep the last measurement
                log.warning("cannot list targets for round trips: %s", exc)
                return self._targets
            self._targets = [
                {"target_id": t["id"], "name": t["name"], "address": f"{t['host']}:{t['port']}",
                 **tcp_rtt(t["host"], t["port"])}
                for t in endpoints
            ]
            self._targets_at = now
        return self._targets

    def facts(self) -> dict[str, Any]:
        facts = {**host_facts(), "blobbench": __version__}
        targets = self.target_rtts()
        if targets is not None:
            facts["targets"] = targets
        return facts

    def beat(self) -> bool:
        try:
            self._client.heartbeat(self._name, socket.gethostname(), self.facts())
            return True
        except Exception as exc:  # noqa: BLE001 - keep beating; the API may come back
            log.warning("heartbeat failed: %s", exc)
            return False

    def run(self) -> None:
        while not self._stop_event.is_set():
            if self.beat() and self._after_beat is not None:
                try:
                    self._after_beat()
                except Exception as exc:  # noqa: BLE001 - keep beating
                    log.warning("after heartbeat: %s", exc)
            self._stop_event.wait(self._interval)

    def stop(self) -> None:
        self._stop_event.set()
