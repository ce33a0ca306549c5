"""Client-side codecs: the "method" dimension of a matrix.

A method spec is ``family`` or ``family:level`` (``zstd``, ``zstd:3``, ``lz4:8``, ``brotli:11``).
:func:`get_codec` parses it into a :class:`Codec` with ``encode``/``decode``. Every codec uses a
C- (or Rust-) backed library and decodes with the output size known up front where the format
allows it, so the measured cost is the library's, not the harness's.

Formats and defaults (the level is what ``family`` alone means):

=================  ==========================================  ==================  ========
family             format                                      level meaning       default
=================  ==========================================  ==================  ========
none               raw bytes                                   -                   -
deflate            raw deflate stream (zlib wbits=-15)         0..9                6
zlib               zlib stream (RFC 1950)                      0..9                6
zlib_dict          zlib stream with a preset dictionary        0..9                6
gzip               gzip member (RFC 1952)                      0..9                6
mysql_compress     COMPRESS() format, decoded in the client    - (always 6)        -
mysql_uncompress   COMPRESS() format, decoded by the server    - (always 6)        -
lz4                lz4 block, 4-byte stored size (lz4.block)   acceleration        1
                                                               1..65537
lz4hc              lz4 block, high compression, stored size    1..12               9
zstd               zstd frame with content size                -131072..22         3
                                                               (<0: fast levels)
zstd_dict          zstd frame, trained dictionary              -131072..22         3
snappy             raw snappy block (cramjam)                  -                   -
brotli             brotli stream                               0..11               11
lzma               .xz container (liblzma preset)              0..9                6
=================  ==========================================  ==================  ========

``xz`` is accepted as another name for ``lzma``.

lz4 uses the block API with the stored size rather than the frame API: no frame/checksum
overhead, like the Java lz4 block codec seed 000 used. brotli defaults to 11 (the library's and
the seed's default): it decodes fastest and compresses best, but encodes slowly (~1 MB/s); use
``brotli:5`` for quicker matrices.

``mysql_compress`` is byte-compatible with the server's ``COMPRESS()``/``UNCOMPRESS()``:
a 4-byte little-endian length (low 30 bits), a zlib stream at level 6, and a trailing ``.`` when
the stream ends with a space; empty input is empty output. ``mysql_uncompress`` stores the same
bytes but ``server_decode`` is True: the read query is ``SELECT UNCOMPRESS(data)`` and the client
decode is the identity.

Dictionaries (``zstd_dict``, ``zlib_dict``): :func:`train_dictionary` builds one from
``(dataset, seed)`` deterministically, from samples generated with seeds no measured row uses
(rows use ``seed + i`` for small ``i``; samples use ``seed + 2**31``). ``zstd_dict`` trains with
zstd's fastCover (fixed k=200, d=8, one thread: the same bytes every time, ~0.1 s);
``zlib_dict`` uses the last 32 KiB of the sample stream (zlib's window; seed 001's "naive
predefined dictionary" was one representative document). :func:`codec_for` builds the codec of
a cell, dictionary included; the dictionary's sha256 and size go into :meth:`Codec.context`.

Decoding without needless copies (measured on 1-4 MiB blobs; see ``bench/fidelity.py``):

* ``lz4.block.decompress`` decodes into a scratch buffer and then copies it into a new bytes
  object (an extra copy that doubles the cost on poorly compressible data), so the timed
  decoder of lz4/lz4hc is liblz4 via cramjam's ``decompress_block_into`` writing into a buffer
  the decoder reuses; snappy likewise. See :meth:`Codec.decoder`.
* zstd: ``ZstdDecompressor.decompress`` allocates the exact content size once and decodes into
  it (cramjam's zstd into a reused buffer was ~5% slower here, so zstandard stays).
* deflate/zlib/gzip/mysql_compress: ``zlib.decompress`` with the known size as ``bufsize``:
  one exact allocation, no joins. zlib_dict has to use a ``decompressobj`` (the only stdlib API
  taking ``zdict``), which grows its output in blocks and joins them: a copy the library does
  not let us avoid (~2% at 1 MiB when ``max_length`` is the known size; 40% without it).
* brotli and lzma use the C libraries (Google's brotli, liblzma); cramjam's versions accept an
  output buffer but decode 1.2-3x slower, which costs far more than the copy they save.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import lzma
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import brotli
import cramjam
import lz4
import lz4.block
import zstandard

from .errors import MatrixError

Decoder = Callable[[bytes], bytes]


@dataclass(frozen=True)
class _Family:
    """Static description of one codec family: its level range and default."""

    name: str
    min_level: int | None = None  # None: the family takes no level
    max_level: int | None = None
    default_level: int | None = None
    dictionary: str | None = None  # "zstd" / "zlib": needs a dictionary of that kind


ZSTD_MIN_LEVEL = -(1 << 17)  # ZSTD_minCLevel(): the fastest "--fast=N" level
LZ4_MAX_ACCELERATION = 65537  # LZ4_ACCELERATION_MAX

_FAMILIES: dict[str, _Family] = {
    f.name: f
    for f in (
        _Family("none"),
        _Family("deflate", 0, 9, 6),
        _Family("zlib", 0, 9, 6),
        _Family("zlib_dict", 0, 9, 6, dictionary="zlib"),
        _Family("gzip", 0, 9, 6),
        _Family("mysql_compress"),
        _Family("mysql_uncompress"),
        _Family("lz4", 1, LZ4_MAX_ACCELERATION, 1),
        _Family("lz4hc", 1, 12, 9),
        _Family("zstd", ZSTD_MIN_LEVEL, 22, 3),
        _Family("zstd_dict", ZSTD_MIN_LEVEL, 22, 3, dictionary="zstd"),
        _Family("snappy"),
        _Family("brotli", 0, 11, 11),
        _Family("lzma", 0, 9, 6),
    )
}
_ALIASES = {"xz": "lzma"}

_ZLIB_WBITS = {"deflate": -15, "zlib": 15, "gzip": 31}
_MYSQL_LEVEL = 6
_LEN30 = 0x3FFFFFFF
_U32 = struct.Struct("<I")


def known_methods() -> list[str]:
    """Codec family names accepted by :func:`get_codec`, in a stable order."""
    return list(_FAMILIES)


def method_family(spec: str) -> str:
    """The family of a method spec (``zstd:3`` → ``zstd``), without validating the level."""
    family = str(spec).strip().lower().partition(":")[0]
    return _ALIASES.get(family, family)


def needs_dictionary(spec: str) -> bool:
    """True for methods that need a trained dictionary (``zstd_dict``, ``zlib_dict``)."""
    fam = _FAMILIES.get(method_family(spec))
    return fam is not None and fam.dictionary is not None


def library_versions() -> dict[str, str]:
    """Versions of every codec library (Python binding and native library where known)."""

    def dist(name: str) -> str:
        try:
            return importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:  # pragma: no cover - env specific
            return "unknown"

    return {
        "zlib": zlib.ZLIB_RUNTIME_VERSION,
        "lz4": lz4.version.version,
        "liblz4": lz4.library_version_string(),
        "zstandard": zstandard.__version__,
        "libzstd": ".".join(str(p) for p in zstandard.ZSTD_VERSION),
        "brotli": getattr(brotli, "__version__", dist("brotli")),
        "cramjam": dist("cramjam"),
        "python-snappy": dist("python-snappy"),
        "lzma": "stdlib",
    }


# --- dictionaries ----------------------------------------------------------------------------

DICT_SEED_OFFSET = 1 << 31  # training samples use seed + 2**31; rows use seed + i (small i)
DICT_SAMPLE_BYTES = 4 << 20  # generated once per (dataset, seed), cut into samples
DICT_SAMPLE_SIZE = 2048
ZSTD_DICT_SIZE = 32 << 10
ZLIB_DICT_SIZE = 32 << 10  # zlib's window: a longer preset dictionary is truncated anyway


@dataclass(frozen=True)
class Dictionary:
    """A compression dictionary trained from ``(dataset, seed)``; ``data`` is what codecs use."""

    kind: str  # "zstd" | "zlib"
    data: bytes = field(repr=False)
    dataset: str
    seed: int

    @property
    def size(self) -> int:
        return len(self.data)

    @functools.cached_property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    def describe(self) -> dict[str, Any]:
        """What a result's context records: enough to store, reference and rebuild it."""
        return {"kind": self.kind, "sha256": self.sha256, "size": self.size,
                "dataset": self.dataset, "seed": self.seed}


