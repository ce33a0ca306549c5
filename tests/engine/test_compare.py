from __future__ import annotations

import numpy as np
import pytest

from blobbench.engine.compare import change_pct, mann_whitney_u, verdict


def test_mann_whitney_matches_scipys_documented_example():
    # scipy.stats.mannwhitneyu docs: males vs females, method="asymptotic"
    result = mann_whitney_u([19, 22, 16, 29, 24], [20, 11, 17, 12])
    assert result.u == 17.0
    assert result.p_value == pytest.approx(0.11134688653314041, abs=1e-12)


def test_mann_whitney_with_ties_uses_average_ranks_and_the_tie_correction():
    # by hand: ranks 1 | 3 3 3 | 6 6 6 | 8; R1 = 1+3+3+6 = 13, U1 = 13 - 10 = 3, mu = 8,
    # sigma^2 = 16/12 * (9 - (24 + 24) / 56) = 10.857142..., z = (5 - 0.5) / sigma = 1.365698
    result = mann_whitney_u([1, 2, 2, 3], [2, 3, 3, 4])
    assert result.u == 3.0
    assert result.z == pytest.approx(-1.365698202, abs=1e-9)
    assert result.p_value == pytest.approx(0.172033709, abs=1e-9)


def test_mann_whitney_is_symmetric_and_u_counts_pairs():
    rng = np.random.default_rng(1)
    x, y = rng.normal(0, 1, 40).round(1), rng.normal(0.3, 1, 30).round(1)
    forward, backward = mann_whitney_u(x, y), mann_whitney_u(y, x)
    assert forward.p_value == pytest.approx(backward.p_value)
    assert forward.u + backward.u == 40 * 30
    pairs = sum((a > b) + 0.5 * (a == b) for a in x for b in y)
    assert forward.u == pytest.approx(pairs)


def test_mann_whitney_sees_a_shift_and_not_noise():
    rng = np.random.default_rng(7)
    base = rng.lognormal(3, 0.2, 2000)
    assert mann_whitney_u(base, rng.lognormal(3, 0.2, 2000)).p_value > 0.01
    assert mann_whitney_u(base, base * 1.1).p_value < 1e-10
    assert mann_whitney_u([5, 5, 5], [5, 5]).p_value == 1.0
    with pytest.raises(ValueError):
        mann_whitney_u([], [1.0])


@pytest.mark.parametrize("change, p, direction, expected", [
    (-20.0, 1e-6, 1, "regressed"),     # throughput down
    (20.0, 1e-6, 1, "improved"),       # throughput up
    (20.0, 1e-6, -1, "regressed"),     # latency up
    (-20.0, 1e-6, -1, "improved"),     # latency down
    (-3.0, 1e-9, 1, "unchanged"),      # significant but below the threshold
    (-20.0, 0.2, 1, "unchanged"),      # large but not significant
    (-20.0, None, 1, "regressed"),     # no raw samples: the threshold decides
    (None, None, 1, "unchanged"),
])
def test_verdict_respects_direction_threshold_and_significance(change, p, direction, expected):
    assert verdict(change, p, direction, threshold_pct=5.0) == expected


def test_change_pct():
    assert change_pct(100.0, 90.0) == pytest.approx(-10.0)
    assert change_pct(0.0, 1.0) is None and change_pct(None, 1.0) is None
