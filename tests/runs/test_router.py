from __future__ import annotations

import base64
import json

import pytest
import redis

from tests.conftest import TEST_REDIS_URL, mysql_target_fields

TRUNK_MATRIX = {
    "methods": ["none", "lz4", "zstd", "mysql_compress", "mysql_uncompress"],
    "storages": ["dynamic", "compressed:8"],
    "datasets": ["random:62", "random:2"],
    "sizes": ["1KiB", "64KiB", "1MiB"],
}


@pytest.fixture
def host_queue():
    """The Redis list behind the test host's Celery queue, emptied around each test."""
    r = redis.Redis.from_url(TEST_REDIS_URL)
    r.delete("host.pytest-host")
    yield r
    r.delete("host.pytest-host")


def _create(client, headers, target, host, **extra):
    body = {"target_id": target["id"], "host": host, "matrix": TRUNK_MATRIX, **extra}
    return client.post("/api/v1/runs", json=body, headers=headers)


def test_create_run_expands_the_matrix_and_queues_every_cell(
    client, run_headers, target, online_host, host_queue
):
    response = _create(client, run_headers, target, online_host)
    assert response.status_code == 202, response.text
    run = response.json()
    assert run["status"] == "queued"
    assert run["progress"] == {"done": 0, "failed": 0, "running": 0, "total": 60}
    assert run["matrix"]["sizes"] == [1024, 65536, 1048576]
    cells = client.get(f"/api/v1/runs/{run['id']}/cells").json()
    assert len(cells) == 60 and {c["status"] for c in cells} == {"pending"}
    assert host_queue.llen("host.pytest-host") == 60


def test_queued_messages_carry_ids_never_secrets(client, run_headers, admin_headers, online_host,
                                                 host_queue, target_account):
    body = {"name": "secret-target", **target_account}
    target = client.post("/api/v1/targets", json=body, headers=admin_headers).json()
    run = _create(client, run_headers, target, online_host).json()
    for raw in host_queue.lrange("host.pytest-host", 0, -1):
        message = json.loads(raw)
        assert message["headers"]["task"] == "runs.execute_cell"
        args, kwargs, _ = json.loads(base64.b64decode(message["body"]))
        assert args[0] == run["id"] and isinstance(args[1], int) and kwargs == {}
        assert target_account["password"] not in raw.decode()
        assert target_account["user"] not in raw.decode()


def test_invalid_matrix_gets_422_with_the_reason(client, run_headers, target, online_host):
    bad = dict(TRUNK_MATRIX, methods=["none", "lz5"])
    response = client.post("/api/v1/runs", headers=run_headers,
                           json={"target_id": target["id"], "host": online_host, "matrix": bad})
    assert response.status_code == 422
    assert "lz5" in response.json()["detail"]


@pytest.mark.parametrize("sizes", [["0"], ["huge"], [-5]])
def test_bad_sizes_get_422(client, run_headers, target, online_host, sizes):
    m = dict(TRUNK_MATRIX, sizes=sizes)
    response = client.post("/api/v1/runs", headers=run_headers,
                           json={"target_id": target["id"], "host": online_host, "matrix": m})
    assert response.status_code == 422


def test_size_above_max_allowed_packet_is_refused_before_running(client, run_headers, target,
                                                                online_host):
    too_big = target["max_allowed_packet"] + 1
    m = dict(TRUNK_MATRIX, sizes=[too_big])
    response = client.post("/api/v1/runs", headers=run_headers,
                           json={"target_id": target["id"], "host": online_host, "matrix": m})
    assert response.status_code == 422
    assert "max_allowed_packet" in response.json()["detail"]


def test_unknown_host_and_target_get_422(client, run_headers, target):
    r = _create(client, run_headers, target, "no-such-host")
    assert r.status_code == 422 and "Unknown host" in r.json()["detail"]
    r = _create(client, run_headers, {"id": 424242}, "no-such-host")
    assert r.status_code == 422 and "No target" in r.json()["detail"]


def test_runs_need_a_token(client, target, online_host):
    assert _create(client, {}, target, online_host).status_code == 401


def test_idempotency_key_returns_the_same_run(client, run_headers, target, online_host,
                                              host_queue):
    first = _create(client, run_headers, target, online_host, idempotency_key="ci-123")
    second = _create(client, run_headers, target, online_host, idempotency_key="ci-123")
    assert first.json()["id"] == second.json()["id"]
    assert host_queue.llen("host.pytest-host") == 60
    assert len(client.get("/api/v1/runs").json()) == 1


def test_cancel_stops_pending_cells(client, run_headers, target, online_host, host_queue):
    run = _create(client, run_headers, target, online_host).json()
    canceled = client.post(f"/api/v1/runs/{run['id']}/cancel", headers=run_headers).json()
    assert canceled["status"] == "canceled"
    cells = client.get(f"/api/v1/runs/{run['id']}/cells").json()
    assert {c["status"] for c in cells} == {"canceled"}


