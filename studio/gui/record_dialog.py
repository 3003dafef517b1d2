"""Recording one segment: input picker, level meter with clipping warning, count-in,
record/stop, the retakes (choose the one the episode uses) and a prompter with the script.

Recording again is a punch-in: a new take for this segment only, the others untouched; the
earlier takes stay in the list. The dialog never edits the episode itself: it emits
``take_chosen(segment_id, Take)`` and the host applies it (on its undo stack, or by saving).
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtMultimedia import QMediaDevices
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..plumbing.errors import StudioError
from ..recording.recovery import offer_recovered_takes  # noqa: F401 - its old home
from ..recording.samples import Level
from ..recording.takes import list_takes, new_take_path, recorded_take
from .level_meter import LevelMeter
from .recording.devices import device_id, input_format
from .recording.engine import RecordingResult, TakeRecorder

log = logging.getLogger(__name__)
PATH_ROLE = Qt.ItemDataRole.UserRole
CLIP_HOLD_MS = 2000


class RecordDialog(QDialog):
    take_chosen = Signal(str, object)  # segment id, studio.episode.Take
    recorded = Signal(object)  # a RecordingResult, whenever a take ends

    def __init__(self, folder: Path, segment_id: str, title: str, text: str,
                 current_take: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.folder, self.segment_id, self.text = Path(folder), segment_id, text
        self.current_take = current_take
        self.recorder: TakeRecorder | None = None
        self.setWindowTitle(f"Record: {title}")
        self.devices = QComboBox()
        self.devices.setObjectName("inputDevice")
        self.count_in = QSpinBox()
        self.count_in.setObjectName("countIn")
        self.count_in.setRange(0, 10)
        self.count_in.setValue(3)
        self.count_in.setSuffix(" s count-in")
        self.meter = QProgressBar()
        self.meter.setObjectName("levelMeter")
        self.meter.setRange(0, 600)  # tenths of a dB above -60 dBFS
        self.meter.setTextVisible(False)
        self.loudness = LevelMeter()  # the last 3 s against the episode's loudness target
        self.loudness.setObjectName("recordLoudness")
        self.clip = QLabel("")
        self.clip.setObjectName("clipWarning")
        self.clip.setStyleSheet("color: #c00; font-weight: bold")
        self.record = QPushButton("Record")
        self.record.setObjectName("recordButton")
        self.stop = QPushButton("Stop")
        self.stop.setObjectName("stopButton")
        self.stop.setEnabled(False)
        self.status = QLabel("")
        self.status.setObjectName("recordStatus")
        self.status.setWordWrap(True)
        self.prompter = QLabel(text)
        self.prompter.setObjectName("prompter")
        self.prompter.setWordWrap(True)
        self.prompter.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.prompter.font())
        font.setPointSize(max(22, font.pointSize() * 2))
        self.prompter.setFont(font)
        self.prompter.setMinimumHeight(180)
        self.takes = QListWidget()
        self.takes.setObjectName("retakes")
        self.use = QPushButton("Use this take")
        self.use.setObjectName("useTake")

        form = QFormLayout()
        form.addRow("Input", self.devices)
        meter_row = QHBoxLayout()
        meter_row.addWidget(self.meter, 1)
        meter_row.addWidget(self.clip)
        form.addRow("Level", meter_row)
        form.addRow("", self.loudness)
        controls = QHBoxLayout()
        for w in (self.count_in, self.record, self.stop):
            controls.addWidget(w)
        controls.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(controls)
        layout.addWidget(self.prompter, 3)
        layout.addWidget(self.status)
        layout.addWidget(QLabel("Takes of this segment (earlier ones are kept):"))
        layout.addWidget(self.takes, 1)
        layout.addWidget(self.use, 0, Qt.AlignmentFlag.AlignRight)

        self._media = QMediaDevices(self)
        self._media.audioInputsChanged.connect(self.refresh_devices)
        self._countdown = QTimer(self)
        self._countdown.setInterval(1000)
        self._countdown.timeout.connect(self._count)
        self._remaining = 0
        self._clip_timer = QTimer(self)
        self._clip_timer.setSingleShot(True)
        self._clip_timer.timeout.connect(lambda: self.clip.setText(""))
        self.record.clicked.connect(self.start_count_in)
        self.stop.clicked.connect(self.stop_recording)
        self.use.clicked.connect(self.use_selected)
        self.takes.currentItemChanged.connect(
            lambda item, _old: self.use.setEnabled(item is not None))
        self.takes.itemDoubleClicked.connect(lambda _item: self.use_selected())
        self.refresh_devices()
        self.refresh_takes()

    # --- devices and takes -----------------------------------------------------------------
    def refresh_devices(self) -> None:
        wanted = self.devices.currentData()
        self.devices.clear()
        for dev in QMediaDevices.audioInputs():
            self.devices.addItem(dev.description(), device_id(dev))
            if (wanted is None and dev.isDefault()) or device_id(dev) == wanted:
                self.devices.setCurrentIndex(self.devices.count() - 1)
        has = self.devices.count() > 0
        self.record.setEnabled(has and self.recorder is None)
        if not has:
            self.status.setText("No audio input device: connect a microphone.")

    def select_device(self, name: str) -> None:
        for i in range(self.devices.count()):
            if name in (self.devices.itemData(i), self.devices.itemText(i)):
                self.devices.setCurrentIndex(i)
                return
        raise StudioError(f"no input device {name!r}")

    def refresh_takes(self) -> None:
        self.takes.clear()
        try:
            takes = list_takes(self.folder, self.segment_id)
        except StudioError as exc:
            self.status.setText(str(exc))
            return
        for t in takes:
            mark = "  (in use)" if t.path == self.current_take else ""
            item = QListWidgetItem(f"Take {t.number} — {t.seconds:.1f} s{mark}")
            item.setData(PATH_ROLE, t.path)
            self.takes.addItem(item)
        self.takes.setCurrentRow(self.takes.count() - 1)  # the newest take, ready to use
        self.use.setEnabled(self.takes.currentItem() is not None)  # no takes: nothing to use
        self.record.setText("Punch in (record again)" if takes else "Record")

    # --- recording -------------------------------------------------------------------------
    def start_count_in(self) -> None:
        if self.recorder is not None or self._countdown.isActive():
            return
        self.record.setEnabled(False)
        self.stop.setEnabled(True)
        self._remaining = self.count_in.value()
        if self._remaining == 0:
            self._begin()
            return
        self.prompter.setText(f"{self._remaining}…")
        self._countdown.start()

    def _count(self) -> None:
        self._remaining -= 1
        if self._remaining > 0:
            self.prompter.setText(f"{self._remaining}…")
            return
        self._countdown.stop()
        self._begin()

    def _begin(self) -> None:
        self.prompter.setText(self.text)
        device = next((d for d in QMediaDevices.audioInputs()
                       if device_id(d) == self.devices.currentData()), None)
        path: Path | None = None
        try:
            if device is None:
                raise StudioError("no audio input device: connect a microphone")
            path = new_take_path(self.folder, self.segment_id)
            self.recorder = TakeRecorder(device, input_format(device), path, self.segment_id,
                                         parent=self)
            self.recorder.level.connect(self._show_level)
            self.recorder.finished.connect(self._finished)
            self.recorder.start()
        except StudioError as exc:
            if path is not None and path.exists() and path.stat().st_size == 0:
                path.unlink()  # the name reserved for a take that never started
            self.recorder = None
            self._idle(str(exc))
            return
        self.status.setText(f"Recording from {device.description()}…")

    def stop_recording(self) -> None:
        if self._countdown.isActive():
            self._countdown.stop()
            self._idle("Count-in cancelled.")
        elif self.recorder is not None:
            self.recorder.stop()

    def _show_level(self, level: Level) -> None:
        self.meter.setValue(int(max(0.0, level.peak_dbfs + 60.0) * 10))
        self.loudness.set_levels(level.peak_dbfs, level.lufs)
        if level.clipped:
            self.clip.setText("CLIPPING")
            self._clip_timer.start(CLIP_HOLD_MS)

    def _finished(self, result: RecordingResult) -> None:
        self.recorder = None
        self.recorded.emit(result)
        rel = f"takes/{result.path.name}"
        if result.error:
            self._idle(f"{result.error}. The take is in the list; choose it to use it.")
        elif result.seconds > 0:
            self._idle(f"Recorded {result.seconds:.1f} s.")
            self.choose(rel)
        else:
            result.path.unlink(missing_ok=True)
            self._idle("Nothing was recorded.")

    def _idle(self, message: str) -> None:
        self.status.setText(message)
        self.prompter.setText(self.text)
        self.meter.setValue(0)
        self.loudness.set_levels(None, None)
        self.stop.setEnabled(False)
        self.record.setEnabled(self.devices.count() > 0)
        self.refresh_takes()

    # --- choosing ----------------------------------------------------------------------------
    def choose(self, take_path: str) -> None:
        try:
            take = recorded_take(self.folder, take_path, self.text)
        except StudioError as exc:
            self.status.setText(str(exc))
            return
        self.current_take = take_path
        self.take_chosen.emit(self.segment_id, take)
        self.refresh_takes()

    def use_selected(self) -> None:
        item = self.takes.currentItem()
        if item is not None:
            self.choose(item.data(PATH_ROLE))

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self.recorder is not None:
            self.recorder.stop()  # never lose a take by closing the window
        super().closeEvent(event)
