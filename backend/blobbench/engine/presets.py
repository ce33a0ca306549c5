"""Named matrices: the studies of the seeds, ready to run (``blobbench run --preset seed000``).

A preset is a union of matrices, because a study compares combinations that are not one
product (seed 000 has the compressed-row table only for uncompressed data).
"""

from __future__ import annotations

from .codec_lab import lab_methods
from .errors import MatrixError
from .matrix import CellSpec, expand, parse_matrix

#: Seed 000's 14 compared methods: (its label, BlobBench method, storage). Where BlobBench's
#: mapping is not obvious: the seed's "deflate" wrote the zlib header; its COMPRESS()-format
#: rows are decoded by the server (UNCOMPRESS) or the client; lz4_high17 becomes lz4hc:12
#: because liblz4 caps high compression at 12.
SEED000_METHODS: list[tuple[str, str, str]] = [
    ("uncompressed", "none", "dynamic"),
    ("compressed_table", "none", "compressed:8"),
    ("deflate", "zlib", "dynamic"),
    ("deflate+len_mysql", "mysql_uncompress", "dynamic"),
    ("deflate+len_client", "mysql_compress", "dynamic"),
    ("gzip", "gzip", "dynamic"),
    ("snappy", "snappy", "dynamic"),
    ("zstd", "zstd", "dynamic"),
    ("brotli_0", "brotli:0", "dynamic"),
    ("brotli_6", "brotli:6", "dynamic"),
    ("brotli_11", "brotli:11", "dynamic"),
    ("lz4_fast", "lz4", "dynamic"),
    ("lz4_high9", "lz4hc:9", "dynamic"),
    ("lz4_high17", "lz4hc:12", "dynamic"),
]
SEED000_DATASETS = ["random:62", "random:10", "random:4", "random:2"]
#: Seed 001's client counts (its curve went to 256 threads).
SEED001_CLIENTS = [1, 4, 8, 16, 32, 128, 256]
#: Connections left free for others (and BlobBench's own) when fitting clients to a server.
SPARE_CONNECTIONS = 8


def _seed000(datasets: list[str], sizes: str) -> list[dict]:
    storages = sorted({s for _, _, s in SEED000_METHODS})
    return [
        {"methods": [m for _, m, s in SEED000_METHODS if s == storage], "storages": [storage],
         "datasets": datasets, "sizes": sizes}
        for storage in storages
    ]


#: Seed 004's block sizes: a small page, InnoDB's 16 KiB page, a backup tool's 64 KiB, 1 MiB.
SEED004_BLOCKS = ["4KiB", "16KiB", "64KiB", "1MiB"]
#: Seed 002: storages compared for bulk load time and size (page:zlib is the algorithm every
#: page-compressing server has; add page:<alg> for the providers a target loads).
SEED002_STORAGES = ["dynamic", "compressed:4", "compressed:8", "compressed:16", "page:zlib",
                    "column"]

MATRIX_PRESETS: dict[str, list[dict]] = {
    "quick": [{
        "methods": ["none", "lz4", "zstd", "mysql_compress", "mysql_uncompress"],
        "storages": ["dynamic", "compressed:8"], "datasets": ["random:62", "random:2"],
        "sizes": "preset:quick",
    }],
    # seed 000: 14 methods × 4 alphabets × 70 stub lengths = 3,920 cells
    "seed000": _seed000(SEED000_DATASETS, "preset:seed000_stub"),
    # seed 000's real-data charts: realistic records at its 17 real lengths
    "seed000_real": _seed000(["records"], "preset:seed000_real"),
    # seed 001: ≈1.2 KB JSON documents, dictionaries, column compression, concurrency
    "seed001": [{
        "methods": ["none", "zlib", "zlib_dict", "zstd", "zstd_dict"], "storages": ["dynamic"],
        "datasets": ["json"], "sizes": [1200], "concurrency": SEED001_CLIENTS,
    }, {
        # the server compresses: MariaDB's compressed column, Percona's with a dictionary
        "methods": ["none"], "storages": ["column", "percona_column:dict"], "datasets": ["json"],
        "sizes": [1200], "concurrency": SEED001_CLIENTS,
    }, {
        # space: the reads' tables hold a few rows; a 64 MiB table of each (the load study)
        # gives the allocated size the savings are measured on
        "methods": ["none", "zlib", "zlib_dict", "zstd", "zstd_dict"], "storages": ["dynamic"],
        "datasets": ["json"], "sizes": [1200], "workloads": ["load"],
    }, {
        "methods": ["none"], "storages": ["column"], "datasets": ["json"], "sizes": [1200],
        "workloads": ["load"],
    }],
    # seed 004: every codec × level over TPC-H lineitem text and the built-in datasets, cut
    # into blocks, in memory (no table): compression/decompression speed, ratio, frontier
    "seed004_codec_lab": [{
        "methods": lab_methods(), "storages": ["dynamic"],
        "datasets": ["tpch", "json", "records"], "sizes": SEED004_BLOCKS,
        "workloads": ["codec_lab"],
    }],
    # seed 002: bulk load of 2 KiB text bodies (64 MiB) per storage, indexes created with the
    # table or added after the load; plus the application compressing the bodies with zstd
    "seed002_load_size": [{
        "methods": ["none"], "storages": SEED002_STORAGES, "datasets": ["json"],
        "sizes": [2048], "workloads": ["load", "load_then_index"],
    }, {
        "methods": ["zstd:3"], "storages": ["dynamic"], "datasets": ["json"], "sizes": [2048],
        "workloads": ["load", "load_then_index"],
    }],
    # seed 003: inserts and updates with binary-log compression off and on, for JSON and
    # records bodies stored raw or compressed by the application first, in the server's
    # binlog_format and in ROW (left out where the server's format is ROW already)
    "seed003_binlog": [{
        "methods": ["none", "zstd:3"], "storages": ["dynamic"], "datasets": ["json", "records"],
        "sizes": [256, 2048, 16384], "workloads": ["binlog", "binlog_row"],
    }],
}


