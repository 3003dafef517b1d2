"""The bounds of a calendar day in a time zone."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..plumbing.errors import StudioError

FIRST_DATE = dt.date(1970, 1, 1)  # commit times are seconds since 1970


def parse_date(text: str, today: dt.date | None = None) -> dt.date:
    """``YYYY-MM-DD``, ``today`` or ``yesterday``."""
    today = today or dt.date.today()
    word = text.strip().lower()
    if word == "today":
        return today
    if word == "yesterday":
        return today - dt.timedelta(days=1)
    try:
        date = dt.date.fromisoformat(text.strip())
    except ValueError:
        raise StudioError(f"not a valid date: {text[:40]!r} (expected YYYY-MM-DD)") from None
    if date < FIRST_DATE:
        raise StudioError(f"--date {date} is before {FIRST_DATE}: git keeps no earlier dates")
    if date > today:
        raise StudioError(f"--date {date} is in the future (today is {today}): "
                          "it has no commits yet")
    return date


def parse_zone(name: str) -> ZoneInfo:
    shown = repr(name) if len(name) <= 60 else repr(name[:57] + "...")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a path
        raise StudioError(f"unknown time zone: {shown} (expected e.g. UTC or Europe/Berlin)") from None


def day_bounds(day: dt.date, zone: ZoneInfo) -> tuple[dt.datetime, dt.datetime]:
    """The first instant of ``day`` and of the next day, in ``zone`` (aware datetimes)."""
    start = dt.datetime.combine(day, dt.time.min, tzinfo=zone)
    end = dt.datetime.combine(day + dt.timedelta(days=1), dt.time.min, tzinfo=zone)
    return start, end


EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)  # git holds no commit dates before it


def check_day(day: dt.date, zone: ZoneInfo, now: dt.datetime | None = None) -> None:
    """Refuse a day that cannot have commits: after today in ``zone``, or before 1970."""
    today = (now or dt.datetime.now(dt.UTC)).astimezone(zone).date()
    if day > today:
        raise StudioError(f"{day.isoformat()} is in the future (today is {today.isoformat()} "
                          f"in {zone.key}): there are no commits to tell yet")
    if day_bounds(day, zone)[1] <= EPOCH:
        raise StudioError(f"{day.isoformat()} is before 1970: git holds no commits dated then")


def window_start(start: dt.datetime, lookback_days: int) -> dt.datetime:
    """``lookback_days`` before ``start``, but never before 1970 (where history begins)."""
    if lookback_days < 0:
        raise StudioError("--lookback-days must be zero or more")
    available = max(0, (start - EPOCH).days)
    if lookback_days >= available:
        return max(EPOCH, start - dt.timedelta(days=available))
    return start - dt.timedelta(days=lookback_days)


def git_time(moment: dt.datetime) -> str:
    """A time for git's --since/--until: ``@SECONDS +0000`` (a bare ``@N`` is misread by git
    for N below 100000000, i.e. before March 1973)."""
    return f"@{int(moment.timestamp())} +0000"
