"""``run_task``: run a core function off the UI thread and hear back through signals.

A task function takes ``(progress, cancel)`` — the core's :data:`~studio.jobs.Progress` and
:class:`~studio.jobs.CancelToken` — and returns a result. Its callbacks (``on_done``,
``on_error``, ``on_progress``) run on the UI thread. Tests can swap in :class:`SyncRunner`,
which runs the same function in the caller's thread.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from ..jobs import CancelToken, Progress
from ..plumbing.errors import Cancelled, StudioError

log = logging.getLogger(__name__)

TaskFunc = Callable[[Progress, CancelToken], Any]
PROGRESS_INTERVAL = 0.05  # seconds between progress signals: enough to look live, no flood
BACKGROUND_NICE = 5  # workers (and the git/ffmpeg/espeak processes they start) yield to the UI


def _lower_priority() -> None:
    """Make the calling worker thread, and every process it starts, nicer than the UI thread
    (Linux keeps a nice value per thread and children inherit it); once per thread."""
    local = _lower_priority.__dict__.setdefault("done", threading.local())
    if getattr(local, "set", False) or not hasattr(os, "setpriority"):
        return
    local.set = True
    try:
        tid = threading.get_native_id()
        current = os.getpriority(os.PRIO_PROCESS, tid)
        os.setpriority(os.PRIO_PROCESS, tid, min(19, max(current, BACKGROUND_NICE)))
    except OSError as exc:
        log.debug("cannot lower the worker's priority: %s", exc)


class Task(QObject):
    """One running job: its signals, and ``cancel()``."""

    progressed = Signal(float, str)
    finished = Signal(object)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, name: str, func: TaskFunc | None = None) -> None:
        super().__init__()
        self.name = name
        self.token = CancelToken()
        self.running = True
        # The function (and what its closure holds: often widgets) belongs to the task, not
        # to the worker: the UI thread drops it when the task settles, so no Qt object is
        # ever freed on a worker thread (see studio.gui.collector for the cyclic garbage).
        self.func = func

    def cancel(self) -> None:
        self.token.cancel()


def _execute(task: Task) -> None:
    last = [0.0]

    def progress(fraction: float, message: str) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_INTERVAL or fraction >= 1.0:
            last[0] = now
            task.progressed.emit(float(fraction), str(message))

    try:
        if task.func is None:
            raise Cancelled()
        result = task.func(progress, task.token)  # no local keeps the function past the call
    except Cancelled:
        task.cancelled.emit()
    except StudioError as exc:
        task.failed.emit(str(exc))
    except Exception as exc:  # noqa: BLE001 - a worker must report, never die silently
        log.exception("task %s failed", task.name)
        task.failed.emit(f"unexpected error in {task.name}: {type(exc).__name__}: {exc}")
    else:
        task.finished.emit(result)


class _Runnable(QRunnable):
    """Holds only the task: Qt deletes the runnable on the worker thread."""

    def __init__(self, task: Task) -> None:
        super().__init__()
        self.task = task

    def run(self) -> None:
        _lower_priority()
        _execute(self.task)


class TaskRunner(QObject):
    """Runs tasks on a thread pool; keeps each task alive until it has reported.

    Destroying a thread pool waits, on the UI thread, for every task still running in it:
    a window deleted while a job ran (a child process listing the voices, started by a
    timer just before) froze the event loop for as long as that job took (0.8 s measured).
    So the runner cancels its tasks when it is shut down (:meth:`shutdown`, the window's
    close) and again as it is destroyed; a cancelled task ends at its next check (a child
    job is killed within 50 ms), and a shut-down runner starts nothing more. What its
    tasks report after that (done, failed, cancelled, progress) no longer reaches their
    callbacks: the widgets those belong to are closing or gone."""

    def __init__(self, threads: int = 2, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(threads)
        self.active: set[Task] = set()
        # held by the callbacks' closures, not through self: the wrapper may be gone by then
        self._state = state = {"closed": False}
        active = self.active
        self.destroyed.connect(lambda *_: _close(state, active))

    @property
    def closed(self) -> bool:
        return self._state["closed"]

    def shutdown(self) -> None:
        """Cancel every task under way and start no other (the window is closing)."""
        _close(self._state, self.active)

    def run_task(self, name: str, func: TaskFunc,
                 on_done: Callable[[Any], None] | None = None,
                 on_error: Callable[[str], None] | None = None,
                 on_progress: Callable[[float, str], None] | None = None,
                 on_cancel: Callable[[], None] | None = None) -> Task:
        task = Task(name, func)
        if self.closed:  # never started, so it never reports
            task.running, task.func = False, None
            log.debug("not started, the window is closing: %s", name)
            return task
        state, active = self._state, self.active
        active.add(task)

        def settle(callback: Callable[..., None] | None, *args: Any) -> None:
            task.running = False
            task.func = None  # freed here, on the UI thread
            active.discard(task)
            # the lambdas connected below hold the task, and Qt holds the lambdas: a cycle
            # Python's collector cannot see. Deleting the QObject drops the connections, so
            # the task, its token and whatever its callbacks captured are freed.
            task.deleteLater()
            if callback is not None and not state["closed"]:
                callback(*args)

        task.finished.connect(lambda r: settle(on_done, r))
        task.failed.connect(lambda m: settle(on_error, m))
        task.cancelled.connect(lambda: settle(on_cancel))
        if on_progress is not None:
            task.progressed.connect(lambda f, m: state["closed"] or on_progress(f, m))
        self._start(task)
        return task

    def _start(self, task: Task) -> None:
        self.pool.start(_Runnable(task))

    def busy(self) -> bool:
        return bool(self.active)

    def wait(self, msecs: int = 30_000) -> bool:
        return self.pool.waitForDone(msecs)


def _close(state: dict[str, bool], tasks: set[Task]) -> None:
    state["closed"] = True
    for task in list(tasks):
        task.cancel()


class SyncRunner(TaskRunner):
    """Runs each task at once in the calling thread (for tests of what follows a task)."""

    def _start(self, task: Task) -> None:
        _execute(task)
