"""The results database engine: SQLite runs in WAL mode, so the API survives restarts and
readers never block the writer."""

from __future__ import annotations

from blobbench.core.db import make_engine
from sqlalchemy import text


def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'results.db'}")
    try:
        with engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 30000
    finally:
        engine.dispose()
    assert (tmp_path / "results.db-wal").exists() or (tmp_path / "results.db").exists()
