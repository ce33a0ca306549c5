from __future__ import annotations

from sqlalchemy import select

from blobbench.models import Target
from tests.conftest import mysql_target_fields


def test_register_shows_version_and_flavour_never_the_password(client, admin_headers, session):
    body = {"name": "db1", **mysql_target_fields(), "password": ""}
    response = client.post("/api/v1/targets", json=body, headers=admin_headers)
    assert response.status_code == 201, response.text
    data = response.json()
    assert data["flavour"] == "mariadb"
    assert data["version"].startswith("10.")
    assert data["max_allowed_packet"] > 0
    assert "password" not in data and "password_encrypted" not in data
    stored = session.scalar(select(Target).where(Target.name == "db1"))
    assert stored.password_encrypted and stored.password_encrypted != ""


def test_password_is_encrypted_at_rest(client, admin_headers, session):
    from blobbench.core import crypto

    body = {"name": "db2", **mysql_target_fields()}
    client.post("/api/v1/targets", json=body, headers=admin_headers)
    stored = session.scalar(select(Target).where(Target.name == "db2"))
    assert crypto.decrypt(stored.password_encrypted) == body["password"]
    assert stored.password_encrypted != body["password"]


def test_wrong_password_gets_a_clear_422(client, admin_headers):
    body = {"name": "bad", **mysql_target_fields(), "user": "root", "password": "wrong-pass"}
    response = client.post("/api/v1/targets", json=body, headers=admin_headers)
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert "denied" in detail.lower()
    assert "wrong-pass" not in response.text


def test_unreachable_host_gets_a_clear_422(client, admin_headers):
    body = {"name": "gone", **mysql_target_fields(), "host": "127.0.0.1", "port": 1}
    response = client.post("/api/v1/targets", json=body, headers=admin_headers)
    assert response.status_code == 422
    assert response.json()["code"] == "unreachable"
    assert "127.0.0.1:1" in response.json()["detail"]


def test_duplicate_name_is_a_conflict(client, admin_headers, target):
    body = {"name": target["name"], **mysql_target_fields()}
    response = client.post("/api/v1/targets", json=body, headers=admin_headers)
    assert response.status_code == 409
    assert "already exists" in response.json()["detail"]


def test_writes_need_a_valid_token(client):
    body = {"name": "x", **mysql_target_fields()}
    assert client.post("/api/v1/targets", json=body).status_code == 401
    bad = {"Authorization": "Bearer nope"}
    assert client.post("/api/v1/targets", json=body, headers=bad).status_code == 401


def test_run_scope_cannot_register_targets(client, run_headers):
    body = {"name": "x", **mysql_target_fields()}
    response = client.post("/api/v1/targets", json=body, headers=run_headers)
    assert response.status_code == 403


def test_malformed_body_is_422(client, admin_headers):
    response = client.post("/api/v1/targets", json={"name": "x; drop table"}, headers=admin_headers)
    assert response.status_code == 422


def test_list_get_and_delete(client, admin_headers, target):
    assert [t["name"] for t in client.get("/api/v1/targets").json()] == [target["name"]]
    assert client.get(f"/api/v1/targets/{target['id']}").json()["id"] == target["id"]
    assert client.get("/api/v1/targets/999999").status_code == 404
    assert client.delete(f"/api/v1/targets/{target['id']}", headers=admin_headers).status_code == 204
    assert client.get("/api/v1/targets").json() == []


def test_capabilities_list_every_method_and_storage_with_reasons(client, target):
    caps = client.get(f"/api/v1/targets/{target['id']}/capabilities").json()
    methods = {m["name"]: m for m in caps["methods"]}
    storages = {s["name"]: s for s in caps["storages"]}
    assert methods["none"]["supported"] and methods["zstd"]["supported"]
    assert storages["dynamic"]["supported"] and storages["compressed:8"]["supported"]
    percona = storages["percona_column"]
    assert percona["supported"] is False and "Percona" in percona["reason"]
    assert all(s["reason"] for s in caps["storages"] if not s["supported"])
    assert caps["limits"]["max_blob_size"] < target["max_allowed_packet"]


def test_capabilities_of_a_missing_target_is_404(client):
    assert client.get("/api/v1/targets/424242/capabilities").status_code == 404


def test_a_user_who_cannot_create_tables_is_told_which_grant_is_missing(client, admin_headers):
    import MySQLdb

    f = mysql_target_fields()
    root = MySQLdb.connect(host=f["host"], port=f["port"], user=f["user"], passwd=f["password"])
    cur = root.cursor()
    cur.execute("CREATE DATABASE IF NOT EXISTS blobbench_readonly_test")
    cur.execute("CREATE USER IF NOT EXISTS 'bb_reader'@'%' IDENTIFIED BY 'Reader-Passw0rd'")
    cur.execute("GRANT SELECT ON blobbench_readonly_test.* TO 'bb_reader'@'%'")
    root.close()
    body = {"name": "reader", "host": f["host"], "port": f["port"], "user": "bb_reader",
            "password": "Reader-Passw0rd", "database": "blobbench_readonly_test"}
    response = client.post("/api/v1/targets", json=body, headers=admin_headers)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert "CREATE" in detail and "GRANT SELECT, INSERT, UPDATE, CREATE, DROP" in detail
    assert "Reader-Passw0rd" not in response.text
    assert client.get("/api/v1/targets").json() == []


def test_a_read_only_server_is_refused_with_the_reason():
    from blobbench.engine.target import read_only_problem

    assert read_only_problem({"read_only": []}) is None
    problem = read_only_problem({"read_only": ["read_only", "super_read_only"]})
    assert "read_only=ON, super_read_only=ON" in problem and "replica" in problem
