"""What a probed target can run, and why not: the capability profile behind the UI's greyed-out
cells and the run validation (:func:`~.matrix.check_against_target`).

:func:`capabilities` takes the facts :func:`~.target.probe` returns and lists every method
family, every storage and every workload with ``supported`` and, when False, a one-sentence
``reason`` a person can act on. Facts recorded by an older probe may lack a key: an unknown
fact never makes something unsupported (the run would then fail with the server's own error).
"""

from __future__ import annotations

from typing import Any

from .codecs import _FAMILIES, known_methods
from .limits import fmt_bytes, max_blob_size
from .storages import (
    KEY_BLOCK_SIZES,
    MYSQL_PAGE_ALGORITHMS,
    PAGE_ALGORITHMS,
    parse_storage,
)

#: A cold-cache cell needs a table larger than the buffer pool; BlobBench creates at most this.
MAX_COLD_TABLE_BYTES = 4 << 30
COLD_FACTOR = 1.5  # table = pool × this (at least)
CONNECTION_HEADROOM = 5  # connections left for others (and BlobBench's own control connection)

ALL_STORAGES = (
    ["dynamic"]
    + [f"compressed:{k}" for k in KEY_BLOCK_SIZES]
    + [f"page:{a}" for a in PAGE_ALGORITHMS]
    + ["column", "percona_column", "percona_column:dict"]
)
ALL_WORKLOADS = ("read", "read_cold", "write", "codec_lab", "load", "load_then_index", "binlog",
                 "binlog_row")


def _version(facts: dict[str, Any]) -> tuple[int, int, int] | None:
    v = facts.get("version_tuple")
    if isinstance(v, (list, tuple)) and len(v) >= 3:
        return (int(v[0]), int(v[1]), int(v[2]))
    return None


def _who(facts: dict[str, Any]) -> str:
    return f"{facts.get('flavour', 'unknown')} {facts.get('version', '')}".strip()


def _on(value: Any) -> bool | None:
    """A boolean server variable from facts (``ON``/``1``/True), None when unknown."""
    if value is None:
        return None
    if isinstance(value, bool):
        return value
    return str(value).strip().upper() in ("ON", "1", "TRUE", "YES")


def method_support(name: str, facts: dict[str, Any]) -> tuple[bool, str | None]:
    """(supported, reason) for a method family or spec on the target."""
    family = name.partition(":")[0]
    if family not in _FAMILIES:
        return False, f"unknown method '{name}'"
    if family == "mysql_uncompress":
        flavour = facts.get("flavour")
        if flavour not in (None, "mariadb", "mysql", "percona"):
            return False, f"needs the server's UNCOMPRESS() function (target is {_who(facts)})"
    return True, None


def _file_per_table_reason(facts: dict[str, Any], what: str) -> str | None:
    if _on(facts.get("innodb_file_per_table")) is False:
        return f"{what} needs innodb_file_per_table=ON (the target has it OFF)"
    return None


