"""The main window: the pull bar on top, the day on the left, the script (and narration) in
the middle, menus and shortcuts. Logic lives in :class:`~studio.gui.session.Session`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QTabWidget,
    QWidget,
)

from ..settings import Settings
from .collector import watch_jobs
from .day_view import DOCK_WIDTH, DayView
from .dialogs import Dialogs
from .find_replace import FindReplaceDialog
from .history.dock import HEIGHT as HISTORY_HEIGHT
from .history.dock import install_history
from .project import AUTOSAVE_MS, Project
from .pull_panel import PullPanel
from .script_editor import ScriptEditor
from .session import Session
from .settings_dialog import SettingsDialog
from .tasks import TaskRunner

APP_NAME = "Commitcast Studio"


def ui_state() -> QSettings:
    """Window geometry and other UI state, in QSettings beside the settings file."""
    from ..settings import config_dir

    return QSettings(str(config_dir() / "ui-state.ini"), QSettings.Format.IniFormat)


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings, runner: TaskRunner | None = None,
                 dialogs: Dialogs | None = None, settings_dir: Path | None = None,
                 autosave_ms: int = AUTOSAVE_MS) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.runner = runner or TaskRunner(parent=self)
        self.project = Project(self, autosave_ms=autosave_ms)
        # file writes (settings, autosaves) on a pool of one thread, so they land in order
        self.io_runner = TaskRunner(threads=1, parent=self)
        watch_jobs(self.runner)  # the collector thaws what a child job froze only when idle
        watch_jobs(self.io_runner)
        self.project.runner = self.io_runner
        self.dialogs = dialogs or Dialogs()
        self.session = Session(self.project, self.runner, settings, self.dialogs, self,
                               settings_dir)
        self.session.io_runner = self.io_runner
        self.pull_panel = PullPanel()
        self.pull_panel.set_recent(settings.recent_repos, settings.tz)
        self.day_view = DayView()
        self.editor = ScriptEditor(self.project)
        self.editor.rate_of = lambda: self.session.narration_settings().rate
        self.find_dialog: FindReplaceDialog | None = None

        bar = self.addToolBar("Pull")
        bar.setObjectName("pullBar")
        bar.setMovable(False)
        bar.addWidget(self.pull_panel)
        dock = QDockWidget("Day", self)
        dock.setObjectName("dayDock")
        dock.setWidget(self.day_view)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable |
                         QDockWidget.DockWidgetFeature.DockWidgetFloatable |
                         QDockWidget.DockWidgetFeature.DockWidgetClosable)  # View ▸ Day brings it back
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        self.day_dock = dock
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.editor, "Script")
        self.setCentralWidget(self.tabs)
        self.totals = QLabel()
        self.statusBar().addPermanentWidget(self.totals)

        self._menus()
        install_history(self)
        self._wire()
        self._update_title()
        self.resize(1360, 820)
        self.resizeDocks([dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
        self.resizeDocks([self.history], [HISTORY_HEIGHT], Qt.Orientation.Vertical)
        geometry = ui_state().value("main/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)

    # --- construction ------------------------------------------------------------------------
    def _action(self, menu: QMenu, text: str, slot, shortcut=None, name: str = "") -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            keys = shortcut if isinstance(shortcut, list) else [shortcut]
            act.setShortcuts([QKeySequence(k) for k in keys])
        act.triggered.connect(lambda _checked=False: slot())
        if name:
            act.setObjectName(name)
        menu.addAction(act)
        return act

    def _menus(self) -> None:
        m = self.menuBar().addMenu("&File")
        self.file_menu = m
        s = self.session
        self._action(m, "&New episode from a pull", self._focus_pull, QKeySequence.StandardKey.New)
        self._action(m, "&Open…", s.open, QKeySequence.StandardKey.Open)
        self.recent_menu = m.addMenu("Open &recent")
        self.update_action = self._action(m, "&Update from the repository…",
                                          self.update_from_repository, name="updateFromRepository")
        self.update_action.setToolTip("Pull this episode's day again; your takes and edits stay "
                                      "where its commits did not change (one undo step)")
        m.addSeparator()
        self.save_action = self._action(m, "&Save", s.save, QKeySequence.StandardKey.Save, "save")
        self._action(m, "Save &as…", lambda: s.save(save_as=True), "Ctrl+Shift+S")
        m.addSeparator()
        self.export_menu_anchor = m.addSeparator()
        self._action(m, "Se&ttings…", self.open_settings, "Ctrl+,")
        m.addSeparator()
        self._action(m, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        e = self.menuBar().addMenu("&Edit")
        self.edit_menu = e
        undo = self.project.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence("Ctrl+Z"))
        redo = self.project.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        e.addAction(undo)
        e.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        e.addSeparator()
        self._action(e, "&Find…", self.open_find_bar, "Ctrl+F", "find")
        self._action(e, "Find and &replace…", self.open_find, "Ctrl+H", "findReplace")

        g = self.menuBar().addMenu("&Segment")
        ed = self.editor
        self._action(g, "&Add segment", ed.add_segment, "Ctrl+Shift+N")
        self._action(g, "&Delete segment", ed.delete_segment)
        self.move_actions = {-1: self._action(g, "Move &up", lambda: ed._move(-1), "Alt+Up"),
                             1: self._action(g, "Move do&wn", lambda: ed._move(1), "Alt+Down")}
        self.regenerate_action = self._action(g, "&Regenerate from the day", lambda: ed.current_id()
                                              and s.regenerate(ed.current_id()), "Ctrl+R")
        self.segment_menu = g
        self.episode_actions = g.actions()  # need an episode (narration's follow its panel)
        g.addSeparator()
        self.review_actions = {
            True: self._action(g, "A&ccept draft", lambda: ed.review(accept=True),
                               "Ctrl+Alt+A", "acceptDraftAction"),
            False: self._action(g, "Re&ject draft", lambda: ed.review(accept=False),
                                "Ctrl+Alt+R", "rejectDraftAction")}

        v = self.menuBar().addMenu("&View")
        v.addAction(self.day_dock.toggleViewAction())
        self.view_menu = v

    def _wire(self) -> None:
        s, p = self.session, self.project
        self.pull_panel.pull_requested.connect(s.pull)
        self.pull_panel.span_requested.connect(s.pull_span)
        self.pull_panel.cancel_requested.connect(s.cancel)
        s.busy_changed.connect(lambda busy: self.pull_panel.set_busy(busy, "Working…" if busy else ""))
        s.progress.connect(self.pull_panel.show_progress)
        s.progress.connect(lambda _f, msg: self.statusBar().showMessage(msg))
        s.status.connect(lambda msg: self.statusBar().showMessage(msg, 15_000))
        s.failed.connect(lambda job, msg: job == "Pull" and self.pull_panel.show_failure(msg))
        s.day_loaded.connect(self._show_loaded)
        s.day_loaded.connect(self._day_loaded)
        s.settings_changed.connect(self._refresh_recent)
        self.editor.regenerate_requested.connect(s.regenerate)
        self.editor.current_changed.connect(lambda _sid: self._update_moves())
        p.modified_changed.connect(lambda _m: self._update_title())
        p.problem.connect(lambda msg: self.statusBar().showMessage(msg, 30_000))
        p.reset.connect(self._update_title)
        p.meta_changed.connect(self._update_title)
        for sig in (p.reset, p.structure_changed, p.segment_changed):
            sig.connect(lambda *_: self._update_totals())
            sig.connect(lambda *_: self._update_moves())
        for sig in (p.reset, p.structure_changed):
            sig.connect(self._update_episode_actions)
        self._update_episode_actions()
        self._refresh_recent()

    # --- behaviour ---------------------------------------------------------------------------
    def _show_loaded(self, loaded) -> None:
        """The day list of a day, or the span list (grouped by story) of a recap."""
        if loaded.span is not None:
            self.day_view.show_span(loaded.span, loaded.rows, loaded.span_bits)
            self.day_dock.setWindowTitle(f"Recap · {loaded.span.dates.label}")
        else:
            self.day_view.show_day(loaded.day, loaded.digest, loaded.rows)
            self.day_dock.setWindowTitle("Day")

    def _day_loaded(self, loaded) -> None:
        day = loaded.day
        if loaded.span is not None:
            span = loaded.span
            self.pull_panel.show_span(span.repo, span.dates, span.tz)
        elif day is not None:
            import datetime as dt

            self.pull_panel.show_day(day.repo, dt.date.fromisoformat(day.date), day.tz)

    def _update_episode_actions(self) -> None:
        for act in self.episode_actions:
            act.setEnabled(self.project.is_open)
        self.update_action.setEnabled(self.project.is_open and self.project.span is None
                                      and self.project.day is not None)
        where = "span" if self.project.span is not None else "day"  # a recap's: its span
        self.regenerate_action.setText(f"&Regenerate from the {where}")
        self.editor.regen.setToolTip(f"Write this segment again from the {where}'s data")
        self._update_moves()

    def _update_moves(self) -> None:
        """Move up/down only where the current segment has room to go; Accept / Reject draft
        only on a drafted segment (Reject where the story writer has text for it)."""
        for step, act in self.move_actions.items():
            act.setEnabled(self.project.is_open and self.editor.can_move(step))
        for accept, act in self.review_actions.items():
            act.setEnabled(self.editor.can_review(accept))

    def update_from_repository(self) -> None:
        """File → Update from the repository…: the open day pulled again from the pull bar's
        repository, merged over the host's work (see :mod:`studio.gui.day_update`)."""
        from ..plumbing.errors import StudioError
        from .day_update import current_spec, update_from_repository

        try:
            spec = current_spec(self.pull_panel)
        except StudioError as exc:
            self.statusBar().showMessage(str(exc), 15_000)
            return
        update_from_repository(self.session, spec)

    def current_segment_id(self) -> str:
        """The segment the host has chosen: in the tab in front (the narration tab's table
        may have moved on from the script's list)."""
        narration = getattr(self, "narration", None)
        if narration is not None and self.tabs.currentWidget() is narration:
            return narration.current_id() or ""
        return self.editor.current_id() or ""

    def _focus_pull(self) -> None:
        self.pull_panel.repo.setFocus()
        self.pull_panel.repo.lineEdit().selectAll()

    def _update_title(self) -> None:
        ep = self.project.episode
        name = ep.title if ep else "no episode"
        where = f" — {self.project.folder}" if self.project.folder else " — not saved yet" if ep else ""
        self.setWindowTitle(f"{name}[*]{where} · {APP_NAME}")
        self.setWindowModified(self.project.modified)
        self._update_totals()

    def _update_totals(self) -> None:
        from ..editing import duration_label, estimate_seconds, word_count
        from ..humanize import plural

        ep = self.project.episode
        if ep is None:
            self.totals.setText("")
            return
        self.totals.setText(f"{plural(len(ep.segments), 'segment')} · "
                            f"{plural(word_count(ep.transcript), 'word')} · "
                            f"~{duration_label(estimate_seconds(ep.transcript, self.editor.pace()))}")

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.session.settings.recent_projects:
            act = self.recent_menu.addAction(path)
            act.triggered.connect(lambda _c=False, p=path: self.session.open(Path(p)))
        self.recent_menu.setEnabled(bool(self.session.settings.recent_projects))
        self.pull_panel.set_recent(self.session.settings.recent_repos, self.session.settings.tz)

    def open_find_bar(self) -> None:
        self.tabs.setCurrentWidget(self.editor)
        self.editor.find_bar.open()

    def open_find(self) -> FindReplaceDialog:
        if self.find_dialog is None:
            self.find_dialog = FindReplaceDialog(self.project, self.editor, self)
        self.find_dialog.show()
        self.find_dialog.raise_()
        self.find_dialog.find.setFocus()
        return self.find_dialog

    def settings_dialog(self) -> SettingsDialog:
        return SettingsDialog(self.session.settings, self, preview=getattr(self, "preview_voice", None),
                              voices=getattr(self, "voices", None), runner=self.runner)

    def open_settings(self) -> None:
        dialog = self.settings_dialog()
        try:
            if dialog.exec():
                self.apply_settings(dialog)
        finally:
            dialog.deleteLater()  # a child of the window: each Settings opened was kept

    def apply_settings(self, dialog: SettingsDialog) -> None:
        """What an accepted Settings dialog chose: the user's settings, and the script writer
        in the show folder's show.toml (both written off the UI thread)."""
        self.session.settings = dialog.result_settings()
        self.session.save_settings()
        writer, details = dialog.result_writer(), dialog.result_show()
        if writer is not None or details is not None:
            s = self.session.settings
            self.session.save_show_writer(Path(s.show_dir), writer, dialog.minutes.value(),
                                          details)

    def start(self) -> None:
        """After the window is shown: offer back what a crash left."""
        QTimer.singleShot(0, self.session.offer_recovery)

    def after_load_for_screenshot(self) -> None:
        """Show a telling state: a revert's details, a segment with its commits beside it."""
        for sha in self.day_view.visible_shas():
            row = next((r for r in self.day_view.rows if r.sha == sha), None)
            if row is not None and row.children:
                self.day_view.select(sha)
                break
        ep = self.project.episode
        if ep is not None:
            seg = next((s for s in ep.segments if s.id.startswith("rollback")), None) or \
                (ep.segments[1] if len(ep.segments) > 1 else None)
            if seg is not None:
                self.editor.select_segment(seg.id)
                cursor = self.editor.text.textCursor()
                cursor.setPosition(min(len(seg.text), 40))
                self.editor.text.setTextCursor(cursor)

    def add_tab(self, widget: QWidget, title: str) -> None:
        self.tabs.addTab(widget, title)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.session.may_discard():
            event.ignore()
            return
        self.runner.shutdown()  # the session's job, the warm-up and voice jobs; none after
        self.runner.wait(10_000)
        self.io_runner.wait(10_000)
        self.project.close()
        ui_state().setValue("main/geometry", self.saveGeometry())
        event.accept()
