from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest
import redis

from blobbench.core import cron
from tests.conftest import TEST_REDIS_URL

MATRIX = {"methods": ["none", "lz4"], "storages": ["dynamic"], "datasets": ["random:62"],
          "sizes": [1024]}
MEASURES = {"read_bps": 1e9, "read_bps_median": 1e9, "read_bps_ci_low": 0.98e9,
            "read_bps_ci_high": 1.02e9, "ci_halfwidth_pct": 2.0, "converged": True,
            "samples": 3, "raw_samples_us": [1.0, 1.0, 1.0]}


@pytest.fixture(autouse=True)
def empty_queue():
    r = redis.Redis.from_url(TEST_REDIS_URL)
    r.delete("host.pytest-host")
    yield r
    r.delete("host.pytest-host")


@pytest.fixture
def schedule(client, run_headers, target, online_host) -> dict:
    response = client.post("/api/v1/schedules", headers=run_headers, json={
        "name": "nightly", "cron": "* * * * *", "target_id": target["id"],
        "hosts": [online_host], "matrix": MATRIX,
    })
    assert response.status_code == 201, response.text
    return response.json()


_clock: dict[str, datetime] = {}


@pytest.fixture(autouse=True)
def frozen_ticks(monkeypatch) -> datetime:
    """The tick endpoint sees a fixed moment half a minute past a cron time, so no test
    races a minute boundary."""
    now = cron.latest_time("* * * * *", datetime.now(UTC)) + timedelta(seconds=30)
    monkeypatch.setitem(_clock, "now", now)
    monkeypatch.setattr("blobbench.workers.router.utcnow", lambda: now)
    return now


def make_due(schedule_id: int, minutes_ago: int = 0) -> datetime:
    """Move the schedule's next firing time to a cron time that has come."""
    from blobbench.core.db import get_sessionmaker
    from blobbench.models import Schedule

    now = _clock.get("now") or datetime.now(UTC)
    due = cron.latest_time("* * * * *", now) - timedelta(minutes=minutes_ago)
    with get_sessionmaker()() as s:
        s.get(Schedule, schedule_id).next_fire_at = due
        s.commit()
    return due


def fire_at(schedule_id: int, minutes_ago: int) -> dict:
    """Tick as if it were ``minutes_ago`` minutes ago (cron times are minutes apart)."""
    from blobbench.core.db import get_sessionmaker
    from blobbench.schedules import service
    from blobbench.schedules.schemas import FiringRead

    when = make_due(schedule_id, minutes_ago)
    with get_sessionmaker()() as s:
        fired = service.tick(s, when)
        s.commit()
        return FiringRead.model_validate(fired[0][0]).model_dump(mode="json")


def tick(client, worker_headers) -> list[dict]:
    response = client.post("/api/v1/worker/schedules/tick", headers=worker_headers)
    assert response.status_code == 200, response.text
    return response.json()["firings"]


def test_a_schedule_shows_its_next_five_firing_times(schedule, target):
    fires = [datetime.fromisoformat(t) for t in schedule["next_fires"]]
    assert len(fires) == 5
    assert all(b - a == timedelta(minutes=1) for a, b in pairwise(fires))
    assert all(t.second == 0 and t.microsecond == 0 for t in fires)
    assert datetime.fromisoformat(schedule["next_fire_at"]) == fires[0]
    assert schedule["matrix"]["sizes"] == [1024] and schedule["enabled"] is True
    assert schedule["target_name"] == target["name"] and schedule["hosts"] == ["pytest-host"]


@pytest.mark.parametrize("cron_expr, reason", [
    ("every minute", "five"), ("61 * * * *", "not a valid cron"), ("0 0 31 2 *", "never fires"),
])
def test_an_unusable_cron_is_a_422_with_the_reason(client, run_headers, target, online_host,
                                                    cron_expr, reason):
    response = client.post("/api/v1/schedules", headers=run_headers, json={
        "name": "x", "cron": cron_expr, "target_id": target["id"], "hosts": [online_host],
        "matrix": MATRIX})
    assert response.status_code == 422
    assert reason in response.json()["detail"]


