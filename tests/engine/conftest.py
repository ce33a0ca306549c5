"""Fixtures for engine tests: the real MariaDB at 127.0.0.1:3306 (root, no password).

Everything happens in the schema ``blobbench_test_engine``, dropped at the end of the session.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import MySQLdb
import pytest
from blobbench.engine.measure import MeasureSettings
from blobbench.engine.target import TargetConn

SCHEMA = "blobbench_test_engine"
HOST = os.environ.get("BLOBBENCH_TEST_MYSQL_HOST", "127.0.0.1")
PORT = int(os.environ.get("BLOBBENCH_TEST_MYSQL_PORT", "3306"))


@pytest.fixture(scope="session")
def target() -> Iterator[TargetConn]:
    """A TargetConn to the test server using the test schema; drops the schema afterwards."""
    t = TargetConn(host=HOST, port=PORT, user="root", password="", database=SCHEMA)
    yield t
    conn = MySQLdb.connect(host=HOST, port=PORT, user="root", password="")
    try:
        conn.cursor().execute(f"DROP DATABASE IF EXISTS `{SCHEMA}`")
    finally:
        conn.close()


@pytest.fixture()
def admin(target: TargetConn) -> Iterator[MySQLdb.connections.Connection]:
    """A plain root connection (autocommit) with the test schema created and selected."""
    conn = MySQLdb.connect(host=HOST, port=PORT, user="root", password="", autocommit=True)
    conn.cursor().execute(f"CREATE DATABASE IF NOT EXISTS `{SCHEMA}`")
    conn.select_db(SCHEMA)
    yield conn
    conn.close()


@pytest.fixture()
def fast() -> MeasureSettings:
    """Settings small enough for tests: a fraction of a second per cell."""
    return MeasureSettings(
        ci_target=0.05, time_budget_s=0.3, warmup_s=0.05, min_samples=10,
        max_rows=4, max_table_bytes=1 << 20, keep_samples=100, slice_s=0.05, min_slices=3,
        encode_cache=None,
    )


@pytest.fixture()
def schema_tables(admin: MySQLdb.connections.Connection):
    """A function listing the tables currently in the test schema."""

    def tables() -> list[str]:
        cur = admin.cursor()
        cur.execute(
            "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA=%s", (SCHEMA,)
        )
        return [r[0] for r in cur.fetchall()]

    return tables
