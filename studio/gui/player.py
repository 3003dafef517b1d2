"""Playback of takes through QtMultimedia: play a file (or a selection of it), stop, and a
position signal for the playhead. QtMultimedia is loaded on first use, not at start-up.

The backend reports the position about ten times a second; in between, the position is
carried on by the clock every 20 ms, so the playhead moves smoothly and a selection stops
within a few milliseconds of its out point instead of up to a tenth of a second past it."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QObject, QTimer, QUrl, Signal

log = logging.getLogger(__name__)
TICK_MS = 20
AHEAD = 0.12  # seconds the clock may run past the backend's last report (it reports ~every 0.1 s)


class Player(QObject):
    position = Signal(float)  # seconds into the file playing
    state_changed = Signal(bool)  # playing or not
    error = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._player = None
        self._output = None
        self.stop_at: float | None = None
        self.path: Path | None = None
        self._pending_ms: int | None = None  # where to start once a new file has loaded
        self._reported: float | None = None  # the backend's last position, and since when
        self._clock = QElapsedTimer()
        self._tick = QTimer(self)
        self._tick.setInterval(TICK_MS)
        self._tick.timeout.connect(self._carry_on)

    def _ensure(self):
        if self._player is None:
            from PySide6.QtMultimedia import QAudioOutput, QMediaPlayer

            self._output = QAudioOutput(self)
            self._player = QMediaPlayer(self)
            self._player.setAudioOutput(self._output)
            self._player.positionChanged.connect(self._moved)
            self._player.playbackStateChanged.connect(
                lambda st: self._playing(st == QMediaPlayer.PlaybackState.PlayingState))
            self._player.mediaStatusChanged.connect(self._status)
            self._player.errorOccurred.connect(
                lambda _e, msg: self.error.emit(f"cannot play this take: {msg}"))
        return self._player

    @staticmethod
    def unavailable() -> str:
        """Why nothing can be heard (no audio output device), or "" when playback can work."""
        from PySide6.QtMultimedia import QMediaDevices

        if not QMediaDevices.audioOutputs():
            return ("No audio output device: connect speakers or headphones, or check the "
                    "system's sound settings, to listen.")
        return ""

    @property
    def playing(self) -> bool:
        if self._player is None:
            return False
        from PySide6.QtMultimedia import QMediaPlayer

        return self._player.playbackState() == QMediaPlayer.PlaybackState.PlayingState

    def play(self, path: Path, start: float = 0.0, end: float | None = None) -> bool:
        """Start playing ``path``; False (and :attr:`error` says why) when it cannot be heard."""
        reason = self.unavailable()
        if reason:
            self.error.emit(reason)
            return False
        player = self._ensure()
        self.stop_at = end
        if self.path != path:
            # a position set while the file loads is dropped: the selection would play from 0
            self._pending_ms = int(start * 1000)
            player.setSource(QUrl.fromLocalFile(str(path)))
            self.path = path
        self._reported = None
        player.setPosition(int(start * 1000))
        player.play()
        return True

    def _playing(self, on: bool) -> None:
        if on:
            self._tick.start()
        else:
            self._tick.stop()
            self._reported = None
        self.state_changed.emit(on)

    def _carry_on(self) -> None:
        if self._reported is None:
            return
        seconds = self._reported + min(AHEAD, self._clock.elapsed() / 1000.0)
        self._emit(seconds)

    def _status(self, status) -> None:
        from PySide6.QtMultimedia import QMediaPlayer

        loaded = (QMediaPlayer.MediaStatus.LoadedMedia, QMediaPlayer.MediaStatus.BufferedMedia)
        if status in loaded and self._pending_ms is not None and self._player is not None:
            self._player.setPosition(self._pending_ms)
            self._pending_ms = None

    def stop(self) -> None:
        if self._player is not None:
            self._player.stop()

    def _moved(self, ms: int) -> None:
        seconds = ms / 1000.0
        self._reported = seconds
        self._clock.restart()
        self._emit(seconds)

    def _emit(self, seconds: float) -> None:
        if self.stop_at is not None and seconds >= self.stop_at:
            self.position.emit(self.stop_at)
            self.stop()
            return
        self.position.emit(seconds)

    def seek(self, seconds: float) -> None:
        """Move playback of the current file to ``seconds``."""
        if self._player is not None:
            self._pending_ms = None
            self._reported = None
            self._player.setPosition(int(seconds * 1000))
