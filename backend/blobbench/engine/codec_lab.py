"""The codec lab (seed 004): in-memory compression and decompression of a dataset cut into
blocks, for every codec and level, without a server.

A cell of the ``codec_lab`` workload names a method (``zstd:3``), a dataset and a block size
(the cell's ``size``: 4 KiB, 16 KiB = an InnoDB page, 64 KiB, 1 MiB …). :func:`run_codec_lab`

1. takes ``n = max(min_blocks, lab_bytes // size)`` consecutive blocks of the dataset (a
   ``sample:<id>`` gives at most what the sample holds, and says so when one block had to wrap);
2. compresses and decompresses every block once, checking each round trip by checksum — this
   pass is also the warm-up (continued for ``warmup_s``);
3. times whole passes (every block, in order) of compression, then of decompression, until the
   95% CI of the mean pass time is within ``ci_target`` (after ``min_passes``) or half the time
   budget is spent per direction (at least two passes each, so a CI exists).

Speeds are uncompressed bytes per second of wall time (``compress_bps``, ``decompress_bps``,
with CIs, as :mod:`.stats` computes them) and of the thread's CPU time (``*_cpu_bps``): the
codec libraries run on the calling thread, so CPU time is the codec's. ``ratio`` is
uncompressed ÷ compressed bytes over all blocks (each block compressed on its own, as a
database page or a blob is). The measures map onto the result's columns as ``write_bps`` =
compression and ``read_bps`` = decompression; ``encode_s`` is the mean compression time of
one block. Block-by-block calls cost the Python loop ~0.1-0.3 µs a block: ``loop_ns_per_block``
reports it (it matters only for the fastest codecs on 4 KiB blocks).

Then, over the results of a study (pure functions, also mirrored by the dashboard):

* :func:`pareto_frontier` — seed 004's rule: A is better than B if A is faster and not larger,
  or smaller and not slower; the frontier is what nothing is better than.
* :func:`speed_line` — the seed's ``BEST SPEED --- QuickLZ --LZ4 … --- BEST COMPRESSION``.
* :func:`projected_bps` — end-to-end throughput over a link of a given speed: a read costs
  ``compressed / link + decompression``, a write ``compression + compressed / link``, so a
  person sees which codec wins at 100 Mbit/s and which at 10 Gbit/s.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict
from typing import Any, TypeVar

import numpy as np

from .codecs import Codec, codec_for, library_versions
from .datasets import generate, parse_dataset
from .errors import Canceled, MatrixError, VerificationError
from .facts import host_facts
from .stats import RunningMoments, decimate, summarize
from .tuning import no_gc

WORKLOAD = "codec_lab"
MIN_BLOCKS = 4
MIN_PASSES = 3

#: The levels the lab measures per codec family: every level of the families with a small
#: range, a ladder through the large ones (lz4's acceleration runs to 65537, zstd's fast levels
#: to -131072). ``deflate``/``gzip`` are zlib's stream with another header: one level each.
LAB_LEVELS: dict[str, list[int | None]] = {
    "none": [None],
    "lz4": [1, 4, 16, 64],
    "lz4hc": list(range(1, 13)),
    "snappy": [None],
    "zstd": [-50, -10, -5, -1, *range(1, 23)],
    "zlib": list(range(1, 10)),
    "deflate": [6],
    "gzip": [6],
    "mysql_compress": [None],
    "brotli": list(range(12)),
    "lzma": list(range(10)),
}


def lab_methods(families: Iterable[str] | None = None) -> list[str]:
    """Method specs of the lab's ladder (``zstd:-5`` … ``lzma:9``), fastest families first."""
    wanted = list(LAB_LEVELS) if families is None else list(families)
    out: list[str] = []
    for fam in wanted:
        if fam not in LAB_LEVELS:
            raise MatrixError(f"the codec lab has no level ladder for '{fam}'; choose from: "
                              f"{', '.join(LAB_LEVELS)}")
        out += [fam if lvl is None else f"{fam}:{lvl}" for lvl in LAB_LEVELS[fam]]
    return out


def check_method(codec: Codec) -> None:
    """The lab measures codecs in this process: a server-side decode has nothing to time."""
    if codec.server_decode:
        raise MatrixError(f"method '{codec.name}' decodes on the server; the codec lab measures "
                          "client codecs (use mysql_compress for the COMPRESS() format)")


# --- the dataset's blocks ------------------------------------------------------------------


