"""Binlog compression (seed 003) against a private MariaDB with binary logging, and the shared
one without it."""

from __future__ import annotations

import pytest
from blobbench.engine.binlog import (
    MAX_ROWS,
    binlog_problem,
    binlog_rows,
    compare_modes,
    summary,
)
from blobbench.engine.capabilities import capabilities
from blobbench.engine.errors import MatrixError, TargetError
from blobbench.engine.measure import CellSpec, MeasureSettings, run_cell
from blobbench.engine.target import TargetConn, probe

SMALL = MeasureSettings(load_rows=300, encode_cache=None, time_budget_s=0.1)


@pytest.fixture(scope="module")
def binlog_target(binlog_mariadb) -> TargetConn:
    return TargetConn(host="127.0.0.1", port=binlog_mariadb.port, user="root", password="",
                      database="blobbench_binlog_test")


def _var(server, name: str) -> str:
    cur = server.connect().cursor()
    cur.execute(f"SELECT @@GLOBAL.{name}")
    return str(cur.fetchone()[0])


def test_rows_default_and_limits():
    assert binlog_rows(2048, MeasureSettings()) == 2048  # 4 MiB of 2 KiB bodies
    assert binlog_rows(16, MeasureSettings()) == MAX_ROWS
    assert binlog_rows(64 << 20, MeasureSettings()) == 1
    assert binlog_rows(64 << 20, MeasureSettings(load_rows=100)) == 4  # at most 256 MiB
    assert binlog_rows(1024, MeasureSettings(load_rows=7)) == 7


def test_probe_reports_binary_logging(binlog_target, target):
    on = probe(binlog_target)
    assert on["log_bin"] is True and on["binlog_format"] == "MIXED"
    assert on["binlog_compression"] == {"variable": "log_bin_compress", "on": False,
                                        "algorithm": "zlib"}
    assert on["max_binlog_size"] > 0
    assert binlog_problem(on) is None
    off = probe(target)  # the shared server runs without a binary log
    reason = binlog_problem(off)
    assert off["log_bin"] is False and "log_bin=OFF" in reason and "--log-bin" in reason
    caps = {w["name"]: w for w in capabilities(off)["workloads"]}
    assert caps["binlog"] == {"name": "binlog", "supported": False, "reason": reason}
    assert {w["name"]: w["supported"] for w in capabilities(on)["workloads"]}["binlog"]


def test_problem_names_the_missing_feature():
    assert binlog_problem({}) is None  # facts of an older probe: unknown, never unsupported
    assert "MySQL 8.0.20+" in binlog_problem({"log_bin": True, "flavour": "mysql",
                                              "binlog_compression": None})
    assert "10.2.3" in binlog_problem({"log_bin": True, "flavour": "mariadb",
                                       "binlog_compression": None})


def test_compression_shrinks_the_binlog_of_json(binlog_mariadb, binlog_target):
    assert _var(binlog_mariadb, "userstat") == "0"
    r = run_cell(binlog_target, CellSpec("none", "dynamic", "json", 4096, "binlog"), SMALL)
    off, on = r["modes"]["off"], r["modes"]["on"]
    assert r["study"] == "binlog" and r["rows"] == 300 and r["rounds"] >= 2
    assert off["transactions"] == on["transactions"] == 600
    # every body went to the binlog uncompressed at least once (inserts), twice with updates
    assert off["binlog_bytes"] > 2 * 300 * 4096
    assert on["binlog_bytes"] < off["binlog_bytes"] / 2  # JSON compresses well with zlib
    assert r["binlog_ratio"] == pytest.approx(off["binlog_bytes"] / on["binlog_bytes"])
    assert r["transactions_per_file_gain"] == pytest.approx(r["binlog_ratio"])
    assert on["transactions_per_file"] == pytest.approx(
        r["context"]["binlog"]["max_binlog_size"] / on["bytes_per_transaction"])
    # the bytes are the same in every round; CPU is measured on both sides
    assert off["bytes_spread"] == on["bytes_spread"] == 0
    assert off["server_cpu_s"] > 0 and on["server_cpu_s"] > 0 and on["client_cpu_s"] > 0
    assert r["context"]["binlog"]["userstat_enabled_for_the_cell"] is True
    assert "USER_STATISTICS" in r["context"]["binlog"]["bytes_source"]
    phases = r["context"]["phases"]
    assert [p["mode"] for p in phases[:4]] == ["off", "off", "on", "on"]
    assert [p["mode"] for p in phases[4:8]] == ["on", "on", "off", "off"]  # ABBA order
    # the server is left as it was: compression off, userstat off, no table
    assert _var(binlog_mariadb, "log_bin_compress") == "0"
    assert _var(binlog_mariadb, "userstat") == "0"
    cur = binlog_mariadb.connect().cursor()
    cur.execute("SELECT COUNT(*) FROM information_schema.TABLES "
                "WHERE TABLE_SCHEMA='blobbench_binlog_test'")
    assert cur.fetchone()[0] == 0


