"""Cron expressions (five fields or @macros), evaluated in UTC with croniter."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from croniter import CroniterBadCronError, CroniterBadDateError, croniter

from blobbench.core.clock import as_utc

#: How far ahead a valid expression must fire at least once (e.g. '0 0 29 2 *' fires in 4 years).
_HORIZON = timedelta(days=8 * 366)


class CronInvalid(ValueError):
    """The expression cannot be used; the message says why, for a person."""


def normalize(expr: str) -> str:
    """Validate ``expr`` and return it with single spaces; raise CronInvalid otherwise."""
    text = " ".join(expr.split())
    fields = text.split(" ")
    if not text.startswith("@") and len(fields) != 5:
        raise CronInvalid(
            f"'{text}' has {len(fields)} fields; a cron expression has five (minute hour "
            "day-of-month month day-of-week), e.g. '0 3 * * *' for 03:00 UTC every day"
        )
    if not croniter.is_valid(text):
        raise CronInvalid(f"'{text}' is not a valid cron expression; e.g. '*/15 * * * *' fires "
                          "every 15 minutes, '0 3 * * mon-fri' at 03:00 UTC on weekdays")
    try:
        first = croniter(text, datetime(2000, 1, 1, tzinfo=UTC)).get_next(datetime)
    except (CroniterBadDateError, CroniterBadCronError) as exc:
        raise CronInvalid(f"'{text}' never fires (no such date)") from exc
    if first - datetime(2000, 1, 1, tzinfo=UTC) > _HORIZON:
        raise CronInvalid(f"'{text}' never fires (no such date)")
    return text


def next_times(expr: str, after: datetime, count: int = 5) -> list[datetime]:
    """The next ``count`` firing times strictly after ``after``."""
    it = croniter(expr, as_utc(after))
    return [it.get_next(datetime) for _ in range(count)]


def next_time(expr: str, after: datetime) -> datetime:
    return next_times(expr, after, 1)[0]


def latest_time(expr: str, now: datetime) -> datetime:
    """The latest firing time at or before ``now``."""
    now = as_utc(now).replace(microsecond=0)
    return croniter(expr, now + timedelta(seconds=1)).get_prev(datetime)