@pytest.mark.parametrize("cron_expr, normalized, step", [
    ("*/15  * * * *", "*/15 * * * *", timedelta(minutes=15)),
    ("0 3 * * *", "0 3 * * *", timedelta(days=1)),
    ("@hourly", "@hourly", timedelta(hours=1)),
])
def test_a_cron_preview_lists_the_next_five_firing_times(client, cron_expr, normalized, step):
    response = client.get("/api/v1/schedules/preview", params={"cron": cron_expr})
    assert response.status_code == 200, response.text
    body = response.json()
    fires = [datetime.fromisoformat(t) for t in body["next_fires"]]
    assert body["cron"] == normalized and len(fires) == 5
    assert fires[0] > datetime.now(UTC) and all(b - a == step for a, b in pairwise(fires))


@pytest.mark.parametrize("cron_expr, reason", [
    ("every minute", "five"), ("61 * * * *", "not a valid cron"), ("0 0 31 2 *", "never fires"),
])
def test_a_cron_preview_of_an_unusable_expression_is_a_422_with_the_reason(client, cron_expr,
                                                                          reason):
    response = client.get("/api/v1/schedules/preview", params={"cron": cron_expr})
    assert response.status_code == 422
    assert reason in response.json()["detail"]


@pytest.mark.parametrize("change, reason", [
    ({"matrix": dict(MATRIX, methods=["lz5"])}, "lz5"),
    ({"hosts": ["nowhere"]}, "Unknown host 'nowhere'"),
    ({"matrix": None, "preset": "nope"}, "Unknown preset"),
    ({"preset": "quick"}, "either a 'matrix' or a 'preset'"),
    ({"baseline": "999999"}, "does not exist"),
    ({"baseline": "last:0"}, "between 1 and 50"),
])
def test_templates_are_validated_like_runs(client, run_headers, target, online_host, change,
                                           reason):
    body = {"name": "x", "cron": "0 3 * * *", "target_id": target["id"],
            "hosts": [online_host], "matrix": MATRIX, **change}
    response = client.post("/api/v1/schedules", headers=run_headers, json=body)
    assert response.status_code == 422, response.text
    assert reason in response.json()["detail"]


def test_a_single_matrix_preset_becomes_the_matrix(client, run_headers, target, online_host):
    response = client.post("/api/v1/schedules", headers=run_headers, json={
        "name": "quick", "cron": "@daily", "target_id": target["id"], "hosts": [online_host],
        "preset": "quick"})
    assert response.status_code == 201, response.text
    assert response.json()["preset"] == "quick"
    assert response.json()["matrix"]["sizes"] == [1024, 65536, 1048576]


def test_a_preset_of_several_matrices_fires_exactly_their_cells(client, run_headers,
                                                                worker_headers, target,
                                                                online_host, empty_queue):
    created = client.post("/api/v1/schedules", headers=run_headers, json={
        "name": "seed 000", "cron": "@daily", "target_id": target["id"],
        "hosts": [online_host], "preset": "seed000"})
    assert created.status_code == 201, created.text
    assert created.json()["preset"] == "seed000"
    assert set(created.json()["matrix"]["storages"]) == {"dynamic", "compressed:8"}
    make_due(created.json()["id"])
    [firing] = tick(client, worker_headers)
    run = client.get(f"/api/v1/runs/{firing['run_id']}").json()
    # 14 method-storage pairs (13 on dynamic rows, none on compressed rows) × 4 × 70, not the
    # 14 × 2 × 4 × 70 of the envelope.
    assert run["progress"]["total"] == 14 * 4 * 70


def test_a_target_with_schedules_cannot_be_deleted(client, admin_headers, schedule, target):
    response = client.delete(f"/api/v1/targets/{target['id']}", headers=admin_headers)
    assert response.status_code == 409 and "has schedules" in response.json()["detail"]


