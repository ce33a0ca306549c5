"""The Celery application of a worker host: one queue per host, late acks, prefetch 1.

A message is acknowledged when its cell has finished; if the worker dies first (killed, host
lost), Redis hands the message to another worker after ``visibility_timeout`` — long, because a
cell may legitimately run longer than any short timeout. The quicker repair is the API's sweep
(sent by beat every ``BLOBBENCH_SWEEP`` seconds): it queues again a cell whose worker stopped
touching it, and the cells whose messages a restarted broker lost.
"""

from __future__ import annotations

from celery import Celery

from blobbench.core.config import get_settings

MAINTENANCE_QUEUE = "maintenance"


def make_celery() -> Celery:
    settings = get_settings()
    app = Celery("blobbench", broker=settings.redis_url, include=["blobbench_worker.tasks"])
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        worker_concurrency=1,  # cells of one host run one at a time: they share its CPU and NIC
        task_default_queue=settings.host_queue,
        task_ignore_result=True,
        broker_connection_retry_on_startup=True,
        broker_transport_options={"visibility_timeout": settings.visibility_timeout_s},
        worker_hijack_root_logger=False,
        beat_schedule={
            "sweep-runs": {"task": "maintenance.sweep", "schedule": settings.sweep_s,
                           "options": {"queue": MAINTENANCE_QUEUE, "expires": settings.sweep_s}},
            # schedules live in the results DB: the API fires what is due at each tick
            "tick-schedules": {"task": "schedules.tick", "schedule": settings.schedule_tick_s,
                               "options": {"queue": MAINTENANCE_QUEUE,
                                           "expires": settings.schedule_tick_s}},
        },
    )
    return app


celery_app = make_celery()
