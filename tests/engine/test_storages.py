"""Storages: spec parsing, DDL actually created on MariaDB, ownership-checked drops."""

from __future__ import annotations

import MySQLdb
import pytest
from blobbench.engine.capabilities import ALL_STORAGES, capabilities, storage_support
from blobbench.engine.codecs import train_dictionary
from blobbench.engine.datasets import generate
from blobbench.engine.errors import MatrixError, TargetError
from blobbench.engine.storages import (
    OWNER_MARK,
    check_storage_support,
    create_dictionary_sql,
    create_table,
    create_table_sql,
    drop_dictionary_sql,
    drop_table,
    ensure_schema,
    flush_table,
    known_storages,
    page_compression,
    parse_storage,
    table_disk_bytes,
)
from blobbench.engine.target import probe

from .conftest import SCHEMA

MARIADB = {"flavour": "mariadb", "version": "10.11.6", "innodb_page_size": 16384,
           "page_compression_algorithms": ["zlib"]}


@pytest.mark.parametrize(
    "spec,name,kind",
    [
        ("dynamic", "dynamic", "dynamic"),
        ("compressed", "compressed:8", "compressed"),
        ("Compressed:4", "compressed:4", "compressed"),
        ("compressed:16", "compressed:16", "compressed"),
        ("page:lz4", "page:lz4", "page"),
        ("page", "page:zlib", "page"),
        ("column", "column", "column"),
        ("percona_column", "percona_column", "percona_column"),
        ("Percona_Column:dict", "percona_column:dict", "percona_column"),
    ],
)
def test_parse_storage(spec: str, name: str, kind: str) -> None:
    s = parse_storage(spec)
    assert (s.name, s.kind) == (name, kind)


@pytest.mark.parametrize("bad", ["compressed:3", "page:zstd", "redundant", "dynamic:1", "",
                                 "percona_column:zlib"])
def test_parse_storage_errors(bad: str) -> None:
    with pytest.raises(MatrixError) as e:
        parse_storage(bad)
    assert "choose from" in str(e.value)


def test_create_table_sql() -> None:
    sql = create_table_sql("bb", "t1", parse_storage("compressed:4"))
    assert sql.startswith("CREATE TABLE `bb`.`t1` (id INT NOT NULL PRIMARY KEY, data LONGBLOB NOT NULL)")
    assert "ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=4" in sql
    assert sql.endswith(f"COMMENT='{OWNER_MARK}'")
    assert "PAGE_COMPRESSED=1" in create_table_sql("bb", "t", parse_storage("page:zlib"))
    assert "COMPRESSION='lz4'" in create_table_sql("bb", "t", parse_storage("page:lz4"), "mysql")
    assert "LONGBLOB COMPRESSED NOT NULL" in create_table_sql("bb", "t", parse_storage("column"))


@pytest.mark.parametrize("schema,table", [("bb", "t`; DROP"), ("b b", "t"), ("bb", ""), ("bb", "x" * 65)])
def test_identifiers_are_validated(schema: str, table: str) -> None:
    with pytest.raises(MatrixError):
        create_table_sql(schema, table, parse_storage("dynamic"))


def test_storage_support() -> None:
    with pytest.raises(MatrixError) as e:
        check_storage_support(parse_storage("page:lz4"), MARIADB)
    assert "provider_lz4" in str(e.value) and "mariadb-plugin-provider-lz4" in str(e.value)
    check_storage_support(parse_storage("page:lz4"), {**MARIADB, "page_compression_algorithms": ["zlib", "lz4"]})
    mysql = {"flavour": "mysql", "version": "8.0.36", "innodb_page_size": 16384}
    with pytest.raises(MatrixError, match="MariaDB") as e:
        check_storage_support(parse_storage("column"), mysql)
    assert e.value.code == "unsupported"
    with pytest.raises(MatrixError):
        check_storage_support(parse_storage("page:snappy"), mysql)
    check_storage_support(parse_storage("page:lz4"), mysql)
    with pytest.raises(MatrixError, match="innodb_page_size"):
        check_storage_support(parse_storage("compressed:8"), {**MARIADB, "innodb_page_size": 65536})


