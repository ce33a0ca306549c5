from __future__ import annotations

import socket

import pytest
from blobbench_worker.heartbeat import Heartbeat


class FakeApi:
    """Stands in for the API client: two targets, one listening and one not."""

    def __init__(self, open_port: int, closed_port: int) -> None:
        self.endpoints = [{"id": 1, "name": "up", "host": "127.0.0.1", "port": open_port},
                          {"id": 2, "name": "down", "host": "127.0.0.1", "port": closed_port}]
        self.beats: list[dict] = []
        self.listed = 0

    def target_endpoints(self) -> list[dict]:
        self.listed += 1
        return self.endpoints

    def heartbeat(self, name: str, hostname: str, facts: dict) -> dict:
        self.beats.append({"name": name, "hostname": hostname, "facts": facts})
        return {}


def test_heartbeats_carry_host_facts_and_round_trips_to_targets():
    with socket.create_server(("127.0.0.1", 0)) as listener, \
            socket.create_server(("127.0.0.1", 0)) as closing:
        closed_port = closing.getsockname()[1]
        closing.close()
        api = FakeApi(listener.getsockname()[1], closed_port)
        heartbeat = Heartbeat(api, "box", rtt_every=3600)
        assert heartbeat.beat() and heartbeat.beat()
    facts = api.beats[0]["facts"]
    for key in ("cpu_model", "cores", "memory_bytes", "kernel", "python", "drivers", "codecs",
                "blobbench"):
        assert facts[key], key
    up, down = facts["targets"]
    address = f"127.0.0.1:{api.endpoints[0]['port']}"
    assert (up["name"], up["address"], up["error"]) == ("up", address, None)
    assert up["rtt_ms"] > 0
    assert down["rtt_ms"] is None and "Refused" in down["error"]
    assert api.listed == 1  # measured once, then reused until rtt_every has passed


def test_a_failing_target_list_does_not_stop_the_heartbeat():
    class NoTargets(FakeApi):
        def target_endpoints(self):
            raise RuntimeError("API down")

    api = NoTargets(1, 1)
    assert Heartbeat(api, "box").beat()
    assert "targets" not in api.beats[0]["facts"]


def test_each_accepted_heartbeat_delivers_the_spool():
    import time

    api, delivered = FakeApi(1, 1), []
    beat = Heartbeat(api, "box", interval=0.05, rtt_every=3600,
                     after_beat=lambda: delivered.append(len(api.beats)))
    beat.start()
    try:
        deadline = time.monotonic() + 5
        while len(delivered) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        beat.stop()
    assert delivered[:2] == [1, 2]  # after each beat the API accepted


def test_a_refused_heartbeat_does_not_deliver():
    class Down(FakeApi):
        def heartbeat(self, name, hostname, facts):
            raise RuntimeError("API down")

    beat = Heartbeat(Down(1, 1), "box", after_beat=lambda: pytest.fail("delivered"))
    assert beat.beat() is False
