"""A real BlobBench stack for tests: uvicorn API + Celery worker processes on a fresh DB."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from sqlalchemy.orm import sessionmaker

from blobbench.core.db import make_engine
from blobbench.tokens.service import create_token


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Stack:
    url: str
    database_url: str
    directory: Path
    env: dict[str, str]
    admin_token: str
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)
    workers: dict[str, str] = field(default_factory=dict)  # host name → worker token

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.admin_token}"}

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=f"{self.url}/api/v1", headers=self.headers, timeout=30)

    def log(self, name: str) -> str:
        path = self.directory / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def _spawn(self, name: str, args: list[str], env: dict[str, str]) -> subprocess.Popen:
        logfile = open(self.directory / f"{name}.log", "ab")  # noqa: SIM115 - lives with the process
        proc = subprocess.Popen([sys.executable, *args], env=env, stdout=logfile,
                                stderr=subprocess.STDOUT, start_new_session=True)
        self.processes[name] = proc
        return proc

    def start_api(self, port: int) -> None:
        self._spawn("api", ["-m", "uvicorn", "blobbench.main:create_app", "--factory",
                            "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
                    self.env)
        wait_for(lambda: _ok(f"{self.url}/api/v1/health"), 30, "API health", self)

    def start_worker(self, host: str) -> None:
        self.start_workers(host)

    def start_workers(self, *hosts: str) -> None:
        """Start a worker process per host name, then wait until every host is online."""
        for host in hosts:
            token = self.workers.get(host) or _mint(self.database_url, "worker", host)
            self.workers[host] = token
            env = dict(self.env, BLOBBENCH_HOST_NAME=host, BLOBBENCH_WORKER_TOKEN=token)
            self._spawn(f"worker-{host}", ["-m", "blobbench_worker", "worker"], env)
        with self.http() as c:
            wait_for(lambda: {h["name"] for h in c.get("/hosts").json() if h["online"]}
                     >= set(hosts), 60, f"hosts {', '.join(hosts)} online", self)

    def start_beat(self) -> None:
        """Celery beat: sends the sweep and the schedule ticks (BLOBBENCH_SCHEDULE_TICK)."""
        self._spawn("beat", ["-m", "blobbench_worker", "beat"], self.env)

    def mint(self, scope: str, host: str | None = None) -> str:
        return _mint(self.database_url, scope, host)

    def stop(self, name: str, sig: int = 15) -> None:
        proc = self.processes.pop(name, None)
        if proc and proc.poll() is None:
            os.killpg(proc.pid, sig)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)
                proc.wait(5)

    def close(self) -> None:
        for name in list(self.processes):
            self.stop(name)


def _ok(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def wait_for(predicate, timeout: float, what: str, stack: Stack | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.3)
    logs = ""
    if stack:
        logs = "\n".join(f"--- {n}\n{stack.log(n)[-3000:]}" for n in stack.processes)
    raise TimeoutError(f"timed out waiting for {what}\n{logs}")


def _mint(database_url: str, scope: str, host: str | None = None) -> str:
    engine = make_engine(database_url)
    try:
        with sessionmaker(bind=engine)() as s:
            _, raw = create_token(s, f"it-{scope}-{host or ''}", scope, host)
            s.commit()
    finally:
        engine.dispose()
    return raw


def start_stack(database_url: str, directory: Path, redis_url: str,
                extra_env: dict[str, str] | None = None) -> Stack:
    port = free_port()
    env = dict(os.environ, DATABASE_URL=database_url, BLOBBENCH_DATA_DIR=str(directory),
               REDIS_URL=redis_url, PORT=str(port), BLOBBENCH_API_URL=f"http://127.0.0.1:{port}",
               PYTHONUNBUFFERED="1", **(extra_env or {}))
    stack = Stack(url=f"http://127.0.0.1:{port}", database_url=database_url, directory=directory,
                  env=env, admin_token=_mint(database_url, "admin"))
    try:
        stack.start_api(port)
    except Exception:
        stack.close()
        raise
    return stack


def unique_host(prefix: str = "it") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"
