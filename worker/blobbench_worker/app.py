"""The Celery application of a worker host: one queue per host, late acks, prefetch 1."""

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
        broker_transport_options={"visibility_timeout": 3600},
        worker_hijack_root_logger=False,
        beat_schedule={
            "sweep-runs": {"task": "maintenance.sweep", "schedule": 30.0,
                           "options": {"queue": MAINTENANCE_QUEUE, "expires": 25}},
            # schedules live in the results DB: the API fires what is due at each tick
            "tick-schedules": {"task": "schedules.tick", "schedule": settings.schedule_tick_s,
                               "options": {"queue": MAINTENANCE_QUEUE,
                                           "expires": settings.schedule_tick_s}},
        },
    )
    return app


celery_app = make_celery()
