"""Migrations build exactly the models' schema, and go down and up again, on both databases."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext

from blobbench.core.db import make_engine
from blobbench.models import Base
from tests.conftest import ROOT, make_database


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_migrations_match_models_and_reverse(kind, tmp_path):
    url, drop = make_database(kind, tmp_path)
    try:
        engine = make_engine(url)
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        engine.dispose()
        assert diff == [], f"models and migrations differ: {diff}"
        cfg = Config(str(ROOT / "alembic.ini"))
        cfg.attributes.update(url=url, configure_logging=False)
        command.downgrade(cfg, "base")
        command.upgrade(cfg, "head")
    finally:
        drop()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_existing_runs_become_one_host_runs(kind, tmp_path):
    """Upgrading keeps every run and cell (SQLite batch rebuilds must not cascade), and 0007
    gives every existing cell its run's host and every run the host list [host]."""
    import json

    from sqlalchemy import text

    url, drop = make_database(kind, tmp_path)
    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.attributes.update(url=url, configure_logging=False)
    try:
        command.downgrade(cfg, "0004")
        engine = make_engine(url)
        with engine.begin() as conn:
            conn.execute(text(
                "INSERT INTO target (id, name, host, port, \"user\", password_encrypted, "
                "database, driver, facts, created_at) VALUES (1, 't', 'h', 3306, 'u', 'x', "
                "'d', 'mysqlclient', '{}', CURRENT_TIMESTAMP)"))
            for run_id, host in ((1, "box-a"), (2, "box-b")):
                conn.execute(text(
                    "INSERT INTO run (id, target_id, host, status, matrix, settings, total_cells, "
                    "created_at) VALUES (:id, 1, :host, 'succeeded', '{}', '{}', 2, "
                    "CURRENT_TIMESTAMP)"), {"id": run_id, "host": host})
                for index in (0, 1):
                    conn.execute(text(
                        "INSERT INTO cell (run_id, \"index\", method, storage, dataset, size, "
                        "workload, concurrency, status, attempts) VALUES (:run, :index, 'none', "
                        "'dynamic', 'random:62', 1024, 'read', 1, 'done', 1)"),
                        {"run": run_id, "index": index})
        command.upgrade(cfg, "head")
        with engine.connect() as conn:
            runs = conn.execute(text("SELECT id, hosts, active_host FROM run ORDER BY id")).all()
            cells = conn.execute(text("SELECT run_id, host FROM cell ORDER BY id")).all()
        engine.dispose()
        as_list = [(i, json.loads(h) if isinstance(h, str) else h, a) for i, h, a in runs]
        assert as_list == [(1, ["box-a"], "box-a"), (2, ["box-b"], "box-b")]
        assert [tuple(c) for c in cells] == [(1, "box-a"), (1, "box-a"), (2, "box-b"), (2, "box-b")]
    finally:
        drop()
