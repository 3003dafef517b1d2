"""The bounds of a calendar day in a time zone."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..errors import StudioError

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
