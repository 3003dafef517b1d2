"""A span of days (an ISO week, or a run of dates) and what was pulled for it.

``SpanDates`` is the calendar part: parsed from ``2026-W05`` or two dates, checked (not
reversed, at most MAX_SPAN_DAYS, not in the future) and named (``label`` for people,
``folder`` for the show folder). ``Span`` holds one :class:`Day` per date, oldest first, each
with its own look-back window, exactly as a daily pull would have made it — so a day of a span
can be scripted, edited and published like any other day. Qt-free: the app's week view builds
on it.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import atomic_write_text, read_json
from .model import Commit, Day
from .window import EPOCH, day_bounds

MAX_SPAN_DAYS = 31
SPAN_SCHEMA = 1
_WEEK = re.compile(r"^\s*(\d{4})-?[Ww](\d{1,2})\s*$")
_FOLDER_WEEK = re.compile(r"^\d{4}-W\d{2}$")
_FOLDER_RANGE = re.compile(r"^\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class SpanDates:
    """The days of a span, ``first`` to ``last`` inclusive."""

    first: dt.date
    last: dt.date
    week: str = ""  # "2026-W05" when the span is that ISO week, else ""

    @property
    def dates(self) -> list[dt.date]:
        return [self.first + dt.timedelta(days=i) for i in range(self.length)]

    @property
    def length(self) -> int:
        return (self.last - self.first).days + 1

    @property
    def label(self) -> str:
        """For people: "2026-W05", "2026-01-26 to 2026-02-01"."""
        return self.week or f"{self.first.isoformat()} to {self.last.isoformat()}"

    @property
    def folder(self) -> str:
        """The episode folder's name: "2026-W05", "2026-01-26_2026-02-01"."""
        return self.week or f"{self.first.isoformat()}_{self.last.isoformat()}"


def is_span_folder(name: str) -> bool:
    """Whether an episode folder's name is a span's (a recap), as :attr:`SpanDates.folder`."""
    return bool(_FOLDER_WEEK.match(name) or _FOLDER_RANGE.match(name))


def week_span(text: str) -> SpanDates:
    """``2026-W05`` (or ``2026W05``, ``2026-w5``): Monday to Sunday of that ISO week."""
    match = _WEEK.match(text or "")
    if not match:
        raise StudioError(f"not an ISO week: {text[:40]!r} (expected YYYY-Www, e.g. 2026-W05)")
    year, week = int(match.group(1)), int(match.group(2))
    try:
        first = dt.date.fromisocalendar(year, week, 1)
    except ValueError:
        raise StudioError(f"{year} has no week {week}: ISO weeks run 1 to "
                          f"{dt.date(year, 12, 28).isocalendar()[1]}") from None
    return SpanDates(first, first + dt.timedelta(days=6), f"{year}-W{week:02d}")


def date_span(first: dt.date, last: dt.date) -> SpanDates:
    """``first`` to ``last``, named as an ISO week when it is exactly one."""
    if last < first:
        raise StudioError(f"the span is reversed: --from {first.isoformat()} is after "
                          f"--to {last.isoformat()}")
    iso = first.isocalendar()
    if iso.weekday == 1 and (last - first).days == 6:
        return SpanDates(first, last, f"{iso.year}-W{iso.week:02d}")
    return SpanDates(first, last)


def check_span(span: SpanDates, zone: ZoneInfo, now: dt.datetime | None = None) -> None:
    """Refuse a span longer than MAX_SPAN_DAYS, ending in the future, or before 1970."""
    if span.length > MAX_SPAN_DAYS:
        raise StudioError(f"the span {span.label} is {span.length} days: at most "
                          f"{MAX_SPAN_DAYS} days make one recap")
    today = (now or dt.datetime.now(dt.UTC)).astimezone(zone).date()
    if span.last > today:
        raise StudioError(f"the span {span.label} ends {span.last.isoformat()}, in the future "
                          f"(today is {today.isoformat()} in {zone.key}): recap it once it is over")
    if day_bounds(span.first, zone)[1] <= EPOCH:
        raise StudioError(f"the span {span.label} starts before 1970: git holds no commits then")


@dataclass
class Span:
    """What was pulled for a span: one Day per date, oldest first."""

    dates: SpanDates
    days: list[Day]
    reused: list[str] = field(default_factory=list)  # dates read from the show folder's day files
    requests: int | None = None  # GitHub requests spent (None: a git pull)
    # e-mail addresses (lower case) of the span's authors with no commit before it: the
    # first-time contributors; None when the source cannot tell (GitHub lists no history)
    newcomers: list[str] | None = None

    def __post_init__(self) -> None:
        want = [d.isoformat() for d in self.dates.dates]
        if [d.date for d in self.days] != want:
            raise StudioError(f"a span of {self.dates.label} needs one day for each date")

    @property
    def first_day(self) -> Day:
        return self.days[0]

    @property
    def repo(self) -> str:
        return self.days[0].repo

    @property
    def repo_url(self) -> str:
        return next((d.repo_url for d in self.days if d.repo_url), "")

    @property
    def branch(self) -> str:
        return self.days[-1].branch

    @property
    def tz(self) -> str:
        return self.days[0].tz

    @property
    def commits(self) -> list[Commit]:
        """Every commit of the span, newest first (as a day lists them)."""
        return [c for d in reversed(self.days) for c in d.commits]

    def day(self, date: str | dt.date) -> Day:
        key = date if isinstance(date, str) else date.isoformat()
        for d in self.days:
            if d.date == key:
                return d
        raise StudioError(f"{key} is not in the span {self.dates.label}")

    def date_of(self, sha: str) -> str:
        """The date (YYYY-MM-DD) the span's commit ``sha`` landed on; "" when not in the span."""
        for d in self.days:
            if any(c.sha == sha for c in d.commits):
                return d.date
        return ""

    def to_dict(self) -> dict[str, Any]:
        return {"schema": SPAN_SCHEMA, "first": self.dates.first.isoformat(),
                "last": self.dates.last.isoformat(), "week": self.dates.week,
                "reused": list(self.reused), "requests": self.requests,
                "newcomers": self.newcomers,
                "days": [d.to_dict() for d in self.days]}

    @classmethod
    def from_dict(cls, data: dict[str, Any], what: str = "span file") -> Span:
        if not isinstance(data, dict) or not isinstance(data.get("days"), list):
            raise StudioError(f"not a span file: {what} has no days list")
        if not isinstance(data.get("schema", 1), int) or data.get("schema", 1) > SPAN_SCHEMA:
            raise StudioError(f"{what}: schema {data.get('schema')!r} is newer than this studio")
        try:
            dates = SpanDates(dt.date.fromisoformat(data["first"]),
                              dt.date.fromisoformat(data["last"]), str(data.get("week") or ""))
        except (KeyError, TypeError, ValueError):
            raise StudioError(f"{what}: first and last must be dates as YYYY-MM-DD") from None
        days = [Day.from_dict(d, f"{what} day {i}") for i, d in enumerate(data["days"])]
        requests = data.get("requests")
        newcomers = data.get("newcomers")
        return cls(dates, days, [str(x) for x in data.get("reused") or []],
                   requests if isinstance(requests, int) else None,
                   [str(x) for x in newcomers] if isinstance(newcomers, list) else None)


def save_span(span: Span, path: str | Path) -> None:
    import json

    atomic_write_text(path, json.dumps(span.to_dict(), ensure_ascii=False) + "\n")


def load_span(path: str | Path) -> Span:
    return Span.from_dict(read_json(path, "span file"), f"span file {path}")
