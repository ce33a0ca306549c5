"""Comparisons and alerts over results injected through the worker API.

The samples are drawn from known distributions, so the verdicts are what the statistics must
say: a 30% slower latency distribution is a regression, an independent draw of the same
distribution is not. End-to-end runs of a really slowed path are in tests/integration.
"""

from __future__ import annotations

import numpy as np
import pytest
import redis

from tests.conftest import TEST_REDIS_URL
from tests.schedules.test_router import fire_at, frozen_ticks  # noqa: F401 - a fixture

MATRIX = {"methods": ["none", "lz4"], "storages": ["dynamic"], "datasets": ["random:62"],
          "sizes": [1024]}
SIZE = 1024


@pytest.fixture(autouse=True)
def empty_queue():
    r = redis.Redis.from_url(TEST_REDIS_URL)
    r.delete("host.pytest-host")
    yield
    r.delete("host.pytest-host")


def measures(latencies_us: np.ndarray) -> dict:
    mean = float(latencies_us.mean())
    return {"read_bps": SIZE * 1e6 / mean, "read_bps_median": SIZE * 1e6 / np.median(latencies_us),
            "read_bps_ci_low": SIZE * 1e6 / (mean * 1.01),
            "read_bps_ci_high": SIZE * 1e6 / (mean * 0.99), "ci_halfwidth_pct": 1.0,
            "converged": True, "samples": int(latencies_us.size), "latency_mean_us": mean,
            "raw_samples_us": latencies_us.round(3).tolist()}


def report(client, worker_headers, run_id: int, slowdown: dict[str, float], seed: int) -> None:
    """Results for every cell: latencies ~ lognormal around 50 µs, times ``slowdown[method]``."""
    rng = np.random.default_rng(seed)
    for cell in client.get(f"/api/v1/runs/{run_id}/cells").json():
        latencies = rng.lognormal(np.log(50), 0.15, 800) * slowdown.get(cell["method"], 1.0)
        response = client.post(f"/api/v1/worker/cells/{cell['id']}/result",
                               headers=worker_headers, json=measures(latencies))
        assert response.status_code == 200, response.text


def new_run(client, run_headers, target, host, matrix=MATRIX) -> int:
    response = client.post("/api/v1/runs", headers=run_headers,
                           json={"target_id": target["id"], "host": host, "matrix": matrix})
    assert response.status_code == 202, response.text
    return response.json()["id"]


@pytest.fixture
def finished(client, run_headers, worker_headers, target, online_host):
    """Make a finished run whose lz4 cell is ``slowdown`` times slower."""
    def make(slowdown: float = 1.0, seed: int = 0, matrix=MATRIX) -> int:
        run_id = new_run(client, run_headers, target, online_host, matrix)
        report(client, worker_headers, run_id, {"lz4": slowdown}, seed)
        return run_id
    return make


