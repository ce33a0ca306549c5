from __future__ import annotations

import pytest

from blobbench.engine.errors import MatrixError
from blobbench.engine.matrix import SIZE_PRESETS
from blobbench.engine.presets import MATRIX_PRESETS, SEED000_METHODS, preset_cells


def test_seed000_is_the_studys_grid():
    cells = preset_cells("seed000")
    assert len(cells) == 14 * 4 * 70 == 3920
    pairs = {(c.method, c.storage) for c in cells}
    assert pairs == {(m, s) for _, m, s in SEED000_METHODS}
    assert sorted({c.size for c in cells}) == sorted(SIZE_PRESETS["seed000_stub"])


def test_every_preset_expands_and_unknown_ones_are_refused():
    for name in MATRIX_PRESETS:
        assert preset_cells(name)
    with pytest.raises(MatrixError, match="choose from"):
        preset_cells("nope")


def test_every_preset_is_described():
    from blobbench.engine.presets import MATRIX_PRESETS, PRESET_DESCRIPTIONS

    assert set(PRESET_DESCRIPTIONS) == set(MATRIX_PRESETS)


def test_seed004_codec_lab_is_every_codec_level_in_memory():
    from blobbench.engine.codec_lab import lab_methods

    cells = preset_cells("seed004_codec_lab")
    assert {c.workload for c in cells} == {"codec_lab"} and {c.storage for c in cells} == {"dynamic"}
    assert {c.size for c in cells} == {4096, 16384, 65536, 1 << 20}
    assert {c.method for c in cells} == set(lab_methods())
    assert len(cells) == len(lab_methods()) * 3 * 4


def test_seed002_load_size_and_its_fit_to_a_target():
    from blobbench.engine.presets import preset_matrices_for_target

    cells = preset_cells("seed002_load_size")
    assert {c.workload for c in cells} == {"load", "load_then_index"}
    assert {c.storage for c in cells} >= {"dynamic", "compressed:8", "page:zlib", "column"}
    facts = {"flavour": "mariadb", "version_tuple": [10, 11, 6], "innodb_page_size": 16384,
             "page_compression_algorithms": ["zlib", "lz4", "snappy"]}
    parts = preset_matrices_for_target("seed002_load_size", facts)
    assert [s for s in parts[0].storages if s.startswith("page:")] == [
        "page:zlib", "page:lz4", "page:snappy"]
    mysql = preset_matrices_for_target("seed002_load_size", {"flavour": "mysql",
                                                             "version_tuple": [8, 0, 36]})
    assert "column" not in mysql[0].storages  # MariaDB-only storages are left out


def test_seed001_is_fitted_to_the_servers_connections_and_storages():
    from blobbench.engine.presets import preset_matrices_for_target

    mariadb = {"flavour": "mariadb", "column_compression": True, "max_connections": 151,
               "version_tuple": [10, 11, 6]}
    parts = preset_matrices_for_target("seed001", mariadb)
    assert [m.concurrency for m in parts] == [[1, 4, 8, 16, 32, 128]] * 2 + [[1]] * 2
    assert parts[1].storages == ["column"]  # Percona's dictionary column needs Percona
    # the space figures come from a 64 MiB load of each method × storage the reads measure
    assert [(m.storages, m.workloads) for m in parts[2:]] == [(["dynamic"], ["load"]),
                                                             (["column"], ["load"])]
    assert parts[2].methods == parts[0].methods
    assert preset_matrices_for_target("seed001", dict(mariadb, max_connections=600))[0].concurrency[-1] == 256


def test_seed003_measures_row_only_where_the_server_does_not_already():
    from blobbench.engine.presets import preset_matrices_for_target

    mixed = preset_matrices_for_target("seed003_binlog", {"binlog_format": "MIXED"})
    assert mixed[0].workloads == ["binlog", "binlog_row"]
    row = preset_matrices_for_target("seed003_binlog", {"binlog_format": "ROW"})
    assert row[0].workloads == ["binlog"]
