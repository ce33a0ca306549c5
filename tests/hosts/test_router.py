from __future__ import annotations


def test_heartbeat_makes_a_host_online(client, worker_headers):
    assert client.get("/api/v1/hosts").json() == []
    beat = {"name": "pytest-host", "hostname": "box", "facts": {"cores": 2}}
    assert client.post("/api/v1/worker/heartbeat", json=beat, headers=worker_headers).status_code == 200
    hosts = client.get("/api/v1/hosts").json()
    assert [(h["name"], h["online"], h["facts"]["cores"]) for h in hosts] == [("pytest-host", True, 2)]
    one = client.get("/api/v1/hosts/pytest-host").json()
    assert one["queue_depth"] is not None


def test_a_silent_host_goes_offline(client, worker_headers, monkeypatch):
    from blobbench.core.config import get_settings

    client.post("/api/v1/worker/heartbeat", json={"name": "pytest-host"}, headers=worker_headers)
    monkeypatch.setattr(get_settings(), "host_offline_after_s", -1.0)
    assert client.get("/api/v1/hosts").json()[0]["online"] is False


def test_worker_token_cannot_speak_for_another_host(client, worker_headers):
    response = client.post("/api/v1/worker/heartbeat", json={"name": "other"},
                           headers=worker_headers)
    assert response.status_code == 403


def test_unknown_host_is_404(client):
    assert client.get("/api/v1/hosts/nope").status_code == 404


def test_hosts_show_the_cell_running_now_and_their_queue(client, run_headers, worker_headers,
                                                         target, online_host):
    import redis

    from tests.conftest import TEST_REDIS_URL

    queue = redis.Redis.from_url(TEST_REDIS_URL)
    queue.delete(f"host.{online_host}")
    try:
        run = client.post("/api/v1/runs", headers=run_headers, json={
            "target_id": target["id"], "host": online_host,
            "matrix": {"methods": ["none", "lz4"], "sizes": ["64KiB"]}}).json()
        cells = client.get(f"/api/v1/runs/{run['id']}/cells").json()
        claimed = client.post(f"/api/v1/worker/cells/{cells[0]['id']}/claim", headers=worker_headers)
        assert claimed.status_code == 200, claimed.text
        host = client.get("/api/v1/hosts").json()[0]
        assert host["queue_depth"] == 2  # both cells were queued; the worker has not taken one off
        [current] = host["current"]
        assert current["run_id"] == run["id"] and current["cell_id"] == cells[0]["id"]
        assert current["label"] == "none · dynamic · random:62 · 64 KiB · read"
        assert current["started_at"] is not None
    finally:
        queue.delete(f"host.{online_host}")