@pytest.mark.parametrize("spec", ["dynamic", "compressed:8", "compressed:4", "page:zlib", "column"])
def test_tables_on_mariadb(admin, spec: str) -> None:
    storage = parse_storage(spec)
    table = "st_" + spec.replace(":", "_")
    ensure_schema(admin, SCHEMA)
    drop_table(admin, SCHEMA, table)
    blob = generate("random:4", 200_000)
    create_table(admin, SCHEMA, table, storage)
    try:
        cur = admin.cursor()
        with page_compression(admin, SCHEMA, table, storage):
            cur.execute(f"INSERT INTO `{SCHEMA}`.`{table}` VALUES (1, %s)", (blob,))
        cur.execute(f"SELECT data FROM `{SCHEMA}`.`{table}` WHERE id=1")
        assert cur.fetchone()[0] == blob
        cur.execute(
            "SELECT ROW_FORMAT, CREATE_OPTIONS, TABLE_COMMENT FROM information_schema.TABLES "
            "WHERE TABLE_SCHEMA=%s AND TABLE_NAME=%s", (SCHEMA, table))
        row_format, options, comment = cur.fetchone()
        assert comment == OWNER_MARK
        if storage.kind == "compressed":
            assert row_format == "Compressed"
            assert f"key_block_size={storage.key_block_size}" in options.lower()
        elif storage.kind == "page":
            assert "page_compressed" in options.lower()
        else:
            assert row_format == "Dynamic"
        if storage.kind == "column":
            cur.execute(f"SHOW CREATE TABLE `{SCHEMA}`.`{table}`")
            assert "COMPRESSED" in cur.fetchone()[1]
    finally:
        assert drop_table(admin, SCHEMA, table) is True
    assert drop_table(admin, SCHEMA, table) is False


def test_page_compression_switches_and_restores_global(admin) -> None:
    cur = admin.cursor()
    cur.execute("SELECT @@GLOBAL.innodb_compression_algorithm")
    original = cur.fetchone()[0]
    storage = parse_storage("page:zlib")
    create_table(admin, SCHEMA, "st_page_switch", storage)
    try:
        cur.execute("SET GLOBAL innodb_compression_algorithm = 'none'")
        with page_compression(admin, SCHEMA, "st_page_switch", storage):
            cur.execute("SELECT @@GLOBAL.innodb_compression_algorithm")
            assert cur.fetchone()[0] == "zlib"
            cur.execute(f"INSERT INTO `{SCHEMA}`.st_page_switch VALUES (1, REPEAT('a', 100000))")
        cur.execute("SELECT @@GLOBAL.innodb_compression_algorithm")
        assert cur.fetchone()[0] == "none"
    finally:
        cur.execute("SET GLOBAL innodb_compression_algorithm = %s", (original,))
        drop_table(admin, SCHEMA, "st_page_switch")


def test_drop_refuses_unowned_table(admin) -> None:
    cur = admin.cursor()
    cur.execute(f"CREATE TABLE IF NOT EXISTS `{SCHEMA}`.not_ours (id INT PRIMARY KEY) COMMENT='user data'")
    try:
        with pytest.raises(TargetError) as e:
            drop_table(admin, SCHEMA, "not_ours")
        assert e.value.code == "not_owned"
        cur.execute(f"SHOW TABLES FROM `{SCHEMA}` LIKE 'not_ours'")
        assert cur.fetchone() is not None
    finally:
        cur.execute(f"DROP TABLE `{SCHEMA}`.not_ours")


def test_create_refuses_existing_table(admin) -> None:
    create_table(admin, SCHEMA, "st_twice", parse_storage("dynamic"))
    try:
        with pytest.raises(MySQLdb.OperationalError):
            create_table(admin, SCHEMA, "st_twice", parse_storage("dynamic"))
    finally:
        drop_table(admin, SCHEMA, "st_twice")


