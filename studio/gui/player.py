"""Playback of takes through QtMultimedia: play a file (or a selection of it), stop, and a
position signal for the playhead. QtMultimedia is loaded on first use, not at start-up.

The media player lives on a thread of its own, and the window only sends it commands. With a
sound server that does not answer (a stopped or stuck PulseAudio), QMediaPlayer's calls block
in the server's client library: ``setSource`` was measured waiting 30 s here, and ``play()``
once blocked a test's window for good. A command not answered within ``WATCHDOG_MS`` makes
the player say that the audio output is not answering, and ``play`` refuses (saying so) until
the output answers again: the window never freezes on playback.

The backend reports the position about ten times a second; in between, the position is
carried on by the clock every 20 ms, so the playhead moves smoothly and a selection stops
within a few milliseconds of its out point instead of up to a tenth of a second past it."""

from __future__ import annotations

import atexit
import logging
from pathlib import Path

from PySide6.QtCore import (
    Q_ARG,
    QCoreApplication,
    QElapsedTimer,
    QMetaObject,
    QObject,
    Qt,
    QThread,
    QTimer,
    QUrl,
    Signal,
    Slot,
)

log = logging.getLogger(__name__)
TICK_MS = 20
AHEAD = 0.12  # seconds the clock may run past the backend's last report (it reports ~every 0.1 s)
WATCHDOG_MS = 3000  # a command unanswered this long: the audio output is not answering
NOT_ANSWERING = ("The audio output is not answering (the sound server may be stuck): "
                 "playback stopped. Check the system's sound, then press Play again.")
_threads: list[tuple[QThread, QObject]] = []  # every player's; ended at exit at the latest


class _Backend(QObject):
    """The QMediaPlayer, on the player's thread: each command answers once it has returned."""

    moved = Signal(int)
    playing = Signal(bool, int)  # and the command it follows
    failed = Signal(str)
    answered = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self._player = None
        self._output = None
        self._source = ""
        self._pending_ms: int | None = None  # where to start once a new file has loaded
        self._seq = 0  # the command being carried out, or the last

    def _ensure(self):  # noqa: ANN202 - a QMediaPlayer
        if self._player is None:
            from PySide6.QtMultimedia import QAudioOutput, QMediaPlayer

            self._output = QAudioOutput(self)
            self._player = QMediaPlayer(self)
            self._player.setAudioOutput(self._output)
            self._player.positionChanged.connect(lambda ms: self.moved.emit(int(ms)))
            self._player.playbackStateChanged.connect(
                lambda st: self.playing.emit(st == QMediaPlayer.PlaybackState.PlayingState,
                                             self._seq))
            self._player.mediaStatusChanged.connect(self._status)
            self._player.errorOccurred.connect(lambda _e, msg: self.failed.emit(msg))
        return self._player

    def _call(self, method: str, *args: object) -> None:
        """Run one of QMediaPlayer's slots from this thread's event loop, not from Python.
        Called from Python, the call holds the GIL while the ffmpeg backend waits on a thread
        of its own, and that thread may need the GIL (destroying an object connected to our
        QAudioOutput asks PySide whether Python overrides ``disconnectNotify``): a deadlock,
        seen in test_gui_soak as ``stop()`` never returning with the window frozen. Queued,
        the slot runs in C++ with no Python frame, so no GIL is held while it waits."""
        QMetaObject.invokeMethod(self._player, method, Qt.ConnectionType.QueuedConnection, *args)

    def _begin(self, seq: int) -> None:
        """Mark what follows in the queue as command ``seq``'s (the state reports its calls
        make carry it), as a direct call would have at once."""
        QMetaObject.invokeMethod(self, "_mark", Qt.ConnectionType.QueuedConnection,
                                 Q_ARG(int, seq))

    @Slot(int)
    def _mark(self, seq: int) -> None:
        self._seq = seq

    def _answer_after(self, seq: int) -> None:
        """Answer ``seq`` once the calls queued before it have returned."""
        QMetaObject.invokeMethod(self, "_answer", Qt.ConnectionType.QueuedConnection,
                                 Q_ARG(int, seq))

    @Slot(int)
    def _answer(self, seq: int) -> None:
        self.answered.emit(seq)

    @Slot(int, str, int)
    def play(self, seq: int, path: str, start_ms: int) -> None:
        self._ensure()
        self._begin(seq)
        if path != self._source:
            # a position set while the file loads is dropped: the selection would play from 0
            self._pending_ms = start_ms
            self._call("setSource", Q_ARG(QUrl, QUrl.fromLocalFile(path)))
            self._source = path
        self._call("setPosition", Q_ARG("qint64", start_ms))
        self._call("play")
        self._answer_after(seq)

    @Slot(int)
    def stop(self, seq: int) -> None:
        self._begin(seq)
        if self._player is not None:
            self._call("stop")
        self._answer_after(seq)

    @Slot(int, int)
    def seek(self, seq: int, ms: int) -> None:
        self._begin(seq)
        if self._player is not None:
            self._pending_ms = None
            self._call("setPosition", Q_ARG("qint64", ms))
        self._answer_after(seq)

    @Slot()
    def close(self) -> None:
        """Stop playing, then end the thread's loop (both queued: the stop runs first)."""
        if self._player is not None:
            self._call("stop")
        QTimer.singleShot(0, self, lambda: self.thread().quit())

    def _status(self, status) -> None:  # noqa: ANN001 - QMediaPlayer.MediaStatus
        from PySide6.QtMultimedia import QMediaPlayer

        loaded = (QMediaPlayer.MediaStatus.LoadedMedia, QMediaPlayer.MediaStatus.BufferedMedia)
        if status in loaded and self._pending_ms is not None and self._player is not None:
            self._call("setPosition", Q_ARG("qint64", self._pending_ms))
            self._pending_ms = None