def test_client_compressed_bodies_gain_nothing(binlog_target):
    r = run_cell(binlog_target, CellSpec("zstd:3", "dynamic", "json", 4096, "binlog"), SMALL)
    assert r["ratio"] > 2  # the client compressed the bodies…
    assert 0.9 < r["binlog_ratio"] < 1.2  # …so the binlog's zlib finds little left to take
    (line,) = summary([{**r, "workload": "binlog", "method": "zstd:3", "storage": "dynamic",
                        "dataset": "json", "size": 4096}])
    assert line["label"] == "json · 4 KiB · zstd:3 · dynamic · MIXED"
    assert line["bytes_per_trx_on"] == r["modes"]["on"]["bytes_per_transaction"]


def test_row_format_logs_both_images_and_compresses_less(binlog_target):
    mixed = run_cell(binlog_target, CellSpec("none", "dynamic", "json", 4096, "binlog"), SMALL)
    row = run_cell(binlog_target, CellSpec("none", "dynamic", "json", 4096, "binlog_row"), SMALL)
    assert mixed["binlog_format"] == "MIXED" and row["binlog_format"] == "ROW"
    assert row["context"]["workload"] == "binlog_row"
    # an update's row event carries the row before and after: more bytes than the statement
    assert row["modes"]["off"]["update_binlog_bytes"] > 1.5 * mixed["modes"]["off"][
        "update_binlog_bytes"]
    assert row["binlog_ratio"] > 1 and row["binlog_ratio"] < mixed["binlog_ratio"]
    (line,) = summary([{**row, "workload": "binlog_row", "method": "none",
                        "storage": "dynamic", "dataset": "json", "size": 4096}])
    assert line["label"].endswith("· ROW") and line["binlog_format"] == "ROW"


def test_compare_modes_relative_to_off():
    modes = {"off": {"binlog_bytes": 1000, "transactions_per_file": 10.0, "server_cpu_s": 2.0,
                     "client_cpu_s": 1.0, "tps": 100.0},
             "on": {"binlog_bytes": 250, "transactions_per_file": 40.0, "server_cpu_s": 3.0,
                    "client_cpu_s": 1.0, "tps": 80.0}}
    c = compare_modes(modes)
    assert c == {"binlog_ratio": 4.0, "binlog_saved": 0.75, "transactions_per_file_gain": 4.0,
                 "server_cpu_ratio": 1.5, "client_cpu_ratio": 1.0, "throughput_ratio": 0.8}
    modes["on"]["server_cpu_s"] = None
    assert compare_modes(modes)["server_cpu_ratio"] is None
    assert compare_modes({"off": modes["off"]}) == {}


def test_a_server_without_binary_logging_is_refused(target):
    with pytest.raises(MatrixError, match="log_bin=OFF"):
        run_cell(target, CellSpec("none", "dynamic", "json", 1024, "binlog"), SMALL)


def test_a_user_who_cannot_switch_compression_is_told_the_grant(binlog_mariadb, binlog_target):
    admin = binlog_mariadb.connect().cursor()
    admin.execute("CREATE USER IF NOT EXISTS 'bb_plain'@'127.0.0.1' IDENTIFIED BY 'pw'")
    admin.execute("GRANT SELECT, INSERT, UPDATE, CREATE, DROP ON `blobbench_binlog_test`.* "
                  "TO 'bb_plain'@'127.0.0.1'")
    plain = TargetConn(host="127.0.0.1", port=binlog_mariadb.port, user="bb_plain",
                       password="pw", database="blobbench_binlog_test")
    for workload in ("binlog", "binlog_row"):
        with pytest.raises(TargetError, match="GRANT BINLOG ADMIN") as exc:
            run_cell(plain, CellSpec("none", "dynamic", "json", 1024, workload), SMALL)
        assert exc.value.code == "missing_privilege" and "log_bin_compress" in str(exc.value)
    admin.execute("SELECT COUNT(*) FROM information_schema.TABLES "
                  "WHERE TABLE_SCHEMA='blobbench_binlog_test'")
    assert admin.fetchone()[0] == 0


def test_matrix_accepts_binlog_with_one_client():
    from blobbench.engine.matrix import parse_matrix

    m = parse_matrix({"methods": ["none"], "storages": ["dynamic"], "datasets": ["json"],
                      "sizes": [1024], "workloads": ["binlog"]})
    assert m.workloads == ["binlog"]
    with pytest.raises(MatrixError, match="one client"):
        parse_matrix({"methods": ["none"], "storages": ["dynamic"], "datasets": ["json"],
                      "sizes": [1024], "workloads": ["binlog"], "concurrency": [1, 4]})
