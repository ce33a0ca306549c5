from __future__ import annotations

import pytest
import redis

from tests.conftest import TEST_REDIS_URL

MATRIX = {"methods": ["none", "lz4"], "storages": ["dynamic"], "datasets": ["random:62"],
          "sizes": [1024]}


@pytest.fixture
def run(client, run_headers, target, online_host):
    r = redis.Redis.from_url(TEST_REDIS_URL)
    response = client.post("/api/v1/runs", headers=run_headers,
                           json={"target_id": target["id"], "host": online_host, "matrix": MATRIX})
    assert response.status_code == 202, response.text
    yield response.json()
    r.delete("host.pytest-host")


def _cells(client, run):
    return client.get(f"/api/v1/runs/{run['id']}/cells").json()


MEASURES = {"read_bps": 1e9, "read_bps_median": 1e9, "read_bps_ci_low": 0.99e9,
            "read_bps_ci_high": 1.01e9, "ci_halfwidth_pct": 1.0, "converged": True,
            "samples": 100, "ratio": 1.0, "raw_samples_us": [1.0, 2.0],
            "context": {"driver": "mysqlclient"}, "pool_miss_ratio": 0.25, "disk_bytes": 65536}


def test_claim_gives_the_worker_the_connection(client, run, worker_headers):
    cell = _cells(client, run)[0]
    claim = client.post(f"/api/v1/worker/cells/{cell['id']}/claim", headers=worker_headers).json()
    assert claim["action"] == "run"
    assert claim["target"]["host"] and "password" in claim["target"]
    assert claim["spec"]["method"] == "none" and claim["table"].startswith("bb_r")
    assert client.get(f"/api/v1/runs/{run['id']}").json()["status"] == "running"


def test_only_worker_tokens_may_claim(client, run, admin_headers):
    cell = _cells(client, run)[0]
    response = client.post(f"/api/v1/worker/cells/{cell['id']}/claim", headers=admin_headers)
    assert response.status_code == 403


def test_worker_of_another_host_cannot_claim(client, run, db):
    from tests.conftest import _token

    other = {"Authorization": f"Bearer {_token('worker', 'elsewhere')}"}
    cell = _cells(client, run)[0]
    assert client.post(f"/api/v1/worker/cells/{cell['id']}/claim", headers=other).status_code == 403


def test_a_redelivered_cell_keeps_one_result(client, run, worker_headers):
    cell = _cells(client, run)[0]
    url = f"/api/v1/worker/cells/{cell['id']}"
    client.post(f"{url}/claim", headers=worker_headers)
    first = client.post(f"{url}/result", json=MEASURES, headers=worker_headers).json()
    second = client.post(f"{url}/result", json=dict(MEASURES, read_bps=5.0),
                         headers=worker_headers).json()
    assert (first["duplicate"], second["duplicate"]) == (False, True)
    results = client.get(f"/api/v1/runs/{run['id']}/results").json()
    assert len(results) == 1 and results[0]["read_bps"] == 1e9
    again = client.post(f"{url}/claim", headers=worker_headers).json()
    assert again["action"] == "skip"


def test_run_finishes_partial_when_a_cell_fails(client, run, worker_headers):
    ok, bad = _cells(client, run)
    client.post(f"/api/v1/worker/cells/{ok['id']}/result", json=MEASURES, headers=worker_headers)
    client.post(f"/api/v1/worker/cells/{bad['id']}/error", headers=worker_headers,
                json={"code": "server_error", "message": "Lost connection"})
    state = client.get(f"/api/v1/runs/{run['id']}").json()
    assert state["status"] == "partial"
    assert state["progress"] == {"done": 2, "failed": 1, "running": 0, "total": 2}
    cells = _cells(client, run)
    assert cells[1]["error"] == "Lost connection"


