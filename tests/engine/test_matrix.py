"""Matrices: sizes, validation messages, expansion order, target checks."""

from __future__ import annotations

import pytest
from blobbench.engine.errors import MatrixError, TargetError
from blobbench.engine.matrix import (
    SIZE_PRESETS,
    Matrix,
    check_against_target,
    count,
    expand,
    parse_matrix,
    parse_size,
    parse_sizes,
)

FACTS = {"flavour": "mariadb", "version": "10.11.6", "max_allowed_packet": 16 << 20,
         "innodb_page_size": 16384, "page_compression_algorithms": ["zlib"]}


@pytest.mark.parametrize(
    "value,expected",
    [(1024, 1024), ("1024", 1024), ("1KiB", 1024), ("64 KiB", 65536), ("1MiB", 1 << 20),
     ("1.5MiB", 1572864), ("4M", 4 << 20), ("16k", 16384), ("2 kb", 2048), ("1GiB", 1 << 30),
     (" 7 ", 7), ("1028B", 1028), (2048.0, 2048)],
)
def test_parse_size(value, expected: int) -> None:
    assert parse_size(value) == expected


@pytest.mark.parametrize("value", ["", "abc", "1.2.3", "-5", "0", 0, -1, "2GiB", (1 << 30) + 1,
                                   "1.3KiB", "5 TB", True, None, 1.5, "1e3"])
def test_parse_size_errors(value) -> None:
    with pytest.raises(MatrixError):
        parse_size(value)


def test_parse_matrix_canonical_and_deduplicated() -> None:
    m = parse_matrix({
        "methods": ["none", "LZ4", "lz4", "zstd:3", "zstd"],
        "storages": ["dynamic", "compressed", "compressed:8"],
        "datasets": ["random:62", "random", "json"],
        "sizes": ["1KiB", 1024, "64k"],
    })
    assert m.methods == ["none", "lz4", "zstd:3"]  # zstd is zstd:3: measured once
    assert m.storages == ["dynamic", "compressed:8"]
    assert m.datasets == ["random:62", "json"]
    assert m.sizes == [1024, 65536]
    assert m.workloads == ["read"] and m.concurrency == [1]
    assert count(m) == 3 * 2 * 2 * 2


@pytest.mark.parametrize(
    "patch,needle",
    [
        ({"methods": ["lz5"]}, "unknown method 'lz5'; choose from: none, deflate"),
        ({"storages": ["myisam"]}, "unknown storage 'myisam'; choose from: dynamic"),
        ({"datasets": ["csv"]}, "unknown dataset 'csv'; choose from: random:62"),
        ({"sizes": ["big"]}, "bad size 'big'"),
        ({"methods": []}, "'methods' must be a non-empty list"),
        ({"workloads": ["scan"]}, "workload 'scan' is not supported yet"),
        ({"concurrency": [0]}, "bad concurrency"),
        ({"concurrency": [257]}, "concurrency 257 is above the limit of 256"),
        ({"sizes": "preset:seed001"}, "unknown size preset 'preset:seed001'; choose from: quick"),
        ({"sizez": [1]}, "unknown matrix key 'sizez'"),
    ],
)
def test_parse_matrix_errors(patch: dict, needle: str) -> None:
    d = {"methods": ["none"], "storages": ["dynamic"], "datasets": ["random:62"], "sizes": [1024]}
    d.update(patch)
    with pytest.raises(MatrixError) as e:
        parse_matrix(d)
    assert needle in str(e.value)


def test_parse_matrix_requires_dimensions() -> None:
    with pytest.raises(MatrixError, match="needs 'sizes'"):
        parse_matrix({"methods": ["none"], "storages": ["dynamic"], "datasets": ["json"]})


def test_expand_order() -> None:
    m = Matrix(methods=["none", "lz4"], storages=["dynamic", "compressed:8"],
               datasets=["json"], sizes=[1024, 2048], workloads=["read", "write"])
    cells = expand(m)
    assert len(cells) == count(m) == 16
    keys = [(c.storage, c.dataset, c.size, c.method, c.workload) for c in cells]
    assert keys == sorted(keys, key=lambda k: (["dynamic", "compressed:8"].index(k[0]), k[2],
                                                ["none", "lz4"].index(k[3]), ["read", "write"].index(k[4])))
    assert keys[0] == ("dynamic", "json", 1024, "none", "read")
    assert keys[1] == ("dynamic", "json", 1024, "none", "write")
    assert keys[2] == ("dynamic", "json", 1024, "lz4", "read")
    assert all(c.storage == "dynamic" for c in cells[:8])


def test_check_against_target() -> None:
    ok = Matrix(methods=["none"], storages=["dynamic", "column", "page:zlib"], datasets=["json"],
                sizes=[5 << 20])
    check_against_target(ok, FACTS)
    with pytest.raises(TargetError) as e:
        check_against_target(Matrix(["none"], ["dynamic"], ["json"], [1024, 16 << 20]), FACTS)
    assert e.value.code == "too_large" and "max_allowed_packet" in str(e.value)
    with pytest.raises(MatrixError) as e2:
        check_against_target(Matrix(["none"], ["page:lz4"], ["json"], [1024]), FACTS)
    assert "storage 'page:lz4' is not supported by this target: lz4 provider plugin not loaded " \
        "(Debian: mariadb-plugin-provider-lz4" in str(e2.value)
    assert e2.value.code == "unsupported"
    with pytest.raises(MatrixError, match="MariaDB"):
        check_against_target(Matrix(["none"], ["column"], ["json"], [1024]),
                             {**FACTS, "flavour": "mysql", "version": "8.0.36"})