def storage_support(name: str, facts: dict[str, Any]) -> tuple[bool, str | None]:
    """(supported, reason) for a storage spec on the target described by ``facts``."""
    storage = parse_storage(name)
    flavour = facts.get("flavour", "mariadb")
    version = _version(facts)
    page_size = int(facts.get("innodb_page_size") or 16384)
    if storage.kind == "dynamic":
        return True, None
    if storage.kind == "compressed":
        reason = _file_per_table_reason(facts, "ROW_FORMAT=COMPRESSED")
        if reason:
            return False, reason
        if page_size > 16384:
            return False, (f"ROW_FORMAT=COMPRESSED needs a 16K (or smaller) innodb_page_size; "
                           f"the target's is {page_size // 1024}K")
        if storage.key_block_size and storage.key_block_size * 1024 > page_size:
            return False, (f"KEY_BLOCK_SIZE={storage.key_block_size} is larger than the target's "
                           f"{page_size // 1024}K innodb_page_size")
        if _on(facts.get("innodb_read_only_compressed")):
            return False, ("ROW_FORMAT=COMPRESSED tables are read-only on this target "
                           "(innodb_read_only_compressed=ON, the MariaDB 10.6.0-10.6.5 default)")
        return True, None
    if storage.kind == "page":
        alg = storage.algorithm or "zlib"
        reason = _file_per_table_reason(facts, "page compression")
        if reason:
            return False, reason
        if flavour == "mariadb":
            if version is not None and version < (10, 1, 0):
                return False, f"page compression needs MariaDB 10.1+ (target is {_who(facts)})"
            available = facts.get("page_compression_algorithms") or ["zlib"]
            if alg in available:
                return True, None
            if version is None or version >= (10, 7, 0):
                return False, (f"{alg} provider plugin not loaded (Debian: "
                               f"mariadb-plugin-provider-{alg}; then INSTALL SONAME "
                               f"'provider_{alg}')")
            return False, f"this MariaDB build has no {alg} support (Innodb_have_{alg} is OFF)"
        if alg not in MYSQL_PAGE_ALGORITHMS:
            return False, "MySQL supports page compression with zlib and lz4 only"
        if version is not None and version < (5, 7, 8):
            return False, f"page compression needs MySQL 5.7.8+ (target is {_who(facts)})"
        return True, None
    if storage.kind == "column":
        if flavour != "mariadb":
            return False, f"column compression needs MariaDB 10.3+ (target is {_who(facts)})"
        if version is not None and version < (10, 3, 2):
            return False, f"column compression needs MariaDB 10.3.2+ (target is {_who(facts)})"
        return True, None
    if storage.kind == "percona_column":
        if flavour != "percona":
            return False, (f"needs Percona Server (COLUMN_FORMAT COMPRESSED is a Percona "
                           f"extension; target is {_who(facts)})")
        return True, None
    raise AssertionError(storage.kind)  # pragma: no cover


def cold_table_bytes(facts: dict[str, Any]) -> int | None:
    """Bytes a cold-cache table needs on this target (pool × 1.5), None if the pool is unknown."""
    pool = int(facts.get("innodb_buffer_pool_size") or 0)
    return int(pool * COLD_FACTOR) if pool > 0 else None


def workload_support(name: str, facts: dict[str, Any]) -> tuple[bool, str | None]:
    """(supported, reason) for a workload on the target."""
    if name in ("read", "write", "codec_lab", "load", "load_then_index"):
        return True, None
    if name == "read_cold":
        need = cold_table_bytes(facts)
        if need is not None and need > MAX_COLD_TABLE_BYTES:
            return False, (
                f"a cold-cache read needs a table larger than the buffer pool "
                f"({fmt_bytes(int(facts['innodb_buffer_pool_size']))}), and BlobBench creates "
                f"at most {fmt_bytes(MAX_COLD_TABLE_BYTES)} per cell"
            )
        return True, None
    if name in ("binlog", "binlog_row"):
        from .binlog import binlog_problem

        problem = binlog_problem(facts)
        return problem is None, problem
    return False, f"unknown workload '{name}'"


def max_concurrency(facts: dict[str, Any]) -> int | None:
    """Most client connections a cell may open: ``max_connections`` minus some headroom."""
    mc = facts.get("max_connections")
    if not mc:
        return None
    return max(1, int(mc) - CONNECTION_HEADROOM)


def capabilities(facts: dict[str, Any]) -> dict[str, Any]:
    """Everything the target supports, and why not.

    ``{"methods": [{"name", "supported", "reason", "levels"}], "storages": [{"name",
    "supported", "reason"}], "workloads": [...], "limits": {"max_blob_size",
    "max_concurrency", "cold_table_bytes"}}``. ``levels`` is ``[min, max, default]`` or None.
    """
    methods = []
    for fam in known_methods():
        ok, reason = method_support(fam, facts)
        f = _FAMILIES[fam]
        levels = None if f.min_level is None else [f.min_level, f.max_level, f.default_level]
        methods.append({"name": fam, "supported": ok, "reason": reason, "levels": levels})
    storages = []
    for name in ALL_STORAGES:
        ok, reason = storage_support(name, facts)
        storages.append({"name": name, "supported": ok, "reason": reason})
    workloads = []
    for name in ALL_WORKLOADS:
        ok, reason = workload_support(name, facts)
        workloads.append({"name": name, "supported": ok, "reason": reason})
    packet = int(facts.get("max_allowed_packet") or 0)
    return {
        "methods": methods,
        "storages": storages,
        "workloads": workloads,
        "limits": {
            "max_blob_size": max_blob_size(packet) if packet > 0 else None,
            "max_concurrency": max_concurrency(facts),
            "cold_table_bytes": cold_table_bytes(facts),
        },
    }
