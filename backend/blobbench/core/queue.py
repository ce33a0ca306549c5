"""Producer side of the Celery queues: the API enqueues by task name, never imports tasks."""

from __future__ import annotations

from functools import lru_cache

from celery import Celery

from blobbench.core.config import get_settings, host_queue


@lru_cache
def _producer() -> Celery:
    app = Celery("blobbench-api", broker=get_settings().redis_url)
    app.conf.broker_connection_retry_on_startup = True
    app.conf.broker_transport_options = {"socket_connect_timeout": 3}
    return app


def enqueue_cell(host: str, run_id: int, cell_id: int) -> None:
    """Send one cell to the queue of ``host``. The message holds ids only, never secrets."""
    _producer().send_task(
        "runs.execute_cell", args=[run_id, cell_id], queue=host_queue(host)
    )


def queue_depth(host: str) -> int | None:
    """Messages waiting in a host's queue (Redis list length), or None if unknown."""
    try:
        with _producer().connection_for_write() as conn:
            return int(conn.default_channel.client.llen(host_queue(host)))
    except Exception:  # noqa: BLE001 - depth is informative only
        return None


def reset_producer() -> None:
    _producer.cache_clear()
