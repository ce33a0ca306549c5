"""``blobbench run`` prints the studies' seed-style tables."""

from __future__ import annotations

import json

from blobbench.cli.main import main

from tests.conftest import TEST_MYSQL_DSN

DSN = TEST_MYSQL_DSN.rstrip("/") + "/blobbench_test_cli"
FAST = ["--time-budget", "0.1", "--ci-target", "0.5", "--warmup", "0"]


def test_codec_lab_table_frontier_line_and_links(capsys):
    code = main(["run", "--dsn", DSN, "--workloads", "codec_lab", "--methods",
                 "none,lz4,zstd:1,zlib:6", "--datasets", "tpch", "--sizes", "16KiB",
                 "--lab-bytes", "128KiB", "--link", "100Mbit,10Gbit", *FAST])
    out = capsys.readouterr().out
    assert code == 0
    assert "Codec lab (seed 004): tpch in 16 KiB blocks" in out
    assert "BEST SPEED --- " in out and "--- BEST COMPRESSION" in out
    assert "over 100Mbit: reads" in out and "over 10Gbit: reads" in out


def test_codec_lab_json_keeps_the_measures(capsys):
    main(["run", "--dsn", DSN, "--workloads", "codec_lab", "--methods", "snappy",
          "--datasets", "json", "--sizes", "4KiB", "--lab-bytes", "64KiB", "--json", *FAST])
    row = json.loads(capsys.readouterr().out)[0]
    assert row["compress_bps"] > 0 and row["decompress_bps"] > 0 and row["blocks"] == 16
    assert "context" not in row


def test_load_size_table(capsys):
    code = main(["run", "--dsn", DSN, "--workloads", "load,load_then_index", "--storages",
                 "dynamic,compressed:8", "--datasets", "json", "--sizes", "2KiB",
                 "--rows", "200", *FAST])
    out = capsys.readouterr().out
    assert code == 0
    assert "Load and size (seed 002)" in out
    assert "dynamic, usual load (baseline)" in out
    assert "compressed:8, fast index creation" in out


def test_binlog_table(capsys, binlog_mariadb):
    dsn = f"mysql://root@127.0.0.1:{binlog_mariadb.port}/blobbench_test_cli"
    code = main(["run", "--dsn", dsn, "--workloads", "binlog", "--methods", "none,zstd:3",
                 "--datasets", "json", "--sizes", "2KiB", "--rows", "100", *FAST])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "Binlog compression (seed 003)" in out
    assert "json · 2 KiB · none · dynamic" in out and "json · 2 KiB · zstd:3 · dynamic" in out


def test_binlog_without_binary_logging_says_what_is_missing(capsys):
    code = main(["run", "--dsn", DSN, "--workloads", "binlog", "--datasets", "json",
                 "--sizes", "2KiB", "--rows", "10", *FAST])
    err = capsys.readouterr().err
    assert code == 2 and "log_bin=OFF" in err.replace("\n", ""), err