@functools.lru_cache(maxsize=32)
def train_dictionary(dataset: str, seed: int = 0, kind: str = "zstd",
                     size: int | None = None) -> Dictionary:
    """Train a ``kind`` ("zstd" or "zlib") dictionary for ``dataset`` — deterministic.

    Samples: :data:`DICT_SAMPLE_BYTES` of the dataset generated with ``seed + 2**31`` (never a
    measured row), cut into 2 KiB samples. zstd: fastCover with fixed parameters (k=200, d=8,
    one thread), so the same arguments give the same bytes; if training fails (it can on
    structureless data) the dictionary is the raw tail of the sample stream instead. zlib: the
    last ``size`` (≤ 32 KiB) bytes of the sample stream. Cached per process.
    """
    from .datasets import generate, parse_dataset

    canon = parse_dataset(dataset)
    if kind not in ("zstd", "zlib"):
        raise MatrixError(f"unknown dictionary kind '{kind}'; choose zstd or zlib")
    stream = generate(canon, DICT_SAMPLE_BYTES, seed + DICT_SEED_OFFSET)
    if kind == "zlib":
        n = min(size or ZLIB_DICT_SIZE, ZLIB_DICT_SIZE)
        return Dictionary("zlib", stream[-n:], canon, seed)
    n = size or ZSTD_DICT_SIZE
    samples = [stream[i : i + DICT_SAMPLE_SIZE] for i in range(0, len(stream), DICT_SAMPLE_SIZE)]
    try:
        data = zstandard.train_dictionary(n, samples, k=200, d=8, threads=1).as_bytes()
    except zstandard.ZstdError:  # pragma: no cover - depends on the data
        data = stream[-n:]
    return Dictionary("zstd", data, canon, seed)


