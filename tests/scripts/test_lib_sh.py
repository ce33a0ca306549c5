"""The shell helpers behind `make up/down/test` (scripts/lib.sh), run through bash."""

from __future__ import annotations

import os
import shlex
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "scripts/lib.sh"


def sh(script: str, data_dir: Path, **env: str) -> str:
    """Run `script` after sourcing lib.sh and init_data_dir; return its stdout."""
    result = subprocess.run(
        ["bash", "-c", f'set -euo pipefail; source "{LIB}"; init_data_dir; {script}'],
        capture_output=True, text=True, timeout=60,
        env={**os.environ, "BLOBBENCH_DATA_DIR": str(data_dir), **env},
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_data_dir_is_made_absolute_relative_to_the_repo(tmp_path):
    out = subprocess.run(
        ["bash", "-c", f'source "{LIB}"; init_data_dir; echo "$DATA_DIR"'],
        capture_output=True, text=True, cwd=tmp_path, check=True,
        env={**os.environ, "BLOBBENCH_DATA_DIR": "data"},
    ).stdout.strip()
    assert out == str(ROOT / "data")


def test_env_file_keeps_one_line_per_variable_and_sources_back(tmp_path):
    tricky = "mysql://u:p a$s'\"@h:3306/db"
    sh(f"env_set A 1; env_set B {shlex.quote(tricky)}; env_set A 2", tmp_path)
    lines = (tmp_path / "env").read_text().splitlines()
    assert sorted(ln.split("=")[0] for ln in lines) == ["export A", "export B"]
    out = sh('source "$ENV_FILE"; printf "%s|%s" "$A" "$B"', tmp_path)
    assert out == f"2|{tricky}"
    sh("env_unset A", tmp_path)
    assert "export A=" not in (tmp_path / "env").read_text()


def test_hash_paths_follows_content_and_ignores_missing_paths(tmp_path):
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    (src / "a.ts").write_text("a")
    (src / "sub/b.ts").write_text("b")
    cmd = f'hash_paths "{src}" "{tmp_path}/missing.json"'
    first = sh(cmd, tmp_path / "data")
    assert sh(cmd, tmp_path / "data") == first
    (src / "sub/b.ts").write_text("changed")
    assert sh(cmd, tmp_path / "data") != first


def test_stamps(tmp_path):
    stamp = tmp_path / "stamp"
    assert sh(f'stamp_ok "{stamp}" h1 && echo yes || echo no', tmp_path).strip() == "no"
    sh(f'stamp_write "{stamp}" h1', tmp_path)
    assert sh(f'stamp_ok "{stamp}" h1 && echo yes || echo no', tmp_path).strip() == "yes"
    assert sh(f'stamp_ok "{stamp}" h2 && echo yes || echo no', tmp_path).strip() == "no"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (not yet reaped by its parent) counts as gone
    return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"


def test_start_bg_and_stop_pid_manage_the_whole_process_group(tmp_path):
    # A "service" that forks a child, like a Celery worker: stopping it must stop both.
    sh("start_bg svc 'sleep-parent' bash -c 'exec -a sleep-parent bash -c \"sleep 300 & wait\"'",
       tmp_path)
    pidfile = tmp_path / "run/svc.pid"
    pid = int(pidfile.read_text())
    deadline = time.time() + 5
    while not (children := Path(f"/proc/{pid}/task/{pid}/children").read_text().split()):
        assert time.time() < deadline, "the service never started its child"
        time.sleep(0.05)
    child = int(children[0])
    assert sh(f'pid_alive "{pidfile}" sleep-parent && echo yes || echo no', tmp_path).strip() == "yes"
    # a live pid whose command line does not match is not ours
    assert sh(f'pid_alive "{pidfile}" uvicorn && echo yes || echo no', tmp_path).strip() == "no"
    # starting again leaves the running one alone
    sh("start_bg svc 'sleep-parent' false", tmp_path)
    assert int(pidfile.read_text()) == pid
    sh(f'stop_pid "{pidfile}" sleep-parent svc 5', tmp_path)
    deadline = time.time() + 5
    while _alive(pid) or _alive(child):
        assert time.time() < deadline, "stop_pid left the service or its child running"
        time.sleep(0.05)
    assert not pidfile.exists()
    sh(f'stop_pid "{pidfile}" sleep-parent svc 5', tmp_path)  # idempotent


def test_stop_pid_never_kills_a_process_that_is_not_ours(tmp_path):
    other = subprocess.Popen(["sleep", "30"])
    try:
        (tmp_path / "run").mkdir()
        (tmp_path / "run/redis.pid").write_text(f"{other.pid}\n")
        sh(f'stop_pid "{tmp_path}/run/redis.pid" redis-server redis 1', tmp_path)
        assert other.poll() is None
    finally:
        other.kill()
        other.wait()


def test_redis_ping_fails_on_a_closed_port(tmp_path):
    out = sh("redis_ping 1 && echo yes || echo no", tmp_path)
    assert out.strip() == "no"


@pytest.mark.parametrize("version, ok", [("18.19.0", False), ("20.18.1", False), ("20.19.0", True),
                                         ("22.11.0", False), ("22.12.0", True), ("24.1.0", True)])
def test_node_version_gate(tmp_path, version, ok):
    fake = tmp_path / "node"
    fake.write_text(f"#!/bin/sh\nexec node -e 'Object.defineProperty(process.versions, \"node\", "
                    f"{{value: \"{version}\"}}); eval(process.argv[1])' \"$2\"\n")
    fake.chmod(0o755)
    if subprocess.run(["bash", "-c", "command -v node"], capture_output=True).returncode:
        pytest.skip("no node on PATH")
    out = sh(f'node_recent "{fake}" && echo yes || echo no', tmp_path / "data")
    assert out.strip() == ("yes" if ok else "no")
