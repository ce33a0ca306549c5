"""Datasets: determinism, exact sizes, compressibility targets, speed."""

from __future__ import annotations

import json
import time
import zlib

import pytest

from blobbench.engine.datasets import alphabet, generate, parse_dataset
from blobbench.engine.errors import MatrixError


def zratio(data: bytes) -> float:
    return len(data) / len(zlib.compress(data, 6))


@pytest.mark.parametrize("spec", ["random:62", "random:10", "random:4", "random:2", "random:256", "records", "json", "tpch"])
@pytest.mark.parametrize("size", [1, 7, 1000, 65_537])
def test_exact_size_and_determinism(spec: str, size: int) -> None:
    a = generate(spec, size, seed=3)
    assert isinstance(a, bytes) and len(a) == size
    assert generate(spec, size, seed=3) == a
    if size >= 1000:
        assert generate(spec, size, seed=4) != a


def test_zero_size() -> None:
    assert generate("json", 0) == b""


@pytest.mark.parametrize(
    "spec,target", [("random:62", 1.33), ("random:10", 2.1), ("random:4", 3.4), ("random:2", 6.2)]
)
@pytest.mark.parametrize("size", [100 * 1024, 1024 * 1024])
def test_random_ratio_targets(spec: str, target: float, size: int) -> None:
    r = zratio(generate(spec, size, seed=1))
    assert abs(r - target) / target <= 0.05, r


@pytest.mark.parametrize("n", [2, 4, 10, 62, 95])
def test_random_alphabet(n: int) -> None:
    data = generate(f"random:{n}", 50_000)
    assert set(data) == set(alphabet(n))
    assert all(0x20 <= c < 0x7F for c in data)


def test_random_62_is_digits_and_letters() -> None:
    assert set(alphabet(62)) == set(b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


@pytest.mark.parametrize("size", [100 * 1024, 2 * 1024 * 1024])
def test_records_ratio(size: int) -> None:
    data = generate("records", size)
    assert 1.7 <= zratio(data) <= 3.6
    assert b"https://" in data and b"-4" in data  # URLs and v4 UUIDs


def test_json_documents() -> None:
    data = generate("json", 200_000)
    lines = data.split(b"\n")
    docs = [json.loads(line) for line in lines[:-1]]  # the last one is cut to the exact size
    assert len(docs) > 100
    sizes = [len(line) for line in lines[:-1]]
    assert 900 <= sum(sizes) / len(sizes) <= 1500
    assert all("uploaded_to_s3" in d for d in docs)
    assert zratio(data) > 2


def test_five_mib_is_fast() -> None:
    for spec in ("random:62", "records", "json"):
        t0 = time.perf_counter()
        generate(spec, 5 * 1024 * 1024)
        assert time.perf_counter() - t0 < 2.0, spec


def test_parse_dataset() -> None:
    assert parse_dataset(" Random:10 ") == "random:10"
    assert parse_dataset("random") == "random:62"
    assert parse_dataset("JSON") == "json"
    assert parse_dataset("records") == "records"
    for bad in ("random:1", "random:257", "random:x", "csv", "", "records:2"):
        with pytest.raises(MatrixError) as e:
            parse_dataset(bad)
        assert f"'{bad}'" in str(e.value)


def test_tpch_lineitem_rows():
    data = generate("tpch", 1 << 20, seed=1)
    rows = data.split(b"\n")[:-1]  # the last row is cut
    fields = rows[0].split(b"|")
    assert len(fields) == 17 and fields[-1] == b""  # dbgen ends every row with a '|'
    assert fields[8] in (b"R", b"A", b"N") and fields[9] in (b"O", b"F")
    assert fields[13] in (b"DELIVER IN PERSON", b"COLLECT COD", b"NONE", b"TAKE BACK RETURN")
    assert all(r.count(b"|") == 16 for r in rows)
    assert 2.8 <= zratio(data) <= 3.8  # TPC-H text compresses about 3x with zlib


def test_tpch_is_quick():
    t0 = time.perf_counter()
    generate("tpch", 4 << 20, seed=2)
    assert time.perf_counter() - t0 < 3.0
