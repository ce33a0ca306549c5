"""Faults survived: nothing measured is lost, nothing stays ``running`` forever.

Real processes: uvicorn, Celery workers and beat, a private redis-server (so it can be
restarted), the test MariaDB reached as a user holding only the minimal grants, directly or
through a proxy that can be cut. The watchdog is quick here: cells touch every second, a cell
silent for 6 s is presumed lost, beat sweeps every 2 s.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path

import MySQLdb
import pytest
import redis

from tests.conftest import (
    MINIMAL_GRANTS,
    grant_minimal,
    make_database,
    mysql_target_fields,
)
from tests.integration.proxy import DelayProxy
from tests.integration.stack import Stack, free_port, start_stack, unique_host, wait_for

pytestmark = pytest.mark.integration

FAST_WATCHDOG = {
    "BLOBBENCH_HEARTBEAT": "1", "BLOBBENCH_HOST_OFFLINE_AFTER": "4", "BLOBBENCH_SWEEP": "2",
    "BLOBBENCH_CELL_TOUCH": "1", "BLOBBENCH_CELL_STALE_AFTER": "6",
}
#: Cells that take ~1.5 s: a CI target no run reaches, so each samples its whole budget.
SLOW = {"ci_target": 0.001, "time_budget_s": 1.2, "warmup_s": 0.05}
FINAL = ("succeeded", "partial", "failed", "canceled")


class PrivateRedis:
    """A redis-server of our own, without persistence: a restart loses every message."""

    def __init__(self, directory: Path) -> None:
        self.binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.port, self.directory = free_port(), directory
        self.proc: subprocess.Popen | None = None
        self.start()

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        log = open(self.directory / "redis.log", "ab")  # noqa: SIM115 - lives with the process
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.directory)],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_for(self._answers, 10, "redis-server")
        except TimeoutError:
            self.stop()
            raise

    def _answers(self) -> bool:
        try:
            return bool(redis.Redis.from_url(self.url()).ping())
        except redis.ConnectionError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="module")
def private_redis(tmp_path_factory):
    server = PrivateRedis(tmp_path_factory.mktemp("redis"))
    yield server
    server.stop()


def _register(stack: Stack, name: str, account: dict, port: int) -> dict:
    with stack.http() as c:
        response = c.post("/targets", json={**account, "name": name, "host": "127.0.0.1",
                                            "port": port})
        assert response.status_code == 201, response.text
        return response.json()


def _fault_stack(kind: str, directory: Path, redis_url: str, account: dict) -> Stack:
    """API + beat + one worker on a fresh ``kind`` database; targets 'direct' and 'proxied'
    (the same MariaDB behind a proxy that can be cut), both as the minimal-grants user."""
    url, drop = make_database(kind, directory)
    stack = start_stack(url, directory, redis_url, extra_env=FAST_WATCHDOG)
    stack.drop_database, stack.host = drop, unique_host(f"faults-{kind[:2]}")
    stack.schema = account["database"]
    stack.proxy = DelayProxy((account["host"], account["port"]))
    try:
        stack.direct = _register(stack, "direct", account, account["port"])
        stack.proxied = _register(stack, "proxied", account, stack.proxy.port)
        stack.start_worker(stack.host)
        stack.start_beat()
    except Exception:
        _close(stack)
        raise
    return stack


def _close(stack: Stack) -> None:
    stack.close()
    stack.proxy.close()
    stack.drop_database()
    # a cell cut off from its server cannot drop its table: the schema goes instead
    f = mysql_target_fields()
    conn = MySQLdb.connect(host=f["host"], port=f["port"], user=f["user"], passwd=f["password"])
    try:
        conn.cursor().execute(f"DROP DATABASE IF EXISTS `{stack.schema}`")
    finally:
        conn.close()


@pytest.fixture(scope="module")
def main(tmp_path_factory, private_redis, minimal_target_account):
    """The shared stack: SQLite results database."""
    stack = _fault_stack("sqlite", tmp_path_factory.mktemp("faults-sqlite"), private_redis.url(0),
                         minimal_target_account)
    yield stack
    _close(stack)


@pytest.fixture(scope="module")
def pg(tmp_path_factory, private_redis, minimal_target_account):
    """A second stack on PostgreSQL, with its own target schema (run ids start at 1 again, so
    table names would collide in a shared schema)."""
    schema = "blobbench_min_pg"
    grant_minimal(schema)
    account = {**minimal_target_account, "database": schema}
    stack = _fault_stack("postgresql", tmp_path_factory.mktemp("faults-pg"), private_redis.url(1),
                         account)
    yield stack
    _close(stack)


# --- helpers ---------------------------------------------------------------------------------

def _submit(stack: Stack, target: dict, matrix: dict, settings: dict | None = None) -> int:
    with stack.http() as c:
        response = c.post("/runs", json={"target_id": target["id"], "host": stack.host,
                                         "matrix": matrix, "settings": settings or SLOW})
        assert response.status_code == 202, response.text
        return response.json()["id"]


def _get(stack: Stack, path: str):
    with stack.http() as c:
        response = c.get(path)
        response.raise_for_status()
        return response.json()


def _cells(stack: Stack, run_id: int) -> list[dict]:
    return _get(stack, f"/runs/{run_id}/cells")


def _wait_cells(stack: Stack, run_id: int, predicate, timeout: float, what: str) -> list[dict]:
    found: list[dict] = []

    def check() -> bool:
        found[:] = _cells(stack, run_id)
        return predicate(found)

    wait_for(check, timeout, what, stack)
    return found


def _running(cells: list[dict]) -> list[dict]:
    return [c for c in cells if c["status"] == "running"]


def _fresh(cells: list[dict], within_s: float = 0.6) -> list[dict]:
    """Cells claimed less than ``within_s`` ago: still well inside their measurement."""
    now = datetime.now(UTC)
    return [c for c in _running(cells)
            if (now - datetime.fromisoformat(c["started_at"])).total_seconds() < within_s]


def _done(cells: list[dict]) -> list[dict]:
    return [c for c in cells if c["status"] == "done"]


def _wait_final(stack: Stack, run_id: int, timeout: float) -> dict:
    wait_for(lambda: _get(stack, f"/runs/{run_id}")["status"] in FINAL, timeout,
             f"run {run_id} to finish", stack)
    return _get(stack, f"/runs/{run_id}")


def _assert_one_result_per_done_cell(stack: Stack, run_id: int) -> tuple[list[dict], list[dict]]:
    cells, results = _cells(stack, run_id), _get(stack, f"/runs/{run_id}/results")
    assert not _running(cells), "no cell may stay running"
    ids = [r["cell_id"] for r in results]
    assert len(ids) == len(set(ids)), "a cell has two results"
    assert sorted(ids) == sorted(c["id"] for c in _done(cells))
    return cells, results


def _port(stack: Stack) -> int:
    return int(stack.env["PORT"])


def _restart_api(stack: Stack, down_s: float = 0.0) -> None:
    stack.stop("api")
    time.sleep(down_s)
    stack.start_api(_port(stack))


def _tables(schema: str, run_id: int) -> list[str]:
    f = mysql_target_fields()
    conn = MySQLdb.connect(host=f["host"], port=f["port"], user=f["user"], passwd=f["password"])
    try:
        cur = conn.cursor()
        cur.execute("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA=%s "
                    "AND TABLE_NAME LIKE %s", (schema, f"bb\\_r{run_id}\\_%"))
        return [r[0] for r in cur.fetchall()]
    finally:
        conn.close()


def _report(fault: str, outcome: str, expected: int, recorded: int) -> None:
    print(f"\nFAULT | {fault} | {outcome} | cells expected {expected}, recorded {recorded}")


TWO_BY_TWO = {"methods": ["none", "zstd"], "storages": ["dynamic"], "datasets": ["random:2"],
              "sizes": ["4KiB", "16KiB"]}
SIX = {**TWO_BY_TWO, "methods": ["none", "zstd", "lz4"]}


# --- minimal grants --------------------------------------------------------------------------

def test_a_whole_matrix_runs_with_only_the_minimal_grants(main, minimal_target_account):
    f = mysql_target_fields()
    conn = MySQLdb.connect(host=f["host"], port=f["port"], user=f["user"], passwd=f["password"])
    cur = conn.cursor()
    cur.execute(f"SHOW GRANTS FOR '{minimal_target_account['user']}'@'%'")
    grants = [r[0] for r in cur.fetchall()]
    conn.close()
    assert next(g for g in grants if " ON *.* " in g).startswith("GRANT USAGE ON")  # no global
    assert f"GRANT {MINIMAL_GRANTS} ON `blobbench_min`.* TO `bb_min`@`%`" in grants
    assert all(g.startswith(f"GRANT {MINIMAL_GRANTS} ON `blobbench_min") for g in grants
               if " ON *.* " not in g)
    matrix = {"methods": ["none", "zstd", "mysql_compress", "mysql_uncompress"],
              "storages": ["dynamic", "compressed:8", "column"], "datasets": ["random:2"],
              "sizes": ["4KiB"], "workloads": ["read", "write"]}
    run_id = _submit(main, main.direct, matrix, {"time_budget_s": 0.1, "warmup_s": 0.01})
    state = _wait_final(main, run_id, 150)
    _, results = _assert_one_result_per_done_cell(main, run_id)
    _report("minimal grants", state["status"], 24, len(results))
    assert state["status"] == "succeeded", _cells(main, run_id)
    assert len(results) == 24
    assert _tables("blobbench_min", run_id) == []


# --- 6. cancel -------------------------------------------------------------------------------

def test_cancel_stops_at_the_next_sample_and_drops_the_tables(main):
    run_id = _submit(main, main.direct, SIX, {**SLOW, "time_budget_s": 20})
    running = _running(_wait_cells(main, run_id, _running, 60, "a cell running"))[0]
    wait_for(lambda: _tables("blobbench_min", run_id), 20, "the cell's table", main)
    time.sleep(0.5)  # inside the sampling loop
    with main.http() as c:
        canceled_at = time.monotonic()
        assert c.post(f"/runs/{run_id}/cancel").json()["status"] == "canceled"
    cells = _wait_cells(main, run_id, lambda cs: not _running(cs), 10, "the cell to stop")
    stopped_after = time.monotonic() - canceled_at
    wait_for(lambda: _tables("blobbench_min", run_id) == [], 10, "the tables dropped", main)
    by_id = {c["id"]: c for c in cells}
    _report("cancel", f"running cell stopped after {stopped_after:.1f} s, tables dropped",
            len(cells), len(_get(main, f"/runs/{run_id}/results")))
    assert stopped_after < 3
    assert by_id[running["id"]]["status"] == "canceled"
    assert {c["status"] for c in cells} == {"canceled"}
    assert all(c["attempts"] == 0 for c in cells if c["id"] != running["id"])  # none dispatched
    assert _get(main, f"/runs/{run_id}/results") == []


# --- 4. target server stopped ----------------------------------------------------------------

def test_target_stopped_mid_run_ends_partial_and_keeps_finished_cells(main):
    run_id = _submit(main, main.proxied, SIX)
    try:
        _wait_cells(main, run_id, lambda cs: _done(cs) and _fresh(cs, 0.4), 60,
                    "a cell done and one just started")
        time.sleep(0.5)  # the running cell is measuring
        main.proxy.cut()
        state = _wait_final(main, run_id, 60)
    finally:
        main.proxy.restore()
    cells, results = _assert_one_result_per_done_cell(main, run_id)
    errors = [c for c in cells if c["status"] == "error"]
    _report("target stopped", f"{state['status']}: {state['message']}; e.g. {errors[0]['error']}",
            len(cells), len(results))
    assert state["status"] == "partial" and state["message"] == f"{len(errors)} of 6 cells failed"
    assert results and errors and len(results) + len(errors) == 6
    for cell in errors:
        assert f"127.0.0.1:{main.proxy.port}" in cell["error"]
        assert "dropping the table" not in cell["error"]  # the cause, not the failed clean-up
        assert any(s in cell["error"] for s in ("Lost connection", "Can't connect", "(111)")), \
            cell["error"]


# --- 3. API unreachable for a while ----------------------------------------------------------

def test_results_wait_in_the_spool_while_the_api_is_down(main):
    run_id = _submit(main, main.direct, SIX)
    spool = main.directory / "spool" / main.host
    _wait_cells(main, run_id, lambda cs: _done(cs) and _fresh(cs), 60,
                "a cell done and one just started")
    main.stop("api")
    seen_spooled = 0
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        seen_spooled = max(seen_spooled, len(list(spool.glob("*.json"))))
        time.sleep(0.2)
    main.start_api(_port(main))
    state = _wait_final(main, run_id, 120)
    cells, results = _assert_one_result_per_done_cell(main, run_id)
    _report("API down 20 s", f"{state['status']}; {seen_spooled} report(s) spooled meanwhile",
            len(cells), len(results))
    assert seen_spooled >= 1, "the cell measured while the API was down should be spooled"
    assert state["status"] == "succeeded" and len(results) == 6
    assert list(spool.glob("*.json")) == []


# --- 5. API process restarted ----------------------------------------------------------------

@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_api_restart_mid_run_loses_nothing(kind, request):
    stack = request.getfixturevalue("main" if kind == "sqlite" else "pg")
    run_id = _submit(stack, stack.direct, TWO_BY_TWO)
    _wait_cells(stack, run_id, lambda cs: _running(cs), 60, "a cell running")
    _restart_api(stack)
    state = _wait_final(stack, run_id, 90)
    cells, results = _assert_one_result_per_done_cell(stack, run_id)
    _report(f"API restarted ({kind})", state["status"], len(cells), len(results))
    assert state["status"] == "succeeded" and len(results) == 4


# --- 1. worker killed mid-cell ---------------------------------------------------------------

def test_a_cell_of_a_killed_worker_is_measured_again(main):
    run_id = _submit(main, main.direct, TWO_BY_TWO)
    victim = _fresh(_wait_cells(main, run_id, _fresh, 60, "a cell just started"))[0]
    time.sleep(0.3)
    main.stop(f"worker-{main.host}", sig=9)  # the worker and its pool process, mid-cell
    env = dict(main.env, BLOBBENCH_HOST_NAME=main.host,
               BLOBBENCH_WORKER_TOKEN=main.workers[main.host])
    main._spawn(f"worker-{main.host}", ["-m", "blobbench_worker", "worker"], env)
    state = _wait_final(main, run_id, 120)
    cells, results = _assert_one_result_per_done_cell(main, run_id)
    by_id = {c["id"]: c for c in cells}
    _report("worker SIGKILL", f"{state['status']}; killed cell claimed "
            f"{by_id[victim['id']]['attempts']} times", len(cells), len(results))
    assert state["status"] == "succeeded" and len(results) == 4
    assert by_id[victim["id"]]["attempts"] == 2
    assert _tables("blobbench_min", run_id) == []  # the killed attempt's table too


# --- 2. broker restarted ---------------------------------------------------------------------

def test_redis_restart_mid_run_ends_the_run(main, private_redis):
    run_id = _submit(main, main.direct, SIX)
    _wait_cells(main, run_id, lambda cs: _done(cs) and _running(cs), 60,
                "a cell done and one running")
    private_redis.restart()  # no persistence: the queued cells' messages are gone
    state = _wait_final(main, run_id, 120)
    cells, results = _assert_one_result_per_done_cell(main, run_id)
    _report("Redis restarted", f"{state['status']} ({state['message']})", len(cells), len(results))
    if state["status"] == "succeeded":
        assert len(results) == 6
    else:
        assert state["status"] in ("partial", "failed") and state["message"]
