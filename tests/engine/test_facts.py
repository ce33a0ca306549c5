"""Host facts, and the engine's import boundary."""

from __future__ import annotations

import subprocess
import sys

from blobbench.engine.facts import host_facts


def test_host_facts() -> None:
    f = host_facts()
    assert f["hostname"] and f["cpu_model"] and f["cores"] >= 1
    assert f["memory_bytes"] > 0 and f["kernel"] and f["python"].count(".") == 2
    assert {"mysqlclient", "pymysql", "mysql-connector"} <= set(f["drivers"])
    assert "zstandard" in f["codecs"]
    assert host_facts() is f  # cached


def test_engine_imports_no_web_or_queue_stack() -> None:
    code = (
        "import sys, blobbench.engine, blobbench.engine.measure, blobbench.engine.matrix;"
        "bad = [m for m in ('fastapi', 'celery', 'sqlalchemy', 'pydantic', 'httpx') if m in sys.modules];"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_tcp_rtt_to_a_listening_port_and_a_closed_one():
    import socket

    from blobbench.engine.facts import tcp_rtt

    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        reached = tcp_rtt("127.0.0.1", port)
    assert reached["error"] is None and 0 < reached["rtt_ms"] < 100
    closed = tcp_rtt("127.0.0.1", port, attempts=1)  # the listener is gone
    assert closed["rtt_ms"] is None and "ConnectionRefused" in closed["error"]
