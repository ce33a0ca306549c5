from __future__ import annotations

import pytest
import redis

from tests.conftest import TEST_REDIS_URL

MATRIX = {"methods": ["none", "lz4"], "sizes": ["1KiB"]}


@pytest.fixture
def run(client, run_headers, target, online_host) -> dict:
    body = {"target_id": target["id"], "host": online_host, "matrix": MATRIX}
    response = client.post("/api/v1/runs", json=body, headers=run_headers)
    assert response.status_code == 202, response.text
    yield response.json()
    redis.Redis.from_url(TEST_REDIS_URL).delete(f"host.{online_host}")


def _share(client, run, headers) -> dict:
    response = client.post(f"/api/v1/runs/{run['id']}/shares", json={"name": "wiki"},
                           headers=headers)
    assert response.status_code == 201, response.text
    return response.json()


def test_short_link_round_trip_and_redirect(client, run_headers):
    path = "/runs/42?view=size&dataset=random:2&methods=none,lz4hc:9&y=log"
    made = client.post("/api/v1/links", json={"path": path}, headers=run_headers)
    assert made.status_code == 201, made.text
    link = made.json()
    assert link["path"] == path and link["short_path"] == f"/l/{link['code']}"
    again = client.post("/api/v1/links", json={"path": path}, headers=run_headers).json()
    assert again["code"] == link["code"]  # the same state gets the same link
    redirect = client.get(link["short_path"], follow_redirects=False)
    assert redirect.status_code == 302 and redirect.headers["location"] == path
    assert client.get(f"/api/v1/links/{link['code']}").json()["visits"] == 1


@pytest.mark.parametrize("path", [
    "https://evil.example/runs/1", "//evil.example/x", "runs/1", "/api/v1/tokens",
    "/runs/1\r\nSet-Cookie: x=1", "/l/abc",
])
def test_short_links_only_point_inside_the_dashboard(client, run_headers, path):
    response = client.post("/api/v1/links", json={"path": path}, headers=run_headers)
    assert response.status_code == 422
    assert response.json()["detail"]


def test_short_links_need_a_token_and_unknown_codes_are_404(client):
    assert client.post("/api/v1/links", json={"path": "/runs/1"}).status_code == 401
    assert client.get("/api/v1/links/nope").status_code == 404
    assert client.get("/l/nope", follow_redirects=False).status_code == 404


def test_share_key_opens_its_run_read_only(client, run_headers, admin_headers, run, target):
    share = _share(client, run, run_headers)
    assert share["path"] == f"/runs/{run['id']}?share={share['token']}"
    key = {"Authorization": f"Bearer {share['token']}"}
    me = client.get("/api/v1/auth/me", headers=key).json()
    assert me["scope"] == "share" and me["run_id"] == run["id"]
    for path in ("", "/results", "/cells", "/results?format=csv"):
        assert client.get(f"/api/v1/runs/{run['id']}{path}", headers=key).status_code == 200, path
    # Nothing else can be read with it, and nothing at all written.
    for path in ("/api/v1/runs", "/api/v1/targets", f"/api/v1/targets/{target['id']}",
                 "/api/v1/hosts", "/api/v1/schedules", "/api/v1/alerts"):
        response = client.get(path, headers=key)
        assert response.status_code == 403, path
        assert f"run {run['id']}" in response.json()["detail"]
    writes = [
        ("post", f"/api/v1/runs/{run['id']}/cancel", None),
        ("post", f"/api/v1/runs/{run['id']}/shares", {"name": "again"}),
        ("post", "/api/v1/runs", {"target_id": target["id"], "matrix": MATRIX}),
        ("post", "/api/v1/links", {"path": "/runs/1"}),
        ("delete", f"/api/v1/targets/{target['id']}", None),
        ("post", "/api/v1/tokens", {"name": "x", "scope": "admin"}),
    ]
    for method, path, body in writes:
        response = client.request(method.upper(), path, json=body, headers=key)
        assert response.status_code == 403, (method, path, response.text)
    assert client.get(f"/api/v1/runs/{run['id']}", headers=run_headers).json()["status"] != "canceled"


def test_revoked_share_key_is_refused(client, run_headers, run):
    share = _share(client, run, run_headers)
    listed = client.get(f"/api/v1/runs/{run['id']}/shares", headers=run_headers).json()
    assert [s["id"] for s in listed] == [share["id"]] and "token" not in listed[0]
    revoked = client.delete(f"/api/v1/runs/{run['id']}/shares/{share['id']}", headers=run_headers)
    assert revoked.status_code == 204
    key = {"Authorization": f"Bearer {share['token']}"}
    assert client.get(f"/api/v1/runs/{run['id']}", headers=key).status_code == 401
    assert client.delete(f"/api/v1/runs/{run['id']}/shares/999999",
                         headers=run_headers).status_code == 404


def test_share_key_cannot_open_another_run(client, run_headers, run, target, online_host):
    other = client.post("/api/v1/runs", headers=run_headers, json={
        "target_id": target["id"], "host": online_host, "matrix": MATRIX}).json()
    key = {"Authorization": f"Bearer {_share(client, run, run_headers)['token']}"}
    assert client.get(f"/api/v1/runs/{other['id']}", headers=key).status_code == 403
    assert client.get(f"/api/v1/runs/{other['id']}/results", headers=key).status_code == 403
