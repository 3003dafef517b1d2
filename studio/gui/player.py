"""Playback, out of this process: ``ffplay`` (FFmpeg's player, installed with ffmpeg) plays a
file from a point, and its status line reports where it is, about every 30 ms, as the audio
clock it has actually handed to the sound server. Takes, voice previews, lexicon words and
the whole episode all play this way.

Why not QtMultimedia in the window's process: both players first ran on a QMediaPlayer, and
clean CI runs hung in them. gdb showed the ffmpeg backend's audio renderer thread waiting for
the GIL (inside PySide's override check on the Python-made QAudioOutput) while holding a Qt
lock that the UI thread, holding the GIL, was waiting on. A child process shares no lock and
no GIL with the window: it is started, read and killed, and nothing else. A sound server that
does not answer leaves the child waiting, never the window: no audio clock within
``WATCHDOG_MS`` ends the child and says so.

A selection (``end``) and the stretches cut out of a take (``skips``) are made by ffplay's
own filters, so the cuts are jumped over without a gap and playback ends on the out point's
sample; the clock of what plays is mapped back to the take's own time.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import shiboken6
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
NO_FFPLAY = "Cannot play: ffplay (part of FFmpeg) is not installed."


# a little silence after the last sample: ffplay -autoexit quits once its queue is empty,
# dropping what the sound server still holds; padded, the end is heard, and the clock
# reaching the out point stops it
PAD = ",apad=pad_dur=0.3"


def ffplay() -> str | None:
    return shutil.which("ffplay")


def pieces(start: float, end: float | None,
           skips: list[tuple[float, float]]) -> list[tuple[float, float | None]]:
    """The stretches of the file that play, in order: from ``start`` to ``end`` (None: the
    file's end) less the cuts. A start inside a cut plays from where the cut ends."""
    out: list[tuple[float, float | None]] = []
    at = start
    for a, b in sorted(skips):
        if b <= at or (end is not None and a >= end):
            continue
        if a > at:
            out.append((at, a))
        at = max(at, b)
    if end is None or at < end:
        out.append((at, end))
    return out


def filter_for(parts: list[tuple[float, float | None]]) -> str:
    """ffplay's audio filter that plays ``parts`` back to back, its clock starting at 0."""
    if len(parts) == 1:
        a, b = parts[0]
        return f"atrim=start={a:.6f}" + (f":end={b:.6f}" if b is not None else "") + \
            ",asetpts=PTS-STARTPTS" + PAD
    # concat needs a known channel layout on each input; stereo plays mono takes on both sides
    labels = "".join(f"[i{k}]" for k in range(len(parts)))
    chain = [f"aformat=channel_layouts=stereo,asplit={len(parts)}{labels}"]
    for k, (a, b) in enumerate(parts):
        trim = f"atrim=start={a:.6f}" + (f":end={b:.6f}" if b is not None else "")
        chain.append(f"[i{k}]{trim},asetpts=PTS-STARTPTS[o{k}]")
    chain.append("".join(f"[o{k}]" for k in range(len(parts))) +
                 f"concat=n={len(parts)}:v=0:a=1" + PAD)
    return ";".join(chain)


def file_time(parts: list[tuple[float, float | None]], clock: float) -> float:
    """Where in the file ``clock`` seconds of the played ``parts`` are."""
    for a, b in parts:
        length = None if b is None else b - a
        if length is None or clock < length:
            return a + max(0.0, clock)
        clock -= length
    a, b = parts[-1]
    return b if b is not None else a


class Player(QObject):
    position = Signal(float)  # seconds into the file playing
    state_changed = Signal(bool)  # playing or not
    error = Signal(str)

    def __init__(self, parent: QObject | None = None, what: str = "this") -> None:
        super().__init__(parent)
        self.what = what  # what plays, as the messages name it ("the episode")
        self.path: Path | None = None
        self.playing = False
        self.stop_at: float | None = None  # where playback ends (None: the file's end)
        self.skips: list[tuple[float, float]] = []  # stretches cut out of the take: jumped over
        self._parts: list[tuple[float, float | None]] = []
        self._on_error: Callable[[str], None] | None = None
        self._proc: QProcess | None = None
        self._pending = ""
        self._heard = False  # the child has reported its audio clock since it started
        self._last = 0.0  # the last position said, which the next never goes below
        self._driver = 0
        self._watchdog = QTimer(self)
        self._watchdog.setSingleShot(True)
        self._watchdog.timeout.connect(self._not_answering)
        app = QCoreApplication.instance()
        if app is not None:  # no sound outlives the app (a window's end kills it as well:
            app.aboutToQuit.connect(self.stop)  # QProcess ends its child when deleted)

    @staticmethod
    def unavailable() -> str:
        """Why nothing can be played at all, or "" (a missing sound server is found, and
        said, when playback starts)."""
        return "" if ffplay() else NO_FFPLAY

    # --- commands ----------------------------------------------------------------------------
    def play(self, path: Path, start: float = 0.0, end: float | None = None,
             skips: list[list[float]] | None = None,
             on_error: Callable[[str], None] | None = None) -> bool:
        """Play ``path`` from ``start`` to ``end`` (None: its end), jumping over ``skips``;
        False when it cannot start. Why it cannot, or why it stopped, goes to ``on_error``
        where given, else to :attr:`error`."""
        program = ffplay()
        self._on_error = on_error
        if program is None:
            self._say(NO_FFPLAY)
            return False
        self._end_child()
        self.path, self.stop_at = Path(path), end
        self.skips = sorted((float(a), float(b)) for a, b in skips or [])
        self._parts = pieces(max(0.0, start), end, self.skips)
        self._driver = 0
        self._start(program)
        self._set_playing(True)
        return True

    def seek(self, seconds: float) -> None:
        """Move playback of the current file to ``seconds`` (a new child starts there)."""
        if self.path is not None and self.playing:
            self.play(self.path, seconds, self.stop_at, [list(s) for s in self.skips],
                      self._on_error)

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
        # the input is sought to just before the first part (decoding from the file's start
        # would delay a play from late in a long episode); the filter cuts on the sample
        seek = max(0.0, self._parts[0][0] - 0.05)
        proc.setArguments(["-nodisp", "-autoexit", "-hide_banner", "-loglevel", "error",
                           "-stats", "-ss", f"{seek:.3f}", "-af", filter_for(self._parts),
                           str(self.path)])
        proc.setStandardOutputFile(QProcess.nullDevice())
        proc.readyReadStandardError.connect(lambda p=proc: self._mine(p) and self._read(p))
        proc.finished.connect(lambda *_a, p=proc: self._mine(p) and self._finished(p))
        proc.errorOccurred.connect(lambda err, p=proc: self._mine(p) and self._failed(p, err))
        self._proc, self._pending, self._heard = proc, "", False
        self._last = self._parts[0][0]
        self._watchdog.start(WATCHDOG_MS)
        proc.start()

    def _mine(self, proc: QProcess) -> bool:
        """The child playing now, with this player still whole: a window that closes deletes
        its player's timer first, then the child, whose end is still signalled."""
        return (proc is self._proc and shiboken6.isValid(proc)
                and shiboken6.isValid(self._watchdog))

    def _read(self, proc: QProcess) -> None:
        text = self._pending + bytes(proc.readAllStandardError().data()).decode("utf-8", "replace")
        lines = re.split(r"[\r\n]", text)
        self._pending = lines.pop()  # a status line not ended yet
        clock = None
        for line in lines:
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
        seconds = max(file_time(self._parts, clock), self._last)
        self._last = seconds
        if not self._heard:
            self._heard = True
            self._watchdog.stop()
        end = self._parts[-1][1]
        if end is not None and seconds >= end - 0.03:
            self.position.emit(end)
            self.stop()  # the end (ffplay lingers a while after its last sample)
            return
        self.position.emit(seconds)

    def _no_audio(self, line: str) -> None:
        program = ffplay()
        if not self._heard and self._driver + 1 < len(DRIVERS) and program is not None:
            self._driver += 1  # that driver has no server here: let SDL find one
            self._end_child()
            self._start(program)
            return
        self.stop()
        self._say(f"No audio output device to play {self.what} on: connect speakers or "
                  f"headphones, or check the system's sound ({line}).")

    def _finished(self, proc: QProcess) -> None:
        self._read(proc)  # the last status lines
        if proc is not self._proc:
            return  # it reached the out point: already stopped
        if self._pending and _NO_AUDIO.search(self._pending):
            self._no_audio(self._pending.strip())
            return
        self._proc = None
        self._watchdog.stop()
        end = self._parts[-1][1]
        if (self._heard and end is not None and proc.exitCode() == 0
                and proc.exitStatus() == QProcess.ExitStatus.NormalExit):
            # it played to the end (its clock trails what the server holds when it quits)
            self.position.emit(end)
        proc.deleteLater()
        self._set_playing(False)

    def _failed(self, proc: QProcess, err: QProcess.ProcessError) -> None:
        if err != QProcess.ProcessError.FailedToStart:
            return
        self.stop()
        self._say(f"Cannot play {self.what}: ffplay did not start ({proc.errorString()}).")

    def _not_answering(self) -> None:
        if self._proc is not None and not self._heard:
            self.stop()
            self._say(NOT_ANSWERING)

    def _say(self, message: str) -> None:
        (self._on_error or self.error.emit)(message)

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
