"""Codecs: round trips, spec parsing, and COMPRESS()/UNCOMPRESS() compatibility with MariaDB."""

from __future__ import annotations

import random
import zlib

import pytest
from blobbench.engine.codecs import (
    ZSTD_MIN_LEVEL,
    codec_for,
    get_codec,
    known_methods,
    library_versions,
    mysql_compress,
    needs_dictionary,
    train_dictionary,
)
from blobbench.engine.datasets import generate
from blobbench.engine.errors import MatrixError

SPECS = [
    "none", "deflate", "deflate:1", "zlib", "zlib:9", "gzip", "gzip:6", "mysql_compress",
    "mysql_uncompress", "lz4", "lz4:8", "lz4hc", "lz4hc:12", "zstd", "zstd:1", "zstd:19",
    "zstd:-3", "snappy", "brotli:5", "brotli", "lzma:1", "lzma", "zstd_dict", "zstd_dict:19",
    "zlib_dict", "zlib_dict:1",
]


def trailing_space_input() -> bytes:
    """An input whose level-6 zlib stream ends with a space (COMPRESS() then appends '.')."""
    for i in range(100_000):
        data = random.Random(i).randbytes(40)
        if zlib.compress(data, 6).endswith(b" "):
            return data
    raise AssertionError("no input found")


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("data", [b"x", generate("random:10", 3000, 1), generate("records", 70_000, 2)])
def test_round_trip(spec: str, data: bytes) -> None:
    codec = codec_for(spec, "json")
    enc = codec.encode(data)
    assert isinstance(enc, bytes)
    if codec.server_decode:
        assert codec.decode(enc) == enc  # the server decodes; the client passes through
        assert get_codec("mysql_compress").decode(enc) == data
    else:
        assert codec.decode(enc) == data
        assert codec.decoder(len(data))(enc) == data


@pytest.mark.parametrize("spec", [s for s in SPECS if not s.startswith("mysql_uncompress")])
def test_round_trip_empty(spec: str) -> None:
    codec = codec_for(spec, "records")
    assert bytes(codec.decode(codec.encode(b""))) == b""


def test_compressible_data_shrinks() -> None:
    data = generate("random:4", 100_000)
    for spec in SPECS:
        codec = codec_for(spec, "random:4")
        if codec.family != "none":
            assert len(codec.encode(data)) < len(data) * 0.7, spec


def test_spec_names_and_levels() -> None:
    assert get_codec(" ZSTD ").name == "zstd"
    assert get_codec("zstd").level == 3
    assert get_codec("zstd:5").level == 5
    assert get_codec("lz4hc").level == 9
    assert get_codec("lz4").level == 1
    assert get_codec("zlib").level == get_codec("deflate").level == get_codec("gzip").level == 6
    assert get_codec("brotli").level == 11
    assert get_codec("lzma").level == 6
    assert get_codec("none").level is None
    assert get_codec("mysql_uncompress").server_decode is True
    assert not any(get_codec(s).server_decode for s in SPECS if s != "mysql_uncompress")
    assert get_codec("gzip").encode(b"abc")[:2] == b"\x1f\x8b"


@pytest.mark.parametrize(
    "spec,needle",
    [
        ("lz5", "unknown method 'lz5'; choose from: none, deflate"),
        ("zstd:99", "level 99 out of range for 'zstd'"),
        ("zlib:x", "bad level"),
        ("snappy:3", "takes no level"),
        ("mysql_compress:9", "takes no level"),
        ("lz4hc:0", "out of range"),
        ("lz4hc:13", "level 13 out of range for 'lz4hc'; choose 1..12"),
        ("lz4:0", "choose 1..65537"),
        ("lz4:65538", "out of range"),
        ("brotli:12", "level 12 out of range for 'brotli'; choose 0..11"),
        ("brotli:-1", "out of range"),
        ("lzma:10", "level 10 out of range for 'lzma'; choose 0..9"),
        ("xz:10", "out of range for 'lzma'"),
        ("zstd:23", "choose -131072..22"),
        (f"zstd:{ZSTD_MIN_LEVEL - 1}", "out of range"),
        ("zstd_dict:99", "out of range for 'zstd_dict'"),
        ("zlib_dict:10", "out of range for 'zlib_dict'; choose 0..9"),
        ("gzip:10", "choose 0..9"),
        ("deflate:-1", "choose 0..9"),
        ("zlib:", "bad level"),
    ],
)
def test_bad_specs(spec: str, needle: str) -> None:
    with pytest.raises(MatrixError) as e:
        get_codec(spec)
    assert needle in str(e.value)
    assert e.value.code == "invalid_matrix"


def test_known_methods_and_versions() -> None:
    methods = known_methods()
    for m in ("none", "deflate", "zlib", "gzip", "mysql_compress", "mysql_uncompress", "zstd",
              "lz4", "lz4hc", "snappy", "brotli", "lzma"):
        assert m in methods
    v = library_versions()
    assert {"zlib", "lz4", "zstandard", "libzstd", "brotli", "cramjam"} <= set(v)


def test_mysql_compress_format() -> None:
    data = b"hello hello hello"
    enc = mysql_compress(data)
    assert enc[:4] == len(data).to_bytes(4, "little")
    assert zlib.decompress(enc[4:]) == data
    assert mysql_compress(b"") == b""
    ts = trailing_space_input()
    assert mysql_compress(ts).endswith(b" .")


