"""Shared fixtures: real MariaDB, Redis and PostgreSQL (URLs from TEST_* variables)."""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import MySQLdb
import pytest
from cryptography.fernet import Fernet

TEST_MYSQL_DSN = os.environ.get("TEST_MYSQL_DSN", "mysql://root@127.0.0.1:3306")
TEST_REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
TEST_POSTGRES_URL = os.environ.get(
    "TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)
ROOT = Path(__file__).resolve().parents[1]

# Settings are read from the environment: point everything at test resources before any
# blobbench module caches them.
_DATA_DIR = Path(tempfile.mkdtemp(prefix="blobbench-test-"))
os.environ.update(
    BLOBBENCH_DATA_DIR=str(_DATA_DIR),
    BLOBBENCH_SECRET_KEY=Fernet.generate_key().decode(),
    REDIS_URL=TEST_REDIS_URL,
    BLOBBENCH_HOST_NAME="pytest-host",
)
for _var in ("DATABASE_URL", "HOST", "BLOBBENCH_AUTH"):
    os.environ.pop(_var, None)
os.environ.pop("BLOBBENCH_WORKER_TOKEN", None)


def mysql_target_fields(database: str = "blobbench_test") -> dict:
    """TargetCreate fields for the test MariaDB."""
    from blobbench.targets.service import parse_dsn

    fields = parse_dsn(TEST_MYSQL_DSN.rstrip("/") + f"/{database}")
    return fields


TARGET_USER, TARGET_PASSWORD, TARGET_SCHEMA = "bb_it", "It-s3cret-Passw0rd", "blobbench_it"


@pytest.fixture(scope="session")
def target_account() -> dict:
    """A MariaDB account with a password, holding only rights on BlobBench's own schema."""
    f = mysql_target_fields()
    conn = MySQLdb.connect(host=f["host"], port=f["port"], user=f["user"], passwd=f["password"])
    cur = conn.cursor()
    cur.execute(f"CREATE USER IF NOT EXISTS '{TARGET_USER}'@'%' IDENTIFIED BY '{TARGET_PASSWORD}'")
    cur.execute(f"ALTER USER '{TARGET_USER}'@'%' IDENTIFIED BY '{TARGET_PASSWORD}'")
    cur.execute(f"GRANT ALL PRIVILEGES ON `{TARGET_SCHEMA}`.* TO '{TARGET_USER}'@'%'")
    conn.close()
    return {"host": f["host"], "port": f["port"], "user": TARGET_USER,
            "password": TARGET_PASSWORD, "database": TARGET_SCHEMA}


#: What BlobBench needs on its own schema, and nothing else (README, "Minimal grants").
MINIMAL_GRANTS = "SELECT, INSERT, UPDATE, CREATE, DROP"
MIN_USER, MIN_PASSWORD, MIN_SCHEMA = "bb_min", "M1n-grants-Passw0rd", "blobbench_min"


def grant_minimal(schema: str, user: str = MIN_USER) -> None:
    """Give ``user`` the minimal grants on ``schema`` as well."""
    f = mysql_target_fields()
    conn = MySQLdb.connect(host=f["host"], port=f["port"], user=f["user"], passwd=f["password"])
    try:
        conn.cursor().execute(f"GRANT {MINIMAL_GRANTS} ON `{schema}`.* TO '{user}'@'%'")
    finally:
        conn.close()


@pytest.fixture(scope="session")
def minimal_target_account() -> dict:
    """A MariaDB account holding only the minimal grants on BlobBench's schema (no global
    privilege, nothing on any other schema): re-created, so no earlier grant lingers."""
    f = mysql_target_fields()
    conn = MySQLdb.connect(host=f["host"], port=f["port"], user=f["user"], passwd=f["password"])
    cur = conn.cursor()
    cur.execute(f"DROP USER IF EXISTS '{MIN_USER}'@'%'")
    cur.execute(f"CREATE USER '{MIN_USER}'@'%' IDENTIFIED BY '{MIN_PASSWORD}'")
    conn.close()
    grant_minimal(MIN_SCHEMA)
    return {"host": f["host"], "port": f["port"], "user": MIN_USER,
            "password": MIN_PASSWORD, "database": MIN_SCHEMA}


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return _DATA_DIR


def _migrate(url: str) -> None:
    from alembic import command
    from alembic.config import Config

    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.attributes["url"] = url
    cfg.attributes["configure_logging"] = False
    command.upgrade(cfg, "head")


def _create_postgres_db() -> tuple[str, callable]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"blobbench_test_{uuid.uuid4().hex[:8]}"
    admin = create_engine(TEST_POSTGRES_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(TEST_POSTGRES_URL).set(database=name).render_as_string(hide_password=False)

    def drop() -> None:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return url, drop


def make_database(kind: str, directory: Path) -> tuple[str, callable]:
    """A fresh, migrated results database of ``kind`` ('sqlite' or 'postgresql')."""
    if kind == "sqlite":
        url, drop = f"sqlite:///{directory / f'results-{uuid.uuid4().hex[:6]}.db'}", lambda: None
    else:
        url, drop = _create_postgres_db()
    _migrate(url)
    return url, drop


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database_url(request, data_dir) -> Iterator[str]:
    """Every API test runs once on SQLite and once on PostgreSQL, each built by migrations."""
    url, drop = make_database(request.param, data_dir)
    yield url
    drop()


@pytest.fixture
def db(database_url, monkeypatch) -> Iterator[None]:
    """Point the app at the test database; empty every table afterwards."""
    from blobbench.core.config import reset_settings
    from blobbench.core.db import get_engine, reset_engine
    from blobbench.models import Base

    monkeypatch.setenv("DATABASE_URL", database_url)
    reset_settings()
    reset_engine()
    yield
    with get_engine().begin() as conn:
        for table in reversed(Base.metadata.sorted_tables):
            conn.execute(table.delete())
    reset_engine()
    reset_settings()


@pytest.fixture
def session(db):
    from blobbench.core.db import get_sessionmaker

    with get_sessionmaker()() as s:
        yield s


@pytest.fixture
def client(db):
    from blobbench.main import create_app
    from fastapi.testclient import TestClient

    # Requests come from 127.0.0.1, like a person on the machine running BlobBench.
    with TestClient(create_app(), client=("127.0.0.1", 50000)) as c:
        yield c


def _token(scope: str, host: str | None = None) -> str:
    from blobbench.core.db import get_sessionmaker
    from blobbench.tokens.service import create_token

    with get_sessionmaker()() as s:
        _, raw = create_token(s, f"test-{scope}", scope, host)
        s.commit()
    return raw


@pytest.fixture
def admin_headers(db) -> dict:
    return {"Authorization": f"Bearer {_token('admin')}"}


@pytest.fixture
def run_headers(db) -> dict:
    return {"Authorization": f"Bearer {_token('run')}"}


@pytest.fixture
def worker_headers(db) -> dict:
    return {"Authorization": f"Bearer {_token('worker', 'pytest-host')}"}


@pytest.fixture
def target(client, admin_headers) -> dict:
    """A registered target on the test MariaDB."""
    body = {"name": "local-test", **mysql_target_fields()}
    response = client.post("/api/v1/targets", json=body, headers=admin_headers)
    assert response.status_code == 201, response.text
    return response.json()


@pytest.fixture
def online_host(client, worker_headers) -> str:
    response = client.post("/api/v1/worker/heartbeat", headers=worker_headers,
                           json={"name": "pytest-host", "hostname": "h", "facts": {"cores": 2}})
    assert response.status_code == 200, response.text
    return "pytest-host"


@pytest.fixture(scope="session")
def hosts_stack(tmp_path_factory, target_account):
    """A real stack for hosts, schedules and CI: API, beat (1 s ticks) and two workers with
    different host names, on PostgreSQL; targets 'direct' (the test MariaDB) and 'path' (the
    same server behind a proxy whose responses can be delayed: a slower network path)."""
    import redis

    from tests.integration.proxy import DelayProxy
    from tests.integration.stack import start_stack, unique_host

    directory = tmp_path_factory.mktemp("hosts-stack")
    url, drop = make_database("postgresql", directory)
    proxy = DelayProxy((target_account["host"], target_account["port"]))
    # its own Redis database: its beat's ticks must reach its workers, not another stack's
    redis_url = TEST_REDIS_URL.rsplit("/", 1)[0] + "/14"
    stack = start_stack(url, directory, redis_url, extra_env={
        "BLOBBENCH_HEARTBEAT": "1", "BLOBBENCH_HOST_OFFLINE_AFTER": "3",
        "BLOBBENCH_SCHEDULE_TICK": "1"})
    stack.a, stack.b, stack.proxy = unique_host("a"), unique_host("b"), proxy
    try:
        with stack.http() as c:
            for name, port in (("direct", target_account["port"]), ("path", proxy.port)):
                response = c.post("/targets", json={**target_account, "name": name,
                                                    "host": "127.0.0.1", "port": port})
                assert response.status_code == 201, response.text
                setattr(stack, f"{name}_target", response.json())
        stack.start_workers(stack.a, stack.b)
        stack.start_beat()
        yield stack
    finally:
        stack.close()
        proxy.close()
        redis.Redis.from_url(redis_url).flushdb()
        drop()


@pytest.fixture(scope="session")
def binlog_mariadb(tmp_path_factory):
    """A private MariaDB with binary logging (the shared server has it off, and log_bin is a
    startup option), in MariaDB's default MIXED format; userstat starts off."""
    from tests.private_mariadb import start_private_mariadb

    server = start_private_mariadb(tmp_path_factory.mktemp("binlog-mariadb"),
                                   "--log-bin=binlog", "--server-id=1")
    try:
        yield server
    finally:
        server.stop()
