from __future__ import annotations

from datetime import UTC, datetime

import pytest

from blobbench.core import cron


def at(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_next_times_are_exact_cron_times_after_the_moment():
    assert cron.next_times("*/15 * * * *", at(2026, 1, 1, 12, 7, 30), 3) == [
        at(2026, 1, 1, 12, 15), at(2026, 1, 1, 12, 30), at(2026, 1, 1, 12, 45)]
    # a moment on a firing time is not "after" it
    assert cron.next_time("* * * * *", at(2026, 1, 1, 12, 0)) == at(2026, 1, 1, 12, 1)


def test_latest_time_includes_the_moment_itself():
    assert cron.latest_time("* * * * *", at(2026, 1, 1, 12, 0)) == at(2026, 1, 1, 12, 0)
    assert cron.latest_time("* * * * *", datetime(2026, 1, 1, 12, 0, 59, 999_999, tzinfo=UTC)) \
        == at(2026, 1, 1, 12, 0)
    assert cron.latest_time("0 3 * * *", at(2026, 1, 2, 2, 59)) == at(2026, 1, 1, 3, 0)


@pytest.mark.parametrize("expr, reason", [
    ("* * *", "has 3 fields"),
    ("* * * * * *", "has 6 fields"),
    ("61 * * * *", "not a valid cron expression"),
    ("0 0 31 2 *", "never fires"),
    ("@reboot", "not a valid cron expression"),
])
def test_unusable_expressions_are_refused_with_a_reason(expr, reason):
    with pytest.raises(cron.CronInvalid, match=reason):
        cron.normalize(expr)


def test_valid_expressions_are_normalised():
    assert cron.normalize("  0   3 * *   mon-fri ") == "0 3 * * mon-fri"
    assert cron.normalize("@daily") == "@daily"
    assert cron.normalize("0 0 29 2 *") == "0 0 29 2 *"  # leap days exist