#: One line for each preset, shown where people pick one.
PRESET_DESCRIPTIONS: dict[str, str] = {
    "quick": "5 methods × 2 storages × 2 datasets × 3 sizes: a first look in a few minutes",
    "seed000": "seed 000's grid: 14 methods × 4 alphabets × 70 stub lengths (3,920 cells)",
    "seed000_real": "seed 000's real-data charts: 14 methods on realistic records, 17 lengths",
    "seed001": "seed 001: 1.2 KB JSON with dictionaries and column compression, 1–256 clients",
    "seed004_codec_lab": "seed 004's codec lab: every codec and level in memory over TPC-H "
                         "lineitem, JSON and records in 4 KiB–1 MiB blocks; speed, ratio, "
                         "Pareto frontier",
    "seed002_load_size": "seed 002: bulk-load time and on-disk size per storage, indexes "
                         "created with the table or added after the load",
    "seed003_binlog": "seed 003: binary-log compression off and on for inserts and updates of "
                      "JSON and records, raw or compressed by the application: binlog bytes, "
                      "transactions per binlog file, server and client CPU",
}


#: Which study a preset is: the dashboard and the CLI show its table instead of a chart.
PRESET_STUDIES: dict[str, str] = {"seed004_codec_lab": "codec_lab",
                                  "seed002_load_size": "load_size",
                                  "seed003_binlog": "binlog"}


def preset_matrices_for_target(name: str, facts: dict) -> list:
    """A preset's matrices fitted to a probed target, so a study runs where it can instead of
    failing: storages the target cannot run are left out (seed 001's Percona dictionary column
    elsewhere), seed 002's page compression is measured with every algorithm the target has
    (``page_compression_algorithms``), and client counts above the server's
    ``max_connections`` (less a few spare) are left out; seed 003's ``binlog_row`` cells are
    left out where the server's binlog_format is ROW already."""
    from .capabilities import storage_support

    parts = preset_matrices(name)
    algs = facts.get("page_compression_algorithms") or ["zlib"]
    max_clients = (facts.get("max_connections") or 0) - SPARE_CONNECTIONS
    for m in parts:
        storages = list(m.storages)
        if name == "seed002_load_size" and "page:zlib" in storages:
            at = storages.index("page:zlib")
            storages[at:at + 1] = [f"page:{a}" for a in algs]
        if facts:
            storages = [s for s in storages if storage_support(s, facts)[0]]
        m.storages = list(dict.fromkeys(storages))
        if max_clients > 0:
            m.concurrency = [c for c in m.concurrency if c <= max_clients] or [1]
        if "binlog_row" in m.workloads and str(facts.get("binlog_format")).upper() == "ROW":
            m.workloads = [w for w in m.workloads if w != "binlog_row"]  # binlog measures ROW
    return [m for m in parts if m.storages]


def preset_cells(name: str) -> list[CellSpec]:
    """Every cell of a preset, in run order (each sub-matrix in turn)."""
    if name not in MATRIX_PRESETS:
        raise MatrixError(f"unknown preset '{name}'; choose from: {', '.join(MATRIX_PRESETS)}")
    return [cell for m in MATRIX_PRESETS[name] for cell in expand(parse_matrix(m))]


def preset_matrices(name: str):
    """The parsed matrices of a preset (for checks against a target)."""
    if name not in MATRIX_PRESETS:
        raise MatrixError(f"unknown preset '{name}'; choose from: {', '.join(MATRIX_PRESETS)}")
    return [parse_matrix(m) for m in MATRIX_PRESETS[name]]