# --- COMPRESS() ----------------------------------------------------------------------------


def mysql_compress(data: bytes) -> bytes:
    """Encode ``data`` exactly like the server's ``COMPRESS()``."""
    if not data:
        return b""
    body = zlib.compress(data, _MYSQL_LEVEL)
    tail = b"." if body[-1:] == b" " else b""
    return _U32.pack(len(data) & _LEN30) + body + tail


def mysql_uncompress(data: bytes) -> bytes:
    """Decode ``COMPRESS()`` bytes like the server's ``UNCOMPRESS()`` (trailing ``.`` ignored)."""
    if not data:
        return b""
    if len(data) < 5:
        raise ValueError("COMPRESS() data shorter than its 4-byte length header")
    size = _U32.unpack_from(data)[0] & _LEN30
    out = zlib.decompress(memoryview(data)[4:], 15, max(size, 1))
    if len(out) != size:
        raise ValueError(f"COMPRESS() header says {size} bytes but the stream holds {len(out)}")
    return out


# --- decoders that write into a reused buffer ------------------------------------------------


def _snappy_decode(data: bytes) -> bytes:
    # cramjam writes straight into one preallocated buffer; python-snappy's uncompress()
    # adds a full copy into a new bytes object (10x slower for MiB-sized blobs).
    out = bytearray(cramjam.snappy.decompress_raw_len(data))
    cramjam.snappy.decompress_raw_into(data, out)
    return out  # type: ignore[return-value]  # bytes-like, compares equal to bytes


def _snappy_reusing(size_hint: int) -> Decoder:
    buf = [bytearray(size_hint)]
    length = cramjam.snappy.decompress_raw_len
    into = cramjam.snappy.decompress_raw_into

    def dec(data: bytes) -> bytes:
        out = buf[0]
        n = length(data)
        if n != len(out):
            out = buf[0] = bytearray(n)
        into(data, out)
        return out  # type: ignore[return-value]

    return dec


def _lz4_reusing(size_hint: int) -> Decoder:
    """lz4 block with stored size → liblz4 (via cramjam) into a buffer reused across calls."""
    buf = [bytearray(size_hint)]
    into = cramjam.lz4.decompress_block_into
    unpack = _U32.unpack_from

    def dec(data: bytes) -> bytes:
        out = buf[0]
        n = unpack(data)[0]
        if n != len(out):
            out = buf[0] = bytearray(n)
        if into(memoryview(data)[4:], out) != n:
            raise ValueError("lz4 block decoded to fewer bytes than its stored size")
        return out  # type: ignore[return-value]

    return dec