def test_all_cells_done_means_succeeded(client, run, worker_headers):
    for cell in _cells(client, run):
        client.post(f"/api/v1/worker/cells/{cell['id']}/result", json=MEASURES,
                    headers=worker_headers)
    state = client.get(f"/api/v1/runs/{run['id']}").json()
    assert state["status"] == "succeeded" and state["finished_at"]
    detail = client.get(f"/api/v1/runs/{run['id']}/results/{_cells(client, run)[0]['id']}").json()
    assert detail["raw_samples_us"] == [1.0, 2.0] and detail["context"]["driver"] == "mysqlclient"
    assert detail["extra"] == {"pool_miss_ratio": 0.25}  # measures without a column are kept
    assert detail["disk_bytes"] == 65536


def test_canceled_run_tells_the_worker(client, run, worker_headers, run_headers):
    cell = _cells(client, run)[0]
    client.post(f"/api/v1/runs/{run['id']}/cancel", headers=run_headers)
    state = client.get(f"/api/v1/worker/cells/{cell['id']}/run-state", headers=worker_headers)
    assert state.json()["status"] == "canceled"
    claim = client.post(f"/api/v1/worker/cells/{cell['id']}/claim", headers=worker_headers).json()
    assert claim == {**claim, "action": "skip", "reason": "run canceled"}


def test_sweep_settles_finished_runs(client, run, worker_headers, session):
    from blobbench.models import Run

    for cell in _cells(client, run):
        client.post(f"/api/v1/worker/cells/{cell['id']}/result", json=MEASURES,
                    headers=worker_headers)
    stored = session.get(Run, run["id"])
    stored.status = "running"
    session.commit()
    assert client.post("/api/v1/worker/sweep", headers=worker_headers).json() == {
        "settled": 1, "requeued": 0, "failed_cells": 0}



@pytest.fixture
def long_ago(monkeypatch):
    """An hour ago; this API process counts as started before it (else it forgives silence)."""
    from datetime import timedelta

    from blobbench.core.clock import utcnow
    from blobbench.workers import service

    past = utcnow() - timedelta(hours=1)
    monkeypatch.setattr(service, "PROCESS_STARTED_AT", past - timedelta(hours=1))
    return past


def _age_cell(session, cell_id: int, when, **values) -> None:
    from blobbench.models import Cell

    cell = session.get(Cell, cell_id)
    cell.started_at = cell.touched_at = when
    for key, value in values.items():
        setattr(cell, key, value)
    session.commit()


def test_a_cell_being_measured_is_not_claimed_twice(client, run, worker_headers):
    cell = _cells(client, run)[0]
    url = f"/api/v1/worker/cells/{cell['id']}"
    assert client.post(f"{url}/claim", headers=worker_headers).json()["touch_s"] > 0
    again = client.post(f"{url}/claim", headers=worker_headers).json()
    assert again["action"] == "skip" and "another worker" in again["reason"]
    assert _cells(client, run)[0]["attempts"] == 1


def test_touch_is_a_sign_of_life(client, run, worker_headers, session, long_ago):
    from blobbench.models import Cell

    cell = _cells(client, run)[0]
    url = f"/api/v1/worker/cells/{cell['id']}"
    client.post(f"{url}/claim", headers=worker_headers)
    _age_cell(session, cell["id"], long_ago)
    state = client.post(f"{url}/touch", headers=worker_headers)
    assert state.status_code == 200 and state.json()["status"] == "running"
    session.expire_all()
    assert session.get(Cell, cell["id"]).touched_at > long_ago
    assert client.post("/api/v1/worker/sweep", headers=worker_headers).json()["requeued"] == 0


def test_sweep_queues_a_silent_cell_again(client, run, worker_headers, session, long_ago):
    r = redis.Redis.from_url(TEST_REDIS_URL)
    cell = _cells(client, run)[0]
    url = f"/api/v1/worker/cells/{cell['id']}"
    client.post(f"{url}/claim", headers=worker_headers)
    _age_cell(session, cell["id"], long_ago)
    queued = r.llen("host.pytest-host")
    report = client.post("/api/v1/worker/sweep", headers=worker_headers).json()
    assert report == {"settled": 0, "requeued": 1, "failed_cells": 0}
    assert r.llen("host.pytest-host") == queued + 1
    assert _cells(client, run)[0]["status"] == "pending"
    retry = client.post(f"{url}/claim", headers=worker_headers).json()
    assert retry["action"] == "run" and _cells(client, run)[0]["attempts"] == 2


