from __future__ import annotations

import pytest

from blobbench_worker.api_client import ApiClient, ApiRejected, ApiUnavailable
from blobbench_worker.spool import Spool


def test_unreachable_api_is_unavailable_not_rejected():
    client = ApiClient("http://127.0.0.1:1", "token", timeout=1)
    with pytest.raises(ApiUnavailable):
        client.claim(1)


def test_report_stays_spooled_until_the_api_takes_it(tmp_path):
    spool = Spool(tmp_path)
    path = spool.put("result", 7, {"read_bps": 1.0})
    sent = []

    def down(kind, cell_id, payload):
        raise ApiUnavailable("down")

    assert spool.deliver(path, down) is False
    assert spool.pending() == [path]

    def up(kind, cell_id, payload):
        sent.append((kind, cell_id, payload))

    assert spool.flush(up) == 1
    assert sent == [("result", 7, {"read_bps": 1.0})]
    assert spool.pending() == []


def test_flush_keeps_order_and_stops_at_first_failure(tmp_path):
    spool = Spool(tmp_path)
    for cell in (3, 1, 2):
        spool.put("result", cell, {"cell": cell})
    sent = []

    def flaky(kind, cell_id, payload):
        if cell_id == 2:
            raise ApiUnavailable("down")
        sent.append(cell_id)

    assert spool.flush(flaky) == 1
    assert sent == [1]
    assert len(spool.pending()) == 2


def test_refused_reports_are_kept_aside_for_inspection(tmp_path):
    spool = Spool(tmp_path)
    path = spool.put("error", 9, {"code": "x", "message": "m"})

    def refuse(kind, cell_id, payload):
        raise ApiRejected("404")

    assert spool.deliver(path, refuse) is True
    assert spool.pending() == []
    assert path.with_suffix(".rejected").exists()


def test_a_report_another_process_delivered_counts_as_delivered(tmp_path):
    spool = Spool(tmp_path)
    path = spool.put("result", 9, {"read_bps": 1.0})
    path.unlink()  # the heartbeat thread of the main process sent it meanwhile
    assert spool.deliver(path, lambda *a: pytest.fail("sent twice")) is True
