"""Worker lifecycle hooks: start heartbeats, which also deliver spooled reports."""

from __future__ import annotations

import logging

from blobbench.core.config import get_settings
from celery.signals import after_setup_logger, worker_ready, worker_shutdown

from blobbench_worker.heartbeat import Heartbeat

_heartbeat: Heartbeat | None = None


@after_setup_logger.connect
def _quiet_http(**_: object) -> None:
    # one line per API call (cancel polls every 0.5 s) drowns what matters; failures still log
    logging.getLogger("httpx").setLevel(logging.WARNING)


@worker_ready.connect
def _on_ready(**_: object) -> None:
    global _heartbeat
    from blobbench_worker.runner import sender
    from blobbench_worker.tasks import client, spool

    def deliver_spool() -> None:
        spool().flush(sender(client()))

    _heartbeat = Heartbeat(client(), get_settings().host_name, get_settings().heartbeat_s,
                           after_beat=deliver_spool)
    _heartbeat.start()  # beats at once, then delivers what an earlier life left in the spool


@worker_shutdown.connect
def _on_shutdown(**_: object) -> None:
    if _heartbeat is not None:
        _heartbeat.stop()
