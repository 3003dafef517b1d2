"""One take being recorded: QAudioSource → 16-bit WAV on disk, with levels for a meter.

The device is read in chunks (on ``readyRead`` and a 50 ms timer) into a
:class:`~studio.recording.wavstream.StreamingWavWriter`, which syncs about once a second. A
marker and a lock tell recovery the take is live. When the device stops with an error or
disappears from the device list, the take is finished with what it has and the reason is
reported, so nothing recorded is thrown away. Runs on the thread that owns it (the GUI thread
or the recorder process's main thread); chunks are small, so the work per tick is small.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6 import QtMultimedia
from PySide6.QtCore import QIODevice, QObject, QTimer, Signal
from PySide6.QtMultimedia import QAudioDevice, QAudioFormat, QAudioSource, QMediaDevices

from ...audio.meter import LiveMeter
from ...plumbing.errors import StudioError
from ...recording.pulse_sources import SourceWatch
from ...recording.recovery import lock_recording
from ...recording.samples import Level, level_of, stored_channels, to_float, to_take_pcm
from ...recording.takes import marker_path, write_marker
from ...recording.wavstream import StreamingWavWriter
from .devices import QT_SAMPLE_FORMATS, describe, device_id

log = logging.getLogger(__name__)

# Qt 6.7 renamed the QAudio namespace QtAudio; the old name's enums no longer compare equal.
QtAudio = getattr(QtMultimedia, "QtAudio", None) or QtMultimedia.QAudio

POLL_MS = 50
LUFS_EVERY = 0.25  # seconds between short-term loudness readings while recording
STALL_SECONDS = 2.0  # a live input delivers every 10-250 ms, silence included
FIRST_DATA_SECONDS = 5.0
RING_SECONDS = 2.0  # Qt's buffer while our thread is busy (its 250 ms default lost blocks)
SERVER_FRAGMENT_MS = "50"  # how often the server hands over what it has, at most


@contextmanager
def server_buffer_for_blocks() -> Iterator[None]:
    """While a source starts: let the sound server buffer whole blocks for it.

    Qt 6.10+ connects its PulseAudio record stream with ``maxlength`` (and ``fragsize``) of
    1,024 frames, 23 ms at 44.1 kHz, and offers no way to change it: a server that delivers
    100 ms at once (PipeWire's quanta, Bluetooth) overflows that buffer and drops most of each
    block. libpulse reads ``PULSE_LATENCY_MSEC`` when a stream connects and then asks for the
    server's own maximum buffer, handing data over every ``SERVER_FRAGMENT_MS``. A value the
    user set is kept; other streams (playback) never see ours.
    """
    if os.environ.get("PULSE_LATENCY_MSEC"):
        yield
        return
    os.environ["PULSE_LATENCY_MSEC"] = SERVER_FRAGMENT_MS
    try:
        yield
    finally:
        os.environ.pop("PULSE_LATENCY_MSEC", None)


@dataclass
class RecordingResult:
    path: Path
    seconds: float
    error: str = ""  # why it stopped early, empty when it stopped as asked


class TakeRecorder(QObject):
    """Records one take; emits ``level`` per chunk and ``finished`` once, whatever happens."""

    level = Signal(object)  # a studio.recording.samples.Level
    finished = Signal(object)  # a RecordingResult

    def __init__(self, device: QAudioDevice, fmt: QAudioFormat, path: Path, segment_id: str,
                 max_seconds: float | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        if fmt.sampleFormat() not in QT_SAMPLE_FORMATS:
            raise StudioError(f"{device.description()} gives samples in an unknown format")
        self.device = device
        self.format = fmt
        self.path = Path(path)
        self.segment_id = segment_id
        self.max_seconds = max_seconds
        self._kind = QT_SAMPLE_FORMATS[fmt.sampleFormat()]
        self._channels = fmt.channelCount()
        self._frame_bytes = fmt.bytesPerFrame()
        self._loudness = LiveMeter(fmt.sampleRate())  # short-term LUFS, for the meter
        self._lufs: float | None = None
        self._lufs_at = 0.0
        self._pending = b""
        self._writer: StreamingWavWriter | None = None
        self._source: QAudioSource | None = None
        self._io: QIODevice | None = None
        self._devices = QMediaDevices(self)
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._done = False
        self._last_data = 0.0
        self._got_data = False
        self._watch: SourceWatch | None = None
        self.last_level = Level()

    @property
    def seconds(self) -> float:
        return self._writer.seconds if self._writer else 0.0

    def start(self) -> None:
        """Open the file and the device; a StudioError (and no file left) if either fails."""
        rate = self.format.sampleRate()
        writer = StreamingWavWriter(self.path, rate, stored_channels(self._channels))
        self._writer = writer
        try:
            lock_recording(writer.fileno())
            write_marker(self.path, self.segment_id, self.device.description(), rate,
                         writer.channels)
        except (OSError, StudioError) as exc:
            self._close_file()
            self.path.unlink(missing_ok=True)
            raise StudioError(f"cannot start recording {self.path.name}: {exc}") from None
        self._source = QAudioSource(self.device, self.format, self)
        self._source.setBufferSize(self.format.bytesForDuration(int(RING_SECONDS * 1e6)))
        with server_buffer_for_blocks():
            self._io = self._source.start()
        if self._io is None or self._source.error() != QtAudio.Error.NoError:
            error = self._source.error()
            self._close_file()
            self.path.unlink(missing_ok=True)
            raise StudioError(f"cannot open {self.device.description()} ({describe(self.format)}):"
                              f" {error.name}")
        log.info("recording %s from %s (%s)", self.path.name, self.device.description(),
                 describe(self.format))
        self._last_data = time.monotonic()
        self._watch = SourceWatch(device_id(self.device))
        self._watch.start()  # off by itself when the server does not know the source by name
        self._io.readyRead.connect(self._pull)
        # Not stateChanged: PySide6 6.12 cannot convert its QAudio::State argument. Polled.
        self._devices.audioInputsChanged.connect(self._inputs_changed)
        self._timer.timeout.connect(self._tick)
        self._timer.start()

    def stop(self, error: str = "") -> None:
        """Finish the take: read what the device still holds, finalise the header."""
        if self._done:
            return
        if self._source is not None and not error:
            try:
                self._read()
            except StudioError as exc:
                error = str(exc)
        self._done = True
        self._timer.stop()
        if self._watch is not None:
            self._watch.close()
        if self._source is not None:
            self._source.stop()
        try:
            self._close_file()
        except StudioError as exc:  # the marker stays: recovery repairs the header later
            error = error or str(exc)
        result = RecordingResult(self.path, self.seconds, error)
        if error:
            log.warning("recording stopped: %s", error)
        self.finished.emit(result)

    def _close_file(self) -> None:
        if self._writer is not None and not self._writer.closed:
            self._writer.close()
        marker_path(self.path).unlink(missing_ok=True)

    def _tick(self) -> None:
        self._pull()
        if self._done or self._source is None:
            return
        if self._source.error() not in (QtAudio.Error.NoError, QtAudio.Error.UnderrunError):
            self._pull()
            self.stop(self._lost_message(f"the input failed ({self._source.error().name})"))
            return
        if self._watch is not None and self._watch.gone():
            self.stop(self._lost_message("the input device disappeared"))
            return
        quiet = time.monotonic() - self._last_data
        if quiet > (STALL_SECONDS if self._got_data else FIRST_DATA_SECONDS):
            self.stop(self._lost_message(f"the input sent no audio for {quiet:.0f} s "
                                         "(unplugged, or the sound server stopped)"))

    def _pull(self) -> None:
        """Read a chunk; stop when the wanted length is reached or the disk fails."""
        if self._done:
            return
        try:
            full = self._read()
        except StudioError as exc:
            self.stop(str(exc))
            return
        if full:
            self.stop()

    def _read(self) -> bool:
        """Move what the device has into the file; True once ``max_seconds`` are recorded."""
        if self._io is None or self._writer is None or self._writer.closed:
            return False
        raw = self._pending + bytes(self._io.readAll().data())
        usable = len(raw) - len(raw) % self._frame_bytes
        self._pending = raw[usable:]
        limit = None
        if self.max_seconds is not None:
            limit = int(round(self.max_seconds * self._writer.rate))
        if usable:
            self._last_data = time.monotonic()
            self._got_data = True
            block = to_float(raw[:usable], self._kind, self._channels)
            if limit is not None:
                block = block[:max(limit - self._writer.frames, 0)]
            self._writer.write(to_take_pcm(block))
            self._loudness.push(block)
            now = time.monotonic()
            if now - self._lufs_at >= LUFS_EVERY:  # an FFT of 3 s: four times a second
                self._lufs, self._lufs_at = self._loudness.short_lufs(), now
            self.last_level = replace(level_of(block), lufs=self._lufs)
            self.level.emit(self.last_level)
        return limit is not None and self._writer.frames >= limit

    def _inputs_changed(self) -> None:
        if self._done:
            return
        wanted = device_id(self.device)
        if all(device_id(d) != wanted for d in QMediaDevices.audioInputs()):
            self._pull()
            self.stop(self._lost_message("the input device disappeared"))

    def _lost_message(self, what: str) -> str:
        return (f"{what}: {self.device.description()}; the {self.seconds:.1f} s recorded so far "
                f"are kept in {self.path.name}")
