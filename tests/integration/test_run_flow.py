"""The whole trunk with real processes: API → Redis → Celery worker → MariaDB → API."""

from __future__ import annotations

import csv
import io
import time

import pytest

from blobbench.core import queue
from tests.integration.stack import wait_for

pytestmark = pytest.mark.integration

MATRIX = {
    "methods": ["none", "lz4", "zstd", "mysql_compress", "mysql_uncompress"],
    "storages": ["dynamic", "compressed:8"],
    "datasets": ["random:2"],
    "sizes": ["1KiB", "64KiB"],
}


@pytest.fixture(scope="module")
def finished_run(stack, target_account):
    with stack.http() as c:
        target = c.post("/targets", json={"name": "it-target", **target_account})
        assert target.status_code == 201, target.text
        run = c.post("/runs", json={
            "target_id": target.json()["id"], "host": stack.host, "matrix": MATRIX,
            "settings": {"time_budget_s": 0.2, "warmup_s": 0.02},
        })
        assert run.status_code == 202, run.text
        run_id = run.json()["id"]
        seen_progress = set()

        def finished() -> bool:
            state = c.get(f"/runs/{run_id}").json()
            seen_progress.add(state["progress"]["done"])
            return state["status"] in ("succeeded", "partial", "failed")

        wait_for(finished, 240, "the run to finish", stack)
        return {"id": run_id, "seen_progress": seen_progress, "target": target.json()}


def test_run_succeeds_with_one_result_per_cell(stack, finished_run):
    with stack.http() as c:
        state = c.get(f"/runs/{finished_run['id']}").json()
        assert state["status"] == "succeeded", c.get(f"/runs/{finished_run['id']}/cells").json()
        results = c.get(f"/runs/{finished_run['id']}/results").json()
    assert len(results) == 20
    assert len({r["cell_id"] for r in results}) == 20
    assert len(finished_run["seen_progress"]) > 2, "progress should advance cell by cell"
    for r in results:
        assert r["read_bps"] > 0 and r["samples"] > 0
        assert r["read_bps_ci_low"] <= r["read_bps"] <= r["read_bps_ci_high"]
        assert r["latency_p50_us"] <= r["latency_p99_us"]
    by = {(r["method"], r["storage"], r["size"]): r for r in results}
    assert by[("none", "dynamic", 65536)]["ratio"] == pytest.approx(1.0)
    assert by[("zstd", "dynamic", 65536)]["ratio"] > 4  # random:2 compresses ~6x
    # the server decodes UNCOMPRESS(): the full size crosses the wire
    assert by[("mysql_uncompress", "dynamic", 65536)]["wire_bytes"] >= 65536
    assert by[("mysql_compress", "dynamic", 65536)]["wire_bytes"] < 65536 / 3


def test_results_as_csv(stack, finished_run):
    with stack.http() as c:
        text = c.get(f"/runs/{finished_run['id']}/results", params={"format": "csv"}).text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 20 and float(rows[0]["read_bps"]) > 0


def test_results_carry_host_target_and_library_facts(stack, finished_run):
    with stack.http() as c:
        first = c.get(f"/runs/{finished_run['id']}/results").json()[0]
        detail = c.get(f"/runs/{finished_run['id']}/results/{first['cell_id']}").json()
    ctx = detail["context"]
    assert detail["raw_samples_us"]
    flat = str(ctx).lower()
    assert "mysqlclient" in flat
    assert "zstandard" in flat and "lz4" in flat
    assert "mariadb" in flat  # the target's flavour


def test_redelivered_cell_adds_no_result(stack, finished_run):
    with stack.http() as c:
        cells = c.get(f"/runs/{finished_run['id']}/cells").json()
        queue.enqueue_cell(stack.host, finished_run["id"], cells[0]["id"])
        wait_for(lambda: "skipped" in stack.log(f"worker-{stack.host}")
                 or "already done" in stack.log(f"worker-{stack.host}"), 30, "redelivery", stack)
        time.sleep(0.5)
        assert len(c.get(f"/runs/{finished_run['id']}/results").json()) == 20


def test_password_never_leaves_the_api(stack, finished_run, target_account):
    secret = target_account["password"]
    with stack.http() as c:
        for path in ("/targets", f"/runs/{finished_run['id']}",
                     f"/runs/{finished_run['id']}/results"):
            assert secret not in c.get(path).text
    for name in ("api", f"worker-{stack.host}"):
        assert secret not in stack.log(name)


def test_a_run_over_an_uploaded_sample(stack, finished_run):
    data = b'{"event": "click", "url": "https://example.com/a/b", "user": 12345}\n' * 2000
    with stack.http() as c:
        sample = c.post("/samples", files={"file": ("events.jsonl", data)}).json()
        run = c.post("/runs", json={
            "target_id": finished_run["target"]["id"], "host": stack.host,
            "matrix": {"methods": ["none", "zstd", "zstd_dict"], "storages": ["dynamic"],
                       "datasets": [sample["dataset"]], "sizes": ["16KiB"]},
            "settings": {"time_budget_s": 0.2, "warmup_s": 0.02},
        }).json()
        wait_for(lambda: c.get(f"/runs/{run['id']}").json()["status"] != "queued"
                 and c.get(f"/runs/{run['id']}").json()["status"] != "running", 90, "sample run",
                 stack)
        assert c.get(f"/runs/{run['id']}").json()["status"] == "succeeded", \
            c.get(f"/runs/{run['id']}/cells").json()
        results = {r["method"]: r for r in c.get(f"/runs/{run['id']}/results").json()}
        dictionaries = c.get(f"/runs/{run['id']}/dictionaries").json()
    assert [d["kind"] for d in dictionaries] == ["zstd"]  # kept with the run
    assert results["none"]["ratio"] == pytest.approx(1.0)
    assert results["zstd"]["ratio"] > 20  # the sample repeats one line: zstd sees it
