"""The Qt binding must not leak references to ``None``.

PySide6 6.12.0 lowered ``None``'s count by one on every call that returns nothing; on CPython
3.11 the app aborted (``Fatal Python error: none_dealloc``) after ~15,000 such calls — minutes
of typing, painting or playing. These tests make thousands of the calls the app makes and
check that ``None``'s count does not fall. On CPython 3.12+ ``None`` is immortal and its
count never moves, so they pass there by construction (and the app cannot abort).
"""

from __future__ import annotations

import gc
import sys

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

pytestmark = pytest.mark.usefixtures("qapp")
CALLS = 2000


def drift(call, times: int = CALLS, obj: object = None) -> int:
    """How ``obj``'s reference count moves over ``times`` calls."""
    gc.collect()
    before = sys.getrefcount(obj)
    for _ in range(times):
        call()
    gc.collect()
    change = sys.getrefcount(obj) - before
    if change < 0 and sys.version_info < (3, 12):
        give_back(obj, -change)  # so a leaking binding fails this test instead of aborting pytest
    return change


def give_back(obj: object, references: int) -> None:
    import ctypes

    ctypes.c_ssize_t.from_address(id(obj)).value += references


def void_calls():
    """The kinds of calls the window makes all day long, each returning nothing."""
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    pen, colour, rect = QPen(QColor(10, 20, 30), 2), QColor(1, 2, 3), QRectF(1, 1, 1, 5)
    poly = QPolygonF([QPointF(0, 0), QPointF(10, 10)])
    label, button, bar = QLabel(), QPushButton("Play"), QProgressBar()
    text, widget = QPlainTextEdit(), QWidget()
    table = QTableWidget(2, 2)
    item = QTableWidgetItem("a")
    table.setItem(0, 0, item)
    calls = {
        "QPainter.fillRect": lambda: painter.fillRect(rect, colour),
        "QPainter.setPen": lambda: painter.setPen(pen),
        "QPainter.drawLine": lambda: painter.drawLine(QPointF(0, 0), QPointF(5, 5)),
        "QPainter.drawPolyline": lambda: painter.drawPolyline(poly),
        "QPainter.drawText": lambda: painter.drawText(rect, Qt.AlignmentFlag.AlignLeft, "in"),
        "QLabel.setText": lambda: label.setText("12 segments · 800 words"),
        "QPushButton.setText": lambda: button.setText("Stop"),
        "QWidget.update": widget.update,
        "QWidget.setEnabled": lambda: widget.setEnabled(True),
        "QWidget.setToolTip": lambda: widget.setToolTip("Space"),
        "QProgressBar.setValue": lambda: bar.setValue(500),
        "QPlainTextEdit.insertPlainText": lambda: text.insertPlainText("x"),
        "QTableWidgetItem.setText": lambda: item.setText("ready"),
    }
    return [image, table, label, button, bar, text, widget], painter, calls


def test_void_qt_calls_do_not_leak_references_to_none():
    _keep, painter, calls = void_calls()  # the image, table… must outlive the calls
    try:
        leaks = {name: d for name, call in calls.items() if (d := drift(call)) < -CALLS // 10}
    finally:
        painter.end()
    assert not leaks, (f"the Qt binding loses references to None (count change over {CALLS} "
                       f"calls each): {leaks} — pin a PySide6 without the leak (pyproject.toml)")


def test_signals_carrying_a_bool_do_not_leak_references_to_true_or_false():
    """6.12.0 also lost a reference to True/False on every Signal(bool) it delivered to a
    Python slot (busy, playing, toggled…): bool_dealloc after a few hundred."""
    from PySide6.QtCore import QObject, Signal

    class Emitter(QObject):
        changed = Signal(bool)

    emitter, seen = Emitter(), []
    emitter.changed.connect(lambda on: seen.append(on) if len(seen) < 2 else None)
    calls = 300  # True and False have few references: a leak of thousands would abort first
    lost = {name: d for name, value in (("True", True), ("False", False))
            if (d := drift(lambda v=value: emitter.changed.emit(v), calls, value)) < -calls // 10}
    assert seen == [True, True] and not lost, f"Signal(bool) loses references: {lost}"


def test_the_binding_check_tells_a_sound_binding(qapp):
    from studio.gui.binding_guard import bool_refcount_drift, leaking_singletons, none_refcount_drift

    assert leaking_singletons() == []
    assert none_refcount_drift(CALLS) > -CALLS // 10
    assert bool_refcount_drift(200) > -20


def test_the_windows_own_work_keeps_none_alive(qtbot, monkeypatch, tmp_path):
    """Repaints, typing and trim drags through the real window: None's count holds."""
    from gui_soak import HostDay, none_refs
    from guikit import open_window

    win = open_window(qtbot, monkeypatch, tmp_path, tmp_path / "episode")
    win.resize(1200, 800)
    win.session.open_demo()
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)
    host = HostDay(win, tmp_path, "", tmp_path)
    host.take_segment()  # synthesize one take, so the waveform has something to draw
    host.repaint_waveform(5)
    host.type_chars(50)
    before = none_refs()
    host.repaint_waveform(100)
    host.type_chars(400)
    host.drag_trim(10)
    change = none_refs() - before
    win.project.close()
    win.runner.wait()
    assert change > -1000, f"None lost {-change} references during ordinary work"