def test_writes_need_a_token(client, target, online_host):
    response = client.post("/api/v1/schedules", json={
        "name": "x", "cron": "@daily", "target_id": target["id"], "hosts": [online_host],
        "matrix": MATRIX})
    assert response.status_code == 401


def test_patch_applies_only_what_was_sent(client, run_headers, schedule):
    url = f"/api/v1/schedules/{schedule['id']}"
    off = client.patch(url, headers=run_headers, json={"enabled": False}).json()
    assert off["enabled"] is False and off["next_fire_at"] is None
    assert off["matrix"] == schedule["matrix"] and off["name"] == "nightly"
    on = client.patch(url, headers=run_headers,
                      json={"enabled": True, "cron": "30 2 * * *", "baseline": "last:3"}).json()
    assert datetime.fromisoformat(on["next_fire_at"]).strftime("%H:%M") == "02:30"
    assert on["baseline"] == "last:3"
    cleared = client.patch(url, headers=run_headers, json={"baseline": None}).json()
    assert cleared["baseline"] is None and cleared["cron"] == "30 2 * * *"
    bad = client.patch(url, headers=run_headers, json={"cron": "* *"})
    assert bad.status_code == 422 and "five" in bad.json()["detail"]
    assert client.get(url).json()["cron"] == "30 2 * * *"


def test_delete_keeps_the_runs(client, run_headers, worker_headers, schedule):
    make_due(schedule["id"])
    run_id = tick(client, worker_headers)[0]["run_id"]
    assert client.delete(f"/api/v1/schedules/{schedule['id']}",
                         headers=run_headers).status_code == 204
    assert client.get(f"/api/v1/schedules/{schedule['id']}").status_code == 404
    assert client.get(f"/api/v1/runs/{run_id}").json()["schedule_id"] is None
    assert client.patch(f"/api/v1/schedules/{schedule['id']}", headers=run_headers,
                        json={"enabled": False}).status_code == 404


def test_a_due_schedule_fires_once_at_its_exact_cron_time(client, worker_headers, schedule,
                                                           empty_queue):
    due = make_due(schedule["id"])
    firings = tick(client, worker_headers)
    assert [(f["schedule_id"], f["outcome"]) for f in firings] == [(schedule["id"], "created")]
    assert datetime.fromisoformat(firings[0]["scheduled_for"]) == due
    run = client.get(f"/api/v1/runs/{firings[0]['run_id']}").json()
    assert run["schedule_id"] == schedule["id"] and run["status"] == "queued"
    assert run["progress"]["total"] == 2 and empty_queue.llen("host.pytest-host") == 2
    assert tick(client, worker_headers) == []  # a second tick for the same time fires nothing
    after = client.get(f"/api/v1/schedules/{schedule['id']}").json()
    assert datetime.fromisoformat(after["last_fire_at"]) == due
    assert datetime.fromisoformat(after["next_fire_at"]) == due + timedelta(minutes=1)
    assert after["last_run_id"] == run["id"]


def test_missed_firings_fire_once_for_the_latest_time(client, worker_headers, schedule):
    due = make_due(schedule["id"], minutes_ago=5)
    firings = tick(client, worker_headers)
    assert len(firings) == 1
    assert datetime.fromisoformat(firings[0]["scheduled_for"]) == due + timedelta(minutes=5)


def test_a_disabled_schedule_does_not_fire(client, run_headers, worker_headers, schedule):
    client.patch(f"/api/v1/schedules/{schedule['id']}", headers=run_headers,
                 json={"enabled": False})
    make_due(schedule["id"])
    assert tick(client, worker_headers) == []
    assert client.get(f"/api/v1/schedules/{schedule['id']}/firings").json() == []


