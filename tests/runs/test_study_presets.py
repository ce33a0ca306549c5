"""The studies of seeds 002 and 004 are presets the API accepts and the worker path carries
unchanged: cells of new workloads, their measures in ``Result.extra``."""

from __future__ import annotations

import json

import pytest
import redis
from blobbench.engine.codec_lab import lab_methods
from blobbench.engine.measure import CellSpec, MeasureSettings, run_cell
from blobbench.engine.target import TargetConn

from tests.conftest import TEST_REDIS_URL


@pytest.fixture
def host_queue():
    r = redis.Redis.from_url(TEST_REDIS_URL)
    r.delete("host.pytest-host")
    yield r
    r.delete("host.pytest-host")


def _post(client, headers, target, host, **body):
    return client.post("/api/v1/runs", headers=headers,
                       json={"target_id": target["id"], "host": host, **body})


def test_codec_lab_preset_expands_to_every_codec_level_dataset_and_block(
        client, run_headers, target, online_host, host_queue):
    response = _post(client, run_headers, target, online_host, preset="seed004_codec_lab")
    assert response.status_code == 202, response.text
    run = response.json()
    cells = client.get(f"/api/v1/runs/{run['id']}/cells").json()
    assert run["progress"]["total"] == len(cells) == len(lab_methods()) * 3 * 4
    assert {c["workload"] for c in cells} == {"codec_lab"}
    assert {c["storage"] for c in cells} == {"dynamic"}
    assert {c["size"] for c in cells} == {4096, 16384, 65536, 1 << 20}
    assert {c["dataset"] for c in cells} == {"tpch", "json", "records"}
    assert {c["method"] for c in cells} == set(lab_methods())
    assert host_queue.llen("host.pytest-host") == len(cells)


def test_load_size_preset_expands_to_storages_by_index_mode(client, run_headers, target,
                                                             online_host, host_queue):
    response = _post(client, run_headers, target, online_host, preset="seed002_load_size")
    assert response.status_code == 202, response.text
    cells = client.get(f"/api/v1/runs/{response.json()['id']}/cells").json()
    pairs = {(c["method"], c["storage"], c["workload"]) for c in cells}
    for storage in ("dynamic", "compressed:4", "compressed:8", "compressed:16", "page:zlib",
                    "column"):
        assert ("none", storage, "load") in pairs and ("none", storage, "load_then_index") in pairs
    assert ("zstd:3", "dynamic", "load") in pairs and len(cells) == 14


def test_a_codec_lab_matrix_mixing_storages_is_refused(client, run_headers, target, online_host):
    matrix = {"methods": ["lz4"], "storages": ["dynamic", "compressed:8"], "datasets": ["json"],
              "sizes": ["16KiB"], "workloads": ["codec_lab"]}
    response = _post(client, run_headers, target, online_host, matrix=matrix)
    assert response.status_code == 422 and "dynamic" in response.json()["detail"]


def test_a_codec_lab_cell_goes_through_the_worker_api(client, run_headers, worker_headers, target,
                                                      online_host, host_queue):
    matrix = {"methods": ["zstd:1"], "storages": ["dynamic"], "datasets": ["tpch"],
              "sizes": ["16KiB"], "workloads": ["codec_lab"]}
    run = _post(client, run_headers, target, online_host, matrix=matrix,
                settings={"time_budget_s": 0.2, "warmup_s": 0, "ci_target": 0.2}).json()
    cell = client.get(f"/api/v1/runs/{run['id']}/cells").json()[0]
    claim = client.post(f"/api/v1/worker/cells/{cell['id']}/claim", headers=worker_headers).json()
    assert claim["action"] == "run"
    # what the worker does with an assignment (worker/blobbench_worker/runner.py)
    s = claim["settings"]
    measures = run_cell(TargetConn(**claim["target"]), CellSpec(**claim["spec"]),
                        MeasureSettings(ci_target=s["ci_target"], time_budget_s=s["time_budget_s"],
                                        warmup_s=s["warmup_s"]), table=claim["table"])
    ack = client.post(f"/api/v1/worker/cells/{cell['id']}/result",
                      content=json.dumps(measures), headers={**worker_headers,
                                                             "Content-Type": "application/json"})
    assert ack.status_code == 200, ack.text
    row = client.get(f"/api/v1/runs/{run['id']}/results").json()[0]
    assert row["workload"] == "codec_lab" and row["ratio"] > 2
    assert row["read_bps"] == row["extra"]["decompress_bps"] > 0
    assert row["write_bps"] == row["extra"]["compress_bps"] > 0
    assert row["extra"]["study"] == "codec_lab" and row["extra"]["block_size"] == 16384
    assert client.get(f"/api/v1/runs/{run['id']}").json()["status"] == "succeeded"


def test_binlog_preset_is_refused_where_binary_logging_is_off(client, run_headers, target,
                                                              online_host):
    response = _post(client, run_headers, target, online_host, preset="seed003_binlog")
    assert response.status_code == 422
    assert "log_bin=OFF" in response.json()["detail"]


def test_a_binlog_cell_goes_through_the_worker_api(client, admin_headers, run_headers,
                                                   worker_headers, online_host, host_queue,
                                                   binlog_mariadb):
    body = {"name": "binlog-target", "host": "127.0.0.1", "port": binlog_mariadb.port,
            "user": "root", "password": "", "database": "blobbench_binlog_api"}
    target = client.post("/api/v1/targets", json=body, headers=admin_headers).json()
    caps = client.get(f"/api/v1/targets/{target['id']}/capabilities",
                      headers=admin_headers).json()
    assert {w["name"]: w["supported"] for w in caps["workloads"]}["binlog"] is True
    run = _post(client, run_headers, target, online_host, preset="seed003_binlog",
                settings={"load_rows": 50, "time_budget_s": 0.1}).json()
    cells = client.get(f"/api/v1/runs/{run['id']}/cells").json()
    # MIXED by default here: the preset also measures ROW
    assert len(cells) == 24 and {c["workload"] for c in cells} == {"binlog", "binlog_row"}
    cell = next(c for c in cells if c["method"] == "none" and c["size"] == 2048
                and c["dataset"] == "json" and c["workload"] == "binlog")
    claim = client.post(f"/api/v1/worker/cells/{cell['id']}/claim", headers=worker_headers).json()
    s = claim["settings"]
    measures = run_cell(TargetConn(**claim["target"]), CellSpec(**claim["spec"]),
                        MeasureSettings(time_budget_s=s["time_budget_s"],
                                        load_rows=s["load_rows"], encode_cache=None),
                        table=claim["table"])
    ack = client.post(f"/api/v1/worker/cells/{cell['id']}/result",
                      content=json.dumps(measures), headers={**worker_headers,
                                                             "Content-Type": "application/json"})
    assert ack.status_code == 200, ack.text
    row = client.get(f"/api/v1/runs/{run['id']}/results").json()[0]
    extra = row["extra"]
    assert row["workload"] == "binlog" and extra["study"] == "binlog" and extra["rows"] == 50
    assert extra["binlog_bytes_on"] < extra["binlog_bytes_off"]
    assert extra["modes"]["on"]["transactions"] == 100
    assert row["write_bps"] == extra["modes"]["on"]["write_bps"] > 0
