"""Comparing a cell's measurements with a baseline's: did it get better, worse, or neither?

A change counts when it is both *significant* — a two-sided Mann–Whitney U test on the raw
per-operation samples gives p < ``alpha`` — and *large* — the relative change of the measure is
at least ``threshold_pct``. Either alone misleads: thousands of samples make a 0.5% drift
"significant", and a noisy 8% difference on a few samples is not evidence. The verdict respects
the measure's direction: throughput up is an improvement, latency up is a regression.

The U test is rank-based, so it gives the same p for latencies and for the per-operation
throughputs they imply (a monotone transform); the raw samples stored with each result are
latencies in microseconds. No scipy: the normal approximation with tie correction and
continuity correction (scipy's ``mannwhitneyu(method="asymptotic")``) is exact enough for the
sample counts a cell keeps (hundreds to thousands).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

Verdict = Literal["improved", "unchanged", "regressed"]

#: +1: higher is better, -1: lower is better.
DIRECTIONS: dict[str, int] = {
    "read_bps": 1, "read_bps_median": 1, "write_bps": 1, "write_bps_median": 1, "wire_bps": 1,
    "latency_mean_us": -1, "latency_p50_us": -1, "latency_p95_us": -1, "latency_p99_us": -1,
}
DEFAULT_ALPHA = 0.01


@dataclass(frozen=True)
class MannWhitney:
    u: float  # U statistic of the first sample: pairs (x, y) with x > y, ties counting 1/2
    z: float
    p_value: float  # two-sided


def _average_ranks(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ranks 1..n with ties sharing their average rank, and the size of each tie group."""
    unique, inverse, counts = np.unique(values, return_inverse=True, return_counts=True)
    del unique
    upper = np.cumsum(counts)
    average = upper - (counts - 1) / 2.0
    return average[inverse], counts


def mann_whitney_u(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray
                   ) -> MannWhitney:
    """Two-sided Mann–Whitney U test of ``x`` against ``y`` (normal approximation with tie
    and continuity corrections). Raises ValueError when a sample is empty."""
    a = np.asarray(x, dtype=np.float64).ravel()
    b = np.asarray(y, dtype=np.float64).ravel()
    n1, n2 = int(a.size), int(b.size)
    if n1 == 0 or n2 == 0:
        raise ValueError("both samples need at least one value")
    ranks, ties = _average_ranks(np.concatenate([a, b]))
    u1 = float(ranks[:n1].sum()) - n1 * (n1 + 1) / 2.0
    n = n1 + n2
    mu = n1 * n2 / 2.0
    tie_term = float((ties.astype(np.float64) ** 3 - ties).sum())
    variance = n1 * n2 / 12.0 * ((n + 1) - tie_term / (n * (n - 1))) if n > 1 else 0.0
    if variance <= 0:  # every value equal: no evidence of any difference
        return MannWhitney(u=u1, z=0.0, p_value=1.0)
    z = (abs(u1 - mu) - 0.5) / math.sqrt(variance)
    p = min(1.0, math.erfc(z / math.sqrt(2.0)))
    return MannWhitney(u=u1, z=math.copysign(max(z, 0.0), u1 - mu), p_value=p)


def change_pct(baseline: float | None, current: float | None) -> float | None:
    """Relative change from ``baseline`` to ``current`` in percent (None if undefined)."""
    if baseline is None or current is None or baseline == 0:
        return None
    return (current - baseline) / abs(baseline) * 100.0


def verdict(change: float | None, p_value: float | None, direction: int,
            threshold_pct: float, alpha: float = DEFAULT_ALPHA) -> Verdict:
    """``regressed`` / ``improved`` when the change is at least ``threshold_pct`` in the bad /
    good ``direction`` and significant (p < ``alpha``); without raw samples (p None) the
    threshold alone decides. Otherwise ``unchanged``."""
    if change is None or abs(change) < threshold_pct:
        return "unchanged"
    if p_value is not None and p_value >= alpha:
        return "unchanged"
    return "improved" if change * direction > 0 else "regressed"