def compare(client, run_id: int, **params) -> dict:
    response = client.get(f"/api/v1/runs/{run_id}/compare", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_slower_cell_regresses_and_an_unchanged_one_does_not(client, finished):
    baseline, current = finished(seed=1), finished(slowdown=1.3, seed=2)
    result = compare(client, current, baseline=str(baseline), threshold=5)
    by_method = {c["method"]: c for c in result["cells"]}
    lz4 = by_method["lz4"]
    assert lz4["verdict"] == "regressed" and lz4["measure"] == "read_bps"
    assert lz4["higher_is_better"] is True
    assert lz4["change_pct"] == pytest.approx(-23, abs=3) and lz4["p_value"] < 1e-10
    assert (lz4["baseline_runs"], lz4["baseline_samples"], lz4["current_samples"]) == (1, 800, 800)
    assert by_method["none"]["verdict"] == "unchanged"
    summary = result["summary"]
    assert (summary["verdict"], summary["regressed"], summary["unchanged"]) == ("regressed", 1, 1)
    assert summary["worst"]["method"] == "lz4" and result["baseline_run_ids"] == [baseline]


def test_latency_up_is_a_regression_too(client, finished):
    baseline, current = finished(seed=1), finished(slowdown=1.3, seed=2)
    lz4 = next(c for c in compare(client, current, baseline=str(baseline),
                                  measure="latency_mean_us")["cells"] if c["method"] == "lz4")
    assert lz4["higher_is_better"] is False and lz4["change_pct"] > 25
    assert lz4["verdict"] == "regressed"


def test_a_faster_cell_improves(client, finished):
    baseline, current = finished(seed=1), finished(slowdown=0.7, seed=2)
    summary = compare(client, current, baseline=str(baseline))["summary"]
    assert (summary["verdict"], summary["improved"], summary["worst"]) == ("improved", 1, None)


def test_the_threshold_decides_what_counts(client, finished):
    baseline, current = finished(seed=1), finished(slowdown=1.3, seed=2)
    assert compare(client, current, baseline=str(baseline),
                   threshold=50)["summary"]["verdict"] == "unchanged"


def test_identical_conditions_raise_no_false_alarm(client, finished):
    baseline = finished(seed=100)
    for seed in range(5):
        summary = compare(client, finished(seed=seed), baseline=str(baseline))["summary"]
        assert summary["verdict"] == "unchanged", summary


def test_last_n_means_the_previous_runs_with_the_same_matrix(client, finished):
    first, second = finished(seed=1), finished(seed=2)
    other = finished(seed=3, matrix=dict(MATRIX, sizes=[2048]))
    current = finished(slowdown=1.3, seed=4)
    result = compare(client, current, baseline="last:5")
    assert result["baseline_run_ids"] == [first, second]
    lz4 = next(c for c in result["cells"] if c["method"] == "lz4")
    assert (lz4["baseline_runs"], lz4["baseline_samples"], lz4["verdict"]) == (2, 1600, "regressed")
    assert compare(client, current)["baseline_run_ids"] == [second]  # default: last:1
    assert compare(client, other, baseline="last:3")["summary"]["verdict"] == "no_baseline"


@pytest.mark.parametrize("baseline, reason", [
    ("self", "cannot be its own baseline"), ("999999", "does not exist"),
    ("last:0", "between 1 and 50"), ("yesterday", "neither a run id nor 'last:N'"),
])
def test_unusable_baselines_are_a_422(client, finished, baseline, reason):
    run_id = finished()
    response = client.get(f"/api/v1/runs/{run_id}/compare",
                          params={"baseline": str(run_id) if baseline == "self" else baseline})
    assert response.status_code == 422 and reason in response.json()["detail"]


@pytest.fixture
def watched(client, run_headers, target, online_host) -> dict:
    response = client.post("/api/v1/schedules", headers=run_headers, json={
        "name": "watch", "cron": "* * * * *", "target_id": target["id"],
        "hosts": [online_host], "matrix": MATRIX, "baseline": "last:1", "threshold_pct": 5})
    assert response.status_code == 201, response.text
    return response.json()


def test_a_regressed_scheduled_run_raises_an_alert_that_can_be_acknowledged(
    client, worker_headers, run_headers, watched
):
    first = fire_at(watched["id"], minutes_ago=2)["run_id"]
    report(client, worker_headers, first, {}, seed=1)
    assert client.get("/api/v1/alerts").json() == []  # nothing to compare the first run with
    second = fire_at(watched["id"], minutes_ago=1)["run_id"]
    report(client, worker_headers, second, {"lz4": 1.3}, seed=2)

    alerts = client.get("/api/v1/alerts", params={"acknowledged": False}).json()
    assert len(alerts) == 1
    alert = alerts[0]
    assert (alert["run_id"], alert["schedule_id"], alert["regressed"]) == (second, watched["id"], 1)
    assert alert["baseline"] == "last:1" and alert["baseline_run_ids"] == [first]
    assert alert["cells"][0]["method"] == "lz4" and alert["worst_change_pct"] < -15

    history = client.get(f"/api/v1/schedules/{watched['id']}/history",
                         params={"method": "lz4"}).json()
    assert [(p["run_id"], p["regressed"]) for p in history["points"]] == [
        (first, False), (second, True)]
    assert history["points"][1]["alert_id"] == alert["id"]

    assert client.post(f"/api/v1/alerts/{alert['id']}/ack").status_code == 401
    acked = client.post(f"/api/v1/alerts/{alert['id']}/ack", headers=run_headers).json()
    assert acked["acknowledged_at"] and acked["acknowledged_by"] == "test-run"
    assert client.get("/api/v1/alerts", params={"acknowledged": False}).json() == []
    assert client.get(f"/api/v1/alerts/{alert['id']}").json()["acknowledged_at"]
    assert client.get("/api/v1/alerts/999999").status_code == 404


def test_a_schedule_without_baseline_raises_no_alerts(client, worker_headers, run_headers,
                                                      watched):
    client.patch(f"/api/v1/schedules/{watched['id']}", headers=run_headers,
                 json={"baseline": None})
    for minutes_ago, slowdown in ((2, 1.0), (1, 1.5)):
        run_id = fire_at(watched["id"], minutes_ago)["run_id"]
        report(client, worker_headers, run_id, {"lz4": slowdown}, seed=minutes_ago)
    assert client.get("/api/v1/alerts").json() == []
