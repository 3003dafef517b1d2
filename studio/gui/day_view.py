"""The day list: every commit of the pulled day, filterable by theme, with its details; for a
recap, the span list: the span's commits grouped by story, each with the day it landed."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .. import humanize
from ..digest.model import Digest
from ..sources.model import Day
from ..sources.span import Span
from .day_rows import (
    RELAND,
    REVERT,
    ROLLBACKS,
    STACK,
    STORY,
    Row,
    build_rows,
    row_matches,
    themes_present,
    tooltip_html,
)
from .span_rows import BEFORE

BADGES = {REVERT: "⟲ revert", RELAND: "↻ reland", STACK: "≡ stack"}
STORY_BADGES = {"comeback": "⟲↻", "rollback": "⟲", "series": "≡", "sweep": "◆",
                "release": "★", "removal": "✕", "theme": "◇", "change": "•"}
TIME_WIDTH, DAY_WIDTH = 74, 84  # the Time column; a span's Day column ("Wed 28 Jan")
MARKS_WIDTH, SPAN_MARKS_WIDTH = 120, 72  # a span's marks are short: "≡ 2 of 5", "↻ reland"
SHA_ROLE = Qt.ItemDataRole.UserRole
DOCK_WIDTH = 500  # the Day panel beside the script: at 1280 wide the script's text keeps 300
TITLE_SHARE = 0.64  # of the list's width the Commit column keeps however wide the others' text
MIN_COLUMN, MAX_COLUMN = 40, 170  # an author, a day or marks column: at least, at most


FILL_CHUNK = 100  # rows added to the day list per turn of the event loop (300 blocked 100-130 ms)
SIZE_SAMPLE = 150  # rows a column's width is measured on


class DayView(QWidget):
    commit_selected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[Row] = []
        self._commits = 0
        self._day_shown = False
        self._fills = 0  # fills of the list started: each chunk checks it is the latest
        self.is_span = False  # a recap's span list, grouped by story
        self.heading = QLabel("No day pulled yet: pull a repository above, or open an episode.")
        self.heading.setWordWrap(True)
        self.theme = QComboBox()
        self.theme.setObjectName("themeFilter")
        self.theme.setToolTip("Show the commits of one theme")
        self.search = QLineEdit()
        self.search.setPlaceholderText("Filter by title, author or sha")
        self.search.setClearButtonEnabled(True)
        self.tree = QTreeWidget()
        self.tree.setObjectName("dayTree")
        self.tree.setHeaderLabels(["Commit", "Author", "Time", "Theme", "Marks"])
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        # fit_columns measures the columns' text: on the first rows only (Qt's default, 1,000
        # of a 1,500-commit day's rows, blocked the window 40 ms a measure)
        header.setResizeContentsPrecision(SIZE_SAMPLE)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # the title: the rest
        for col, width in ((1, 96), (2, TIME_WIDTH), (3, 76), (4, MARKS_WIDTH)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(col, width)
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(MIN_COLUMN)
        self.tree.setColumnWidth(0, 200)
        self.empty_note = QLabel(self.tree.viewport())  # "No commits match", over the list
        self.empty_note.setObjectName("noCommitsMatch")
        self.empty_note.setTextFormat(Qt.TextFormat.PlainText)
        self.empty_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_note.setWordWrap(True)
        self.empty_note.setEnabled(False)  # drawn greyed, like a placeholder
        self.empty_note.hide()
        self.tree.viewport().installEventFilter(self)
        self.details = QTextBrowser()
        self.details.setObjectName("commitDetails")
        self.details.setOpenExternalLinks(True)
        self.details.setPlaceholderText("Select a commit to see its message, files and link.")

        filters = QHBoxLayout()
        filters.addWidget(self.theme, 1)
        filters.addWidget(self.search, 2)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.tree)
        split.addWidget(self.details)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.heading)
        layout.addLayout(filters)
        layout.addWidget(split, 1)

        self.theme.currentIndexChanged.connect(lambda _i: self.apply_filter())
        self.search.textChanged.connect(lambda _t: self.apply_filter())
        self.tree.currentItemChanged.connect(self._show_details)
        self.clear()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.viewport() and event.type() == QEvent.Type.Resize:
            self._place_empty_note()
            self.fit_columns()
        return super().eventFilter(watched, event)

    def fit_columns(self) -> None:
        """Author, Time/Day, Theme and Marks as wide as their text (each at most MAX_COLUMN),
        but together never more than what leaves the Commit column TITLE_SHARE of the list:
        in a narrow panel they give way in proportion, and the title stretches over the rest."""
        header = self.tree.header()
        cols = [c for c in range(1, 5) if c != 3 or not self.is_span]
        wants = {c: min(MAX_COLUMN, max(header.sectionSizeHint(c),
                                        self.tree.sizeHintForColumn(c)) + 6) for c in cols}
        room = int(self.tree.viewport().width() * (1 - TITLE_SHARE))
        if 3 in cols and sum(wants.values()) > room:  # a narrow panel folds Theme away first:
            cols.remove(3)  # the theme filter and each title's tooltip still say it
            del wants[3]
        if not self.is_span:
            self.tree.setColumnHidden(3, 3 not in cols)
        total = sum(wants.values())
        scale = min(1.0, room / total) if total else 1.0
        for c in cols:
            width = max(MIN_COLUMN, int(wants[c] * scale))
            if header.sectionSize(c) != width:
                header.resizeSection(c, width)

    def _place_empty_note(self) -> None:
        port = self.tree.viewport()
        self.empty_note.setGeometry(12, 12, max(0, port.width() - 24), max(0, port.height() - 24))

    def _show_empty_note(self) -> None:
        text, theme = self.search.text().strip(), self.theme.currentText()
        if not self._day_shown or any(not self.tree.topLevelItem(i).isHidden()
                             for i in range(self.tree.topLevelItemCount())):
            self.empty_note.hide()
            return
        if not self.rows:
            note = "No commits in this span." if self.is_span else "No commits on this day."
        else:
            what = f" “{text}”" if text else ""
            where = f" in {theme}" if self.theme.currentData() else ""
            note = f"No commits match{what}{where}.\nClear the filter to see all {self._commits}."
        self.empty_note.setText(note)
        self._place_empty_note()
        self.empty_note.show()

    def clear(self) -> None:
        self.rows = []
        self._day_shown = False
        self._fills += 1  # a fill still adding rows stops
        self.is_span = False
        self.tree.setHeaderLabels(["Commit", "Author", "Time", "Theme", "Marks"])
        self.tree.header().resizeSection(2, TIME_WIDTH)
        self.tree.header().resizeSection(4, MARKS_WIDTH)
        self.tree.setColumnHidden(3, False)
        self.fit_columns()
        self.empty_note.hide()
        self.tree.clear()
        self.details.clear()
        self.theme.blockSignals(True)
        self.theme.clear()
        self.theme.addItem("All themes", "")
        self.theme.blockSignals(False)

    def show_day(self, day: Day | None, digest: Digest | None,
                 rows: list[Row] | None = None) -> None:
        self.clear()
        if day is None or digest is None:
            self.heading.setText("No day in this project (its day.json is missing).")
            return
        s = digest.stats
        n = humanize.plural
        bits = [n(s.commits, "commit"), n(s.reverts, "revert"), n(s.relands, "reland"),
                n(len(digest.stacks), "stack"), n(s.authors, "author")]
        self.heading.setText(f"<b>{_e(day.repo)}</b> · {_e(day.branch)} · {_e(humanize.day(day.date))} "
                             f"({_e(day.tz)})<br>{' · '.join(bits)}")
        self._commits = s.commits  # as the heading counts them (a reverted original is a row's child)
        rows = rows if rows is not None else build_rows(digest, day)
        self._fill(rows, rows)

    def show_span(self, span: Span | None, rows: list[Row] | None, bits: list[str]) -> None:
        """A recap's span: its stories as groups, most significant first, each commit beneath
        with the day it landed."""
        self.clear()
        if span is None or rows is None:
            self.heading.setText("No days in this recap (its span.json is missing).")
            return
        self.is_span = True
        self.tree.setHeaderLabels(["Commit", "Author", "Day", "Theme", "Marks"])
        self.tree.header().resizeSection(2, DAY_WIDTH)
        self.tree.header().resizeSection(4, SPAN_MARKS_WIDTH)
        self.tree.setColumnHidden(3, True)  # room for the titles: the filter still offers themes
        first, last = span.dates.first, span.dates.last
        when = f"{first:%a} {first.day} {first:%b} – {last:%a} {last.day} {last:%b %Y}"
        week = f"<b>{_e(span.dates.week)}</b>: " if span.dates.week else ""  # else: dates alone
        self.heading.setText(f"<b>{_e(span.repo)}</b> · {_e(span.branch)} · "
                             f"{week}{_e(when)} ({_e(span.tz)})"
                             f"<br>{_e(' · '.join(bits))}")
        self._commits = len(span.commits)
        self._fill(rows, [ch for r in rows for ch in (r.children if STORY in r.marks else [r])])

    def _fill(self, rows: list[Row], counted: list[Row]) -> None:
        self.rows = rows
        self.theme.blockSignals(True)
        self.theme.addItem("Rollbacks and relands", ROLLBACKS)
        for theme_id, name in themes_present(counted):
            self.theme.addItem(name[:1].upper() + name[1:], theme_id)
        self.theme.blockSignals(False)
        self._fills += 1
        self._add_rows(self._fills, 0)
        self._day_shown = True
        self._show_empty_note()

    def _add_rows(self, fill: int, start: int) -> None:
        """The day list's rows from ``start``, FILL_CHUNK at a time: a 1,500-commit day is
        shown over several turns of the event loop, so the window never blocks for the whole
        list (``fill``: which fill this is; a newer one or a clear() stops an older one)."""
        if fill != self._fills:
            return
        chunk = self.rows[start:start + FILL_CHUNK]
        self.tree.addTopLevelItems([self._item(row) for row in chunk])
        for i, row in enumerate(chunk, start):  # a story's name, kind and days across the row
            item = self.tree.topLevelItem(i)
            if STORY in row.marks:
                item.setFirstColumnSpanned(True)
            item.setExpanded(True)
        if not start:
            self.fit_columns()  # to the first rows' text: the ones on screen
        if start + FILL_CHUNK < len(self.rows):
            # with the view as the timer's context: a closed window drops its pending chunks
            QTimer.singleShot(0, self, lambda: self._add_rows(fill, start + FILL_CHUNK))
        elif start:
            self.apply_filter()  # a filter typed while the list was still filling

    def _item(self, row: Row) -> QTreeWidgetItem:
        marks = " ".join(BADGES[m] for m in row.marks if m in BADGES)
        if STORY in row.marks:
            marks = STORY_BADGES.get(row.stack, "")
        elif row.stack:
            marks = marks.replace(BADGES[STACK], f"≡ {row.stack}")
        label = row.label
        if STORY in row.marks:  # spans the row: "≡ series · Bob Okafor's XPU Series · Mon 26 – Wed 28 Jan"
            label = f"{marks} " * bool(marks) + " · ".join(x for x in (row.label, row.time) if x)
        item = QTreeWidgetItem([label, row.author, row.time, row.theme_name, marks])
        item.setData(0, SHA_ROLE, row.sha)
        item.setToolTip(0, tooltip_html(row))
        for col, tip in ((1, row.author), (2, row.when or row.time), (3, row.theme_name), (4, row.note)):
            item.setToolTip(col, f"<p>{_e(tip)}</p>" if tip else "")
        if STORY in row.marks:
            font = item.font(0)
            font.setBold(True)
            item.setFont(0, font)
        elif REVERT in row.marks:
            font = item.font(0)
            font.setItalic(True)
            item.setFont(0, font)
        if self.is_span and row.note.endswith(BEFORE):  # an arc's step from before the span
            grey = self.tree.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            for col in range(5):
                item.setForeground(col, grey)
        for child in row.children:
            item.addChild(self._item(child))
        return item

    def apply_filter(self) -> None:
        theme = self.theme.currentData() or ""
        text = self.search.text()
        shown = self.tree.topLevelItemCount()  # a long day may still be filling
        for i, row in enumerate(self.rows[:shown]):
            self.tree.topLevelItem(i).setHidden(not row_matches(row, theme, text))
        self._show_empty_note()

    def visible_shas(self) -> list[str]:
        return [self.tree.topLevelItem(i).data(0, SHA_ROLE)
                for i in range(self.tree.topLevelItemCount())
                if not self.tree.topLevelItem(i).isHidden()]

    def select(self, sha: str) -> bool:
        for item in self._all_items():
            if item.data(0, SHA_ROLE) == sha:
                self.tree.setCurrentItem(item)
                return True
        return False

    def _all_items(self):
        stack = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        while stack:
            item = stack.pop(0)
            yield item
            stack.extend(item.child(j) for j in range(item.childCount()))

    def _show_details(self, item: QTreeWidgetItem | None, _prev=None) -> None:
        if item is None:
            self.details.clear()
            return
        sha = item.data(0, SHA_ROLE)
        for row in self._walk(self.rows):
            if row.sha == sha:
                self.details.setHtml(row.details)
                break
        self.commit_selected.emit(sha)

    def _walk(self, rows: list[Row]):
        for r in rows:
            yield r
            yield from self._walk(r.children)


def _e(text: str) -> str:
    import html

    return html.escape(text)
