"""The content-keyed encoded-blob cache."""

from __future__ import annotations

import hashlib
import os
import time

from blobbench.engine.cache import EncodedCache, default_cache_dir
from blobbench.engine.codecs import get_codec, library_versions
from blobbench.engine.datasets import generate
from blobbench.engine.measure import MeasureSettings, encode_blob, encode_cache_for


def _key(cache: EncodedCache, data: bytes, method: str = "brotli:5") -> str:
    return cache.key(hashlib.sha256(data).digest(), method, None, library_versions())


def test_put_get_and_keys(tmp_path) -> None:
    cache = EncodedCache(tmp_path, max_bytes=1 << 20)
    a, b = b"a" * 1000, b"b" * 1000
    assert _key(cache, a) != _key(cache, b) != _key(cache, a, "brotli:6")
    assert cache.key(b"x", "m", None, {"zstd": "1"}) != cache.key(b"x", "m", None, {"zstd": "2"})
    assert cache.key(b"x", "m", "d1", {}) != cache.key(b"x", "m", "d2", {})
    assert cache.get(_key(cache, a)) is None and cache.misses == 1
    cache.put(_key(cache, a), b"encoded-a", 1.5)
    assert cache.get(_key(cache, a)) == (b"encoded-a", 1.5) and cache.hits == 1
    assert EncodedCache(tmp_path).get(_key(cache, a)) == (b"encoded-a", 1.5)  # on disk


def test_damaged_entry_is_a_miss(tmp_path) -> None:
    cache = EncodedCache(tmp_path)
    key = _key(cache, b"x")
    cache.put(key, b"payload" * 100, 0.1)
    path = next(tmp_path.rglob("*.enc"))
    path.write_bytes(path.read_bytes()[:-10])
    assert cache.get(key) is None and not path.exists()


def test_size_bound_evicts_least_recently_used(tmp_path) -> None:
    cache = EncodedCache(tmp_path, max_bytes=50_000)
    keys = [_key(cache, bytes([i]) * 10) for i in range(8)]
    for i, k in enumerate(keys):
        cache.put(k, bytes(10_000), 0.1)
        os.utime(next(tmp_path.rglob(f"{k}.enc")), (time.time() - 100 + i, time.time() - 100 + i))
    assert cache.total_bytes() <= 50_000
    assert cache.get(keys[-1]) is not None  # newest kept
    assert cache.get(keys[0]) is None  # oldest evicted


def test_encode_blob_uses_the_cache(tmp_path) -> None:
    settings = MeasureSettings(encode_cache=str(tmp_path))
    cache = encode_cache_for(settings)
    assert cache is encode_cache_for(settings)  # one per directory and bound
    cache.min_encode_s = 0.0
    codec = get_codec("brotli:5")
    blob = generate("records", 100_000, 1)
    enc1, t1, hit1 = encode_blob(codec, blob, cache)
    enc2, t2, hit2 = encode_blob(codec, blob, cache)
    assert (hit1, hit2) == (False, True) and enc1 == enc2 and t2 == t1
    small = generate("records", 1000, 1)
    assert encode_blob(codec, small, cache)[2] is False  # below min_size: never cached
    assert encode_blob(get_codec("none"), blob, cache)[0] is blob
    assert encode_cache_for(MeasureSettings(encode_cache=None)) is None


def test_default_dir(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("BLOBBENCH_DATA_DIR", str(tmp_path))
    assert default_cache_dir() == tmp_path / "cache" / "encoded"
