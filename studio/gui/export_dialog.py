"""Export & publish: the episode's title, summary and cover, the loudness target and the show
folder; runs master + export + publish in a worker with progress and cancel, then shows the
result (duration, measured loudness, files) and opens the episode page in the browser."""

from __future__ import annotations

import html
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from .. import editing
from ..humanize import duration, plural
from ..plumbing.errors import StudioError
from ..plumbing.fsutil import check_writable_dir
from . import audio_jobs, commands
from .form_fields import loudness_field, with_button


class ExportDialog(QDialog):
    def __init__(self, window, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setWindowTitle("Export & publish")
        self.setMinimumWidth(560)
        self.window_, self.session, self.project = window, window.session, window.project
        ep, settings = self.project.episode, self.session.settings
        self.title = QLineEdit(ep.title)
        self.title.setObjectName("exportTitle")
        self.summary = QPlainTextEdit(ep.summary)
        self.summary.setMaximumHeight(90)
        self.cover = QLineEdit()
        self.cover.setPlaceholderText("the show's cover (default art)")
        pick = QPushButton("…")
        pick.clicked.connect(self._pick_cover)
        self.loudness = loudness_field(settings.loudness_target)
        self.show_dir = QLineEdit(settings.show_dir)
        self.show_dir.setObjectName("exportShowDir")
        browse = QPushButton("…")
        browse.clicked.connect(self._pick_dir)
        self.publish = QCheckBox("Publish the show (feed and pages) after exporting")
        self.publish.setChecked(True)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # errors and titles are not markup
        self.status.setObjectName("exportStatus")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result_view = QTextBrowser()
        self.result_view.setObjectName("exportResult")
        self.result_view.setOpenExternalLinks(True)
        self.result_view.setMinimumHeight(160)  # shown after an export: the dialog grows to show it
        self.result_view.setVisible(False)
        self.run_button = QPushButton("Export")
        self.run_button.setObjectName("exportRun")
        self.run_button.setDefault(True)
        self.cancel_button = QPushButton("Cancel job")
        self.cancel_button.setEnabled(False)
        self.open_page = QPushButton("Open episode page")
        self.open_page.setEnabled(False)
        form = QFormLayout()
        form.addRow("Title", self.title)
        form.addRow("Summary", self.summary)
        form.addRow("Cover", with_button(self.cover, pick))
        form.addRow("Loudness target", self.loudness)
        form.addRow("Show folder", with_button(self.show_dir, browse))
        form.addRow("", self.publish)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.run_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.cancel_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.open_page, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.result_view, 1)
        layout.addWidget(buttons)
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.session.cancel)
        self.open_page.clicked.connect(self._open_page)
        self.session.progress.connect(self._progress)
        self.page: Path | None = None
        self.result = None

    def _pick_cover(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Cover image", "", "Images (*.png *.jpg *.jpeg)")
        if path:
            self.cover.setText(path)

    def _pick_dir(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Show folder", self.show_dir.text())
        if folder:
            self.show_dir.setText(folder)

    def _progress(self, fraction: float, message: str) -> None:
        self.progress.setValue(int(fraction * 1000))
        self.status.setText(message)

    def _prepare(self) -> tuple[Path, Path]:
        """Apply the metadata and settings; the episode goes to SHOW/episodes/DATE/ (where
        publishing reads episodes), saved by the export job itself."""
        ep = self.project.episode
        meta = editing.Metadata(self.title.text(), self.summary.toPlainText())
        if not meta.title.strip():
            raise StudioError("an episode needs a title")
        if (" ".join(meta.title.split()), meta.summary.strip()) != (ep.title, ep.summary):
            self.project.undo_stack.push(commands.SetMetadata(self.project, meta))
        if not self.show_dir.text().strip():
            raise StudioError("choose a show folder to export into")
        show = check_writable_dir(Path(self.show_dir.text().strip()).expanduser())
        self.session.settings = replace(self.session.settings, show_dir=str(show),
                                        loudness_target=self.loudness.value())
        self.session.save_settings()
        return show / "episodes" / ep.folder_name, show

    def run(self) -> None:
        try:
            folder, show = self._prepare()
        except StudioError as exc:
            self.status.setText(str(exc))
            return
        settings, publish = self.session.narration_settings(show), self.publish.isChecked()
        cover = Path(self.cover.text().strip()).expanduser() if self.cover.text().strip() else None
        snapshot, day, here = self.project.episode.to_dict(), self.project.day, self.project.folder
        span, new_day = self.project.span, self.project.day_changed
        self.exported_at = self.project.undo_stack.index()  # what the exported file holds
        self.exported_day = day
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.session.busy_changed.connect(self._busy)

        def job(progress, cancel):
            audio_jobs.save_for_export(snapshot, day, here, folder, span, new_day)
            return audio_jobs.export_and_publish(folder, show, settings, publish, progress, cancel,
                                                 cover)

        self.session.run_job("Export", job, self._done)

    def _busy(self, busy: bool) -> None:
        if not busy:
            self.run_button.setEnabled(True)
            self.cancel_button.setEnabled(False)
            self.session.busy_changed.disconnect(self._busy)

    def _done(self, result) -> None:
        self.result = result
        self.progress.setValue(1000)
        # the export wrote duration and loudness into episode.json: take them in
        from ..episode import load_episode

        saved = load_episode(result.folder)
        ep = self.project.episode
        for name in ("duration", "duration_seconds", "loudness_target", "loudness_lufs",
                     "true_peak_dbtp", "audio", "published_at", "episode_type", "season", "number"):
            setattr(ep, name, getattr(saved, name))
        self._take_in_takes(saved)
        self.project.mark_saved(result.folder)
        if self.project.day is self.exported_day:
            self.project.day_changed = False  # the export saved it with the episode
        if self.project.undo_stack.index() != self.exported_at:
            self.project.undo_stack.resetClean()  # edits made during the export: not saved yet
        self.page = result.page
        self.open_page.setEnabled(result.page is not None)
        loud = "—" if result.loudness is None else f"{result.loudness:.1f} LUFS"
        peak = "" if result.true_peak is None else f", true peak {result.true_peak:.1f} dBTP"
        e = html.escape
        files = "".join(f"<li><code>{e(f)}</code></li>" for f in result.files)
        feed = f"<p>Feed: <code>{e(result.feed_url)}</code></p>" if result.feed_url else ""
        warned = "".join(f"<li>{e(w)}</li>" for w in result.warnings)
        warned = f"<p><b>{plural(len(result.warnings), 'warning')}</b></p><ul>{warned}</ul>" \
            if warned else ""
        self.result_view.setHtml(f"{warned}<p><b>Duration</b> {duration(result.duration)} · <b>Loudness</b> "
                                 f"{loud}{peak}</p><p>In <code>{e(str(result.folder))}</code>:</p>"
                                 f"<ul>{files}</ul>{feed}")
        self.result_view.setVisible(True)
        made = result.synthesized or []
        note = (f" Stale takes were synthesized for it: {', '.join(made)}." if made else "")
        if result.kept:  # the host's recordings: never synthesized over
            note += f" It {result.kept} as they are."
        done = "Exported" + (" and published" if result.page else "")
        self.status.setText((f"{done}, with {plural(len(result.warnings), 'warning')}: see below."
                             if result.warnings else f"{done}.") + note)
        self.session.status.emit(f"{done} “{ep.title}” to {result.folder}.")  # not the job's "done"

    def _take_in_takes(self, saved) -> None:
        """The takes as exported (only where the export had to make or measure one), and
        nothing else: text typed while the export ran stays."""
        ep = self.project.episode
        known = {s.id for s in ep.segments}
        for seg in saved.segments:
            if seg.id in known and ep.segment(seg.id).take != seg.take:
                ep.segment(seg.id).take = seg.take
                self.project.segment_changed.emit(seg.id)

    def _open_page(self) -> None:
        if self.page is not None and not QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.page))):
            self.status.setText(f"No web browser could be started: open {self.page} yourself.")
