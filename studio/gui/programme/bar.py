"""The episode player's bar, at the foot of the window: Play / Pause the whole episode,
*From this segment*, Stop, a slider over the episode's length and a position read-out
("1:23 / 4:56 · “Welcome”"). Play renders the episode first (only when it changed since the
last render), in the background with its own progress bar and Cancel; every control keeps
its place while it renders."""

from __future__ import annotations

import tempfile
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSlider,
    QWidget,
)

from ...humanize import plural
from ...timeline import time_label
from .. import audio_jobs, child_jobs
from ..player import Player
from .render_job import render_in_child, render_key

STEPS_A_SECOND = 10  # the slider's resolution


class EpisodePlayerBar(QWidget):
    message = Signal(str)
    actions_changed = Signal()  # what the buttons offer changed (the menu follows them)

    def __init__(self, window) -> None:
        super().__init__()
        self.setObjectName("episodePlayer")
        self.window_ = window
        self.project, self.runner = window.project, window.runner
        # the episode plays out of this process (see ../player.py); one thing is heard at
        # a time: a take played in the audio editor stops the episode, and the episode a take
        narration = getattr(window, "narration", None)
        self.takes: Player | None = narration.player if narration is not None else None
        self.player = Player(self, "the episode")
        self.preview = None  # the last render (studio.audio.preview.Preview)
        self.key: tuple | None = None
        self.task = None
        self._dir: tempfile.TemporaryDirectory | None = None
        self._renders = 0
        self._start_at = 0.0  # where the next Play starts, seconds
        self.play = QPushButton("Play episode")
        self.play.setObjectName("playEpisode")
        self.play.setToolTip("Play the whole episode as it will be exported: the sting, every "
                             "take trimmed and faded, the pauses, at the loudness target")
        self.from_segment = QPushButton("From this segment")
        self.from_segment.setObjectName("playFromSegment")
        self.from_segment.setToolTip("Play the episode from the start of the selected segment")
        self.stop_button = QPushButton("Stop")
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setFixedWidth(90)
        self.cancel = QPushButton("Cancel")
        self.cancel.setToolTip("Stop preparing the episode to play")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("episodePosition")
        self.position = QLabel()
        self.position.setObjectName("episodePositionLabel")
        self.position.setTextFormat(Qt.TextFormat.PlainText)  # segment titles are commit text
        self.position.setMinimumWidth(260)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        for w in (self.play, self.from_segment, self.stop_button, self.progress, self.cancel):
            layout.addWidget(w)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.position)
        self.play.clicked.connect(self.toggle)
        self.from_segment.clicked.connect(self.play_from_segment)
        self.stop_button.clicked.connect(self.stop)
        self.cancel.clicked.connect(self.cancel_render)
        self.slider.sliderReleased.connect(self._slid)
        self.player.position.connect(self._moved)
        self.player.state_changed.connect(lambda _on: self._update())
        self.player.error.connect(self.message.emit)
        if self.takes is not None:
            self.takes.state_changed.connect(lambda on: on and self.player.stop())
        for sig in (self.project.reset, self.project.structure_changed,
                    self.project.segment_changed):
            sig.connect(lambda *_: self._update())
        self.project.reset.connect(self._forget)
        self._update()

    # --- state -------------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        """The episode is what the player is playing (not a take)."""
        return (self.player.playing and self.preview is not None
                and self.player.path == self.preview.wav)

    @property
    def rendering(self) -> bool:
        return self.task is not None and self.task.running

    def current_key(self) -> tuple | None:
        ep = self.project.episode
        if ep is None:
            return None
        return render_key(ep, self.project.folder, self._settings())

    def _settings(self):
        return audio_jobs.audio_settings(self.window_.session.narration_settings())

    def _has_takes(self) -> bool:
        ep = self.project.episode
        return ep is not None and any(s.take is not None for s in ep.segments)

    def _update(self) -> None:
        takes = self._has_takes()
        self.play.setEnabled(takes and not self.rendering)
        self.play.setText("Pause" if self.playing else "Play episode")
        self.from_segment.setEnabled(takes and not self.rendering)
        self.stop_button.setEnabled(self.playing or self._start_at > 0)
        self.cancel.setEnabled(self.rendering)
        self.slider.setEnabled(self.preview is not None)
        if not self.rendering:
            self.progress.setValue(0)
        self._show_position(self._start_at if not self.playing else None)
        self.actions_changed.emit()

    def _forget(self) -> None:
        """Another episode: nothing of the last one's render is played or shown."""
        self.cancel_render()
        if self.playing:
            self.player.stop()
        self.preview, self.key, self._start_at = None, None, 0.0
        self.slider.setRange(0, 0)
        self._update()

    # --- playing -----------------------------------------------------------------------------
    def toggle(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.start(self._start_at)

    def pause(self) -> None:
        self._start_at = self.slider.value() / STEPS_A_SECOND
        if self.playing:
            self.player.stop()
        self._update()

    def stop(self) -> None:
        if self.playing:
            self.player.stop()
        self._start_at = 0.0
        self.slider.setValue(0)
        self._update()

    def play_from_segment(self) -> None:
        sid = self.window_.current_segment_id()
        self.start(segment=sid)

    def start(self, at: float = 0.0, segment: str | None = None) -> None:
        """Play from ``at`` seconds (or from ``segment``'s start), rendering first if the
        episode changed since the last render."""
        if not self._has_takes():
            self.message.emit("No segment has a take yet: synthesize or record one to hear "
                              "the episode.")
            return
        if self.rendering:
            return
        key = self.current_key()
        if self.preview is not None and key == self.key and self.preview.wav.exists():
            self._play(at, segment)
            return
        self._render(key, at, segment)

    def _play(self, at: float, segment: str | None) -> None:
        preview = self.preview
        if segment is not None:
            if segment not in preview.segments:
                self.message.emit("That segment has no take yet: it is not in the episode.")
                return
            at = preview.segments[segment][0]
        at = 0.0 if at >= preview.duration - 0.05 else max(0.0, at)
        if self.takes is not None and self.takes.playing:
            self.takes.stop()
        if self.player.play(preview.wav, at, preview.duration):
            self._start_at = at
            self.slider.setValue(int(at * STEPS_A_SECOND))
        self._update()

    def _slid(self) -> None:
        at = self.slider.value() / STEPS_A_SECOND
        self._start_at = at
        if self.playing:
            self.player.seek(at)
        self._update()

    def _moved(self, seconds: float) -> None:
        if self.preview is None or self.player.path != self.preview.wav:
            if self.play.text() == "Pause":
                self._update()  # a take took the player over: the episode stopped
            return
        if not self.slider.isSliderDown():
            self.slider.setValue(int(seconds * STEPS_A_SECOND))
        self._show_position(seconds)
        if self.preview is not None and seconds >= self.preview.duration - 0.02:
            self._start_at = 0.0  # the end: the next Play starts again

    def _show_position(self, seconds: float | None) -> None:
        if self.preview is None:
            self.position.setText("" if self.rendering or self.project.episode is None else
                                  "Not rendered yet: press Play" if self._has_takes() else
                                  "No take yet: nothing to play")
            return
        if seconds is None:
            seconds = self.slider.value() / STEPS_A_SECOND
        where = self.where(seconds)
        self.position.setText(f"{time_label(seconds, 1)} / {time_label(self.preview.duration, 1)}"
                              + (f" · {where}" if where else ""))

    def where(self, seconds: float) -> str:
        """What plays at ``seconds``: the segment (its title, quoted; in a pause, the one
        just ended), or the intro or outro sting."""
        ep = self.project.episode
        if self.preview is None or ep is None or not self.preview.segments:
            return ""
        spans = sorted((start, end, sid) for sid, (start, end) in self.preview.segments.items())
        if seconds < spans[0][0] - 1e-3:
            return "intro"
        if seconds > spans[-1][1] + 0.5:
            return "outro"
        sid = max(span for span in spans if span[0] <= seconds + 1e-3)[2]
        seg = next((s for s in ep.segments if s.id == sid), None)
        return f"“{seg.title}”" if seg is not None else ""

    # --- rendering ---------------------------------------------------------------------------
    def _render(self, key: tuple | None, at: float, segment: str | None) -> None:
        ep, folder = self.project.episode, self.project.folder
        if ep is None or folder is None:
            return
        if self._dir is None:
            self._dir = tempfile.TemporaryDirectory(prefix="commitcast-play-")
        self._renders += 1
        out = Path(self._dir.name) / f"episode-{self._renders}.wav"  # a new name: the player
        snapshot, settings = ep.to_dict(), self._settings().to_dict()  # reloads, never reuses

        def done(preview) -> None:
            self.task = None
            old = self.preview
            self.preview, self.key = preview, key
            self.slider.setRange(0, int(preview.duration * STEPS_A_SECOND))
            note = self._not_as_exported(preview)
            if note:
                self.message.emit(note)
            self._play(at, segment)
            if old is not None and old.wav != preview.wav:
                old.wav.unlink(missing_ok=True)

        def failed(msg: str) -> None:
            self.task = None
            self.message.emit(f"Cannot play the episode: {msg}")
            self._update()

        def cancelled() -> None:
            self.task = None
            self.message.emit("Playing the episode cancelled.")
            self._update()

        self.progress.setValue(0)
        self.task = self.runner.run_task(
            "Play episode", lambda p, c: child_jobs.run_in_child(
                render_in_child, (snapshot, str(folder), str(out), settings), p, c),
            done, failed, lambda f, _m: self.progress.setValue(int(f * 1000)), cancelled)
        self.message.emit("Preparing the episode to play…")
        self._update()

    def _not_as_exported(self, preview) -> str:
        """Where the export will differ from what plays: segments without a take (left out)
        and stale synthesized takes (the export synthesizes both; recordings it keeps)."""
        from ...narration.recordings import is_recording

        ep, narration = self.project.episode, getattr(self.window_, "narration", None)
        statuses = narration.statuses() if narration is not None else {}
        stale = [s.id for s in ep.segments if statuses.get(s.id) == audio_jobs.STALE
                 and not is_recording(s.take)]
        parts = []
        if preview.left_out:
            parts.append(f"{plural(len(preview.left_out), 'segment')} without a take left out")
        if stale:
            parts.append(f"{plural(len(stale), 'stale take')} played as "
                         f"{'it is' if len(stale) == 1 else 'they are'}")
        return (f"{'; '.join(parts)}: the export synthesizes "
                f"{'it' if len(preview.left_out) + len(stale) == 1 else 'them'} afresh."
                if parts else "")

    def cancel_render(self) -> None:
        if self.rendering:
            self.task.cancel()