def test_percona_ddl() -> None:
    plain = create_table_sql("bb", "bb_t1", parse_storage("percona_column"), "percona")
    assert "data LONGBLOB NOT NULL COLUMN_FORMAT COMPRESSED)" in plain
    with_dict = create_table_sql("bb", "bb_t1", parse_storage("percona_column:dict"), "percona")
    assert ("data LONGBLOB NOT NULL COLUMN_FORMAT COMPRESSED WITH COMPRESSION_DICTIONARY "
            "`bb_t1_dict`)") in with_dict
    assert with_dict.endswith(f"COMMENT='{OWNER_MARK}'") and "ROW_FORMAT=DYNAMIC" in with_dict
    content = train_dictionary("json", 0, "zlib").data
    ddl = create_dictionary_sql("bb", "bb_t1", content)
    assert ddl == f"CREATE COMPRESSION_DICTIONARY `bb_t1_dict` (0x{content.hex()})"
    assert create_dictionary_sql("bb", "bb_t1", b"\x00'\\") .endswith("(0x00275c)")
    assert drop_dictionary_sql("bb_t1") == "DROP COMPRESSION_DICTIONARY IF EXISTS `bb_t1_dict`"
    with pytest.raises(MatrixError):
        create_dictionary_sql("bb", "bb_t1", b"")
    with pytest.raises(MatrixError):
        create_dictionary_sql("bb", "bad name", b"x")


def test_percona_dictionary_needs_content(admin) -> None:
    with pytest.raises(MatrixError, match="needs a dictionary"):
        create_table(admin, SCHEMA, "st_pc", parse_storage("percona_column:dict"), "percona")


def test_capabilities_cover_everything() -> None:
    caps = capabilities({**MARIADB, "version_tuple": [10, 11, 6], "max_allowed_packet": 16 << 20,
                         "max_connections": 151, "innodb_buffer_pool_size": 128 << 20})
    assert [s["name"] for s in caps["storages"]] == ALL_STORAGES == known_storages()
    assert {m["name"] for m in caps["methods"]} >= {"zstd_dict", "zlib_dict", "lz4hc", "brotli"}
    assert all(m["supported"] for m in caps["methods"])
    assert next(m for m in caps["methods"] if m["name"] == "zstd")["levels"] == [-131072, 22, 3]
    by = {s["name"]: s for s in caps["storages"]}
    for name in ("dynamic", "compressed:1", "compressed:16", "page:zlib", "column"):
        assert by[name] == {"name": name, "supported": True, "reason": None}
    assert by["page:lz4"]["reason"] == ("lz4 provider plugin not loaded (Debian: "
                                        "mariadb-plugin-provider-lz4; then INSTALL SONAME "
                                        "'provider_lz4')")
    assert "needs Percona Server" in by["percona_column:dict"]["reason"]
    assert {w["name"]: w["supported"] for w in caps["workloads"]} == {
        "read": True, "read_cold": True, "write": True, "codec_lab": True, "load": True,
        "load_then_index": True, "binlog": True, "binlog_row": True}  # no binlog facts: unknown is not unsupported
    assert caps["limits"]["max_concurrency"] == 146
    assert caps["limits"]["cold_table_bytes"] == 192 << 20


