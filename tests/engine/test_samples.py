from __future__ import annotations

import pytest

from blobbench.engine.datasets import generate, parse_dataset
from blobbench.engine.errors import MatrixError
from blobbench.engine.samples import blob_from_sample, set_sample_loader


def test_blobs_are_deterministic_slices_that_wrap():
    data = bytes(range(256)) * 4
    a = blob_from_sample(data, 100, seed=1)
    assert a == blob_from_sample(data, 100, seed=1) and len(a) == 100
    assert a != blob_from_sample(data, 100, seed=2)
    long = blob_from_sample(data, 5000, seed=3)
    assert len(long) == 5000 and set(long) == set(data)


def test_sample_datasets_go_through_the_loader():
    assert parse_dataset("SAMPLE:7") == "sample:7"
    with pytest.raises(MatrixError):
        parse_dataset("sample:x")
    set_sample_loader(lambda sid: b"abc" * 100 if sid == "7" else b"")
    try:
        assert generate("sample:7", 10, seed=0) == blob_from_sample(b"abc" * 100, 10, 0)
        with pytest.raises(MatrixError, match="empty"):
            generate("sample:8", 10)
    finally:
        set_sample_loader(None)
    with pytest.raises(MatrixError, match="sample store"):
        generate("sample:7", 10)
