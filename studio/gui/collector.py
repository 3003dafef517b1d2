"""Python's cyclic garbage collector, run on the UI thread only.

CPython starts a collector pass in whichever thread allocates when a generation's threshold
is crossed — often a worker (a pull, a waveform, a settings save) — and that pass destroys,
right there, every Qt object held in the cycles it frees: a widget's helper, a dialog, a
finished task. Qt objects must be destroyed on their own thread; destroyed on a worker, they
race the UI thread's event loop — the rare, late crashes of long sessions (a segfault inside
an unrelated call). So the app turns the automatic passes off and runs them itself from a
timer on the UI thread, with CPython's own thresholds deciding which generation to collect.
Reference counting still frees acyclic garbage at once, wherever it is dropped.
"""

from __future__ import annotations

import gc
import logging

from PySide6.QtCore import QObject, QTimer

log = logging.getLogger(__name__)

INTERVAL_MS = 250  # a quarter second of garbage at most waits for the UI thread


class UiThreadCollector(QObject):
    """Installed once per application (:func:`collect_on_ui_thread`)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        gc.disable()
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.tick)
        self.timer.start()

    def tick(self) -> None:
        """Collect what CPython would have by now, as it would: the oldest generation whose
        count has crossed its threshold (its younger ones with it)."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        generation = -1
        for gen in range(3):
            if thresholds[gen] and counts[gen] > thresholds[gen]:
                generation = gen
        if generation >= 0:
            gc.collect(generation)


_installed: UiThreadCollector | None = None


def collect_on_ui_thread(app: QObject) -> UiThreadCollector:
    """Turn off the automatic collector passes and run them from ``app``'s thread; once."""
    global _installed
    if _installed is None:
        _installed = UiThreadCollector(app)
        log.debug("the cyclic collector runs on the UI thread every %d ms", INTERVAL_MS)
    return _installed