def test_size_presets() -> None:
    stub = SIZE_PRESETS["seed000_stub"]
    assert len(stub) == 70 and stub == sorted(stub) and len(set(stub)) == 70
    assert stub[0] == 1024 and stub[-1] == 5 << 20
    assert stub[1:4] == [5 * 1024, 10 * 1024, 15 * 1024] and 100 * 1024 in stub
    assert (1 << 20) + 100 * 1024 in stub and (4 << 20) + 900 * 1024 in stub
    real = SIZE_PRESETS["seed000_real"]
    assert len(real) == 17 and real == sorted(real)
    assert all(34_000 <= s <= 94_500 or 600_000 <= s <= 4_300_000 for s in real)
    assert SIZE_PRESETS["quick"] == [1024, 65536, 1 << 20]
    assert SIZE_PRESETS["seed000_stub_small"] + SIZE_PRESETS["seed000_stub_big"][1:] == stub


def test_sizes_accept_presets_and_mixtures() -> None:
    base = {"methods": ["none"], "storages": ["dynamic"], "datasets": ["random:62"]}
    assert parse_matrix({**base, "sizes": "preset:seed000_stub"}).sizes == SIZE_PRESETS["seed000_stub"]
    m = parse_matrix({**base, "sizes": ["preset:quick", "3MiB", "seed000_real", 1024]})
    assert m.sizes == [1024, 65536, 1 << 20, 3 << 20] + SIZE_PRESETS["seed000_real"]
    assert parse_sizes(["Preset:QUICK"]) == SIZE_PRESETS["quick"]
    assert count(parse_matrix({**base, "sizes": "preset:seed000_stub",
                               "methods": ["none", "lz4"], "datasets": ["random:62", "random:2"]})) == 280


def test_workloads_and_concurrency() -> None:
    base = {"methods": ["none"], "storages": ["dynamic"], "datasets": ["json"], "sizes": [1024]}
    m = parse_matrix({**base, "workloads": ["read", "read:cold", "cold", "read_cold"],
                      "concurrency": [1, 4, 32, 256]})
    assert m.workloads == ["read", "read_cold"]
    assert m.concurrency == [1, 4, 32, 256]
    assert parse_matrix({**base, "workloads": ["read", "write"]}).workloads == ["read", "write"]


def test_check_against_target_uses_capabilities() -> None:
    mysql = {**FACTS, "flavour": "mysql", "version": "8.0.36", "version_tuple": [8, 0, 36]}
    check_against_target(Matrix(["zstd_dict", "mysql_uncompress"], ["page:lz4", "compressed:8"],
                                ["json"], [1024]), mysql)
    for storages, needle in [
        (["page:snappy"], "MySQL supports page compression with zlib and lz4 only"),
        (["percona_column:dict"], "needs Percona Server"),
        (["column"], "column compression needs MariaDB 10.3+"),
    ]:
        with pytest.raises(MatrixError) as e:
            check_against_target(Matrix(["none"], storages, ["json"], [1024]), mysql)
        assert needle in str(e.value) and e.value.code == "unsupported"
    with pytest.raises(MatrixError, match="innodb_file_per_table"):
        check_against_target(Matrix(["none"], ["compressed:8"], ["json"], [1024]),
                             {**FACTS, "innodb_file_per_table": False})
    with pytest.raises(MatrixError, match="max_connections=151, so at most 146 clients"):
        check_against_target(Matrix(["none"], ["dynamic"], ["json"], [1024], concurrency=[1, 256]),
                             {**FACTS, "max_connections": 151})
    with pytest.raises(MatrixError, match="cold-cache read needs a table larger than the buffer pool"):
        check_against_target(Matrix(["none"], ["dynamic"], ["json"], [1024], workloads=["read_cold"]),
                             {**FACTS, "innodb_buffer_pool_size": 64 << 30})
    percona = {**mysql, "flavour": "percona"}
    check_against_target(Matrix(["none"], ["percona_column", "percona_column:dict"], ["json"],
                                [1024]), percona)


def test_default_level_and_explicit_default_are_one_method():
    from blobbench.engine.matrix import parse_matrix as pm

    m = pm({"methods": ["zstd", "zstd:3", "zstd:19", "lz4:1", "lz4"], "storages": ["dynamic"],
            "datasets": ["random:2"], "sizes": [1024]})
    assert m.methods == ["zstd", "zstd:19", "lz4:1"]


def test_writes_with_several_clients_are_refused_up_front():
    import pytest as _pytest

    from blobbench.engine.errors import MatrixError as _MatrixError
    from blobbench.engine.matrix import parse_matrix as pm

    with _pytest.raises(_MatrixError, match="one client"):
        pm({"methods": ["none"], "storages": ["dynamic"], "datasets": ["random:2"],
            "sizes": [1024], "workloads": ["read", "write"], "concurrency": [1, 4]})
