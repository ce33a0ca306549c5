"""run_cell end to end against the real MariaDB (small sizes, sub-second budgets)."""

from __future__ import annotations

import base64

import dataclasses

import pytest
from blobbench.engine import measure
from blobbench.engine.errors import (
    Canceled,
    MatrixError,
    TargetError,
    VerificationError,
)
from blobbench.engine.measure import (
    CellSpec,
    MeasureSettings,
    measure_prepared,
    prepared_table,
    run_cell,
)

from .conftest import SCHEMA

SIZE = 24 * 1024
READ_KEYS = {
    "read_bps", "read_bps_median", "read_bps_ci_low", "read_bps_ci_high", "ci_halfwidth_pct",
    "converged", "samples", "latency_mean_us", "latency_p50_us", "latency_p95_us",
    "latency_p99_us", "encoded_bytes", "ratio", "wire_bytes", "wire_bps", "encode_s",
    "measure_s", "raw_samples_us", "context",
}


@pytest.mark.parametrize("storage", ["dynamic", "compressed:8"])
@pytest.mark.parametrize("method", ["none", "lz4", "zstd", "mysql_compress", "mysql_uncompress"])
def test_run_cell_read(target, fast: MeasureSettings, schema_tables, method: str, storage: str) -> None:
    r = run_cell(target, CellSpec(method, storage, "random:10", SIZE), fast)
    assert READ_KEYS <= set(r)
    assert r["read_bps"] > 0 and r["samples"] >= 2 and r["rows"] == 4
    low, high = r["read_bps_ci_low"], r["read_bps_ci_high"]
    assert low <= r["read_bps"] and (high is None or high >= r["read_bps"])
    assert r["latency_p50_us"] <= r["latency_p95_us"] <= r["latency_p99_us"]
    assert r["read_bps"] == pytest.approx(SIZE / (r["latency_mean_us"] / 1e6), rel=1e-9)
    assert isinstance(r["converged"], bool)
    assert 0 < len(r["raw_samples_us"]) <= fast.keep_samples
    assert r["measure_s"] > 0 and r["encode_s"] >= 0
    if method == "none":
        assert r["ratio"] == pytest.approx(1.0)
        assert r["encoded_bytes"] == SIZE
    elif method == "lz4":
        assert 1.0 < r["ratio"] < 1.2  # no entropy coding: random data barely shrinks
    else:
        assert 1.8 < r["ratio"] < 2.6  # random:10 compresses ~2.1x with zlib-class codecs
    # The server sends the stored bytes (or, for UNCOMPRESS(), the decoded ones) plus a little.
    sent = SIZE if method == "mysql_uncompress" else r["encoded_bytes"]
    assert sent <= r["wire_bytes"] <= sent * 1.01 + 300
    assert r["wire_bps"] == pytest.approx(r["wire_bytes"] / (r["latency_mean_us"] / 1e6), rel=1e-6)
    ctx = r["context"]
    assert ctx["driver"]["name"] == "mysqlclient" and ctx["driver"]["version"]
    assert ctx["target"]["flavour"] == "mariadb" and ctx["host"]["cores"] >= 1
    assert "libzstd" in ctx["codecs"]
    assert schema_tables() == []  # the table is gone


@pytest.mark.parametrize("storage", ["page:zlib", "column"])
def test_run_cell_other_storages(target, fast, storage: str) -> None:
    r = run_cell(target, CellSpec("none", storage, "json", SIZE), fast)
    assert r["read_bps"] > 0 and r["ratio"] == pytest.approx(1.0)


def test_run_cell_pymysql(target, fast) -> None:
    r = run_cell(dataclasses.replace(target, driver="pymysql"), CellSpec("lz4", "dynamic", "records", SIZE), fast)
    assert r["read_bps"] > 0 and r["context"]["driver"]["name"] == "pymysql"


def test_converged_flag(target, fast) -> None:
    easy = dataclasses.replace(fast, ci_target=0.5, min_samples=10, time_budget_s=2)
    r = run_cell(target, CellSpec("none", "dynamic", "random:62", 4096), easy)
    assert r["converged"] is True and r["ci_halfwidth_pct"] <= 50
    hard = dataclasses.replace(fast, ci_target=1e-9, time_budget_s=0.2)
    r = run_cell(target, CellSpec("none", "dynamic", "random:62", 4096), hard)
    assert r["converged"] is False and r["measure_s"] >= 0.2


def test_keep_samples_decimates(target, fast) -> None:
    s = dataclasses.replace(fast, ci_target=1e-9, time_budget_s=0.2, keep_samples=50)
    r = run_cell(target, CellSpec("none", "dynamic", "random:62", 1024), s)
    assert r["samples"] > 50 and len(r["raw_samples_us"]) == 50


