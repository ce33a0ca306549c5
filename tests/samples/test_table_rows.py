"""A sample of whole rows ("table pages") for the codec lab: read-only, InnoDB-like records."""

from __future__ import annotations

import MySQLdb
import pytest

from tests.conftest import mysql_target_fields

SCHEMA = "blobbench_test_userrows"


@pytest.fixture(scope="module")
def orders_table():
    f = mysql_target_fields()
    conn = MySQLdb.connect(host=f["host"], port=f["port"], user=f["user"], passwd=f["password"])
    cur = conn.cursor()
    cur.execute(f"CREATE DATABASE IF NOT EXISTS {SCHEMA}")
    cur.execute(f"DROP TABLE IF EXISTS {SCHEMA}.orders")
    cur.execute(f"CREATE TABLE {SCHEMA}.orders (id INT UNSIGNED PRIMARY KEY, placed DATETIME, "
                "total DECIMAL(10,2), note VARCHAR(200), flag TINYINT NULL)")
    for i in range(300):
        cur.execute(f"INSERT INTO {SCHEMA}.orders VALUES (%s, '2024-01-02 03:04:05', %s, %s, "
                    "NULL)", (i, i * 1.5, f"order {i} for customer {i % 17}"))
    conn.commit()
    yield
    cur.execute(f"DROP DATABASE {SCHEMA}")
    conn.close()


def test_whole_rows_without_a_column(client, run_headers, target, orders_table):
    body = {"schema": SCHEMA, "table": "orders", "limit_bytes": 4096}
    response = client.post(f"/api/v1/targets/{target['id']}/samples", json=body,
                           headers=run_headers)
    assert response.status_code == 201, response.text
    sample = response.json()
    assert sample["kind"] == "table" and sample["size"] == 4096
    assert sample["source"]["layout"] == "innodb_rows" and sample["source"]["column"] is None
    assert sample["source"]["columns"] == 5 and 0 < sample["source"]["rows"] < 300
    assert sample["name"].endswith(f"{SCHEMA}.orders (rows)")


def test_an_unknown_table_gets_a_reason(client, run_headers, target, orders_table):
    response = client.post(f"/api/v1/targets/{target['id']}/samples",
                           json={"schema": SCHEMA, "table": "nope"}, headers=run_headers)
    assert response.status_code == 422 and "does not exist" in response.json()["detail"]