@dataclass
class Codec:
    """One parsed method: ``encode``/``decode`` plus what the measurement loop needs to know.

    ``name`` is the user's spec, stripped and lower-cased (``zstd`` stays ``zstd``; its
    ``level`` is 3). ``server_decode`` is True only for ``mysql_uncompress``. ``dictionary`` is
    set for ``zstd_dict``/``zlib_dict`` codecs built by :func:`codec_for` (or
    ``get_codec(spec, dictionary=…)``); without one they refuse to encode or decode.
    ``decode`` may return a bytes-like object (``bytearray`` for snappy) to avoid a copy.
    """

    name: str
    family: str
    level: int | None
    server_decode: bool = False
    _encode: Callable[[bytes], bytes] = field(repr=False, default=bytes)
    _decode: Decoder = field(repr=False, default=bytes)
    _sized: Callable[[int], Decoder] | None = field(repr=False, default=None)
    dictionary: Dictionary | None = None

    def encode(self, data: bytes) -> bytes:
        """Encode ``data`` into the bytes stored in the table."""
        return self._encode(data)

    def decode(self, data: bytes) -> bytes:
        """Decode stored bytes back into the original (identity for none/mysql_uncompress).

        Always returns a new object (unlike the functions :meth:`decoder` returns).
        """
        return self._decode(data)

    def decoder(self, size_hint: int | None = None) -> Decoder:
        """A decode function to call in a timed loop; ``size_hint`` is the decoded length.

        Formats without a stored size (deflate/zlib/gzip) use the hint to allocate the output
        once. lz4/lz4hc/snappy decoders write into one buffer they reuse from call to call (as
        a throughput-minded application would): **the returned object is only valid until the
        next call** of the same decoder — copy it to keep it. Call this outside the loop (it
        allocates) and once per thread.
        """
        if size_hint and self._sized is not None:
            return self._sized(size_hint)
        return self._decode

    def context(self) -> dict[str, Any]:
        """name/family/level (and the dictionary's sha256/size) for a result's context."""
        out: dict[str, Any] = {"name": self.name, "family": self.family, "level": self.level}
        if self.dictionary is not None:
            out["dictionary"] = self.dictionary.describe()
        return out


def _identity(data: bytes) -> bytes:
    return data


def _missing_dictionary(name: str) -> Callable[[bytes], bytes]:
    def fail(data: bytes) -> bytes:
        raise MatrixError(
            f"method '{name}' needs a dictionary: build it with codec_for(method, dataset, seed)"
        )

    return fail


def _build(name: str, family: str, level: int | None, dictionary: Dictionary | None) -> Codec:
    """Create the encode/decode callables for one family at one level."""
    if family == "none":
        return Codec(name, family, None, False, _identity, _identity)
    if family in _ZLIB_WBITS:
        wbits = _ZLIB_WBITS[family]
        lvl = level if level is not None else 6

        def z_encode(data: bytes) -> bytes:
            c = zlib.compressobj(lvl, zlib.DEFLATED, wbits)
            return c.compress(data) + c.flush()

        def z_decode(data: bytes) -> bytes:
            return zlib.decompress(data, wbits)

        def z_sized(size: int) -> Decoder:
            def dec(data: bytes) -> bytes:
                return zlib.decompress(data, wbits, size)

            return dec

        return Codec(name, family, lvl, False, z_encode, z_decode, z_sized)
    if family == "zlib_dict":
        lvl = level if level is not None else 6
        if dictionary is None:
            miss = _missing_dictionary(name)
            return Codec(name, family, lvl, False, miss, miss)
        zdict = dictionary.data

        def zd_encode(data: bytes) -> bytes:
            c = zlib.compressobj(lvl, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY, zdict)
            return c.compress(data) + c.flush()

        def zd_decode(data: bytes) -> bytes:
            d = zlib.decompressobj(15, zdict)
            out = d.decompress(data)
            if not d.eof:
                raise ValueError("truncated zlib stream")
            return out

        def zd_sized(size: int) -> Decoder:
            def dec(data: bytes) -> bytes:
                # max_length = the known size: blocks sized to fit instead of many doublings.
                d = zlib.decompressobj(15, zdict)
                out = d.decompress(data, size)
                if not d.eof:  # longer than the hint (or a truncated stream)
                    out += d.decompress(d.unconsumed_tail)
                    if not d.eof:
                        raise ValueError("truncated zlib stream")
                return out

            return dec

        return Codec(name, family, lvl, False, zd_encode, zd_decode, zd_sized, dictionary)
    if family == "mysql_compress":
        return Codec(name, family, _MYSQL_LEVEL, False, mysql_compress, mysql_uncompress)
    if family == "mysql_uncompress":
        return Codec(name, family, _MYSQL_LEVEL, True, mysql_compress, _identity)
    if family in ("lz4", "lz4hc"):
        if family == "lz4":
            accel = level or 1

            def l_encode(data: bytes) -> bytes:
                return lz4.block.compress(data, mode="fast", acceleration=accel, store_size=True)

        else:
            hc = level or 9

            def l_encode(data: bytes) -> bytes:
                return lz4.block.compress(
                    data, mode="high_compression", compression=hc, store_size=True
                )

        return Codec(name, family, level, False, l_encode, lz4.block.decompress, _lz4_reusing)
    if family in ("zstd", "zstd_dict"):
        lvl = 3 if level is None else level
        if family == "zstd_dict":
            if dictionary is None:
                miss = _missing_dictionary(name)
                return Codec(name, family, lvl, False, miss, miss)
            zd = zstandard.ZstdCompressionDict(dictionary.data)
            comp = zstandard.ZstdCompressor(level=lvl, write_content_size=True, dict_data=zd)

            def new_dctx() -> zstandard.ZstdDecompressor:
                return zstandard.ZstdDecompressor(dict_data=zd)

        else:
            comp = zstandard.ZstdCompressor(level=lvl, write_content_size=True)
            new_dctx = zstandard.ZstdDecompressor
        # A decompressor is not thread-safe: one for decode(), a new one per decoder() call.
        dctx = new_dctx()

        def zs_sized(size: int) -> Decoder:
            return new_dctx().decompress

        return Codec(name, family, lvl, False, comp.compress, dctx.decompress, zs_sized,
                     dictionary if family == "zstd_dict" else None)
    if family == "snappy":

        def s_encode(data: bytes) -> bytes:
            return bytes(cramjam.snappy.compress_raw(data))

        return Codec(name, family, None, False, s_encode, _snappy_decode, _snappy_reusing)
    if family == "brotli":
        q = 11 if level is None else level

        def b_encode(data: bytes) -> bytes:
            return brotli.compress(data, quality=q)

        return Codec(name, family, q, False, b_encode, brotli.decompress)
    if family == "lzma":
        preset = 6 if level is None else level

        def x_encode(data: bytes) -> bytes:
            return lzma.compress(data, format=lzma.FORMAT_XZ, preset=preset)

        return Codec(name, family, preset, False, x_encode, lzma.decompress)
    raise AssertionError(family)  # pragma: no cover - _FAMILIES and _build disagree


