"""16 KiB pages of a real table through the codec lab: rows read (read-only) from the target,
laid out like InnoDB records, cut into pages and compressed."""

from __future__ import annotations

import os
from collections.abc import Iterator

import MySQLdb
import pytest
from blobbench.engine.codec_lab import lab_blocks
from blobbench.engine.errors import MatrixError
from blobbench.engine.measure import CellSpec, MeasureSettings, run_cell
from blobbench.engine.samples import (
    _record_value,
    read_table_rows_sample,
    set_sample_loader,
)
from blobbench.engine.target import TargetConn

SCHEMA = "blobbench_study_pages"
HOST = os.environ.get("BLOBBENCH_TEST_MYSQL_HOST", "127.0.0.1")
PORT = int(os.environ.get("BLOBBENCH_TEST_MYSQL_PORT", "3306"))


@pytest.fixture(scope="module")
def user_table() -> Iterator[TargetConn]:
    conn = MySQLdb.connect(host=HOST, port=PORT, user="root", password="", autocommit=True)
    cur = conn.cursor()
    cur.execute(f"CREATE DATABASE IF NOT EXISTS `{SCHEMA}`")
    cur.execute(f"CREATE TABLE IF NOT EXISTS `{SCHEMA}`.events (id BIGINT PRIMARY KEY, "
                "at DATETIME NOT NULL, kind VARCHAR(20), payload TEXT)")
    cur.execute(f"DELETE FROM `{SCHEMA}`.events")
    cur.executemany(f"INSERT INTO `{SCHEMA}`.events VALUES (%s, NOW(), %s, %s)",
                    [(i, ("click", "view", "buy")[i % 3], f'{{"user": {i % 97}, "page": "/p/{i}"}}')
                     for i in range(3000)])
    yield TargetConn(host=HOST, port=PORT, user="root", password="", database=SCHEMA)
    cur.execute(f"DROP DATABASE `{SCHEMA}`")
    conn.close()


def test_record_values_are_innodb_like():
    assert _record_value(1, "int", unsigned=False) == b"\x80\x00\x00\x01"  # sign bit flipped
    assert _record_value(1, "int", unsigned=True) == b"\x00\x00\x00\x01"
    assert _record_value(-1, "bigint", unsigned=False) == b"\x7f" + b"\xff" * 7
    assert _record_value("abc", "varchar", False) == b"\x03abc"
    assert _record_value(b"x" * 300, "blob", False)[:2] == (0x8000 | 300).to_bytes(2, "big")


def test_table_pages_through_the_codec_lab(user_table):
    got = read_table_rows_sample(user_table, SCHEMA, "events", limit_bytes=1 << 20)
    assert got["rows"] == 3000 and got["columns"] == 4
    data = got["data"]
    set_sample_loader(lambda sid: data)
    try:
        _, source = lab_blocks("sample:1", 16384, 1 << 20)
        assert source["blocks"] == len(data) // 16384 and not source["wrapped"]
        r = run_cell(user_table, CellSpec("zstd:3", "dynamic", "sample:1", 16384, "codec_lab"),
                     MeasureSettings(time_budget_s=0.2, warmup_s=0, ci_target=0.2))
        assert r["ratio"] > 2 and r["decompress_bps"] > 0
    finally:
        set_sample_loader(None)
    with pytest.raises(MatrixError, match="does not exist"):
        read_table_rows_sample(user_table, SCHEMA, "nope")
