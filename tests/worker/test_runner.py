"""The runner's signs of life and its cancel checks, with a stand-in for the API."""

from __future__ import annotations

import time

from blobbench_worker.api_client import ApiUnavailable
from blobbench_worker.runner import StopWatch, Toucher


class FakeApi:
    def __init__(self, status: str = "running", down: bool = False) -> None:
        self.status, self.down = status, down
        self.touches, self.asked = 0, 0

    def touch(self, cell_id: int) -> str:
        self.touches += 1
        if self.down:
            raise ApiUnavailable("down")
        return self.status

    def run_status(self, cell_id: int) -> str:
        self.asked += 1
        if self.down:
            raise ApiUnavailable("down")
        return self.status


def _wait(predicate, timeout: float = 5) -> None:
    deadline = time.monotonic() + timeout
    while not predicate() and time.monotonic() < deadline:
        time.sleep(0.01)


def test_the_toucher_touches_until_stopped_even_while_the_api_is_down():
    api = FakeApi(down=True)
    toucher = Toucher(api, 7, interval=0.02)
    toucher.start()
    _wait(lambda: api.touches >= 3)
    toucher.stop()
    toucher.join(1)
    assert api.touches >= 3 and not toucher.is_alive()
    after = api.touches
    time.sleep(0.1)
    assert api.touches == after


def test_cancel_is_asked_at_most_every_half_second():
    api = FakeApi()
    watch = StopWatch(api, 7)
    deadline = time.monotonic() + 1.2
    while time.monotonic() < deadline:
        assert watch() is False  # the engine calls this between samples
    assert 1 <= api.asked <= 3
    api.status = "canceled"
    time.sleep(0.55)
    assert watch() is True


def test_an_unreachable_api_is_no_reason_to_stop():
    watch = StopWatch(FakeApi(down=True), 7, interval=0)
    assert watch() is False
