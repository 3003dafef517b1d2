"""The pull bar's choice of what to pull: a day, an ISO week, or a run of days (from–to).

``SpanChooser`` is the "Day / Week / From–to" selector and the fields of each: the day's date,
an ISO week (typed as ``2026-W05`` or picked from the last weeks that are over), or two dates.
It hands out the chosen day (``datetime.date``) or span (:class:`~studio.sources.span.SpanDates`).
"""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate, Signal
from PySide6.QtWidgets import QComboBox, QDateEdit, QHBoxLayout, QLabel, QWidget

from ..plumbing.errors import StudioError
from ..sources.span import SpanDates, date_span, week_span

DAY, WEEK, RANGE = "day", "week", "range"
RECENT_WEEKS = 12  # weeks offered in the week field's list, the newest that is over first
DATE_FORMAT = "d MMM yyyy (ddd)"
RANGE_FORMAT = "d MMM yyyy"  # two dates side by side: without the weekday, the bar fits 1280 px


def week_item(span: SpanDates) -> str:
    """``2026-W05 · 26 Jan – 1 Feb``: a week as the list shows it."""
    a, b = span.first, span.last
    head = f"{a.day} {a:%b}" if a.month != b.month else f"{a.day}"
    return f"{span.week} · {head} – {b.day} {b:%b}"


def recent_weeks(today: dt.date, count: int = RECENT_WEEKS) -> list[SpanDates]:
    """The last ``count`` ISO weeks that are over by ``today`` (a week ends on its Sunday)."""
    monday = today - dt.timedelta(days=today.weekday())
    if today.weekday() < 6:
        monday -= dt.timedelta(days=7)
    out = []
    for i in range(count):
        first = monday - dt.timedelta(days=7 * i)
        iso = first.isocalendar()
        out.append(week_span(f"{iso.year}-W{iso.week:02d}"))
    return out


def _date_edit(name: str, display: str = DATE_FORMAT) -> QDateEdit:
    edit = QDateEdit(QDate.currentDate())
    edit.setObjectName(name)
    edit.setCalendarPopup(True)
    # a date as people write it; the weekday last, for a weekday first makes Qt refuse a
    # typed day number (it clashes with the weekday shown until the whole date is typed)
    edit.setDisplayFormat(display)
    edit.setMaximumDate(QDate.currentDate().addDays(1))
    return edit


def _qdate(d: dt.date) -> QDate:
    return QDate(d.year, d.month, d.day)


def _pydate(d: QDate) -> dt.date:
    return dt.date(d.year(), d.month(), d.day())


class SpanChooser(QWidget):
    """"Day ▾ [date]", "Week ▾ [2026-W05 · 26 Jan – 1 Feb]" or "From–to ▾ [date] – [date]"."""

    submitted = Signal()  # Enter in the week field

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = QComboBox()
        self.kind.setObjectName("spanKind")
        self.kind.setToolTip("Pull one day, an ISO week (a weekly recap), or a run of days")
        for text, key in (("Day", DAY), ("Week", WEEK), ("From–to", RANGE)):
            self.kind.addItem(text, key)
        self.date = _date_edit("dateField")
        self.week = QComboBox()
        self.week.setObjectName("weekField")
        self.week.setEditable(True)
        self.week.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)  # Enter pulls, adds nothing
        self.week.setToolTip("An ISO week, e.g. 2026-W05 (Monday to Sunday)")
        self.week.lineEdit().setPlaceholderText("2026-W05")
        for span in recent_weeks(dt.date.today()):
            self.week.addItem(week_item(span), span.week)
        self.first = _date_edit("fromField", RANGE_FORMAT)
        self.first.setDate(QDate.currentDate().addDays(-7))
        self.dash = QLabel("–")
        self.last = _date_edit("toField", RANGE_FORMAT)
        self.last.setDate(QDate.currentDate().addDays(-1))

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for w in (self.kind, self.date, self.week, self.first, self.dash, self.last):
            layout.addWidget(w)
        self.kind.currentIndexChanged.connect(lambda _i: self._show_fields())
        self.week.lineEdit().returnPressed.connect(self.submitted)
        self._show_fields()

    def mode(self) -> str:
        return self.kind.currentData() or DAY

    def set_mode(self, mode: str) -> None:
        self.kind.setCurrentIndex(max(0, self.kind.findData(mode)))

    def _show_fields(self) -> None:
        mode = self.mode()
        self.date.setVisible(mode == DAY)
        self.week.setVisible(mode == WEEK)
        for w in (self.first, self.dash, self.last):
            w.setVisible(mode == RANGE)

    def chosen_date(self) -> dt.date:
        return _pydate(self.date.date())

    def chosen_span(self) -> SpanDates:
        """The week or run of days chosen; a StudioError (one line) when it is not one."""
        if self.mode() == WEEK:
            text = self.week.currentText().strip()
            index = self.week.findText(text)
            key = (self.week.itemData(index) if index >= 0 else None) or text.split("·")[0].strip()
            if not key:
                raise StudioError("enter an ISO week, e.g. 2026-W05")
            return week_span(key)
        return date_span(_pydate(self.first.date()), _pydate(self.last.date()))

    def show_day(self, date: dt.date) -> None:
        self.set_mode(DAY)
        self.date.setDate(_qdate(date))

    def show_span(self, span: SpanDates) -> None:
        """Reflect the span that is open (a recap pulled or opened)."""
        if span.week:
            self.set_mode(WEEK)
            index = self.week.findData(span.week)
            if index < 0:
                self.week.addItem(week_item(span), span.week)
                index = self.week.count() - 1
            self.week.setCurrentIndex(index)
        else:
            self.set_mode(RANGE)
            self.first.setDate(_qdate(span.first))
            self.last.setDate(_qdate(span.last))
