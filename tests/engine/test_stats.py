"""Statistics: t quantiles, summaries, incremental moments, decimation."""

from __future__ import annotations

import math

import numpy as np
import pytest

from blobbench.engine.stats import RunningMoments, decimate, summarize, t975


@pytest.mark.parametrize(
    "df,expected",
    [(1, 12.706), (2, 4.303), (10, 2.228), (30, 2.042), (31, 2.0395), (40, 2.021),
     (60, 2.000), (100, 1.984), (120, 1.980), (1000, 1.962), (10**7, 1.960)],
)
def test_t975(df: int, expected: float) -> None:
    assert t975(df) == pytest.approx(expected, abs=1.5e-3)


def test_t975_monotonic() -> None:
    values = [t975(df) for df in range(1, 500)]
    assert all(a > b for a, b in zip(values, values[1:]))


def test_summarize_known_values() -> None:
    lat = [1000, 2000, 3000, 4000, 5000]  # ns
    s = summarize(lat, bytes_per_op=1000)
    assert s["samples"] == 5
    assert s["latency_mean_ns"] == 3000
    assert s["latency_median_ns"] == s["latency_p50_ns"] == 3000
    assert s["latency_stdev_ns"] == pytest.approx(math.sqrt(2.5e6))
    hw = 2.7764 * math.sqrt(2.5e6) / math.sqrt(5)
    assert s["ci_halfwidth_ns"] == pytest.approx(hw, rel=1e-4)
    assert s["ci_rel_halfwidth"] == pytest.approx(hw / 3000, rel=1e-4)
    assert s["bps_mean"] == pytest.approx(1000 * 1e9 / 3000)
    assert s["bps_ci_low"] == pytest.approx(1000 * 1e9 / (3000 + hw), rel=1e-4)
    assert s["bps_ci_high"] == pytest.approx(1000 * 1e9 / (3000 - hw), rel=1e-4)
    assert s["bps_ci_low"] < s["bps_mean"] < s["bps_ci_high"]
    assert s["latency_p95_ns"] == pytest.approx(4800)
    assert s["latency_p99_ns"] == pytest.approx(4960)


def test_summarize_unbounded_interval() -> None:
    s = summarize([1, 1000], bytes_per_op=10)  # hw >> mean with two wild samples
    assert s["ci_halfwidth_ns"] >= s["latency_mean_ns"]
    assert s["bps_ci_high"] is None
    assert s["bps_ci_low"] > 0


def test_summarize_single_and_empty() -> None:
    s = summarize([500], 1)
    assert s["samples"] == 1 and s["bps_ci_high"] is None and s["bps_ci_low"] == 0.0
    with pytest.raises(ValueError):
        summarize([], 1)


def test_running_moments_match_numpy() -> None:
    rng = np.random.default_rng(0)
    data = rng.normal(1e6, 3e4, 10_000).astype(np.int64)
    m = RunningMoments()
    for chunk in np.array_split(data, 37):
        m.add_batch(chunk)
    assert m.n == data.size
    assert m.mean == pytest.approx(data.mean())
    expected = t975(data.size - 1) * data.std(ddof=1) / math.sqrt(data.size) / data.mean()
    assert m.rel_halfwidth() == pytest.approx(expected, rel=1e-9)
    assert summarize(data, 1)["ci_rel_halfwidth"] == pytest.approx(expected, rel=1e-9)
    assert RunningMoments().rel_halfwidth() == math.inf


def test_decimate() -> None:
    values = list(range(10_000))
    d = decimate(values, 2000)
    assert len(d) == 2000 and d[0] == 0 and d[-1] == 9999 and d == sorted(d)
    assert decimate([1, 2, 3], 2000) == [1, 2, 3]
    assert decimate(values, 0) == []
