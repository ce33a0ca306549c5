"""Target connections: error translation, schema creation, probing."""

from __future__ import annotations

import dataclasses

import MySQLdb
import pymysql
import pytest
from blobbench.engine.errors import MatrixError, TargetError
from blobbench.engine.target import TargetConn, connect, probe, translate_error

from .conftest import HOST, PORT

SECRET = "Sup3r-s3cret-pw"


def test_repr_hides_password() -> None:
    t = TargetConn("db", 3306, "app", SECRET)
    assert SECRET not in repr(t) and SECRET not in str(t)
    assert "***" in repr(t)


@pytest.mark.parametrize("driver", ["mysqlclient", "pymysql", "mysql-connector"])
def test_wrong_password_is_access_denied(target: TargetConn, driver: str) -> None:
    bad = dataclasses.replace(target, password=SECRET, driver=driver)
    with pytest.raises(TargetError) as e:
        connect(bad)
    assert e.value.code == "access_denied"
    assert "Access denied for user 'root'" in str(e.value)
    assert "check the user name and password" in str(e.value)
    assert SECRET not in str(e.value) and SECRET not in repr(e.value)


@pytest.mark.parametrize("driver", ["mysqlclient", "pymysql", "mysql-connector"])
def test_unreachable_port(driver: str) -> None:
    with pytest.raises(TargetError) as e:
        connect(TargetConn("127.0.0.1", 1, "root", SECRET, driver=driver))
    assert e.value.code == "unreachable"
    assert "Cannot reach 127.0.0.1:1" in str(e.value)
    assert "is the server running and the port open?" in str(e.value)
    assert SECRET not in str(e.value)


def test_unknown_driver() -> None:
    with pytest.raises(MatrixError, match="unknown driver"):
        connect(TargetConn("127.0.0.1", PORT, "root", "", driver="odbc"))


@pytest.mark.parametrize("driver", ["mysqlclient", "pymysql", "mysql-connector"])
def test_connect_creates_schema_with_autocommit(target: TargetConn, driver: str) -> None:
    t = dataclasses.replace(target, database="blobbench_test_engine_conn", driver=driver)
    conn = connect(t)
    try:
        cur = conn.cursor()
        cur.execute("SELECT DATABASE(), @@autocommit")
        db, autocommit = cur.fetchone()
        assert (db, int(autocommit)) == ("blobbench_test_engine_conn", 1)
    finally:
        conn.cursor().execute("DROP DATABASE `blobbench_test_engine_conn`")
        conn.close()


def test_missing_privilege(admin) -> None:
    """A user without CREATE on the schema gets missing_privilege, naming the database."""
    cur = admin.cursor()
    cur.execute(f"CREATE USER IF NOT EXISTS 'bb_engine_noprivs'@'%' IDENTIFIED BY '{SECRET}'")
    try:
        t = TargetConn(HOST, PORT, "bb_engine_noprivs", SECRET, database="blobbench_test_forbidden")
        with pytest.raises(TargetError) as e:
            connect(t)
        assert e.value.code == "missing_privilege"
        assert "blobbench_test_forbidden" in str(e.value)
        assert SECRET not in str(e.value)
    finally:
        cur.execute("DROP USER IF EXISTS 'bb_engine_noprivs'@'%'")


@pytest.mark.parametrize(
    "exc,code",
    [
        (MySQLdb.OperationalError(1044, "Access denied for user 'u'@'%' to database 'x'"), "missing_privilege"),
        (MySQLdb.OperationalError(1142, "CREATE command denied to user 'u'@'%' for table 't'"), "missing_privilege"),
        (MySQLdb.OperationalError(1227, "Access denied; you need (at least one of) the SUPER privilege(s)"), "missing_privilege"),
        (MySQLdb.OperationalError(1049, "Unknown database 'x'"), "unknown_database"),
        (pymysql.err.OperationalError(2003, "Can't connect (timed out)"), "unreachable"),
        (MySQLdb.OperationalError(2013, "Lost connection to server during query"), "unreachable"),
        (MySQLdb.OperationalError(1153, "Got a packet bigger than 'max_allowed_packet' bytes"), "too_large"),
        (MySQLdb.ProgrammingError(1064, f"syntax error near '{SECRET}'"), "server_error"),
    ],
)
def test_translate_error(exc: Exception, code: str) -> None:
    t = TargetConn("10.0.0.1", 3306, "u", SECRET)
    err = translate_error(exc, t, "loading rows")
    assert err.code == code
    assert SECRET not in err.message
    if code == "missing_privilege":
        assert "u" in err.message


@pytest.mark.parametrize("driver", ["mysqlclient", "pymysql", "mysql-connector"])
def test_probe(target: TargetConn, driver: str) -> None:
    facts = probe(dataclasses.replace(target, driver=driver))
    assert facts["flavour"] == "mariadb"
    assert facts["version"].startswith("10.") or facts["version"][0].isdigit()
    assert facts["max_allowed_packet"] >= 1 << 20
    assert facts["innodb_page_size"] in (4096, 8192, 16384, 32768, 65536)
    assert facts["innodb_buffer_pool_size"] > 0
    assert facts["innodb_compression_algorithm"] in ("none", "zlib", "lz4", "lzo", "lzma", "bzip2", "snappy")
    assert facts["page_compression_algorithms"][0] == "zlib"
    assert facts["hostname"]
    assert facts["rtt_us"] > 0


def test_probe_unreachable() -> None:
    with pytest.raises(TargetError) as e:
        probe(TargetConn("127.0.0.1", 1, "root", ""))
    assert e.value.code == "unreachable"


def test_driver_names_and_versions() -> None:
    from blobbench.engine.drivers import canonical_driver, driver_version

    assert canonical_driver("MySQLdb") == "mysqlclient"
    assert canonical_driver("mysql_connector") == "mysql-connector"
    assert "(" in driver_version("mysql-connector")  # says C extension or pure Python
    with pytest.raises(MatrixError, match="choose from: mysqlclient, pymysql, mysql-connector"):
        canonical_driver("odbc")


def test_probe_reports_capability_facts(target: TargetConn) -> None:
    facts = probe(target)
    assert facts["innodb_file_per_table"] in (True, False)
    assert facts["max_connections"] >= 10
    assert facts["innodb_read_only_compressed"] in (True, False, None)
