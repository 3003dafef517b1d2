"""The bounds of a calendar day in a time zone."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..errors import StudioError


def parse_date(text: str, today: dt.date | None = None) -> dt.date:
    """``YYYY-MM-DD``, ``today`` or ``yesterday``."""
    today = today or dt.date.today()
    word = text.strip().lower()
    if word == "today":
        return today
    if word == "yesterday":
        return today - dt.timedelta(days=1)
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise StudioError(f"not a valid date: {text!r} (expected YYYY-MM-DD)") from None


def parse_zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise StudioError(f"unknown time zone: {name!r} (expected e.g. UTC or Europe/Berlin)") from None


def day_bounds(day: dt.date, zone: ZoneInfo) -> tuple[dt.datetime, dt.datetime]:
    """The first instant of ``day`` and of the next day, in ``zone`` (aware datetimes)."""
    start = dt.datetime.combine(day, dt.time.min, tzinfo=zone)
    end = dt.datetime.combine(day + dt.timedelta(days=1), dt.time.min, tzinfo=zone)
    return start, end
