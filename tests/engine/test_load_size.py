"""Load and size (seed 002) against the real MariaDB, in a schema of its own."""

from __future__ import annotations

import os
from collections.abc import Iterator

import MySQLdb
import pytest
from blobbench.engine.errors import MatrixError, TargetError
from blobbench.engine.load_size import create_load_table_sql, load_rows, summary
from blobbench.engine.matrix import parse_matrix
from blobbench.engine.measure import CellSpec, MeasureSettings, run_cell
from blobbench.engine.storages import OWNER_MARK, parse_storage
from blobbench.engine.target import TargetConn

SCHEMA = "blobbench_study_test"
HOST = os.environ.get("BLOBBENCH_TEST_MYSQL_HOST", "127.0.0.1")
PORT = int(os.environ.get("BLOBBENCH_TEST_MYSQL_PORT", "3306"))


@pytest.fixture(scope="module")
def study_target() -> Iterator[TargetConn]:
    yield TargetConn(host=HOST, port=PORT, user="root", password="", database=SCHEMA)
    conn = MySQLdb.connect(host=HOST, port=PORT, user="root", password="")
    try:
        conn.cursor().execute(f"DROP DATABASE IF EXISTS `{SCHEMA}`")
    finally:
        conn.close()


def _tables() -> list[str]:
    conn = MySQLdb.connect(host=HOST, port=PORT, user="root", password="")
    try:
        cur = conn.cursor()
        cur.execute("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA=%s",
                    (SCHEMA,))
        return [r[0] for r in cur.fetchall()]
    finally:
        conn.close()


SMALL = MeasureSettings(load_rows=400, encode_cache=None)


def test_usual_load_with_indexes(study_target):
    r = run_cell(study_target, CellSpec("none", "dynamic", "json", 2048, "load"), SMALL)
    assert r["study"] == "load_size" and r["rows"] == 400 and r["loaded_bytes"] == 400 * 2048
    assert r["index_s"] is None and r["disk_bytes_before_index"] is None
    assert r["load_s"] == pytest.approx(r["insert_s"] + r["flush_s"])
    assert r["disk_bytes"] >= r["data_length"] > 400 * 2048 * 0.9
    assert r["index_length"] > 0 and r["write_bps"] > 0 and r["statements"] >= 1
    assert "KEY k_user" in r["context"]["ddl"] and OWNER_MARK in r["context"]["ddl"]
    assert _tables() == []  # dropped afterwards


def test_load_then_index_reports_both_stages(study_target):
    r = run_cell(study_target, CellSpec("none", "compressed:8", "json", 2048,
                                        "load_then_index"), SMALL)
    assert r["index_s"] > 0 and r["flush_before_index_s"] is not None
    assert r["index_length_before_index"] == 0 and r["index_length"] > 0
    assert r["disk_bytes"] >= r["disk_bytes_before_index"] > 0
    assert r["load_s"] == pytest.approx(r["insert_s"] + r["flush_before_index_s"]
                                        + r["index_s"] + r["flush_s"])
    assert "KEY k_" not in r["context"]["ddl"]
    assert _tables() == []


def test_server_compression_shrinks_the_table(study_target):
    sizes = {}
    for storage in ("dynamic", "compressed:4", "page:zlib", "column"):
        r = run_cell(study_target, CellSpec("none", storage, "json", 4096, "load"),
                     MeasureSettings(load_rows=1500, encode_cache=None))
        sizes[storage] = r["disk_bytes"]
    assert all(sizes[s] < sizes["dynamic"] for s in ("compressed:4", "page:zlib", "column"))


def test_client_compressed_bodies(study_target):
    r = run_cell(study_target, CellSpec("zstd:3", "dynamic", "json", 2048, "load"), SMALL)
    assert r["ratio"] > 1.5 and r["stored_body_bytes"] < r["loaded_bytes"]
    assert r["encode_s"] > 0


def test_a_leftover_table_of_an_earlier_attempt_is_replaced(study_target):
    conn = MySQLdb.connect(host=HOST, port=PORT, user="root", password="", autocommit=True)
    try:
        cur = conn.cursor()
        cur.execute(f"CREATE DATABASE IF NOT EXISTS `{SCHEMA}`")
        cur.execute(create_load_table_sql(SCHEMA, "bb_r1_c0", parse_storage("dynamic")))
        r = run_cell(study_target, CellSpec("none", "dynamic", "json", 1024, "load"),
                     MeasureSettings(load_rows=50, encode_cache=None), table="bb_r1_c0")
        assert r["rows"] == 50 and "bb_r1_c0" not in _tables()
    finally:
        conn.close()


def test_a_table_without_the_ownership_mark_is_never_dropped(study_target):
    conn = MySQLdb.connect(host=HOST, port=PORT, user="root", password="", autocommit=True)
    try:
        cur = conn.cursor()
        cur.execute(f"CREATE DATABASE IF NOT EXISTS `{SCHEMA}`")
        cur.execute(f"CREATE TABLE `{SCHEMA}`.`users_data` (id INT PRIMARY KEY)")
        cur.execute(f"INSERT INTO `{SCHEMA}`.`users_data` VALUES (1)")
        with pytest.raises(TargetError) as info:
            run_cell(study_target, CellSpec("none", "dynamic", "json", 1024, "load"),
                     MeasureSettings(load_rows=10, encode_cache=None), table="users_data")
        assert info.value.code == "not_owned"
        cur.execute(f"SELECT COUNT(*) FROM `{SCHEMA}`.`users_data`")
        assert cur.fetchone()[0] == 1
        cur.execute(f"DROP TABLE `{SCHEMA}`.`users_data`")
    finally:
        conn.close()


def test_rows_default_to_the_table_budget_and_bad_cells_are_refused():
    assert load_rows(2048, MeasureSettings()) == (64 << 20) // 2048
    assert load_rows(2048, MeasureSettings(load_rows=7)) == 7
    assert load_rows(1 << 30, MeasureSettings()) == 1
    with pytest.raises(MatrixError, match="one client"):
        parse_matrix({"methods": ["none"], "storages": ["dynamic"], "datasets": ["json"],
                      "sizes": [2048], "workloads": ["load"], "concurrency": [1, 4]})


def test_summary_is_the_seeds_table_with_ratios_to_the_baseline():
    def row(storage, workload, load_s, disk, method="none"):
        return {"method": method, "storage": storage, "dataset": "json", "size": 2048,
                "workload": workload, "load_s": load_s, "disk_bytes": disk, "rows": 10}

    # seed 002's figures: seconds and MB
    rows = [row("compressed:8", "load_then_index", 6844, 14968),
            row("dynamic", "load_then_index", 4678, 40400),
            row("compressed:8", "load", 13735, 16284),
            row("dynamic", "load", 9154, 43032),
            row("dynamic", "load", 100, 100, method="zstd:3"),
            {"workload": "read", "storage": "dynamic", "read_bps": 1.0}]
    table = summary(rows)
    assert [t["label"] for t in table] == [
        "dynamic, usual load", "dynamic, fast index creation", "dynamic, usual load, zstd:3",
        "compressed:8, usual load", "compressed:8, fast index creation"]
    ratios = {t["label"]: (round(t["load_ratio"], 2), round(t["size_ratio"], 2)) for t in table}
    assert ratios["dynamic, usual load"] == (1.0, 1.0) and table[0]["baseline"]
    assert ratios["dynamic, fast index creation"] == (0.51, 0.94)
    assert ratios["compressed:8, usual load"] == (1.5, 0.38)
    assert ratios["compressed:8, fast index creation"] == (0.75, 0.35)
