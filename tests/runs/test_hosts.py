"""Runs from several hosts: every host runs the whole matrix, one host after the other."""

from __future__ import annotations

import csv
import io

import pytest
import redis

from tests.conftest import TEST_REDIS_URL, _token

MATRIX = {"methods": ["none", "lz4"], "storages": ["dynamic"], "datasets": ["random:62"],
          "sizes": [1024]}
MEASURES = {"read_bps": 1e9, "samples": 2, "raw_samples_us": [1.0, 2.0], "converged": True}
OTHER = "pytest-other"


@pytest.fixture
def queues():
    r = redis.Redis.from_url(TEST_REDIS_URL)
    names = ("host.pytest-host", f"host.{OTHER}")
    r.delete(*names)
    yield r
    r.delete(*names)


@pytest.fixture
def other_headers(client) -> dict:
    headers = {"Authorization": f"Bearer {_token('worker', OTHER)}"}
    beat = client.post("/api/v1/worker/heartbeat", headers=headers, json={"name": OTHER})
    assert beat.status_code == 200, beat.text
    return headers


@pytest.fixture
def two_host_run(client, run_headers, target, online_host, other_headers, queues) -> dict:
    response = client.post("/api/v1/runs", headers=run_headers, json={
        "target_id": target["id"], "hosts": [online_host, OTHER], "matrix": MATRIX})
    assert response.status_code == 202, response.text
    return response.json()


def _cells(client, run, host=None):
    cells = client.get(f"/api/v1/runs/{run['id']}/cells").json()
    return [c for c in cells if host is None or c["host"] == host]


def _report(client, headers, cells):
    for cell in cells:
        client.post(f"/api/v1/worker/cells/{cell['id']}/claim", headers=headers)
        response = client.post(f"/api/v1/worker/cells/{cell['id']}/result", headers=headers,
                               json=MEASURES)
        assert response.status_code == 200, response.text


def test_each_host_gets_the_whole_matrix_and_the_first_goes_first(client, two_host_run, queues):
    run = two_host_run
    assert (run["host"], run["hosts"], run["active_host"]) == (
        "pytest-host", ["pytest-host", OTHER], "pytest-host")
    assert run["progress"]["total"] == 4
    cells = _cells(client, run)
    assert [(c["host"], c["method"]) for c in cells] == [
        ("pytest-host", "none"), ("pytest-host", "lz4"), (OTHER, "none"), (OTHER, "lz4")]
    assert queues.llen("host.pytest-host") == 2 and queues.llen(f"host.{OTHER}") == 0


def test_the_next_host_is_queued_when_the_first_has_finished(client, two_host_run, queues,
                                                             worker_headers, other_headers):
    run = two_host_run
    _report(client, worker_headers, _cells(client, run, "pytest-host"))
    state = client.get(f"/api/v1/runs/{run['id']}").json()
    assert state["status"] == "running" and state["active_host"] == OTHER
    assert queues.llen(f"host.{OTHER}") == 2
    _report(client, other_headers, _cells(client, run, OTHER))
    assert client.get(f"/api/v1/runs/{run['id']}").json()["status"] == "succeeded"
    results = client.get(f"/api/v1/runs/{run['id']}/results").json()
    assert sorted(r["host"] for r in results) == sorted(["pytest-host"] * 2 + [OTHER] * 2)
    rows = list(csv.DictReader(io.StringIO(
        client.get(f"/api/v1/runs/{run['id']}/results", params={"format": "csv"}).text)))
    assert {row["host"] for row in rows} == {"pytest-host", OTHER}


def test_a_host_acts_only_on_its_own_cells(client, two_host_run, worker_headers, other_headers):
    mine = _cells(client, two_host_run, "pytest-host")[0]
    theirs = _cells(client, two_host_run, OTHER)[0]
    assert client.post(f"/api/v1/worker/cells/{theirs['id']}/claim",
                       headers=worker_headers).status_code == 403
    assert client.post(f"/api/v1/worker/cells/{mine['id']}/claim",
                       headers=other_headers).status_code == 403


def test_the_sweep_hands_over_a_turn_that_was_missed(client, two_host_run, queues,
                                                     worker_headers, session):
    from blobbench.models import Run

    _report(client, worker_headers, _cells(client, two_host_run, "pytest-host"))
    stored = session.get(Run, two_host_run["id"])
    stored.active_host = "pytest-host"  # as if the hand-over had been lost
    session.commit()
    queues.delete(f"host.{OTHER}")
    client.post("/api/v1/worker/sweep", headers=worker_headers)
    assert queues.llen(f"host.{OTHER}") == 2
    client.post("/api/v1/worker/sweep", headers=worker_headers)
    assert queues.llen(f"host.{OTHER}") == 2  # handed over once


def test_a_run_waiting_on_an_offline_host_says_so(client, two_host_run, worker_headers,
                                                  monkeypatch):
    from blobbench.core.config import get_settings

    _report(client, worker_headers, _cells(client, two_host_run, "pytest-host"))
    monkeypatch.setattr(get_settings(), "host_offline_after_s", -1.0)
    state = client.get(f"/api/v1/runs/{two_host_run['id']}").json()
    assert state["status"] == "running" and f"host '{OTHER}' is offline" in state["message"]


@pytest.mark.parametrize("hosts, reason", [
    ({"host": "pytest-host", "hosts": [OTHER]}, "not both"),
    ({"hosts": ["pytest-host", "pytest-host"]}, "appears twice"),
    ({}, "Name the host"),
    ({"hosts": ["pytest-host", "nowhere"]}, "Unknown host 'nowhere'"),
])
def test_hosts_are_checked(client, run_headers, target, online_host, hosts, reason):
    response = client.post("/api/v1/runs", headers=run_headers,
                           json={"target_id": target["id"], "matrix": MATRIX, **hosts})
    assert response.status_code == 422 and reason in response.json()["detail"]


def test_comparisons_match_cells_on_their_host(client, run_headers, target, online_host,
                                               other_headers, worker_headers, queues):
    def run(hosts):
        r = client.post("/api/v1/runs", headers=run_headers,
                        json={"target_id": target["id"], "hosts": hosts, "matrix": MATRIX}).json()
        _report(client, worker_headers, _cells(client, r, "pytest-host"))
        _report(client, other_headers, _cells(client, r, OTHER))
        return r["id"]

    only_other = run([OTHER])
    both = run(["pytest-host", OTHER])
    cells = client.get(f"/api/v1/runs/{both}/compare",
                       params={"baseline": str(only_other)}).json()["cells"]
    assert {(c["host"], c["verdict"]) for c in cells} == {
        ("pytest-host", "no_baseline"), (OTHER, "unchanged")}
    first = run(["pytest-host"])
    refused = client.get(f"/api/v1/runs/{first}/compare", params={"baseline": str(only_other)})
    assert refused.status_code == 422 and "same host" in refused.json()["detail"]