def test_sweep_fails_a_cell_lost_too_often(client, run, worker_headers, session, long_ago):
    ok, lost = _cells(client, run)
    client.post(f"/api/v1/worker/cells/{ok['id']}/result", json=MEASURES, headers=worker_headers)
    client.post(f"/api/v1/worker/cells/{lost['id']}/claim", headers=worker_headers)
    _age_cell(session, lost["id"], long_ago, attempts=3)
    report = client.post("/api/v1/worker/sweep", headers=worker_headers).json()
    assert report == {"settled": 1, "requeued": 0, "failed_cells": 1}
    state = client.get(f"/api/v1/runs/{run['id']}").json()
    assert state["status"] == "partial" and state["message"] == "1 of 2 cells failed"
    assert "Lost 3 times" in _cells(client, run)[1]["error"]


def test_sweep_queues_cells_whose_messages_the_broker_lost(client, run, worker_headers,
                                                           session, long_ago):
    from blobbench.models import Run

    r = redis.Redis.from_url(TEST_REDIS_URL)
    stored = session.get(Run, run["id"])
    stored.created_at = long_ago
    session.commit()
    r.delete("host.pytest-host")  # a broker restarted without persistence
    report = client.post("/api/v1/worker/sweep", headers=worker_headers).json()
    assert report["requeued"] == 2 and r.llen("host.pytest-host") == 2
    # the messages are back in the queue: the next sweep leaves them alone
    assert client.post("/api/v1/worker/sweep", headers=worker_headers).json()["requeued"] == 0


def test_a_recent_run_waiting_in_its_queue_is_left_alone(client, run, worker_headers):
    redis.Redis.from_url(TEST_REDIS_URL).delete("host.pytest-host")
    assert client.post("/api/v1/worker/sweep", headers=worker_headers).json()["requeued"] == 0


def test_a_silent_cell_of_a_canceled_run_ends_canceled(client, run, worker_headers, run_headers,
                                                       session, long_ago):
    cell = _cells(client, run)[0]
    client.post(f"/api/v1/worker/cells/{cell['id']}/claim", headers=worker_headers)
    client.post(f"/api/v1/runs/{run['id']}/cancel", headers=run_headers)
    _age_cell(session, cell["id"], long_ago)
    client.post("/api/v1/worker/sweep", headers=worker_headers)
    assert [c["status"] for c in _cells(client, run)] == ["canceled", "canceled"]


def test_dictionaries_are_stored_once_with_the_run(client, run, worker_headers):
    import base64
    import hashlib

    data = b"dictionary bytes " * 100
    sha = hashlib.sha256(data).hexdigest()
    ctx = {"dictionary": {"kind": "zstd", "sha256": sha, "size": len(data), "dataset": "json",
                          "seed": 0, "data_b64": base64.b64encode(data).decode()}}
    for cell in _cells(client, run):
        client.post(f"/api/v1/worker/cells/{cell['id']}/result", headers=worker_headers,
                    json=dict(MEASURES, context=ctx))
    listed = client.get(f"/api/v1/runs/{run['id']}/dictionaries").json()
    assert [(d["sha256"], d["size"], d["kind"]) for d in listed] == [(sha, len(data), "zstd")]
    got = client.get(f"/api/v1/runs/{run['id']}/dictionaries/{sha}")
    assert got.status_code == 200 and got.content == data
    detail = client.get(f"/api/v1/runs/{run['id']}/results/{_cells(client, run)[0]['id']}").json()
    assert "data_b64" not in detail["context"]["dictionary"]
    assert client.get(f"/api/v1/runs/{run['id']}/dictionaries/{'0' * 64}").status_code == 404


def test_workers_see_target_addresses_without_credentials(client, worker_headers, run_headers,
                                                          target):
    listed = client.get("/api/v1/worker/targets", headers=worker_headers)
    assert listed.status_code == 200
    assert listed.json() == [{"id": target["id"], "name": target["name"],
                              "host": target["host"], "port": target["port"]}]
    assert client.get("/api/v1/worker/targets", headers=run_headers).status_code == 403
