"""Narration: each segment's take and its status (stale when the script changed after it was
made), synthesize one or all stale, import a recording, play/stop; the audio editor below."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..humanize import plural
from ..narration.recordings import SynthesisPlan, is_recording, matching_take, synthesis_plan
from ..plumbing.errors import StudioError
from . import audio_jobs, commands
from .audio_editor import AudioEditor
from .player import Player
from .project import Project
from .tasks import TaskRunner
from .turn_cache import TurnCache
from .writer_settings import alive

ID_ROLE = Qt.ItemDataRole.UserRole
LABELS = {audio_jobs.NONE: "no take", audio_jobs.FRESH: "ready", audio_jobs.STALE: "stale",
          audio_jobs.MISSING: "file missing"}
QUEUED, MADE = "queued", "synthesized ✓"  # a segment's row while a synthesis runs


class NarrationPanel(QWidget):
    job_started = Signal(object)  # the Task, for the window's progress and cancel
    message = Signal(str)
    actions_changed = Signal()  # which of the panel's actions apply changed (see update_actions)
    take_made = Signal(str)  # a running synthesis made this segment's take (from its worker)

    def __init__(self, project: Project, runner: TaskRunner, session,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.project, self.runner, self.session = project, runner, session
        self.player = Player(self, "this take")
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("takesTable")
        self.table.setHorizontalHeaderLabels(["Segment", "Take", "Status", "Length"])
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.synth = QPushButton("Synthesize segment")
        self.synth.setObjectName("synthesizeSegment")
        self.synth.setToolTip("Ctrl+Enter")
        self.synth_all = QPushButton("Synthesize all stale")
        self.synth_all.setObjectName("synthesizeStale")
        self.import_button = QPushButton("Import recording…")
        self.record_button = QPushButton("Record…")
        self.record_button.setObjectName("recordSegment")
        self.record_button.setToolTip("Record this segment from a microphone (punch-in)")
        self.record_dialog = None
        self.play = QPushButton("Play")
        self.play.setObjectName("playButton")
        self.play.setToolTip("Space")
        # a recording (recorded or imported) is the host's: only these replace or re-mark it
        self.keep_button = QPushButton("Keep — it matches the script")
        self.keep_button.setObjectName("keepRecording")
        self.keep_button.setToolTip("The script changed since this was recorded, but the "
                                    "recording still says it: it is no longer stale")
        self.rerecord_button = QPushButton("Re-record…")
        self.rerecord_button.setObjectName("rerecordSegment")
        self.rerecord_button.setToolTip("Record this segment again to the new script")
        self.replace_button = QPushButton("Replace recording with synthesis…")
        self.replace_button.setObjectName("replaceRecording")
        self.replace_button.setToolTip("Synthesize this segment in place of its recording "
                                       "(asks first; Undo brings the recording back)")
        buttons = QHBoxLayout()
        for b in (self.synth, self.synth_all, self.import_button, self.record_button, self.play):
            buttons.addWidget(b)
        buttons.addStretch(1)
        recording_row = QHBoxLayout()
        for b in (self.keep_button, self.rerecord_button, self.replace_button):
            recording_row.addWidget(b)
        recording_row.addStretch(1)
        self.editor = AudioEditor(project, runner, self.player)
        self.editor.status_of = self.take_status_of
        self.editor.meter.set_target(session.settings.loudness_target)
        top = QWidget()
        tv = QVBoxLayout(top)
        tv.setContentsMargins(0, 0, 0, 0)
        tv.addWidget(self.table, 1)
        tv.addLayout(buttons)
        tv.addLayout(recording_row)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(self.editor)
        split.setSizes([320, 260])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(split)

        self.synth.clicked.connect(self.synthesize_current)
        self.synth_all.clicked.connect(self.synthesize_stale)
        self.import_button.clicked.connect(lambda: self.import_recording())
        self.record_button.clicked.connect(lambda: self.record_segment())
        self.play.clicked.connect(self.toggle_play)
        self.keep_button.clicked.connect(self.keep_recording)
        self.rerecord_button.clicked.connect(lambda: self.record_segment())
        self.replace_button.clicked.connect(self.replace_with_synthesis)
        self.player.state_changed.connect(lambda on: self.play.setText("Stop" if on else "Play"))
        self.player.error.connect(self.message)
        self.table.currentCellChanged.connect(lambda *_: self.editor.show_segment(self.current_id()))
        self.table.currentCellChanged.connect(lambda *_: self.update_actions())
        project.reset.connect(self.lexicon_changed)
        project.structure_changed.connect(self.refresh)
        project.segment_changed.connect(self.update_row)
        session.settings_changed.connect(self._settings_changed)
        self._voice = self._voice_now()
        self._lexicon = None
        self._status: dict[str, str] = {}  # last known status of each segment's take
        self._running: dict[str, str] = {}  # while a synthesis runs: its segments' progress
        self.take_made.connect(self._take_made)
        # a run that failed or was cancelled: its rows show their status again, next turn
        # (after a run's own ``done``, which lands the takes and says so row by row)
        session.busy_changed.connect(lambda busy: busy or QTimer.singleShot(
            0, alive(self, self._synthesis_over)))
        self._identities: TurnCache[str] = TurnCache()
        self.refresh()

    # --- the table ---------------------------------------------------------------------------
    def current_id(self) -> str:
        item = self.table.item(self.table.currentRow(), 0)
        return item.data(ID_ROLE) if item is not None else ""

    def select_segment(self, segment_id: str) -> None:
        for row in range(self.table.rowCount()):
            if self.table.item(row, 0).data(ID_ROLE) == segment_id:
                self.table.setCurrentCell(row, 0)
                return

    def lexicon_changed(self) -> None:
        """Forget the cached lexicon (a new episode, or the lexicon was edited) and refresh."""
        self._lexicon = None
        self.refresh()

    def _settings_changed(self) -> None:
        """Another voice or rate: the synthesized takes no longer fit, say so at once (and
        the meter marks the loudness target the export will use)."""
        self.editor.meter.set_target(self.session.settings.loudness_target)
        voice = self._voice_now()
        if voice != self._voice:
            self._voice = voice
            self.refresh()

    def _voice_now(self) -> tuple[str, int]:
        voiced = self.session.narration_settings()
        return voiced.voice, voiced.rate

    def statuses(self, ids: list[str] | None = None) -> dict[str, str]:
        ep = self.project.episode
        if ep is None:
            return {}
        try:
            if self._lexicon is None:
                self._lexicon = audio_jobs.lexicon_for_episode(ep)
            settings = self.session.narration_settings()
            return audio_jobs.take_status(ep, self.project.folder, settings, self._lexicon, ids,
                                          self._identity(settings.voice))
        except (StudioError, ImportError) as exc:
            self.message.emit(f"take status unknown: {exc}")
            return {}

    def _identity(self, voice: str) -> str:
        """The voice's take-cache identity (a Piper voice's is found on disk), once a turn."""
        from ..narration.engines import identity_of

        return self._identities(voice, lambda: identity_of(voice))

    def take_status_of(self, segment_id: str) -> tuple[str, str]:
        """A take's status label and, when stale, why (the editor's header, the tooltips)."""
        status = self.statuses([segment_id]).get(segment_id, "")
        reason = ""
        if status == audio_jobs.STALE and self._lexicon is not None:
            settings = self.session.narration_settings()
            reason = audio_jobs.stale_reasons(self.project.episode, settings, self._lexicon,
                                              [segment_id], self._identity(settings.voice)
                                              ).get(segment_id, "")
        return LABELS.get(status, ""), reason

    def update_row(self, segment_id: str) -> None:
        """One segment changed (typing, a trim, a new take): update its row only."""
        ep = self.project.episode
        if ep is None:
            return
        for row in range(self.table.rowCount()):
            if self.table.item(row, 0).data(ID_ROLE) != segment_id:
                continue
            seg = ep.segment(segment_id)
            status = self.statuses([segment_id]).get(segment_id, "")
            take = seg.take
            cells = [seg.title, take.source if take else "—",
                     self._running.get(segment_id) or LABELS.get(status, ""),
                     f"{take.duration:.1f} s" if take and take.duration else ""]
            for col, text in enumerate(cells):
                self.table.item(row, col).setText(text)
            if status == audio_jobs.STALE or self.table.item(row, 2).toolTip():
                self.table.item(row, 2).setToolTip(self.take_status_of(segment_id)[1])
            self._status[segment_id] = status
            self.update_actions()

    def refresh(self) -> None:
        keep = self.current_id()
        ep = self.project.episode
        status = self.statuses()
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        for seg in ep.segments if ep else []:
            row = self.table.rowCount()
            self.table.insertRow(row)
            take = seg.take
            length = f"{take.duration:.1f} s" if take and take.duration else ""
            cells = [seg.title, take.source if take else "—",
                     self._running.get(seg.id) or LABELS.get(status.get(seg.id, ""), ""), length]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(ID_ROLE, seg.id)
                self.table.setItem(row, col, item)
            if status.get(seg.id) == audio_jobs.STALE:
                self.table.item(row, 2).setToolTip(self.take_status_of(seg.id)[1])
        self.table.blockSignals(False)
        if ep is not None and ep.segments:
            ids = [s.id for s in ep.segments]
            self.table.setCurrentCell(ids.index(keep) if keep in ids else 0, 0)
            self.editor.show_segment(self.current_id())
        self._status = status
        self.update_actions()

    def _current_take(self):
        ep, sid = self.project.episode, self.current_id()
        return ep.segment(sid).take if ep is not None and sid else None

    def update_actions(self) -> None:
        """Enable only what applies (nothing is hidden: every button keeps its place): the
        segment's actions when a segment is chosen, "Synthesize all stale" when a take it may
        make is stale, missing or not made yet (or a recording is stale: it says it keeps
        it), Keep / Re-record on a stale recording, Replace on any recording."""
        sid = self.current_id()
        for button in (self.synth, self.import_button, self.record_button, self.play):
            button.setEnabled(bool(sid))
        plan = self._stale_plan()  # a stale recording alone: it says it keeps it
        self.synth_all.setEnabled(bool(plan.synthesize or plan.kept_stale))
        recording = is_recording(self._current_take())
        stale = recording and self._status.get(sid) == audio_jobs.STALE
        self.keep_button.setEnabled(stale)
        self.rerecord_button.setEnabled(stale)
        self.replace_button.setEnabled(recording)
        self.actions_changed.emit()

    # --- actions -----------------------------------------------------------------------------
    def _folder(self, action: str) -> Path | None:
        """Takes live in the project folder: a never-saved episode is saved first, if the
        host agrees; otherwise the status bar says why nothing happened."""
        if self.project.folder is None:
            if not (self.session.dialogs.ask_save_first(self.window(), action)
                    and self.session.save()):
                self.message.emit(f"{action} needs the episode saved in a folder, where its "
                                  f"takes are kept: use File → Save first.")
                return None
        return self.project.folder

    def synthesize(self, ids: list[str], replace: tuple[str, ...] = (), kept: str = "",
                   label: str = "Synthesize") -> None:
        """Synthesize the segments ``ids``; a recording among them only when its id is in
        ``replace`` (the host chose it); ``kept`` says what a batch left alone."""
        folder = self._folder("Synthesis") if ids else None
        if folder is None:
            return
        ep, settings = self.project.episode, self.session.narration_settings()

        if self.session.task is not None and self.session.task.running:
            self.session.run_job("Synthesis", None, None)  # says it is busy; starts nothing
            return
        self._running = {sid: QUEUED for sid in synthesis_plan(ep, ids, replace).synthesize}
        for sid in self._running:
            self._show_running(sid)

        def done(takes: dict) -> None:
            left, self._running = set(self._running) - set(takes), {}
            if self.project.episode is ep and takes:
                self.project.undo_stack.push(commands.SetTakes(self.project, takes, label))
            for sid in left:  # nothing made for it (no text): its status again
                self.update_row(sid)
            self.message.emit(f"Synthesized {plural(len(takes), 'take')}" +
                              (f"; {kept}." if kept else "."))

        made = self.take_made.emit

        def on_take(segment_id: str) -> None:
            try:
                made(segment_id)  # queued to the UI thread
            except RuntimeError:
                pass  # the window was closed meanwhile

        self.session.run_job("Synthesis", lambda p, c: audio_jobs.synthesize_segments(
            ep, folder, settings, ids, p, c, replace, on_take), done)

    def _show_running(self, segment_id: str) -> None:
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 2)
            if self.table.item(row, 0).data(ID_ROLE) == segment_id and item is not None:
                item.setText(self._running.get(segment_id, ""))
                item.setToolTip("" if self._running.get(segment_id) != QUEUED else
                                "To be synthesized in this run")

    def _take_made(self, segment_id: str) -> None:
        """A segment's take is made: its row says so at once (the takes join the episode,
        as one undoable step, when the whole run is done)."""
        if segment_id in self._running:
            self._running[segment_id] = MADE
            self._show_running(segment_id)

    def _synthesis_over(self) -> None:
        """The run ended (done, failed or cancelled): the rows show their takes' status."""
        if self._running:
            self._running = {}
            self.refresh()

    def synthesize_current(self) -> None:
        """Ctrl+Enter: this segment's take; over a recording only once the host confirms."""
        if not self.current_id():
            return
        if is_recording(self._current_take()):
            self.replace_with_synthesis()
            return
        self.synthesize([self.current_id()])

    def _stale_plan(self):
        """What "Synthesize all stale" would do: the takes that are stale, missing or not
        made yet, less the recordings among them (kept: the host's)."""
        ep = self.project.episode
        if ep is None:
            return SynthesisPlan()
        stale = (audio_jobs.NONE, audio_jobs.STALE, audio_jobs.MISSING)
        return synthesis_plan(ep, [sid for sid, v in self._status.items() if v in stale])

    def synthesize_stale(self) -> None:
        self._status = self.statuses() or self._status
        plan = self._stale_plan()
        if not plan.synthesize:
            self.message.emit("Nothing to synthesize" + (f": {plan.kept_line()}." if plan.kept
                                                          else "."))
            return
        self.synthesize(plan.synthesize, kept=plan.kept_line())

    def replace_with_synthesis(self) -> None:
        """The one way synthesis replaces a recording: for this segment, confirmed."""
        sid, take = self.current_id(), self._current_take()
        if not is_recording(take):
            return
        seg = self.project.episode.segment(sid)
        if not self.session.dialogs.ask_replace_recording(self.window(), seg.title, take.source):
            self.message.emit(f"Segment “{seg.title}”: the {take.source} take is kept.")
            return
        self.synthesize([sid], replace=(sid,), label="Replace the recording of {what} with synthesis")

    def keep_recording(self) -> None:
        """"Keep — it matches the script": the stale recording now counts as made from the
        segment's text as it stands (one undo step)."""
        sid, take = self.current_id(), self._current_take()
        if not is_recording(take):
            return
        seg = self.project.episode.segment(sid)
        self.project.undo_stack.push(commands.SetTakes(
            self.project, {sid: matching_take(take, seg.text)}, "Keep the recording of {what}"))
        self.message.emit(f"Segment “{seg.title}”: the {take.source} take is kept as matching "
                          f"the script.")

    def import_recording(self, source: Path | None = None) -> None:
        sid = self.current_id()
        if not sid:
            return
        if source is None:
            path, _ = QFileDialog.getOpenFileName(self, "Import a recording", "",
                                                  "Audio (*.wav *.flac *.mp3 *.ogg *.m4a)")
            if not path:
                return
            source = Path(path)
        folder = self._folder("Importing a recording")
        if folder is None:
            return
        ep = self.project.episode

        def done(take) -> None:
            if self.project.episode is ep:
                self.project.undo_stack.push(commands.SetTakes(self.project, {sid: take},
                                                               "Import a recording for {what}"))
            self.message.emit(f"Imported {source.name}.")

        self.session.run_job("Import", lambda p, c: audio_jobs.import_recording(
            ep, folder, sid, source, p, c), done)

    def record_segment(self):
        """Open the recorder on the current segment; a chosen take lands on the undo stack."""
        from .record_dialog import RecordDialog

        sid = self.current_id()
        folder = self._folder("Recording") if sid else None
        if folder is None:
            return None
        if self.record_dialog is not None:
            self.record_dialog.close()
        ep = self.project.episode
        seg = ep.segment(sid)
        dialog = RecordDialog(folder, sid, seg.title, seg.text,
                              seg.take.path if seg.take else None, parent=self)
        dialog.loudness.set_target(self.session.settings.loudness_target)

        def chosen(segment_id: str, take) -> None:
            if self.project.episode is ep:
                self.project.undo_stack.push(commands.SetTakes(self.project, {segment_id: take},
                                                               "Record a take for {what}"))
                self.message.emit(f"Segment {seg.title}: recorded take {take.path}.")

        dialog.take_chosen.connect(chosen)
        self.record_dialog = dialog
        dialog.show()
        return dialog

    def toggle_play(self) -> None:
        if self.player.playing:
            self.player.stop()
            return
        path = self.editor.take_path()
        if path is None or not path.is_file():
            self.message.emit("This segment has no take to play.")
            return
        self.editor.play_from_playhead()