def test_offline_host_run_waits_with_a_reason(client, run_headers, target, online_host,
                                              host_queue, monkeypatch):
    from blobbench.core.config import get_settings

    run = _create(client, run_headers, target, online_host).json()
    monkeypatch.setattr(get_settings(), "host_offline_after_s", -1.0)
    again = client.get(f"/api/v1/runs/{run['id']}").json()
    assert again["status"] == "queued"
    assert "offline" in again["message"]


def test_results_are_empty_before_any_cell_and_csv_has_a_header(client, run_headers, target,
                                                                online_host, host_queue):
    run = _create(client, run_headers, target, online_host).json()
    assert client.get(f"/api/v1/runs/{run['id']}/results").json() == []
    csv_text = client.get(f"/api/v1/runs/{run['id']}/results?format=csv").text
    assert csv_text.startswith("cell_id,method,storage,dataset,size,workload,concurrency,read_bps,")


def test_missing_run_is_404(client):
    assert client.get("/api/v1/runs/999999").status_code == 404


def test_unsupported_storage_is_refused_with_the_targets_reason(client, run_headers, target,
                                                                online_host):
    m = dict(TRUNK_MATRIX, storages=["dynamic", "percona_column"])
    response = client.post("/api/v1/runs", headers=run_headers,
                           json={"target_id": target["id"], "host": online_host, "matrix": m})
    assert response.status_code == 422
    assert "Percona" in response.json()["detail"]


def test_a_run_may_name_a_single_matrix_preset(client, run_headers, target, online_host,
                                               host_queue):
    body = {"target_id": target["id"], "host": online_host, "preset": "quick"}
    response = client.post("/api/v1/runs", json=body, headers=run_headers)
    assert response.status_code == 202, response.text
    assert response.json()["matrix"]["sizes"] == [1024, 65536, 1048576]
    assert response.json()["progress"]["total"] == 5 * 2 * 2 * 3


def test_a_preset_of_several_matrices_runs_exactly_their_cells(client, run_headers, target,
                                                               online_host, host_queue):
    """seed001 unites a codec matrix (5 methods on dynamic rows) and a column-compression one
    (none on a compressed column; Percona's dictionary column is left out on MariaDB): 6 pairs
    × the client counts the server's max_connections allows, not the envelope's product, and a
    load of each pair for its size on disk."""
    body = {"target_id": target["id"], "host": online_host, "preset": "seed001"}
    response = client.post("/api/v1/runs", json=body, headers=run_headers)
    if response.status_code == 422:  # a target without column compression says why
        assert "column" in response.json()["detail"].lower()
        pytest.skip(response.json()["detail"])
    assert response.status_code == 202, response.text
    run = response.json()
    assert run["matrix"]["storages"] == ["dynamic", "column"]
    room = target["facts"]["max_connections"] - 8
    clients = [c for c in (1, 4, 8, 16, 32, 128, 256) if c <= room]
    assert run["matrix"]["concurrency"] == clients
    assert run["progress"]["total"] == 6 * len(clients) + 6  # + one 64 MiB load per pair
    cells = client.get(f"/api/v1/runs/{run['id']}/cells").json()
    pairs = {(c["method"], c["storage"]) for c in cells}
    assert ("none", "column") in pairs and ("zstd", "column") not in pairs
    assert len(cells) == len({(c["method"], c["storage"], c["workload"], c["concurrency"])
                              for c in cells})
    loads = {(c["method"], c["storage"]) for c in cells if c["workload"] == "load"}
    assert loads == pairs


@pytest.mark.parametrize("extra, reason", [
    ({"preset": "nope"}, "Unknown preset 'nope'; choose from: quick, seed000"),
    ({"preset": "quick", "matrix": TRUNK_MATRIX}, "either a 'matrix' or a 'preset'"),
    ({}, "either a 'matrix' or a 'preset'"),
])
def test_matrix_or_preset_exactly(client, run_headers, target, online_host, extra, reason):
    body = {"target_id": target["id"], "host": online_host, **extra}
    response = client.post("/api/v1/runs", json=body, headers=run_headers)
    assert response.status_code == 422 and reason in response.json()["detail"]


def test_a_matrix_above_the_cell_limit_is_refused_and_nothing_is_stored(
        client, run_headers, target, online_host, host_queue, monkeypatch):
    from blobbench.core.config import get_settings

    monkeypatch.setattr(get_settings(), "max_cells", 59)
    response = _create(client, run_headers, target, online_host)
    assert response.status_code == 422
    assert "60 cells; the limit is 59" in response.json()["detail"]
    assert client.get("/api/v1/runs").json() == [] and host_queue.llen("host.pytest-host") == 0


@pytest.mark.parametrize("field, value", [
    ("datasets", ["sample:../../etc/passwd"]),
    ("methods", ["none'; DROP TABLE run; --"]),
    ("storages", ["dynamic; DROP DATABASE mysql"]),
])
def test_injection_and_traversal_in_matrix_names_are_refused(client, run_headers, target,
                                                            online_host, host_queue, field, value):
    response = _create(client, run_headers, target, online_host,
                       matrix=dict(TRUNK_MATRIX, **{field: value}))
    assert response.status_code == 422, response.text
    assert client.get("/api/v1/runs").json() == []
