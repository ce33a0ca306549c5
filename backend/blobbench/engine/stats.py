"""Statistics of latency samples: mean with a Student-t 95% confidence interval, percentiles,
and the throughput they imply.

No scipy: the two-sided 95% t quantile comes from a table for df <= 30 and a Cornish-Fisher
expansion above it (error < 1e-4 against exact values).
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

_Z975 = 1.959963984540054
_T975 = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)


def t975(df: int) -> float:
    """Two-sided 95% Student t quantile (the 0.975 one-sided quantile) for ``df`` >= 1."""
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    z, v = _Z975, float(df)
    return (
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
    )


class RunningMoments:
    """Count, mean and sum of squared deviations, merged batch by batch (Chan et al.).

    Lets the measurement loop test convergence every few dozen samples in O(batch) time
    instead of re-reading every sample.
    """

    __slots__ = ("n", "mean", "m2")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add_batch(self, values: np.ndarray) -> None:
        """Merge a batch of samples."""
        nb = int(values.size)
        if nb == 0:
            return
        mb = float(values.mean())
        m2b = float(((values - mb) ** 2).sum())
        n = self.n + nb
        delta = mb - self.mean
        self.mean += delta * nb / n
        self.m2 += m2b + delta * delta * self.n * nb / n
        self.n = n

    def rel_halfwidth(self) -> float:
        """95% CI half-width of the mean divided by the mean (inf when undefined)."""
        if self.n < 2 or self.mean <= 0:
            return math.inf
        sd = math.sqrt(self.m2 / (self.n - 1))
        return t975(self.n - 1) * sd / math.sqrt(self.n) / self.mean


def summarize(latencies_ns: Sequence[int] | np.ndarray, bytes_per_op: float) -> dict[str, Any]:
    """Summarise per-operation latencies (ns) of operations moving ``bytes_per_op`` bytes.

    Returns ``samples``, ``latency_mean_ns``, ``latency_median_ns``, ``latency_stdev_ns``,
    ``ci_halfwidth_ns`` (95% half-width of the mean), ``ci_rel_halfwidth`` (that / mean),
    ``latency_p50_ns``/``p95``/``p99``, and throughput ``bps_mean`` (bytes_per_op / mean),
    ``bps_median``, ``bps_ci_low`` = bytes_per_op / (mean + hw) and ``bps_ci_high`` =
    bytes_per_op / (mean - hw) (None when hw >= mean: the interval is unbounded above).
    """
    a = np.asarray(latencies_ns, dtype=np.float64)
    n = int(a.size)
    if n == 0:
        raise ValueError("no samples to summarise")
    mean = float(a.mean())
    sd = float(a.std(ddof=1)) if n > 1 else 0.0
    hw = t975(n - 1) * sd / math.sqrt(n) if n > 1 else math.inf
    p50, p95, p99 = (float(x) for x in np.percentile(a, [50, 95, 99]))
    rel = hw / mean if mean > 0 else math.inf
    return {
        "samples": n,
        "latency_mean_ns": mean,
        "latency_median_ns": p50,
        "latency_stdev_ns": sd,
        "ci_halfwidth_ns": hw,
        "ci_rel_halfwidth": rel,
        "latency_p50_ns": p50,
        "latency_p95_ns": p95,
        "latency_p99_ns": p99,
        "bps_mean": bytes_per_op * 1e9 / mean if mean > 0 else math.inf,
        "bps_median": bytes_per_op * 1e9 / p50 if p50 > 0 else math.inf,
        "bps_ci_low": bytes_per_op * 1e9 / (mean + hw) if math.isfinite(hw) else 0.0,
        "bps_ci_high": bytes_per_op * 1e9 / (mean - hw) if hw < mean else None,
    }


def decimate(values: Sequence[float] | np.ndarray, limit: int) -> list[float]:
    """At most ``limit`` values picked uniformly across ``values`` (order kept)."""
    a = np.asarray(values, dtype=np.float64)
    if limit <= 0:
        return []
    if a.size <= limit:
        return a.tolist()
    idx = np.linspace(0, a.size - 1, limit).round().astype(np.int64)
    return a[idx].tolist()
