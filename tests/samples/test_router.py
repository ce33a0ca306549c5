from __future__ import annotations

import MySQLdb
import pytest

from tests.conftest import mysql_target_fields

SCHEMA = "blobbench_test_usertables"


@pytest.fixture(scope="module")
def user_table():
    """A table of the user's that BlobBench may sample but must never change."""
    f = mysql_target_fields()
    conn = MySQLdb.connect(host=f["host"], port=f["port"], user=f["user"], passwd=f["password"])
    cur = conn.cursor()
    cur.execute(f"CREATE DATABASE IF NOT EXISTS {SCHEMA}")
    cur.execute(f"DROP TABLE IF EXISTS {SCHEMA}.docs")
    cur.execute(f"CREATE TABLE {SCHEMA}.docs (id INT PRIMARY KEY, body MEDIUMBLOB, n INT)")
    for i in range(50):
        cur.execute(f"INSERT INTO {SCHEMA}.docs VALUES (%s, %s, %s)",
                    (i, b'{"user": %d, "name": "someone", "tags": ["a", "b"]}' % i * 20, i))
    conn.commit()
    yield
    cur.execute(f"DROP DATABASE {SCHEMA}")
    conn.close()


def _upload(client, headers, data: bytes, name="sample.bin"):
    return client.post("/api/v1/samples", headers=headers, files={"file": (name, data)})


def test_upload_is_stored_once_and_reusable(client, run_headers, data_dir):
    first = _upload(client, run_headers, b"hello world " * 1000)
    assert first.status_code == 201, first.text
    again = _upload(client, run_headers, b"hello world " * 1000, name="other-name.bin")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    sample = first.json()
    assert sample["dataset"] == f"sample:{sample['id']}" and sample["size"] == 12000
    assert [s["id"] for s in client.get("/api/v1/samples").json()] == [sample["id"]]
    assert (data_dir / "samples" / sample["sha256"]).read_bytes() == b"hello world " * 1000


def test_empty_and_oversized_uploads_are_refused(client, run_headers, monkeypatch):
    from blobbench.core.config import get_settings

    empty = _upload(client, run_headers, b"")
    assert empty.status_code == 422 and "empty" in empty.json()["detail"]
    monkeypatch.setattr(get_settings(), "max_sample_bytes", 1 << 20)
    big = _upload(client, run_headers, b"x" * ((1 << 20) + 1))
    assert big.status_code == 413 and "1 MiB" in big.json()["detail"]
    assert client.get("/api/v1/samples").json() == []


def test_uploads_need_a_token(client):
    assert _upload(client, {}, b"data").status_code == 401


def test_delete_removes_the_content(client, run_headers, data_dir):
    sample = _upload(client, run_headers, b"delete me").json()
    assert client.delete(f"/api/v1/samples/{sample['id']}", headers=run_headers).status_code == 204
    assert not (data_dir / "samples" / sample["sha256"]).exists()
    assert client.get(f"/api/v1/samples/{sample['id']}").status_code == 404


def test_sample_from_a_table_column(client, run_headers, target, user_table):
    body = {"schema": SCHEMA, "table": "docs", "column": "body", "limit_bytes": 4096}
    response = client.post(f"/api/v1/targets/{target['id']}/samples", json=body,
                           headers=run_headers)
    assert response.status_code == 201, response.text
    sample = response.json()
    assert sample["kind"] == "table" and 4096 <= sample["size"] < 4096 + 1200
    assert sample["source"]["data_type"] == "mediumblob" and sample["source"]["rows"] >= 4


@pytest.mark.parametrize("body, reason", [
    ({"table": "nope", "column": "body"}, "does not exist"),
    ({"table": "docs", "column": "nope"}, "no column"),
    ({"table": "docs", "column": "n"}, "binary or text"),
])
def test_table_samples_are_validated_against_the_catalog(client, run_headers, target, user_table,
                                                         body, reason):
    response = client.post(f"/api/v1/targets/{target['id']}/samples",
                           json={"schema": SCHEMA, **body}, headers=run_headers)
    assert response.status_code == 422
    assert reason in response.json()["detail"]
    assert response.json()["code"] == "invalid_sample"


def test_injection_in_names_is_refused(client, run_headers, target):
    body = {"schema": SCHEMA, "table": "docs`; DROP TABLE docs; --", "column": "body"}
    response = client.post(f"/api/v1/targets/{target['id']}/samples", json=body,
                           headers=run_headers)
    assert response.status_code == 422


def test_runs_accept_samples_and_refuse_unknown_ones(client, run_headers, target, online_host):
    import redis

    from tests.conftest import TEST_REDIS_URL

    sample = _upload(client, run_headers, b"some data " * 100).json()
    matrix = {"methods": ["none"], "storages": ["dynamic"], "sizes": [1024]}
    ok = client.post("/api/v1/runs", headers=run_headers, json={
        "target_id": target["id"], "host": online_host,
        "matrix": {**matrix, "datasets": [sample["dataset"]]}})
    redis.Redis.from_url(TEST_REDIS_URL).delete("host.pytest-host")
    assert ok.status_code == 202, ok.text
    bad = client.post("/api/v1/runs", headers=run_headers, json={
        "target_id": target["id"], "host": online_host,
        "matrix": {**matrix, "datasets": ["sample:999"]}})
    assert bad.status_code == 422 and "999" in bad.json()["detail"]


def test_upload_keeps_the_original_file_name(client, run_headers):
    sample = client.post("/api/v1/samples", headers=run_headers, data={"name": "mine"},
                         files={"file": ("orders-2024.jsonl", b"{}\n" * 10)}).json()
    assert sample["name"] == "mine" and sample["source"]["filename"] == "orders-2024.jsonl"


def test_a_sample_an_unfinished_run_needs_cannot_be_deleted(client, run_headers, target,
                                                            online_host):
    import redis

    from tests.conftest import TEST_REDIS_URL

    sample = _upload(client, run_headers, b"needed " * 100).json()
    run = client.post("/api/v1/runs", headers=run_headers, json={
        "target_id": target["id"], "host": online_host,
        "matrix": {"methods": ["none"], "storages": ["dynamic"], "sizes": [1024],
                   "datasets": [sample["dataset"]]}}).json()
    redis.Redis.from_url(TEST_REDIS_URL).delete("host.pytest-host")
    refused = client.delete(f"/api/v1/samples/{sample['id']}", headers=run_headers)
    assert refused.status_code == 409 and str(run["id"]) in refused.json()["detail"]
    client.post(f"/api/v1/runs/{run['id']}/cancel", headers=run_headers)
    assert client.delete(f"/api/v1/samples/{sample['id']}", headers=run_headers).status_code == 204