@pytest.mark.parametrize(
    "facts,storage,needle",
    [
        ({"flavour": "mysql", "version_tuple": [8, 0, 36]}, "page:lzo",
         "MySQL supports page compression with zlib and lz4 only"),
        ({"flavour": "mysql", "version_tuple": [5, 7, 5]}, "page:zlib", "needs MySQL 5.7.8+"),
        ({"flavour": "mariadb", "version_tuple": [10, 5, 9]}, "page:snappy",
         "no snappy support (Innodb_have_snappy is OFF)"),
        ({"flavour": "mariadb", "version_tuple": [10, 2, 9]}, "column", "needs MariaDB 10.3.2+"),
        ({"flavour": "mariadb", "innodb_file_per_table": False}, "compressed:8",
         "ROW_FORMAT=COMPRESSED needs innodb_file_per_table=ON"),
        ({"flavour": "mariadb", "innodb_file_per_table": "OFF"}, "page:zlib",
         "page compression needs innodb_file_per_table=ON"),
        ({"flavour": "mysql", "innodb_page_size": 65536}, "compressed:4",
         "needs a 16K (or smaller) innodb_page_size; the target's is 64K"),
        ({"flavour": "mysql", "innodb_page_size": 8192}, "compressed:16",
         "KEY_BLOCK_SIZE=16 is larger than the target's 8K innodb_page_size"),
        ({"flavour": "mariadb", "innodb_read_only_compressed": True}, "compressed:8",
         "innodb_read_only_compressed=ON"),
        ({"flavour": "mariadb"}, "percona_column", "needs Percona Server"),
    ],
)
def test_storage_reasons(facts: dict, storage: str, needle: str) -> None:
    ok, reason = storage_support(storage, facts)
    assert ok is False and needle in reason


def test_capabilities_of_the_local_server(target) -> None:
    """The live MariaDB: zlib page compression works; every provider not loaded says why."""
    facts = probe(target)
    by = {s["name"]: s for s in capabilities(facts)["storages"]}
    assert by["page:zlib"]["supported"] and by["column"]["supported"]
    assert by["compressed:8"]["supported"] and not by["percona_column"]["supported"]
    for alg in ("lz4", "lzo", "lzma", "bzip2", "snappy"):
        entry = by[f"page:{alg}"]
        if alg in facts["page_compression_algorithms"]:
            assert entry["supported"]
        else:
            assert f"mariadb-plugin-provider-{alg}" in entry["reason"]


def _loaded_page_storages() -> list[str]:
    import MySQLdb

    from .conftest import HOST, PORT

    try:
        conn = MySQLdb.connect(host=HOST, port=PORT, user="root", password="")
    except MySQLdb.Error:  # pragma: no cover - the server is a test requirement
        return ["page:zlib"]
    try:
        cur = conn.cursor()
        cur.execute("SELECT PLUGIN_NAME FROM information_schema.PLUGINS "
                    "WHERE PLUGIN_NAME LIKE 'provider\\_%' AND PLUGIN_STATUS='ACTIVE'")
        extra = [f"page:{r[0].lower().removeprefix('provider_')}" for r in cur.fetchall()]
    finally:
        conn.close()
    return ["page:zlib"] + [s for s in extra if s in known_storages()]


@pytest.mark.parametrize("spec", ["dynamic", "compressed:1", "compressed:2", "compressed:4",
                                  "compressed:8", "compressed:16", "column"]
                         + _loaded_page_storages())
def test_every_storage_round_trip_and_disk_size(admin, spec: str) -> None:
    """Every storage the server offers: created, filled, read back, allocated size on disk."""
    storage = parse_storage(spec)
    table = "st_disk_" + spec.replace(":", "_")
    drop_table(admin, SCHEMA, table)
    blob = generate("random:2", 1 << 20, 1)
    create_table(admin, SCHEMA, table, storage)
    try:
        cur = admin.cursor()
        with page_compression(admin, SCHEMA, table, storage):
            for i in range(1, 7):
                cur.execute(f"INSERT INTO `{SCHEMA}`.`{table}` VALUES (%s, %s)", (i, blob))
        flush_table(admin, SCHEMA, table)
        cur.execute(f"SELECT data FROM `{SCHEMA}`.`{table}` WHERE id=2")
        assert cur.fetchone()[0] == blob
        disk = table_disk_bytes(admin, SCHEMA, table)
        assert disk is not None and disk > 0
        if storage.kind == "dynamic":
            assert disk >= 6 * len(blob)
        elif storage.key_block_size in (1, 2):  # tiny pages: zlib on 1-2 KiB chunks saves little
            assert disk < 6 * len(blob), (spec, disk)
        else:  # random:2 compresses ~6x: every server-side compression must show on disk
            assert disk < 6 * len(blob) * 0.6, (spec, disk)
    finally:
        drop_table(admin, SCHEMA, table)