def test_a_firing_while_the_previous_run_is_busy_is_skipped_and_recorded(
    client, worker_headers, schedule
):
    first = fire_at(schedule["id"], minutes_ago=1)
    make_due(schedule["id"])
    second = tick(client, worker_headers)
    assert [(f["outcome"], f["run_id"]) for f in second] == [("skipped", None)]
    assert f"previous run {first['run_id']} is still queued" in second[0]["reason"]
    listed = client.get(f"/api/v1/schedules/{schedule['id']}/firings").json()
    assert [f["outcome"] for f in listed] == ["skipped", "created"]
    runs = client.get("/api/v1/runs", params={"schedule_id": schedule["id"]}).json()
    assert [r["id"] for r in runs] == [first["run_id"]]


def test_a_firing_that_cannot_start_is_recorded_as_failed(client, worker_headers, schedule,
                                                          session):
    from blobbench.models import Schedule

    stored = session.get(Schedule, schedule["id"])
    stored.matrix = dict(stored.matrix, storages=["percona_column"])  # not on MariaDB
    session.commit()
    make_due(schedule["id"])
    firing = tick(client, worker_headers)[0]
    assert firing["outcome"] == "failed" and "Percona" in firing["reason"]


def test_ticks_are_for_workers_only(client, run_headers):
    assert client.post("/api/v1/worker/schedules/tick", headers=run_headers).status_code == 403


def test_overlapping_ticks_fire_a_time_once(schedule, db):
    """Two ticks that both saw the schedule due: the second one's claim finds it moved."""
    from blobbench.core.db import get_sessionmaker
    from blobbench.models import Schedule
    from blobbench.schedules import service

    now = _clock["now"]
    make_due(schedule["id"])
    with get_sessionmaker()() as late, get_sessionmaker()() as early:
        stale = late.get(Schedule, schedule["id"])
        assert stale.next_fire_at <= now
        assert len(service.tick(early, now)) == 1
        early.commit()
        assert service.claim_firing(late, stale, now) is None
        assert service.tick(late, now) == []
        late.commit()


def _report_all(client, worker_headers, run_id: int, read_bps: float) -> None:
    for cell in client.get(f"/api/v1/runs/{run_id}/cells").json():
        client.post(f"/api/v1/worker/cells/{cell['id']}/result", headers=worker_headers,
                    json=dict(MEASURES, read_bps=read_bps, read_bps_ci_low=read_bps * 0.98,
                              read_bps_ci_high=read_bps * 1.02))


def test_history_is_one_cell_over_the_schedules_runs(client, worker_headers, schedule):
    run_ids = []
    for minutes_ago, bps in ((2, 1e9), (1, 1.1e9)):
        run_ids.append(fire_at(schedule["id"], minutes_ago)["run_id"])
        _report_all(client, worker_headers, run_ids[-1], bps)
    url = f"/api/v1/schedules/{schedule['id']}/history"
    ambiguous = client.get(url)
    assert ambiguous.status_code == 422
    assert "Choose a method for the history (lz4, none)" in ambiguous.json()["detail"]
    history = client.get(url, params={"method": "lz4"}).json()
    assert history["cell"] == {"host": "pytest-host", "method": "lz4", "storage": "dynamic",
                               "dataset": "random:62", "size": 1024, "workload": "read",
                               "concurrency": 1}
    assert history["measure"] == "read_bps" and history["choices"]["method"] == ["lz4", "none"]
    assert [(p["run_id"], p["mean"]) for p in history["points"]] == [
        (run_ids[0], 1e9), (run_ids[1], 1.1e9)]
    assert history["points"][0]["ci_low"] == pytest.approx(0.98e9)
    cell = client.get(f"/api/v1/runs/{run_ids[0]}/cells").json()[0]
    by_cell = client.get(url, params={"cell": cell["id"]}).json()
    assert by_cell["cell"]["method"] == cell["method"] and len(by_cell["points"]) == 2
    assert client.get(url, params={"cell": 999999}).status_code == 422