def test_should_stop_cancels_and_drops(target, fast, schema_tables) -> None:
    calls = {"n": 0}

    def stop() -> bool:
        calls["n"] += 1
        return calls["n"] > 8  # let setup and a little sampling happen first

    with pytest.raises(Canceled) as e:
        run_cell(target, CellSpec("none", "dynamic", "random:62", SIZE),
                 dataclasses.replace(fast, time_budget_s=5, ci_target=1e-9), should_stop=stop)
    assert e.value.code == "canceled"
    assert schema_tables() == []


def test_too_large(target, fast) -> None:
    with pytest.raises(TargetError) as e:
        run_cell(target, CellSpec("none", "dynamic", "random:62", 17 << 20), fast)
    assert e.value.code == "too_large"
    assert "max_allowed_packet" in str(e.value)


def test_invalid_cells(target, fast) -> None:
    for cell, needle in [
        (CellSpec("lz5", "dynamic", "json", 1024), "unknown method 'lz5'"),
        (CellSpec("none", "heap", "json", 1024), "unknown storage 'heap'"),
        (CellSpec("none", "dynamic", "csv", 1024), "unknown dataset 'csv'"),
        (CellSpec("none", "dynamic", "json", 0), "size must be a positive"),
        (CellSpec("none", "dynamic", "json", 1024, workload="scan"), "workload 'scan' is not supported yet"),
        (CellSpec("none", "dynamic", "json", 1024, concurrency=300), "concurrency 300 is not supported"),
        (CellSpec("none", "dynamic", "json", 1024, "write", concurrency=2), "write workload runs with one"),
    ]:
        with pytest.raises(MatrixError) as e:
            run_cell(target, cell, fast)
        assert needle in str(e.value)


def test_verification_failure(target, fast, monkeypatch, schema_tables) -> None:
    real = measure.codec_for

    def corrupting(spec: str, dataset: str, seed: int = 0):
        codec = real(spec, dataset, seed)
        bad = lambda data: bytes(data)[:-1] + b"!"
        return dataclasses.replace(codec, _decode=bad, _sized=lambda size: bad)

    monkeypatch.setattr(measure, "codec_for", corrupting)
    with pytest.raises(VerificationError) as e:
        run_cell(target, CellSpec("lz4", "dynamic", "json", SIZE), fast)
    assert e.value.code == "verification_failed" and "differ" in str(e.value)
    assert schema_tables() == []


def test_named_table_and_prepared_table(target, fast, admin, schema_tables) -> None:
    cell = CellSpec("zstd:1", "dynamic", "records", SIZE)
    with prepared_table(target, cell, fast, table="bb_named_table") as prep:
        assert schema_tables() == ["bb_named_table"]
        assert prep.rows == 4 and len(set(prep.checksums)) == 4  # every row a different blob
        r1 = measure_prepared(prep, fast)
        r2 = measure_prepared(prep, fast)  # the table can be measured repeatedly
        assert r1["read_bps"] > 0 and r2["read_bps"] > 0
    assert schema_tables() == []


def test_existing_table_is_not_dropped(target, fast, admin, schema_tables) -> None:
    cur = admin.cursor()
    cur.execute(f"CREATE TABLE `{SCHEMA}`.bb_taken (id INT PRIMARY KEY)")
    try:
        with pytest.raises(TargetError):
            run_cell(target, CellSpec("none", "dynamic", "json", 1024), fast, table="bb_taken")
        assert schema_tables() == ["bb_taken"]
    finally:
        cur.execute(f"DROP TABLE `{SCHEMA}`.bb_taken")


def test_an_earlier_attempts_table_is_replaced(target, fast, admin, schema_tables) -> None:
    """A killed worker leaves its cell's owned table behind; the next attempt drops it."""
    from blobbench.engine.storages import create_table_sql, parse_storage

    admin.cursor().execute(create_table_sql(SCHEMA, "bb_r1_c0", parse_storage("dynamic")))
    r = run_cell(target, CellSpec("none", "dynamic", "json", 1024), fast, table="bb_r1_c0")
    assert r["read_bps"] > 0
    assert schema_tables() == []


def test_a_lost_connection_is_reported_not_the_failed_drop(target, fast, admin) -> None:
    cell = CellSpec("none", "dynamic", "json", 1024)
    try:
        with pytest.raises(TargetError) as e, \
                prepared_table(target, cell, fast, table="bb_lost") as prep:
            admin.cursor().execute(f"KILL {prep.conn.thread_id()}")
            measure_prepared(prep, fast)
        assert e.value.code == "unreachable"
        assert "measuring reads" in e.value.message and "dropping" not in e.value.message
    finally:
        admin.cursor().execute(f"DROP TABLE IF EXISTS `{SCHEMA}`.bb_lost")


def test_write_workload(target, fast, schema_tables) -> None:
    r = run_cell(target, CellSpec("lz4", "dynamic", "random:4", SIZE, workload="write"), fast)
    assert r["write_bps"] > 0 and r["write_bps_ci_low"] <= r["write_bps"]
    assert "read_bps" not in r
    assert r["wire_bytes"] >= r["encoded_bytes"]  # client→server: the escaped literal + SQL
    assert schema_tables() == []