# --- against the real server ----------------------------------------------------------------


def _server_inputs() -> list[bytes]:
    return [b"", b"a", trailing_space_input(), generate("random:62", 5000), generate("json", 300_000)]


@pytest.mark.parametrize("idx", range(5))
def test_mysql_compress_matches_server(admin, idx: int) -> None:
    data = _server_inputs()[idx]
    codec = get_codec("mysql_compress")
    cur = admin.cursor()
    cur.execute("SELECT COMPRESS(%s)", (data,))
    server = cur.fetchone()[0] or b""
    assert codec.encode(data) == server  # byte-identical, trailing '.' and empty included
    assert codec.decode(server) == data  # client decodes the server's COMPRESS()
    cur.execute("SELECT UNCOMPRESS(%s)", (codec.encode(data),))
    assert (cur.fetchone()[0] or b"") == data  # server decodes the client's bytes


# --- levels, aliases, dictionaries, decoders ----------------------------------------------------


@pytest.mark.parametrize(
    "family,levels",
    [("lz4", [1, 2, 8, 64, 65537]), ("lz4hc", range(1, 13)), ("brotli", range(12)),
     ("lzma", range(10)), ("zstd", [ZSTD_MIN_LEVEL, -100, -7, -1, 0, 1, 3, 19, 22]),
     ("zlib", range(10)), ("zstd_dict", [-5, 1, 22]), ("zlib_dict", [0, 9])],
)
def test_every_level_round_trips(family: str, levels) -> None:
    data = generate("records", 20_000, 7)
    for level in levels:
        if family == "brotli" and level >= 10 or family == "lzma" and level >= 8:
            data = data[:4000]  # slow presets: keep the test fast
        codec = codec_for(f"{family}:{level}", "records")
        assert codec.level == level
        enc = codec.encode(data)
        assert bytes(codec.decoder(len(data))(enc)) == data, (family, level)


def test_aliases_and_family_helpers() -> None:
    assert get_codec("xz").name == "lzma" and get_codec("XZ:3").name == "lzma:3"
    assert needs_dictionary("zstd_dict:3") and needs_dictionary("zlib_dict")
    assert not needs_dictionary("zstd") and not needs_dictionary("bogus")


def test_dictionary_training_is_deterministic_and_distinct() -> None:
    train_dictionary.cache_clear()
    a = train_dictionary("json", 0)
    train_dictionary.cache_clear()
    b = train_dictionary("json", 0)
    assert a.data == b.data and a.sha256 == b.sha256 and a.size == len(a.data) > 1000
    assert train_dictionary("json", 1).sha256 != a.sha256  # the seed matters
    assert train_dictionary("records", 0).sha256 != a.sha256  # so does the dataset
    z = train_dictionary("json", 0, "zlib")
    assert z.kind == "zlib" and z.size == 32768
    assert a.describe() == {"kind": "zstd", "sha256": a.sha256, "size": a.size,
                            "dataset": "json", "seed": 0}
    # Samples never coincide with measured rows (rows use seeds 0..R-1).
    row = generate("json", 4096, 0)
    assert row not in z.data and row[:200] not in z.data


def test_dictionaries_help_small_documents() -> None:
    doc = generate("json", 1200, 3)
    plain = len(get_codec("zstd").encode(doc))
    assert len(codec_for("zstd_dict", "json").encode(doc)) < plain * 0.7
    plain_z = len(get_codec("zlib").encode(doc))
    assert len(codec_for("zlib_dict", "json").encode(doc)) < plain_z * 0.7


def test_dictionary_methods_need_a_dictionary() -> None:
    codec = get_codec("zstd_dict")  # parses (validation) but cannot encode
    with pytest.raises(MatrixError, match="needs a dictionary"):
        codec.encode(b"abc")
    with pytest.raises(MatrixError, match="needs a zstd dictionary"):
        get_codec("zstd_dict", train_dictionary("json", 0, "zlib"))
    ctx = codec_for("zstd_dict:5", "json").context()
    assert ctx["level"] == 5 and ctx["dictionary"]["sha256"] == train_dictionary("json").sha256
    assert "dictionary" not in get_codec("zstd").context()


@pytest.mark.parametrize("spec", ["lz4", "lz4hc:9", "snappy"])
def test_reusing_decoders(spec: str) -> None:
    """lz4/snappy timed decoders write into one buffer they reuse; sizes may change."""
    codec = get_codec(spec)
    a, b = generate("random:4", 50_000, 1), generate("random:4", 50_000, 2)
    dec = codec.decoder(len(a))
    out_a = dec(codec.encode(a))
    assert out_a == a
    out_b = dec(codec.encode(b))
    assert out_b == b and out_b is out_a  # same buffer, new content
    c = generate("random:4", 70_000, 3)
    assert dec(codec.encode(c)) == c  # a different size reallocates
    assert codec.decode(codec.encode(a)) == a and codec.decode(codec.encode(a)) is not out_a


def test_sized_decoders_tolerate_a_wrong_hint() -> None:
    data = generate("json", 30_000, 1)
    for spec in ("zlib", "deflate", "gzip", "zlib_dict", "zstd", "lz4"):
        codec = codec_for(spec, "json")
        enc = codec.encode(data)
        assert bytes(codec.decoder(1000)(enc)) == data, spec
        assert bytes(codec.decoder(100_000)(enc)) == data, spec
