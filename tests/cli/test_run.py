"""``blobbench run`` drives the engine directly against the real MariaDB."""

from __future__ import annotations

import csv
import io
import json

from blobbench.cli.main import main
from tests.conftest import TEST_MYSQL_DSN

DSN = TEST_MYSQL_DSN.rstrip("/") + "/blobbench_test_cli"
FAST = ["--time-budget", "0.1", "--ci-target", "0.5"]


def test_json_rows_for_every_cell(capsys):
    code = main(["run", "--dsn", DSN, "--methods", "none,zstd", "--datasets", "random:2",
                 "--sizes", "1KiB,4KiB", "--json", *FAST])
    rows = json.loads(capsys.readouterr().out)
    assert code == 0 and len(rows) == 4
    assert all(r["read_bps"] > 0 and r["error"] is None for r in rows)


def test_csv_output(capsys):
    main(["run", "--dsn", DSN, "--methods", "lz4", "--sizes", "2KiB", "--csv", *FAST])
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows[0]["method"] == "lz4" and float(rows[0]["read_bps"]) > 0


def test_table_output(capsys):
    assert main(["run", "--dsn", DSN, "--methods", "none,mysql_uncompress", "--storages",
                 "dynamic,compressed:8", "--sizes", "1KiB", *FAST]) == 0
    out = capsys.readouterr().out
    assert "4 cells on mariadb" in out and "mysql_uncompress" in out and "1 KiB" in out


def test_bad_input_exits_2_with_a_reason(capsys):
    assert main(["run", "--dsn", DSN, "--methods", "lz5"]) == 2
    assert "lz5" in capsys.readouterr().err
    assert main(["run", "--dsn", "mysql://root:wrong@127.0.0.1:3306/x", "--methods", "none"]) == 2
    assert "denied" in capsys.readouterr().err.lower()