def _end(thread: QThread, backend: QObject) -> None:
    """Stop a player's thread (its window is gone, or the app quits). One stuck in the sound
    server stays listed, so it is never destroyed while it runs."""
    if thread.isRunning():
        QTimer.singleShot(0, backend, backend.close)  # it ends the loop after the stop
        if not thread.wait(1000):
            thread.quit()
        if thread.isRunning() and not thread.wait(500):
            log.warning("the audio output did not answer; its thread is left to finish")
            return
    if (thread, backend) in _threads:
        _threads.remove((thread, backend))


@atexit.register
def _end_all() -> None:
    for thread, backend in list(_threads):
        _end(thread, backend)
        if thread.isRunning():  # stuck: give it the time its client library allows
            thread.wait(35_000)


class Player(QObject):
    position = Signal(float)  # seconds into the file playing
    state_changed = Signal(bool)  # playing or not
    error = Signal(str)
    _play = Signal(int, str, int)
    _stop = Signal(int)
    _seek = Signal(int, int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: QThread | None = None
        self._backend: _Backend | None = None
        self.stop_at: float | None = None
        self.skips: list[tuple[float, float]] = []  # stretches cut out of the take: jumped over
        self._jumping_to: float | None = None  # a jump sent, not yet reported done
        self.path: Path | None = None
        self._playing_now = False
        self._sent = 0  # commands sent, numbered
        self._done = 0  # the last one answered
        self.stuck = False  # the audio output did not answer a command in time
        self._reported: float | None = None  # the backend's last position, and since when
        self._clock = QElapsedTimer()
        self._tick = QTimer(self)
        self._tick.setInterval(TICK_MS)
        self._tick.timeout.connect(self._carry_on)
        self._watchdog = QTimer(self)
        self._watchdog.setSingleShot(True)
        self._watchdog.setInterval(WATCHDOG_MS)
        self._watchdog.timeout.connect(self._not_answering)

    def _ensure(self) -> None:
        if self._backend is not None:
            return
        thread = QThread()
        thread.setObjectName("studio-player")
        backend = _Backend()
        backend.moveToThread(thread)
        self._play.connect(backend.play)
        self._stop.connect(backend.stop)
        self._seek.connect(backend.seek)
        backend.moved.connect(self._moved)
        backend.playing.connect(self._state)
        backend.failed.connect(lambda msg: self.error.emit(f"cannot play this take: {msg}"))
        backend.answered.connect(self._answered)
        thread.finished.connect(backend.deleteLater)
        thread.start()
        _threads.append((thread, backend))
        self._thread, self._backend = thread, backend
        self.destroyed.connect(lambda *_: _end(thread, backend))
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(lambda: _end(thread, backend))

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
        return self._playing_now

    def play(self, path: Path, start: float = 0.0, end: float | None = None,
             skips: list[list[float]] | None = None) -> bool:
        """Start playing ``path``; False (and :attr:`error` says why) when it cannot be heard.
        ``skips``: stretches cut out of the take, jumped over as they are reached (within a
        tick of the clock: about 20 ms)."""
        if self.stuck:
            self.error.emit(NOT_ANSWERING)
            return False
        reason = self.unavailable()
        if reason:
            self.error.emit(reason)
            return False
        self._ensure()
        self.stop_at = end
        self.skips = sorted((float(a), float(b)) for a, b in skips or [])
        self._jumping_to = None
        for a, b in self.skips:
            if a <= start < b:
                start = b  # playing from inside a cut: from where it ends
        self.path = path
        self._reported = None
        self._playing_now = True  # as QMediaPlayer's own state turns at once
        self._send(self._play, str(path), int(start * 1000))
        return True

    def _send(self, signal: Signal, *args: object) -> None:
        self._sent += 1
        signal.emit(self._sent, *args)
        if not self._watchdog.isActive():
            self._watchdog.start()

    def _answered(self, seq: int) -> None:
        self._done = max(self._done, seq)
        if self._done >= self._sent:
            self._watchdog.stop()
        else:
            self._watchdog.start()  # the next one's turn
        if self.stuck:
            log.info("the audio output answers again")
            self.stuck = False

    def _not_answering(self) -> None:
        if self._done >= self._sent:
            return
        log.warning("the audio output did not answer within %d ms", WATCHDOG_MS)
        self.stuck = True
        self._playing(False)
        self.error.emit(NOT_ANSWERING)

    def _state(self, on: bool, seq: int) -> None:
        """The backend's state, unless it is from before the last command sent (a stop's
        report arriving after the next play was sent would turn the play off)."""
        if seq >= self._sent:
            self._playing(on)

    def _playing(self, on: bool) -> None:
        self._playing_now = on and not self.stuck
        if self._playing_now:
            self._tick.start()
        else:
            self._tick.stop()
            self._reported = None
        self.state_changed.emit(self._playing_now)

    def _carry_on(self) -> None:
        if self._reported is None:
            return
        seconds = self._reported + min(AHEAD, self._clock.elapsed() / 1000.0)
        self._emit(seconds)

    def stop(self) -> None:
        if self._backend is not None and not self.stuck:
            if self._playing_now:
                self._playing(False)  # at once, as QMediaPlayer's own state turns
            self._send(self._stop)

    def _moved(self, ms: int) -> None:
        seconds = ms / 1000.0
        self._reported = seconds
        self._clock.restart()
        self._emit(seconds)

    def _emit(self, seconds: float) -> None:
        if self._jumping_to is not None:
            if seconds < self._jumping_to - 0.005:
                return  # a report from before the jump landed
            self._jumping_to = None
        cut = next(((a, b) for a, b in self.skips if a <= seconds < b), None)
        if cut is not None and self._playing_now:
            self._jumping_to = cut[1]
            self.seek(cut[1])
            self.position.emit(cut[1])
            return
        if self.stop_at is not None and seconds >= self.stop_at:
            self.position.emit(self.stop_at)
            if self._playing_now:
                self.stop()
            return
        self.position.emit(seconds)

    def seek(self, seconds: float) -> None:
        """Move playback of the current file to ``seconds``."""
        if self._backend is not None and not self.stuck:
            self._reported = None
            self._send(self._seek, int(seconds * 1000))
