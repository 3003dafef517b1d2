"""Python's cyclic garbage collector, run on the UI thread only.

CPython starts a collector pass in whichever thread allocates when a generation's threshold
is crossed — often a worker (a pull, a waveform, a settings save) — and that pass destroys,
right there, every Qt object held in the cycles it frees: a widget's helper, a dialog, a
finished task. Qt objects must be destroyed on their own thread; destroyed on a worker, they
race the UI thread's event loop — the rare, late crashes of long sessions (a segfault inside
an unrelated call). So the app turns the automatic passes off and runs them itself from a
timer on the UI thread, with CPython's own thresholds deciding which generation to collect.
Reference counting still frees acyclic garbage at once, wherever it is dropped.

A child job's result is frozen when it arrives (:func:`studio.gui.child_jobs._receive`), so no
full pass scans it at once; but ``gc.freeze()`` freezes everything, and cyclic garbage not yet
collected then (a closed dialog, an old episode's objects) was kept for good: memory grew with
every pull. Once the app has been idle a moment (no job running, no input) after something
more was frozen, the collector thaws the frozen objects, frees what died among them in one
full pass and freezes the survivors again. Idle means no input *and no job* for the whole
while: a full pass at the moment a job ends (the host waiting for the day list it brought)
was the longest block of the window, 536 ms in a full test run.
"""

from __future__ import annotations

import gc
import logging
import time
import weakref

from PySide6.QtCore import QEvent, QObject, QTimer

log = logging.getLogger(__name__)

INTERVAL_MS = 250  # a quarter second of garbage at most waits for the UI thread
# no input and no job for this long: frozen objects are thawed. The thaw is one full pass
# (150-350 ms on a big day, which no one feels after half a minute of not touching the app,
# and which blocked the window just after a pull when this was 2 s, or when it counted only
# the time since the last input, not since the last job ended)
IDLE_SECONDS = 30.0
INPUT_EVENTS = frozenset({QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress,
                          QEvent.Type.MouseMove, QEvent.Type.Wheel})


class UiThreadCollector(QObject):
    """Installed once per application (:func:`collect_on_ui_thread`)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        gc.disable()
        # CPython's guard against quadratic full passes: the oldest generation is collected
        # only once the objects moved into it since its last pass ("pending") are a quarter
        # of those that survived that pass ("total"). Without it a full pass ran every tenth
        # middle one: every few seconds of use, each as long as the heap is big (272 ms in
        # a test process holding a thousand tests' leftovers).
        self.long_lived_total = 0
        self.long_lived_pending = 0
        self.full_passes = 0
        self.thaws = 0
        self.frozen_since = False  # something froze the heap since the last thaw
        self.last_input = time.monotonic()
        self.last_busy = time.monotonic()  # when a job was last seen running
        self.idle_seconds = IDLE_SECONDS
        self._runners: list[weakref.ref] = []  # objects with busy(): a job is running
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.tick)
        self.timer.start()

    def watch(self, runner: QObject) -> None:
        """Count ``runner``'s jobs (its ``busy()``) as activity: no thaw while one runs."""
        self._runners.append(weakref.ref(runner))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() in INPUT_EVENTS:
            self.last_input = time.monotonic()
        return False

    def idle(self) -> bool:
        """No input and no job for :attr:`idle_seconds` (a job that just ended brought work:
        the window fills with what it made, and the host is looking at it)."""
        now = time.monotonic()
        alive = [r for r in self._runners if r() is not None]
        self._runners = alive
        if any(r().busy() for r in alive):
            self.last_busy = now
            return False
        return now - max(self.last_input, self.last_busy) >= self.idle_seconds

    def thaw(self) -> None:
        """Free what died among the frozen objects, at an idle moment: they go back to the
        oldest generation for one full pass, and what survives it is frozen again, so the
        passes while the host works still scan only what is new since."""
        gc.unfreeze()
        self.thaws += 1
        gc.collect(2)
        self.full_passes += 1
        gc.freeze()
        self.long_lived_total = self.long_lived_pending = 0
        self.frozen_since = False

    def tick(self) -> None:
        """Collect what CPython would have by now, as it would: the oldest generation whose
        count has crossed its threshold (its younger ones with it); thaw frozen objects when
        the app is idle."""
        if self.idle() and self.frozen_since:
            self.thaw()
            return
        counts, thresholds = gc.get_count(), gc.get_threshold()
        for gen in (2, 1, 0):
            if not thresholds[gen] or counts[gen] <= thresholds[gen]:
                continue
            if gen == 2 and self.long_lived_pending < self.long_lived_total // 4:
                continue
            self.collect(gen)
            return

    def collect(self, generation: int) -> None:
        if generation == 2:
            gc.collect(2)
            self.full_passes += 1
            self.long_lived_total = len(gc.get_objects(generation=2))
            self.long_lived_pending = 0
        elif generation == 1:  # its survivors move into the oldest generation
            before = len(gc.get_objects(generation=0)) + len(gc.get_objects(generation=1))
            self.long_lived_pending += max(0, before - gc.collect(1))
        else:
            gc.collect(0)


_installed: UiThreadCollector | None = None


def collect_on_ui_thread(app: QObject) -> UiThreadCollector:
    """Turn off the automatic collector passes and run them from ``app``'s thread; once."""
    global _installed
    if _installed is None:
        _installed = UiThreadCollector(app)
        app.installEventFilter(_installed)
        log.debug("the cyclic collector runs on the UI thread every %d ms", INTERVAL_MS)
    return _installed


def watch_jobs(runner: QObject) -> None:
    """Tell the app's collector that ``runner``'s jobs are activity (see :meth:`UiThreadCollector.idle`)."""
    if _installed is not None:
        _installed.watch(runner)


def note_frozen() -> None:
    """Something froze the heap (``gc.freeze``), dead cycles with it: thaw at the next idle."""
    if _installed is not None:
        _installed.frozen_since = True
