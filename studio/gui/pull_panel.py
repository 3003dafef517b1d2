"""The pull bar: repository (local path or GitHub owner/name), a day or a span of days (an ISO
week, or from–to: a recap), time zone, Pull, the job's progress and its Cancel. Every control
keeps its place while a job runs (disabled, never hidden or moved)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from ..pipeline import SourceSpec
from ..plumbing.errors import StudioError
from ..sources.span import SpanDates, check_span
from ..sources.window import parse_zone
from .span_chooser import DAY, SpanChooser

_GITHUB_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}$")
COMMON_ZONES = ["UTC", "America/Los_Angeles", "America/New_York", "Europe/London",
                "Europe/Berlin", "Asia/Kolkata", "Asia/Shanghai", "Asia/Tokyo"]


def spec_for(repo: str, tz: str) -> SourceSpec:
    """A local path if it exists, else a GitHub ``owner/name``; anything else is an error."""
    text = repo.strip()
    if not text:
        raise StudioError("enter a repository: a local path or a GitHub owner/name")
    path = Path(text).expanduser()
    if path.exists():
        return SourceSpec(git=str(path), tz=tz)
    name = text.removeprefix("https://github.com/").removesuffix(".git").strip("/")
    if _GITHUB_NAME.match(name):
        return SourceSpec(github=name, tz=tz)
    raise StudioError(f"{text!r} is neither a folder on this computer nor a GitHub owner/name")


class PullPanel(QWidget):
    pull_requested = Signal(object, object)  # SourceSpec, datetime.date
    span_requested = Signal(object, object)  # SourceSpec, SpanDates (a week's recap)
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.repo = QComboBox()
        self.repo.setObjectName("repoField")
        self.repo.setEditable(True)
        self.repo.setMinimumWidth(240)  # room for a from–to span in a 1280 px wide window
        # a width of its own, not of the longest path remembered: the bar does not shift
        # when a pull adds one
        self.repo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.repo.setMinimumContentsLength(24)
        self.repo.lineEdit().setPlaceholderText("owner/name on GitHub, or a local clone")
        self.browse = QToolButton()
        self.browse.setText("…")
        self.browse.setToolTip("Choose a local clone")
        self.span = SpanChooser()
        self.date = self.span.date
        self.tz = QComboBox()
        self.tz.setObjectName("tzField")
        self.tz.setEditable(True)
        self.tz.addItems(COMMON_ZONES)
        self.tz.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.tz.setMinimumContentsLength(14)
        self.pull = QPushButton("Pull")
        self.pull.setObjectName("pullButton")
        self.pull.setDefault(True)
        self.cancel = QPushButton("Cancel")
        self.cancel.setObjectName("cancelJob")
        self.cancel.setToolTip("Cancel the job that is running")
        self.cancel.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setFixedWidth(160)
        # hidden when idle, its place kept: nothing in the bar moves when a job starts or ends
        policy = self.progress.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.progress.setSizePolicy(policy)
        self.progress.setVisible(False)
        self.status = QLabel()
        self.status.setObjectName("pullStatus")
        # a long message is cut at the window's edge (whole in its tooltip), never widens it
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(QLabel("Repository"))
        layout.addWidget(self.repo, 3)
        layout.addWidget(self.browse)
        layout.addWidget(self.span)
        layout.addWidget(QLabel("Time zone"))
        layout.addWidget(self.tz, 1)
        # Cancel has a place of its own, past the progress bar: a second click on Pull while
        # a job starts lands on a disabled Pull, never on Cancel
        layout.addWidget(self.pull)
        layout.addWidget(self.progress)
        layout.addWidget(self.cancel)
        layout.addWidget(self.status, 1)

        self.pull.clicked.connect(self._request)
        self.repo.lineEdit().returnPressed.connect(self._request)
        self.tz.lineEdit().returnPressed.connect(self._request)  # Enter pulls from either field
        self.span.submitted.connect(self._request)
        self.cancel.clicked.connect(self.cancel_requested)
        self.browse.clicked.connect(self._browse)

    def set_recent(self, repos: list[str], tz: str) -> None:
        current = self.repo.currentText()
        self.repo.clear()
        self.repo.addItems(repos)
        self.repo.setEditText(current or (repos[0] if repos else ""))
        if self.tz.findText(tz) < 0:
            self.tz.addItem(tz)
        self.tz.setCurrentText(tz)

    def show_day(self, repo: str, date: dt.date, tz: str) -> None:
        """Reflect the day that is open (after a pull, an open or the demo)."""
        if not self.repo.currentText().strip():
            self.repo.setEditText(repo)
        self.span.show_day(date)
        self.tz.setCurrentText(tz)

    def show_span(self, repo: str, dates: SpanDates, tz: str) -> None:
        """Reflect the recap that is open: its week, or its first and last days."""
        if not self.repo.currentText().strip():
            self.repo.setEditText(repo)
        self.span.show_span(dates)
        self.tz.setCurrentText(tz)

    def chosen_date(self) -> dt.date:
        return self.span.chosen_date()

    def _request(self) -> None:
        try:
            spec = spec_for(self.repo.currentText(), self.tz.currentText().strip() or "UTC")
        except StudioError as exc:
            self.status.setText(str(exc))
            return
        if self.span.mode() == DAY:
            self.pull_requested.emit(spec, self.chosen_date())
            return
        try:  # a span too long, in the future or mistyped is said here, before any work
            dates = self.span.chosen_span()
            check_span(dates, parse_zone(spec.tz))
        except StudioError as exc:
            self.status.setText(str(exc))
            self.status.setToolTip(str(exc))
            return
        self.span_requested.emit(spec, dates)

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Choose a local clone")
        if folder:
            self.repo.setEditText(folder)

    def set_busy(self, busy: bool, message: str = "") -> None:
        self.pull.setEnabled(not busy)
        self.cancel.setEnabled(busy)
        self.progress.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)  # busy, not "0 %": nothing measurable has happened yet
        self.status.setText(message)

    def show_progress(self, fraction: float, message: str) -> None:
        if fraction > 0:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(fraction * 1000))
        else:
            self.progress.setRange(0, 0)
        self.status.setText(message)

    def show_failure(self, message: str) -> None:
        """The last pull failed: say why beside the Pull button, until the next one."""
        self.status.setText(f"Pull failed: {message}")
        self.status.setToolTip(message)
