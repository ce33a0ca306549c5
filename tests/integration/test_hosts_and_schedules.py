"""Hosts and schedules with real processes: two workers with different host names, Celery beat
ticking every second, the API on PostgreSQL (the ``hosts_stack`` fixture)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.orm import sessionmaker

from blobbench.core import cron
from blobbench.core.db import make_engine
from blobbench.models import Run, Schedule
from tests.integration.stack import wait_for

pytestmark = pytest.mark.integration

TINY = {"methods": ["none", "lz4"], "storages": ["dynamic"], "datasets": ["random:2"],
        "sizes": ["4KiB"]}
FAST = {"time_budget_s": 0.15, "warmup_s": 0.02, "ci_target": 0.5}


def finished(c, run_id: int, stack, timeout: float = 60) -> dict:
    wait_for(lambda: c.get(f"/runs/{run_id}").json()["status"]
             in ("succeeded", "partial", "failed", "canceled"), timeout, f"run {run_id}", stack)
    return c.get(f"/runs/{run_id}").json()


def executed_cells(stack, host: str) -> set[int]:
    """Cell ids the worker of ``host`` executed, from its Celery log."""
    return {int(m) for m in re.findall(r"'cell_id': (\d+), 'status'",
                                       stack.log(f"worker-{host}"))}


def start(c, stack, hosts: list[str], target="direct_target", matrix=TINY) -> dict:
    response = c.post("/runs", json={"target_id": getattr(stack, target)["id"], "hosts": hosts,
                                     "matrix": matrix, "settings": FAST})
    assert response.status_code == 202, response.text
    return response.json()


def test_a_run_for_host_a_executes_only_on_a(hosts_stack):
    stack = hosts_stack
    with stack.http() as c:
        run = finished(c, start(c, stack, [stack.a])["id"], stack)
        results = c.get(f"/runs/{run['id']}/results").json()
    assert run["status"] == "succeeded" and {r["host"] for r in results} == {stack.a}
    cell_ids = {r["cell_id"] for r in results}
    wait_for(lambda: cell_ids <= executed_cells(stack, stack.a), 10, "worker log", stack)
    assert not cell_ids & executed_cells(stack, stack.b)


def test_a_two_host_run_measures_from_both_one_after_the_other(hosts_stack):
    stack = hosts_stack
    with stack.http() as c:
        run = finished(c, start(c, stack, [stack.a, stack.b])["id"], stack)
        results = c.get(f"/runs/{run['id']}/results").json()
        cells = c.get(f"/runs/{run['id']}/cells").json()
    assert run["status"] == "succeeded" and run["hosts"] == [stack.a, stack.b]
    assert sorted((r["host"], r["method"]) for r in results) == sorted(
        (h, m) for h in (stack.a, stack.b) for m in TINY["methods"])
    by_host = {h: {c["id"] for c in cells if c["host"] == h} for h in (stack.a, stack.b)}
    wait_for(lambda: by_host[stack.b] <= executed_cells(stack, stack.b), 10, "worker log", stack)
    assert by_host[stack.a] <= executed_cells(stack, stack.a)
    assert not by_host[stack.a] & executed_cells(stack, stack.b)
    last_a = max(c["finished_at"] for c in cells if c["host"] == stack.a)
    first_b = min(c["started_at"] for c in cells if c["host"] == stack.b)
    assert last_a <= first_b  # the hosts never loaded the target at the same time


def test_heartbeats_report_host_facts_and_round_trips_to_targets(hosts_stack):
    with hosts_stack.http() as c:
        host = c.get(f"/hosts/{hosts_stack.a}").json()
    facts = host["facts"]
    assert host["online"] and facts["cores"] >= 1 and facts["cpu_model"]
    assert facts["python"] and "mysqlclient" in facts["drivers"] and facts["codecs"]
    rtts = {t["name"]: t for t in facts["targets"]}
    assert set(rtts) == {"direct", "path"}
    assert all(t["rtt_ms"] > 0 and t["error"] is None for t in rtts.values())
    assert "password" not in str(facts)


@pytest.fixture(scope="module")
def offline_host(hosts_stack) -> str:
    """A host that announced itself once and then went silent."""
    import httpx

    name = f"gone-{hosts_stack.a[-4:]}"
    token = hosts_stack.mint("worker", name)
    httpx.post(f"{hosts_stack.url}/api/v1/worker/heartbeat", json={"name": name},
               headers={"Authorization": f"Bearer {token}"}).raise_for_status()
    with hosts_stack.http() as c:
        wait_for(lambda: not c.get(f"/hosts/{name}").json()["online"], 10, "offline", hosts_stack)
    return name


def test_an_offline_hosts_run_stays_queued_and_can_be_canceled(hosts_stack, offline_host):
    with hosts_stack.http() as c:
        run = start(c, hosts_stack, [offline_host])
        assert run["status"] == "queued" and f"'{offline_host}' is offline" in run["message"]
        assert c.post(f"/runs/{run['id']}/cancel").json()["status"] == "canceled"


def _set_due(stack, schedule_id: int, at: datetime) -> None:
    engine = make_engine(stack.database_url)
    try:
        with sessionmaker(bind=engine)() as s:
            s.get(Schedule, schedule_id).next_fire_at = at
            s.commit()
    finally:
        engine.dispose()


def _schedule(c, stack, name: str, hosts: list[str], **extra) -> dict:
    response = c.post("/schedules", json={
        "name": name, "cron": "* * * * *", "target_id": stack.direct_target["id"],
        "hosts": hosts, "matrix": TINY, "settings": FAST, **extra})
    assert response.status_code == 201, response.text
    return response.json()


def test_a_one_minute_schedule_fires_through_beat_and_a_disabled_one_does_not(hosts_stack):
    """Beat ticks every second; the schedule's due time is set to the current minute instead
    of waiting for the next one, so the firing happens within a tick."""
    stack = hosts_stack
    with stack.http() as c:
        on = _schedule(c, stack, "every minute", [stack.a])
        off = _schedule(c, stack, "disabled", [stack.a], enabled=False)
        due = cron.latest_time("* * * * *", datetime.now(UTC))
        _set_due(stack, off["id"], due)
        _set_due(stack, on["id"], due)
        wait_for(lambda: c.get(f"/schedules/{on['id']}/firings").json(), 20, "a firing", stack)
        firing = c.get(f"/schedules/{on['id']}/firings").json()[0]
        assert firing["outcome"] == "created"
        # the cron time itself (the next one if a minute began before the tick came)
        fired_for = datetime.fromisoformat(firing["scheduled_for"])
        assert fired_for in (due, due + timedelta(minutes=1))
        run = finished(c, firing["run_id"], stack)
        assert run["status"] == "succeeded" and run["schedule_id"] == on["id"]
        after = c.get(f"/schedules/{on['id']}").json()
        assert datetime.fromisoformat(after["last_fire_at"]) == fired_for
        assert datetime.fromisoformat(after["next_fire_at"]) >= fired_for + timedelta(minutes=1)
        assert datetime.fromisoformat(after["next_fire_at"]).second == 0
        assert c.get(f"/schedules/{off['id']}/firings").json() == []
        history = c.get(f"/schedules/{on['id']}/history", params={"method": "lz4"}).json()
        assert history["points"][0]["run_id"] == run["id"]  # a minute later, more may follow
        assert history["points"][0]["mean"] > 0
        c.patch(f"/schedules/{on['id']}", json={"enabled": False})


def test_a_firing_while_the_previous_run_waits_is_skipped_and_recorded(hosts_stack,
                                                                       offline_host):
    """The schedule's previous run waits for a silent host, so beat's firing is skipped."""
    stack = hosts_stack
    with stack.http() as c:
        schedule = _schedule(c, stack, "to a silent host", [offline_host])
        waiting = start(c, stack, [offline_host])
        engine = make_engine(stack.database_url)
        try:
            with sessionmaker(bind=engine)() as s:
                s.get(Run, waiting["id"]).schedule_id = schedule["id"]  # as if it had fired
                s.commit()
        finally:
            engine.dispose()
        _set_due(stack, schedule["id"], cron.latest_time("* * * * *", datetime.now(UTC)))
        wait_for(lambda: c.get(f"/schedules/{schedule['id']}/firings").json(), 20,
                 "the firing", stack)
        firings = c.get(f"/schedules/{schedule['id']}/firings").json()
        c.patch(f"/schedules/{schedule['id']}", json={"enabled": False})
        c.post(f"/runs/{waiting['id']}/cancel")
        runs = c.get("/runs", params={"schedule_id": schedule["id"]}).json()
    assert [(f["outcome"], f["run_id"]) for f in firings] == [("skipped", None)]
    assert f"previous run {waiting['id']} is still queued" in firings[0]["reason"]
    assert [r["id"] for r in runs] == [waiting["id"]]  # no second run
