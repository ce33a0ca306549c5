from __future__ import annotations


def test_me_names_the_token(client, admin_headers):
    response = client.get("/api/v1/auth/me", headers=admin_headers)
    assert response.status_code == 200
    assert response.json() == {"name": "test-admin", "scope": "admin", "run_id": None}


def test_me_without_token_is_401(client):
    assert client.get("/api/v1/auth/me").status_code == 401


def test_create_list_and_revoke(client, admin_headers):
    created = client.post("/api/v1/tokens", json={"name": "ci", "scope": "run"},
                          headers=admin_headers)
    assert created.status_code == 201
    raw = created.json()["token"]
    listed = client.get("/api/v1/tokens", headers=admin_headers).json()
    assert {t["name"] for t in listed} >= {"ci"}
    assert all("token" not in t and "token_hash" not in t for t in listed)
    ci = {"Authorization": f"Bearer {raw}"}
    assert client.get("/api/v1/auth/me", headers=ci).json()["scope"] == "run"
    token_id = created.json()["id"]
    assert client.delete(f"/api/v1/tokens/{token_id}", headers=admin_headers).status_code == 204
    assert client.get("/api/v1/auth/me", headers=ci).status_code == 401


def test_run_scope_cannot_mint_tokens(client, run_headers):
    response = client.post("/api/v1/tokens", json={"name": "x", "scope": "admin"},
                           headers=run_headers)
    assert response.status_code == 403


def test_only_the_hash_is_stored(client, admin_headers, session):
    from sqlalchemy import select

    from blobbench.models import Token

    raw = client.post("/api/v1/tokens", json={"name": "h", "scope": "run"},
                      headers=admin_headers).json()["token"]
    stored = session.scalar(select(Token).where(Token.name == "h"))
    assert raw not in (stored.token_hash, stored.prefix)
    assert len(stored.token_hash) == 64
