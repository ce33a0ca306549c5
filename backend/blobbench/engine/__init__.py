"""BlobBench's benchmark engine: codecs, datasets, storages, target access, measurement.

Plain Python plus the codec and driver libraries and numpy — no web, queue or ORM imports —
so the worker, the CLI, tests and benchmarks all drive it the same way.
"""

from .cache import EncodedCache, default_cache_dir
from .capabilities import capabilities
from .codecs import (
    Codec,
    Dictionary,
    codec_for,
    get_codec,
    known_methods,
    library_versions,
    train_dictionary,
)
from .datasets import generate, known_datasets, parse_dataset
from .drivers import DRIVERS
from .errors import Canceled, EngineError, MatrixError, TargetError, VerificationError
from .facts import host_facts
from .matrix import (
    SIZE_PRESETS,
    Matrix,
    check_against_target,
    count,
    expand,
    parse_matrix,
    parse_size,
    parse_sizes,
)
from .measure import (
    WORKLOADS,
    CellSpec,
    MeasureSettings,
    PreparedTable,
    measure_prepared,
    prepared_table,
    run_cell,
)
from .stats import summarize
from .storages import (
    Storage,
    create_table_sql,
    drop_table,
    ensure_schema,
    parse_storage,
)
from .target import TargetConn, connect, probe

__all__ = [
    "DRIVERS", "SIZE_PRESETS", "WORKLOADS",
    "Canceled", "CellSpec", "Codec", "Dictionary", "EncodedCache", "EngineError", "Matrix",
    "MatrixError", "MeasureSettings", "PreparedTable", "Storage", "TargetConn", "TargetError",
    "VerificationError", "capabilities", "check_against_target", "codec_for", "connect",
    "count", "create_table_sql", "default_cache_dir", "drop_table", "ensure_schema", "expand",
    "generate", "get_codec", "host_facts", "known_datasets", "known_methods",
    "library_versions", "measure_prepared", "parse_dataset", "parse_matrix", "parse_size",
    "parse_sizes", "parse_storage", "prepared_table", "probe", "run_cell", "summarize",
    "train_dictionary",
]
