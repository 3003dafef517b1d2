"""Saying when, in a recap: "on Monday" inside a week, "on January 26th" otherwise."""

from __future__ import annotations

import datetime as dt

from ..words import join_words, number_words, spoken_date

WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


class Calendar:
    """Dates of a span said the way a listener follows them: weekday names while the span is at
    most a week (no weekday repeats), the date otherwise; a date before the span by its date."""

    def __init__(self, first: dt.date, last: dt.date) -> None:
        self.first, self.last = first, last
        self.weekdays = (last - first).days < 7

    def name(self, date: str) -> str:
        """"Monday", "January 26th" (with the year when it is not the span's)."""
        try:
            day = dt.date.fromisoformat(date)
        except ValueError:
            return ""
        if self.weekdays and self.first <= day <= self.last:
            return WEEKDAYS[day.weekday()]
        if self.weekdays and self.first - dt.timedelta(days=7) < day < self.first:
            return f"the {WEEKDAYS[day.weekday()]} before"
        text = spoken_date(day)
        return text.rsplit(",", 1)[0] if day.year == self.last.year else text

    def on(self, date: str) -> str:
        name = self.name(date)
        return f"on {name}" if name else ""

    def run(self, dates: list[str]) -> str:
        """"from Monday to Wednesday", "on Monday and Thursday", "on Tuesday"."""
        dates = sorted(set(dates))
        if not dates:
            return ""
        if len(dates) == 1:
            return self.on(dates[0])
        days = [dt.date.fromisoformat(d) for d in dates]
        if len(dates) > 2 and (days[-1] - days[0]).days + 1 == len(days):
            return f"from {self.name(dates[0])} to {self.name(dates[-1])}"
        if len(dates) > 3:
            return (f"over {number_words(len(dates))} days, from {self.name(dates[0])} to "
                    f"{self.name(dates[-1])}")
        return "on " + join_words([self.name(d) for d in dates])

    def span(self) -> str:
        """"the week of January 26th to February 1st, 2026"."""
        a, b = spoken_date(self.first), spoken_date(self.last)
        if self.first.year == self.last.year:
            a = a.rsplit(",", 1)[0]
        return f"{a} to {b}"
