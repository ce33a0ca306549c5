"""Celery tasks: thin edges over ``runner``. Messages carry ids only."""

from __future__ import annotations

import logging
from functools import lru_cache

from blobbench.core.config import get_settings
from blobbench.engine.samples import set_sample_loader

from blobbench_worker.api_client import ApiClient, ApiUnavailable
from blobbench_worker.app import celery_app
from blobbench_worker.runner import execute
from blobbench_worker.samples import make_loader
from blobbench_worker.spool import Spool

log = logging.getLogger(__name__)


@lru_cache
def client() -> ApiClient:
    settings = get_settings()
    token = settings.resolved_worker_token
    if not token:
        raise RuntimeError("No worker token: set BLOBBENCH_WORKER_TOKEN or run `make up`")
    return ApiClient(settings.resolved_api_url, token)


@lru_cache
def spool() -> Spool:
    settings = get_settings()
    return Spool(settings.data_path / "spool" / settings.host_name)


def _fetch_sample(sample_id: str) -> bytes:
    return client().sample_content(sample_id)


set_sample_loader(make_loader(_fetch_sample, get_settings().data_path / "cache" / "samples"))


@celery_app.task(name="runs.execute_cell", bind=True, autoretry_for=(ApiUnavailable,),
                 retry_backoff=2, retry_backoff_max=60, max_retries=None, acks_late=True)
def execute_cell(self, run_id: int, cell_id: int) -> dict:  # noqa: ARG001 - run_id for tracing
    outcome = execute(client(), spool(), cell_id)
    return {"cell_id": outcome.cell_id, "status": outcome.status}


@celery_app.task(name="maintenance.sweep", ignore_result=True)
def sweep() -> dict:
    try:
        return client().sweep()
    except ApiUnavailable as exc:  # beat sends the next one soon
        log.warning("sweep skipped: %s", exc)
        return {}


@celery_app.task(name="schedules.tick", ignore_result=True)
def tick_schedules() -> dict:
    try:
        return client().tick_schedules()
    except ApiUnavailable as exc:  # beat sends the next one soon
        log.warning("schedule tick skipped: %s", exc)
        return {}
