"""The episode player's audio, out of this process: ``ffplay`` (FFmpeg's player, installed
with ffmpeg) plays the rendered episode from a point, and its status line reports where it
is, about every 30 ms, as the audio clock it has actually sent to the sound server.

Why not QtMultimedia, as the take player uses: the whole-episode player first ran on a
QMediaPlayer, and a clean CI run hung in it. gdb showed the ffmpeg backend's audio renderer
thread waiting for the GIL inside PySide's override check on the Python-made QAudioOutput
while holding a Qt connection lock, and the UI thread, holding the GIL, waiting on that
lock. A child process shares no lock and no GIL with the window: it is started, read and
killed, and nothing else.

The interface is the take player's (``play``, ``seek``, ``stop``, ``path``, ``playing`` and
the ``position`` / ``state_changed`` / ``error`` signals), so the bar drives either.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    QProcess,
    QProcessEnvironment,
    QTimer,
    Signal,
)

WATCHDOG_MS = 5000  # started, and no audio clock reported this long: the output is not answering
# SDL probes every audio driver it knows when none is named (1.9 s here before the first
# sound); the sound server's own driver answers in about 0.1 s. A host's SDL_AUDIODRIVER wins.
DRIVERS = ("pulseaudio", "")
_CLOCK = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s")
_NO_AUDIO = re.compile(r"audio open failed|Could not initialize SDL|No available audio device|"
                       r"Failed to open file", re.I)
NOT_ANSWERING = ("The audio output is not answering (the sound server may be stuck): "
                 "playback stopped. Check the system's sound, then press Play again.")


def ffplay() -> str | None:
    return shutil.which("ffplay")


class ChildPlayer(QObject):
    position = Signal(float)  # seconds into the file playing
    state_changed = Signal(bool)
    error = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path: Path | None = None
        self.playing = False
        self.duration = 0.0  # of the file playing, where known: playback ends there
        self._proc: QProcess | None = None
        self._pending = ""
        self._heard = False  # the child has reported its audio clock since it started
        self._last = 0.0  # the last position said, which the next never goes below
        self._at = 0.0
        self._driver = 0
        self._watchdog = QTimer(self)
        self._watchdog.setSingleShot(True)
        self._watchdog.timeout.connect(self._not_answering)
        app = QCoreApplication.instance()
        if app is not None:  # no sound outlives the app (a window's end kills it as well:
            app.aboutToQuit.connect(self.stop)  # QProcess ends its child when deleted)

    # --- commands ----------------------------------------------------------------------------
    def play(self, path: Path, at: float = 0.0, duration: float = 0.0) -> bool:
        """Play ``path`` from ``at`` seconds; False (and ``error`` says why) when it cannot."""
        program = ffplay()
        if program is None:
            self.error.emit("Cannot play the episode: ffplay (part of FFmpeg) is not installed.")
            return False
        self._end_child()
        self.path, self._at, self._driver = Path(path), max(0.0, at), 0
        self.duration = duration or self.duration
        self._start(program)
        self._set_playing(True)
        return True

    def seek(self, at: float) -> None:
        if self.path is not None and self.playing:
            self.play(self.path, at)

    def stop(self) -> None:
        self._end_child()
        self._set_playing(False)

    # --- the child ---------------------------------------------------------------------------
    def _start(self, program: str) -> None:
        proc = QProcess(self)
        env = QProcessEnvironment.systemEnvironment()
        driver = DRIVERS[self._driver]
        if driver and not os.environ.get("SDL_AUDIODRIVER"):
            env.insert("SDL_AUDIODRIVER", driver)
        proc.setProcessEnvironment(env)
        proc.setProgram(program)
        proc.setArguments(["-nodisp", "-autoexit", "-hide_banner", "-loglevel", "error",
                           "-stats", "-ss", f"{self._at:.3f}", str(self.path)])
        proc.setStandardOutputFile(QProcess.nullDevice())
        proc.readyReadStandardError.connect(lambda p=proc: self._read(p))
        proc.finished.connect(lambda *_a, p=proc: self._finished(p))
        proc.errorOccurred.connect(lambda err, p=proc: self._failed(p, err))
        self._proc, self._pending, self._heard, self._last = proc, "", False, 0.0
        self._watchdog.start(WATCHDOG_MS)
        proc.start()

    def _read(self, proc: QProcess) -> None:
        if proc is not self._proc:
            return
        text = self._pending + bytes(proc.readAllStandardError().data()).decode("utf-8", "replace")
        parts = re.split(r"[\r\n]", text)
        self._pending = parts.pop()  # a status line not ended yet
        clock = None
        for line in parts:
            if _NO_AUDIO.search(line):
                self._no_audio(line.strip())
                return
            m = _CLOCK.match(line)
            if m:
                clock = float(m.group(1))
        if clock is None:
            return
        # ffplay's clock can step back a little while its audio buffer settles (seen once:
        # 0.96 s, then 0.81 s, at a start under load): the playhead holds instead
        clock = max(clock, self._last)
        self._last = clock
        if not self._heard:
            self._heard = True
            self._watchdog.stop()
        self.position.emit(clock)
        if self.duration and clock >= self.duration - 0.03:
            self.stop()  # the end (ffplay lingers a while after its last sample)

    def _no_audio(self, line: str) -> None:
        program = ffplay()
        if not self._heard and self._driver + 1 < len(DRIVERS) and program is not None:
            self._driver += 1  # that driver has no server here: let SDL find one
            self._end_child()
            self._start(program)
            return
        self.stop()
        self.error.emit(f"No audio output to play the episode on ({line}).")

    def _finished(self, proc: QProcess) -> None:
        if proc is not self._proc:
            return
        if self._pending and _NO_AUDIO.search(self._pending):
            self._no_audio(self._pending.strip())
            return
        self._proc = None
        self._watchdog.stop()
        proc.deleteLater()
        self._set_playing(False)

    def _failed(self, proc: QProcess, err: QProcess.ProcessError) -> None:
        if proc is not self._proc or err != QProcess.ProcessError.FailedToStart:
            return
        self.stop()
        self.error.emit(f"Cannot play the episode: ffplay did not start ({proc.errorString()}).")

    def _not_answering(self) -> None:
        if self._proc is not None and not self._heard:
            self.stop()
            self.error.emit(NOT_ANSWERING)

    def _end_child(self) -> None:
        proc, self._proc = self._proc, None
        self._watchdog.stop()
        if proc is not None:
            for sig in (proc.readyReadStandardError, proc.finished, proc.errorOccurred):
                sig.disconnect()
            if proc.state() != QProcess.ProcessState.NotRunning:
                proc.kill()
                proc.waitForFinished(200)  # a killed ffplay ends at once; never longer
            proc.deleteLater()

    def _set_playing(self, on: bool) -> None:
        if on != self.playing:
            self.playing = on
            self.state_changed.emit(on)
