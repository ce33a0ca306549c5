from __future__ import annotations

import pytest


@pytest.fixture
def env(monkeypatch):
    """Set variables for this test and re-read the settings."""
    from blobbench.core.config import reset_settings

    def set_env(**values: str) -> None:
        for key, value in values.items():
            monkeypatch.setenv(key, value)
        reset_settings()

    yield set_env
    reset_settings()


READS = ["/api/v1/runs", "/api/v1/targets", "/api/v1/hosts", "/api/v1/schedules",
         "/api/v1/alerts", "/api/v1/samples", "/api/v1/catalog"]


def test_on_localhost_reads_are_open(client, env):
    env(HOST="127.0.0.1")
    for path in READS:
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize("bind", ["0.0.0.0", "::", "192.168.1.20"])
def test_beyond_localhost_reads_need_a_token(client, env, run_headers, bind):
    env(HOST=bind)
    for path in READS:
        response = client.get(path)
        assert response.status_code == 401, path
        assert "token" in response.json()["detail"]
        assert client.get(path, headers=run_headers).status_code == 200, path
    assert client.get("/api/v1/health").status_code == 200


def test_auth_required_closes_reads_even_on_localhost(client, env, run_headers):
    env(HOST="127.0.0.1", BLOBBENCH_AUTH="required")
    assert client.get("/api/v1/runs").status_code == 401
    assert client.get("/api/v1/runs", headers=run_headers).status_code == 200


def test_a_wrong_token_is_refused_even_where_reads_are_open(client, env):
    env(HOST="127.0.0.1")
    response = client.get("/api/v1/runs", headers={"Authorization": "Bearer bbr_nope"})
    assert response.status_code == 401


def test_refuses_to_start_public_with_auth_off(env):
    from blobbench.main import InsecureBind, create_app

    env(HOST="0.0.0.0", BLOBBENCH_AUTH="off")
    with pytest.raises(InsecureBind, match="Refusing to start"):
        create_app()
    env(HOST="127.0.0.1", BLOBBENCH_AUTH="off")
    create_app()


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("127.0.0.2", True), ("::1", True), ("[::1]", True),
    ("localhost", True), ("0.0.0.0", False), ("::", False), ("10.0.0.1", False),
    ("example.com", False),
])
def test_is_loopback(host, loopback):
    from blobbench.core.config import is_loopback

    assert is_loopback(host) is loopback


def test_reads_from_another_machine_need_a_token(db, env, run_headers):
    from fastapi.testclient import TestClient

    from blobbench.main import create_app

    env(HOST="127.0.0.1")  # e.g. behind a port mapping: the bind looks local, the client is not
    with TestClient(create_app(), client=("172.17.0.1", 40000)) as remote:
        assert remote.get("/api/v1/runs").status_code == 401
        assert remote.get("/api/v1/runs", headers=run_headers).status_code == 200