# --- dictionaries, drivers, cold cache, concurrency ------------------------------------------


@pytest.mark.parametrize("method", ["zstd_dict", "zlib_dict:9"])
def test_dictionary_methods(target, fast, method: str) -> None:
    from blobbench.engine.codecs import train_dictionary

    r = run_cell(target, CellSpec(method, "dynamic", "json", 4096), fast)
    kind = method.split("_")[0]
    d = train_dictionary("json", 0, kind)
    recorded = dict(r["context"]["dictionary"])
    assert base64.b64decode(recorded.pop("data_b64")) == d.data  # kept with the result
    assert recorded == d.describe()
    assert r["context"]["codec"]["dictionary"]["sha256"] == d.sha256
    assert r["ratio"] > 3  # json documents with the field names in the dictionary
    assert r["dictionary_s"] >= 0


@pytest.mark.parametrize("driver", ["pymysql", "mysql-connector"])
def test_other_drivers(target, fast, driver: str) -> None:
    t = dataclasses.replace(target, driver=driver)
    r = run_cell(t, CellSpec("zstd", "dynamic", "records", SIZE), fast)
    assert r["read_bps"] > 0
    drv = r["context"]["driver"]
    assert drv["name"] == driver and drv["version"] and "." in drv["class"]
    w = run_cell(t, CellSpec("lz4", "dynamic", "random:4", SIZE, workload="write"), fast)
    assert w["write_bps"] > 0


def test_context_and_process_tuning(target, fast) -> None:
    r = run_cell(target, CellSpec("lz4", "dynamic", "random:62", SIZE), fast)
    ctx = r["context"]
    assert ctx["driver"]["class"] == "MySQLdb.connections.Connection"
    assert ctx["process"]["malloc"]["applied"] is True
    assert ctx["workload"] == "read" and ctx["concurrency"] == 1
    assert r["disk_bytes"] and r["disk_bytes"] >= 4 * r["encoded_bytes"]
    assert r["pool_reads_per_op"] == pytest.approx(0, abs=0.5)  # warm buffer pool


def test_encode_cache_second_run_does_not_encode(target, fast, tmp_path) -> None:
    s = dataclasses.replace(fast, encode_cache=str(tmp_path))
    measure.encode_cache_for(s).min_encode_s = 0.0
    cell = CellSpec("brotli:5", "dynamic", "records", 200_000)
    first = run_cell(target, cell, s)
    second = run_cell(target, cell, s)
    assert first["encode_cache_hits"] == 0 and second["encode_cache_hits"] == first["blobs"]
    assert second["encode_s"] == pytest.approx(first["encode_s"])  # still reported


def test_read_cold(target, fast, schema_tables) -> None:
    """A table 1.5x the buffer pool read in a cycle: reads miss the pool, and it says so."""
    s = dataclasses.replace(fast, ci_target=0.2, time_budget_s=0.5)
    # On the shared server, inside the whole suite, a cold measurement has twice come back with
    # no pool misses at all (not reproduced alone); up to three tries, one must show them.
    for _ in range(3):
        cold = run_cell(target, CellSpec("none", "dynamic", "random:62", 1 << 20, "read_cold"), s)
        if cold["pool_reads_per_op"] > 10:
            break
    pool = cold["context"]["target"]["innodb_buffer_pool_size"]
    assert cold["rows"] * (1 << 20) >= 1.5 * pool and cold["blobs"] == 1
    assert cold["pool_reads_per_op"] > 10  # a 1 MiB blob spans 64 pages: most come from disk
    assert cold["pool_miss_ratio"] > 0.05
    warm = run_cell(target, CellSpec("none", "dynamic", "random:62", 1 << 20), s)
    assert warm["pool_reads_per_op"] < 1
    assert schema_tables() == []


@pytest.mark.parametrize("driver", ["mysqlclient", "pymysql"])
def test_concurrency(target, fast, driver: str) -> None:
    s = dataclasses.replace(fast, time_budget_s=0.6, ci_target=0.5)
    t = dataclasses.replace(target, driver=driver)
    r = run_cell(t, CellSpec("lz4", "dynamic", "random:10", SIZE, concurrency=4), s)
    assert r["read_bps"] > 0 and r["slices"] >= 2 and r["samples"] > 4
    assert r["per_client_bps"] == pytest.approx(r["read_bps"] / 4)
    assert r["read_bps_ci_low"] <= r["read_bps"]
    assert r["latency_p50_us"] <= r["latency_p99_us"]
    assert r["context"]["concurrency"] == 4
    assert r["encoded_bytes"] <= r["wire_bytes"] <= r["encoded_bytes"] * 1.01 + 300


def test_concurrent_failure_is_reported(target, fast, monkeypatch) -> None:
    def broken(prep, conn):
        def op(q):
            raise VerificationError("boom")
        return op

    monkeypatch.setattr(measure, "_read_op", broken)
    with pytest.raises(VerificationError, match="boom"):
        run_cell(target, CellSpec("none", "dynamic", "json", 1024, concurrency=3), fast)
