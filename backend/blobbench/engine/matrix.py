"""The matrix: methods × storages × datasets × sizes × workloads × concurrency.

:func:`parse_matrix` validates a plain dict (from JSON, YAML or the CLI) into a :class:`Matrix`
with canonical, de-duplicated names; :func:`expand` turns it into cells in a stable order;
:func:`check_against_target` rejects what the probed target cannot run before anything is
queued (using :func:`~.capabilities.capabilities`' reasons).

Cell order: storage → dataset → size → method → workload → concurrency. Storage outermost keeps
all cells of one storage together (one table layout, and one switch of MariaDB's global page
compression algorithm per storage); methods innermost-but-two means the methods competing at
one size are measured back to back, so partial results are comparable and drift over a long
run affects them alike.

Sizes may name presets (:data:`SIZE_PRESETS`): ``"sizes": "preset:seed000_stub"`` or a list
mixing presets and sizes, ``["preset:quick", "3MiB"]`` (``preset:`` may be omitted).

Workloads: ``read`` (warm buffer pool), ``read_cold`` (a working set larger than the buffer
pool, read in a cycle so nearly every read misses it) and ``write``; cache state is part of the
workload's name rather than a dimension of its own because it only means something for reads.
The studies are workloads too: ``codec_lab`` (sizes are block sizes, storage ``dynamic`` only)
and ``load``/``load_then_index``/``binlog``/``binlog_row`` (sizes are row body sizes).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import astuple, dataclass, field
from typing import Any

from .capabilities import (
    max_concurrency,
    method_support,
    storage_support,
    workload_support,
)
from .codecs import get_codec
from .datasets import parse_dataset
from .errors import MatrixError
from .limits import check_size
from .measure import MAX_CONCURRENCY, STUDY_WORKLOADS, CellSpec, canonical_workload
from .storages import parse_storage


def _seed000_stub() -> list[int]:
    """Seed 000's 70 stub lengths, as its published charts enumerate them.

    1 KiB; 5 to 95 KiB every 5 KiB (19); 100 to 900 KiB every 100 KiB (9); then "1.0MB" to
    "4.9MB" every "0.1MB" (40) and "5.0MB", where the study's MB is a MiB and its 0.1 MB is
    100 KiB (so 1.1MB = 1 MiB + 100 KiB). 1 + 19 + 9 + 40 + 1 = 70, from 1,024 bytes to
    5,242,880 bytes (the article's "sizes start from 1028 bytes" counts a 4-byte length prefix
    of its deflate+len rows). Denser where the article's charts are: small blobs and 1-5 MiB.
    """
    kib, mib = 1024, 1024 * 1024
    sizes = [kib] + [k * kib for k in range(5, 100, 5)] + [k * kib for k in range(100, 1000, 100)]
    sizes += [m * mib + t * 100 * kib for m in range(1, 5) for t in range(10)]
    return sizes + [5 * mib]


#: Named size lists. ``seed000_real`` are the 17 lengths of seed 000's real (user data) files of
#: 1 KB and more: the 34-94 KB "medium" band and the 600 KB-4 MB "large" band of its charts.
SIZE_PRESETS: dict[str, list[int]] = {
    "quick": [1024, 64 * 1024, 1024 * 1024],
    "seed000_stub": _seed000_stub(),
    "seed000_stub_small": [s for s in _seed000_stub() if s <= 100 * 1024],
    "seed000_stub_big": [s for s in _seed000_stub() if s >= 100 * 1024],
    "seed000_real": [
        34011, 42223, 51771, 62830, 81207, 94417,
        607930, 751048, 781196, 866049, 904172, 1075724, 1293080, 1448911, 1599048,
        4072805, 4287156,
    ],
}
SIZE_PRESETS["seed000_real_medium"] = [s for s in SIZE_PRESETS["seed000_real"] if s < 100_000]
SIZE_PRESETS["seed000_real_large"] = [s for s in SIZE_PRESETS["seed000_real"] if s >= 600_000]
assert len(SIZE_PRESETS["seed000_stub"]) == 70 and len(SIZE_PRESETS["seed000_real"]) == 17

MAX_SIZE = 1 << 30
_KEYS = ("methods", "storages", "datasets", "sizes", "workloads", "concurrency")
_PRESET_RE = re.compile(r"^\s*(?:preset:)?\s*([a-z0-9_]+)\s*$", re.IGNORECASE)
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
_SIZE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmg]?)(?:i?b)?\s*$", re.IGNORECASE)


@dataclass
class Matrix:
    """A validated matrix (names canonical, lists non-empty and de-duplicated)."""

    methods: list[str]
    storages: list[str]
    datasets: list[str]
    sizes: list[int]
    workloads: list[str] = field(default_factory=lambda: ["read"])
    concurrency: list[int] = field(default_factory=lambda: [1])


def parse_size(v: int | str) -> int:
    """Bytes from ``1024``, ``"1KiB"``, ``"64 KiB"``, ``"1.5MiB"``, ``"4M"``, ``"16k"``.

    Units are binary (k = 1024). Fractions are allowed if the result is a whole number of
    bytes. Raises MatrixError for garbage, sizes < 1 or > 1 GiB.
    """
    if isinstance(v, bool):
        raise MatrixError(f"bad size {v!r}; use bytes or a value like '64KiB'")
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if isinstance(v, int):
        n = v
    elif isinstance(v, str):
        m = _SIZE_RE.match(v)
        if not m:
            raise MatrixError(f"bad size '{v}'; use bytes or a value like 1024, '64KiB', '1.5MiB'")
        value = float(m.group(1)) * _UNITS[m.group(2).lower()]
        if not value.is_integer():
            raise MatrixError(f"size '{v}' is not a whole number of bytes")
        n = int(value)
    else:
        raise MatrixError(f"bad size {v!r}; use bytes or a value like '64KiB'")
    if n < 1:
        raise MatrixError(f"size {v!r} must be at least 1 byte")
    if n > MAX_SIZE:
        raise MatrixError(f"size {v!r} is larger than the 1 GiB limit")
    return n


def _dedupe(values: Iterable[Any], key: Callable[[Any], Any] = lambda v: v) -> list[Any]:
    """Keep the first of values that are the same under ``key``, in order."""
    seen: set[Any] = set()
    out = []
    for v in values:
        k = key(v)
        if k not in seen:
            seen.add(k)
            out.append(v)
    return out


def _codec_identity(name: str) -> tuple[str, Any]:
    """``zstd`` and ``zstd:3`` are one codec: measure it once, under the name first written."""
    codec = get_codec(name)
    return codec.family, codec.level


def _dimension(d: dict[str, Any], key: str, parse: Callable[[Any], Any], default: list | None = None) -> list:
    raw = d.get(key, default)
    if raw is None:
        raise MatrixError(f"the matrix needs '{key}'")
    if isinstance(raw, (str, int)) and not isinstance(raw, bool):
        raw = [raw]
    if not isinstance(raw, (list, tuple)) or not raw:
        raise MatrixError(f"'{key}' must be a non-empty list")
    return _dedupe(parse(v) for v in raw)


def _method(v: Any) -> str:
    return get_codec(v).name


def _storage(v: Any) -> str:
    return parse_storage(v).name


def _workload(v: Any) -> str:
    return canonical_workload(v)


def _concurrency(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 1:
        raise MatrixError(f"bad concurrency {v!r}; use a positive integer")
    if v > MAX_CONCURRENCY:
        raise MatrixError(f"concurrency {v} is above the limit of {MAX_CONCURRENCY} clients")
    return v


def preset_sizes(name: str) -> list[int]:
    """The sizes of a preset (``seed000_stub`` or ``preset:seed000_stub``); else MatrixError."""
    m = _PRESET_RE.match(str(name))
    key = m.group(1).lower() if m else ""
    if key not in SIZE_PRESETS:
        raise MatrixError(
            f"unknown size preset '{name}'; choose from: {', '.join(SIZE_PRESETS)}"
        )
    return list(SIZE_PRESETS[key])


def _size_values(v: Any) -> list[int]:
    """One entry of ``sizes``: a size, or a preset name (``preset:`` prefix optional)."""
    if isinstance(v, str):
        s = v.strip().lower()
        if s.startswith("preset:") or s.removeprefix("preset:") in SIZE_PRESETS:
            return preset_sizes(s)
    return [parse_size(v)]


def parse_sizes(raw: Any) -> list[int]:
    """Sizes from a value or list mixing sizes and presets, flattened and de-duplicated."""
    if raw is None:
        raise MatrixError("the matrix needs 'sizes'")
    if isinstance(raw, (str, int)) and not isinstance(raw, bool):
        raw = [raw]
    if not isinstance(raw, (list, tuple)) or not raw:
        raise MatrixError("'sizes' must be a non-empty list")
    return _dedupe(s for v in raw for s in _size_values(v))


def parse_matrix(d: dict[str, Any]) -> Matrix:
    """Validate a dict with keys methods, storages, datasets, sizes[, workloads, concurrency].

    Unknown keys are rejected (a typo must not silently shrink a run).
    """
    if not isinstance(d, dict):
        raise MatrixError("the matrix must be an object with methods, storages, datasets, sizes")
    unknown = [k for k in d if k not in _KEYS]
    if unknown:
        raise MatrixError(f"unknown matrix key '{unknown[0]}'; choose from: {', '.join(_KEYS)}")
    m = Matrix(
        methods=_dedupe(_dimension(d, "methods", _method), key=_codec_identity),
        storages=_dimension(d, "storages", _storage),
        datasets=_dimension(d, "datasets", parse_dataset),
        sizes=parse_sizes(d.get("sizes")),
        workloads=_dimension(d, "workloads", _workload, ["read"]),
        concurrency=_dimension(d, "concurrency", _concurrency, [1]),
    )
    if "write" in m.workloads and any(c > 1 for c in m.concurrency):
        raise MatrixError(
            "the write workload runs with one client: drop concurrency values above 1, or put "
            "writes and concurrent reads in separate runs"
        )
    studies = [w for w in m.workloads if w in STUDY_WORKLOADS]
    if studies and any(c > 1 for c in m.concurrency):
        raise MatrixError(
            f"the {studies[0]} workload runs with one client: drop concurrency values above 1"
        )
    if "codec_lab" in m.workloads:
        if m.storages != ["dynamic"]:
            raise MatrixError("the codec_lab workload measures codecs in memory, without a "
                              "table: give it the storage 'dynamic' only (one run per study)")
        if any(get_codec(meth).server_decode for meth in m.methods):
            raise MatrixError("the codec lab measures client codecs: mysql_uncompress decodes "
                              "on the server (use mysql_compress)")
    return m


def expand(m: Matrix) -> list[CellSpec]:
    """All cells, ordered storage → dataset → size → method → workload → concurrency."""
    return [
        CellSpec(method=meth, storage=st, dataset=ds, size=size, workload=wl, concurrency=c)
        for st, ds, size, meth, wl, c in itertools.product(
            m.storages, m.datasets, m.sizes, m.methods, m.workloads, m.concurrency
        )
    ]


def envelope(parts: list[Matrix]) -> Matrix:
    """The smallest single matrix holding every value of ``parts``: what a run made of several
    matrices (a preset) shows in its selectors. Its product may hold cells no part has."""
    def values(dim: str) -> list:
        return _dedupe(v for m in parts for v in getattr(m, dim))

    return Matrix(methods=values("methods"), storages=values("storages"),
                  datasets=values("datasets"), sizes=sorted(values("sizes")),
                  workloads=values("workloads"), concurrency=sorted(values("concurrency")))


def expand_all(parts: list[Matrix]) -> list[CellSpec]:
    """Every cell of several matrices, each part in turn, a cell that two parts share once."""
    return _dedupe((cell for m in parts for cell in expand(m)), key=astuple)


def count(m: Matrix) -> int:
    """Number of cells :func:`expand` yields."""
    return (
        len(m.methods) * len(m.storages) * len(m.datasets) * len(m.sizes)
        * len(m.workloads) * len(m.concurrency)
    )


def check_against_target(m: Matrix, facts: dict[str, Any]) -> None:
    """Reject a matrix the probed target (``facts`` from :func:`probe`) cannot run.

    TargetError(``too_large``) if the largest size (after encoding/escaping headroom, and as an
    ``UNCOMPRESS()`` result) exceeds max_allowed_packet; MatrixError (code ``unsupported``)
    with the capability's reason if a method, storage or workload is unavailable on the target
    (flavour, version, provider plugin, page size …) or the concurrency exceeds what its
    ``max_connections`` allows.
    """
    check_size(max(m.sizes), facts)
    checks = (
        [("method", v, method_support) for v in m.methods]
        + [("storage", v, storage_support) for v in m.storages]
        + [("workload", v, workload_support) for v in m.workloads]
    )
    for what, value, support in checks:
        ok, reason = support(value, facts)
        if not ok:
            raise MatrixError(f"{what} '{value}' is not supported by this target: {reason}",
                              code="unsupported")
    limit = max_concurrency(facts)
    if limit is not None and max(m.concurrency) > limit:
        raise MatrixError(
            f"concurrency {max(m.concurrency)} needs more connections than the target allows "
            f"(max_connections={facts.get('max_connections')}, so at most {limit} clients)",
            code="unsupported",
        )