def get_codec(spec: str, dictionary: Dictionary | None = None) -> Codec:
    """Parse a method spec (``zstd``, ``zstd:3``, ``lz4hc:9`` …) into a fresh :class:`Codec`.

    ``dictionary`` is used by ``zstd_dict``/``zlib_dict`` (it must be of the matching kind);
    without it those codecs parse (for validation) but refuse to encode/decode.
    Raises :class:`MatrixError` naming the bad value and the valid choices.
    """
    if not isinstance(spec, str):
        raise MatrixError(f"method must be a string, got {spec!r}")
    name = spec.strip().lower()
    family, sep, level_s = name.partition(":")
    if family in _ALIASES:
        family = _ALIASES[family]
        name = family + sep + level_s
    fam = _FAMILIES.get(family)
    if fam is None:
        raise MatrixError(
            f"unknown method '{spec}'; choose from: {', '.join(known_methods())}"
        )
    level: int | None = None
    if sep:
        if fam.min_level is None:
            raise MatrixError(f"method '{family}' takes no level (got '{spec}')")
        try:
            level = int(level_s)
        except ValueError:
            raise MatrixError(
                f"bad level in method '{spec}'; use {family}:<{fam.min_level}..{fam.max_level}>"
            ) from None
        assert fam.max_level is not None
        if not fam.min_level <= level <= fam.max_level:
            raise MatrixError(
                f"level {level} out of range for '{family}'; "
                f"choose {fam.min_level}..{fam.max_level}"
            )
    elif fam.min_level is not None:
        level = fam.default_level
    if dictionary is not None and fam.dictionary is not None and dictionary.kind != fam.dictionary:
        raise MatrixError(f"method '{family}' needs a {fam.dictionary} dictionary, "
                          f"got a {dictionary.kind} one")
    return _build(name, family, level, dictionary if fam.dictionary else None)


def codec_for(spec: str, dataset: str, seed: int = 0) -> Codec:
    """The codec of one cell: :func:`get_codec` plus, for dictionary methods, the dictionary
    trained on ``(dataset, seed)`` (see :func:`train_dictionary`)."""
    fam = _FAMILIES.get(method_family(spec))
    if fam is None or fam.dictionary is None:
        return get_codec(spec)
    get_codec(spec)  # validate before training
    return get_codec(spec, train_dictionary(dataset, seed, fam.dictionary))