def lab_blocks(dataset: str, block_size: int, lab_bytes: int, seed: int = 0,
               min_blocks: int = MIN_BLOCKS) -> tuple[list[bytes], dict[str, Any]]:
    """Consecutive ``block_size`` blocks of ``dataset`` and a description of where they came
    from. Generated datasets give ``max(min_blocks, lab_bytes // block_size)`` blocks; a
    ``sample:<id>`` gives as many whole blocks as it holds (up to that count), or one block
    made by repeating the sample when it is shorter than a block (``wrapped``: flatters the
    ratio)."""
    canon = parse_dataset(dataset)
    if block_size < 1:
        raise MatrixError(f"block size must be at least 1 byte, got {block_size}")
    want = max(min_blocks, lab_bytes // block_size)
    wrapped = False
    if canon.startswith("sample:"):
        from .samples import load_sample

        sample = load_sample(canon.split(":", 1)[1])
        n = min(want, len(sample) // block_size)
        if n == 0:
            n, wrapped = 1, True
            data = (sample * (block_size // len(sample) + 1))[:block_size]
        else:
            data = sample[: n * block_size]
        source = {"sample_bytes": len(sample)}
    else:
        n = want
        data = generate(canon, n * block_size, seed)
        source = {}
    view = memoryview(data)
    blocks = [bytes(view[i * block_size:(i + 1) * block_size]) for i in range(n)]
    return blocks, {"dataset": canon, "block_size": block_size, "blocks": n,
                    "lab_bytes": n * block_size, "wrapped": wrapped, **source}


# --- timing --------------------------------------------------------------------------------


def _check(should_stop: Callable[[], bool] | None) -> None:
    if should_stop is not None and should_stop():
        raise Canceled("canceled by request")


def _timed_passes(one_pass: Callable[[], None], budget_s: float, ci_target: float,
                  min_passes: int, should_stop: Callable[[], bool] | None
                  ) -> tuple[list[int], list[int], bool]:
    """Run ``one_pass`` until the mean's CI is within ``ci_target`` (after ``min_passes``) or
    ``budget_s`` ends (after two passes). Returns (wall ns, thread CPU ns, converged)."""
    wall: list[int] = []
    cpu: list[int] = []
    moments = RunningMoments()
    perf, cpu_ns = time.perf_counter_ns, time.thread_time_ns
    deadline = time.perf_counter() + budget_s
    while True:
        c0, t0 = cpu_ns(), perf()
        one_pass()
        t1, c1 = perf(), cpu_ns()
        wall.append(t1 - t0)
        cpu.append(c1 - c0)
        moments.add_batch(np.array([t1 - t0], dtype=np.float64))
        _check(should_stop)
        if len(wall) >= min_passes and moments.rel_halfwidth() <= ci_target:
            return wall, cpu, True
        if len(wall) >= 2 and time.perf_counter() >= deadline:
            return wall, cpu, False


def _loop_overhead_ns(blocks: Sequence[bytes]) -> float:
    """What the block loop costs without a codec: a no-op call per block, best of three."""
    def noop(b: bytes) -> bytes:
        return b

    best = math.inf
    for _ in range(3):
        t0 = time.perf_counter_ns()
        for b in blocks:
            noop(b)
        best = min(best, time.perf_counter_ns() - t0)
    return best / max(len(blocks), 1)


def _checksum(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def _direction(name: str, wall: list[int], cpu: list[int], total: int, converged: bool
               ) -> dict[str, Any]:
    s = summarize(wall, total)
    cpu_s = sum(cpu) / 1e9
    return {
        f"{name}_bps": s["bps_mean"],
        f"{name}_bps_median": s["bps_median"],
        f"{name}_bps_ci_low": s["bps_ci_low"],
        f"{name}_bps_ci_high": s["bps_ci_high"],
        f"{name}_ci_halfwidth_pct": (s["ci_rel_halfwidth"] * 100
                                     if math.isfinite(s["ci_rel_halfwidth"]) else None),
        f"{name}_cpu_bps": total * len(cpu) / cpu_s if cpu_s > 0 else None,
        f"{name}_cpu_s_per_pass": cpu_s / len(cpu),
        f"{name}_passes": len(wall),
        f"{name}_converged": converged,
    }


def measure_codec(codec: Codec, blocks: Sequence[bytes], *, ci_target: float = 0.02,
                  time_budget_s: float = 5.0, warmup_s: float = 0.25,
                  min_passes: int = MIN_PASSES,
                  should_stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """Compression and decompression speeds and the ratio of ``codec`` over ``blocks``.

    Raises VerificationError when a block does not decode to itself. ``none`` is not timed
    (there is nothing to measure): its speeds are None and its ratio 1.
    """
    check_method(codec)
    if not blocks:
        raise MatrixError("the codec lab needs at least one block")
    block_size = len(blocks[0])
    total = sum(len(b) for b in blocks)
    t_warm_end = time.perf_counter() + warmup_s  # the verifying pass is the first warm-up
    encode = codec.encode
    compressed = [encode(b) for b in blocks]
    decode = codec.decoder(block_size if all(len(b) == block_size for b in blocks) else None)
    for i, (b, c) in enumerate(zip(blocks, compressed)):
        out = decode(c)
        if len(out) != len(b) or _checksum(out) != _checksum(b):
            raise VerificationError(f"block {i} of {len(blocks)} did not survive a round trip "
                                    f"through '{codec.name}'")
    comp_bytes = sum(len(c) for c in compressed)
    base: dict[str, Any] = {
        "ratio": total / comp_bytes if comp_bytes else None,
        "stored_fraction": comp_bytes / total if total else None,
        "compressed_bytes": comp_bytes,
        "uncompressed_bytes": total,
        "encoded_bytes": comp_bytes / len(blocks),
    }
    if codec.family == "none":
        return {**base, "compress_bps": None, "decompress_bps": None, "converged": True,
                "compress_passes": 0, "decompress_passes": 0, "decompress_wall_ns": []}

    def compress_pass() -> None:
        for b in blocks:
            encode(b)

    def decompress_pass() -> None:
        for c in compressed:
            decode(c)

    with no_gc():
        while time.perf_counter() < t_warm_end:
            compress_pass()
            decompress_pass()
            _check(should_stop)
        half = time_budget_s / 2
        cw, cc, c_ok = _timed_passes(compress_pass, half, ci_target, min_passes, should_stop)
        dw, dc, d_ok = _timed_passes(decompress_pass, half, ci_target, min_passes, should_stop)
    return {
        **base,
        **_direction("compress", cw, cc, total, c_ok),
        **_direction("decompress", dw, dc, total, d_ok),
        "converged": c_ok and d_ok,
        "decompress_wall_ns": dw,
    }


def run_codec_lab(cell: Any, settings: Any, should_stop: Callable[[], bool] | None = None
                  ) -> dict[str, Any]:
    """Measure one ``codec_lab`` cell (a :class:`~.measure.CellSpec` with
    :class:`~.measure.MeasureSettings`); returns the flat measures of a result."""
    from .codecs import get_codec

    check_method(get_codec(cell.method))
    _check(should_stop)
    t0 = time.perf_counter()
    blocks, source = lab_blocks(cell.dataset, cell.size, settings.lab_bytes, cell.seed)
    codec = codec_for(cell.method, source["dataset"], cell.seed)
    m = measure_codec(codec, blocks, ci_target=settings.ci_target,
                      time_budget_s=settings.time_budget_s, warmup_s=settings.warmup_s,
                      should_stop=should_stop)
    n = len(blocks)
    wall = m.pop("decompress_wall_ns")
    out: dict[str, Any] = {
        "study": WORKLOAD,
        **m,
        **source,
        "read_bps": m.get("decompress_bps"),
        "read_bps_median": m.get("decompress_bps_median"),
        "read_bps_ci_low": m.get("decompress_bps_ci_low"),
        "read_bps_ci_high": m.get("decompress_bps_ci_high"),
        "write_bps": m.get("compress_bps"),
        "write_bps_median": m.get("compress_bps_median"),
        "write_bps_ci_low": m.get("compress_bps_ci_low"),
        "write_bps_ci_high": m.get("compress_bps_ci_high"),
        "ci_halfwidth_pct": max((v for v in (m.get("compress_ci_halfwidth_pct"),
                                             m.get("decompress_ci_halfwidth_pct"))
                                 if v is not None), default=None),
        "samples": m.get("decompress_passes", 0),
        "encode_s": (source["lab_bytes"] / m["compress_bps"] / n
                     if m.get("compress_bps") else None),
        # per block: what one page or blob costs to decompress
        "latency_mean_us": float(np.mean(wall)) / n / 1e3 if wall else None,
        "raw_samples_us": [v / n / 1e3 for v in decimate(wall, settings.keep_samples)],
        "loop_ns_per_block": _loop_overhead_ns(blocks),
        "measure_s": time.perf_counter() - t0,
        "context": {
            "codec": codec.context(),
            "codecs": library_versions(),
            "host": host_facts(),
            "workload": WORKLOAD,
            "settings": asdict(settings),
            "timer": {"wall": "perf_counter_ns", "cpu": "thread_time_ns",
                      "sample": "one pass over every block"},
        },
    }
    return out


# --- analysis: the frontier, the seed's line and the link-speed projection ----------------

P = TypeVar("P")


def dominates(a_speed: float, a_size: float, b_speed: float, b_size: float) -> bool:
    """Seed 004: A is better than B if A is faster and not larger, or smaller and not slower."""
    return (a_speed > b_speed and a_size <= b_size) or (a_size < b_size and a_speed >= b_speed)


def pareto_frontier(points: Sequence[P], speed: Callable[[P], float | None],
                    size: Callable[[P], float | None]) -> list[P]:
    """The points nothing is better than (see :func:`dominates`), fastest first.

    ``size`` is what is stored (compressed ÷ original, or bytes): smaller is better. Points
    without a finite speed or size are left out. Equal points are all on the frontier.
    """
    valid = [(p, float(speed(p)), float(size(p))) for p in points  # type: ignore[arg-type]
             if speed(p) is not None and size(p) is not None
             and math.isfinite(speed(p)) and math.isfinite(size(p))]  # type: ignore[arg-type]
    # sweep from the smallest: a point is on the frontier when it is faster than every
    # strictly smaller point (ties in size: only the fastest of the group)
    valid.sort(key=lambda t: (t[2], -t[1]))
    frontier: list[tuple[P, float, float]] = []
    best = -math.inf
    i = 0
    while i < len(valid):
        j = i
        while j < len(valid) and valid[j][2] == valid[i][2]:
            j += 1
        top = valid[i][1]
        if top > best:
            frontier += [t for t in valid[i:j] if t[1] == top]
            best = top
        i = j
    frontier.sort(key=lambda t: (-t[1], t[2]))
    return [t[0] for t in frontier]


def speed_line(names: Sequence[str]) -> str:
    """``BEST SPEED --- lz4:1 --- zstd:1 --- … --- BEST COMPRESSION`` for a frontier given
    fastest first (as :func:`pareto_frontier` returns it)."""
    return " --- ".join(["BEST SPEED", *names, "BEST COMPRESSION"])


def projected_bps(link_bps: float, ratio: float | None, codec_bps: float | None,
                  family: str = "") -> float | None:
    """Uncompressed bytes per second delivered over a link of ``link_bps`` **bits** per
    second when each byte costs ``1 / codec_bps`` of codec time (decompression for reads,
    compression for writes) plus ``1 / ratio`` bytes on the wire, one after the other:
    ``1 / (1 / (ratio · link) + 1 / codec)``. ``none`` has no codec time. None when unknown.
    """
    if link_bps <= 0 or ratio is None or ratio <= 0:
        return None
    wire_s = 8.0 / (link_bps * ratio)  # per uncompressed byte
    if family == "none" or codec_bps is None:
        if family != "none":
            return None
        return 1.0 / wire_s
    if codec_bps <= 0:
        return None
    return 1.0 / (wire_s + 1.0 / codec_bps)


def projection(rows: Sequence[dict[str, Any]], link_bps: float) -> list[dict[str, Any]]:
    """Per row (a codec-lab result with ``method``, ``ratio``, ``compress_bps`` and
    ``decompress_bps``): ``read_bps`` and ``write_bps`` projected over the link, plus the
    round trip (write then read: ``1 / (1/write + 1/read)``), best reads first."""
    out = []
    for r in rows:
        fam = str(r.get("method", "")).partition(":")[0]
        rd = projected_bps(link_bps, r.get("ratio"), r.get("decompress_bps"), fam)
        wr = projected_bps(link_bps, r.get("ratio"), r.get("compress_bps"), fam)
        both = 1.0 / (1.0 / rd + 1.0 / wr) if rd and wr else None
        out.append({"method": r.get("method"), "ratio": r.get("ratio"), "read_bps": rd,
                    "write_bps": wr, "round_trip_bps": both})
    out.sort(key=lambda p: -(p["read_bps"] or 0.0))
    return out


def link_speed(spec: str | float) -> float:
    """Bits per second from ``"100Mbit"``, ``"1Gbit"``, ``"10G"``, ``"1e9"`` or a number."""
    if isinstance(spec, (int, float)) and not isinstance(spec, bool):
        value = float(spec)
    else:
        s = str(spec).strip().lower().replace(" ", "").removesuffix("/s").removesuffix("ps")
        s = s.removesuffix("bit").removesuffix("b")
        mult = {"k": 1e3, "m": 1e6, "g": 1e9, "t": 1e12}.get(s[-1:], 1.0)
        if s[-1:] in "kmgt":
            s = s[:-1]
        try:
            value = float(s) * mult
        except ValueError:
            raise MatrixError(f"bad link speed '{spec}'; use e.g. 100Mbit, 1Gbit, 10Gbit") from None
    if not value > 0:
        raise MatrixError(f"link speed must be positive, got '{spec}'")
    return value
