"""A window that goes away never waits on the UI thread for the jobs it had running.

Deleting a Qt thread pool waits for the tasks still running in it. A window closed while a
job ran — or within the 300 ms before its start-up jobs (the voice list in a child process)
began — froze the next event loop for as long as that job took when the window was deleted:
0.8-0.9 s, seen by the heartbeat checks of later tests in full runs. The runner now cancels
its tasks when the window closes and again as it is destroyed, and starts none after close."""

from __future__ import annotations

import random
import threading
import time

import pytest
import shiboken6
from guikit import ScriptedDialogs, isolate
from PySide6.QtCore import QCoreApplication, QEvent, QObject

from studio.gui import child_jobs
from studio.gui.child_jobs import run_in_child
from studio.gui.tasks import TaskRunner

pytestmark = pytest.mark.usefixtures("qapp")


def _wait_long(seconds: float, progress) -> str:
    """A job for a child process that takes ``seconds`` unless killed."""
    time.sleep(seconds)
    return "slept"


def _slow_voices(progress) -> dict:
    """The voice list, as a child job on a slow machine."""
    time.sleep(20)
    return {}


def _start(runner: TaskRunner, func) -> tuple[threading.Event, list]:
    started, outcome = threading.Event(), []

    def job(progress, cancel):
        started.set()
        return func(progress, cancel)

    runner.run_task("long", job, outcome.append, outcome.append,
                    on_cancel=lambda: outcome.append("cancelled"))
    assert started.wait(10)
    return started, outcome


def test_destroying_a_runner_cancels_its_threaded_task_at_once(qtbot):
    owner = QObject()
    runner = TaskRunner(parent=owner)
    seen = []

    def loop(_progress, cancel):
        end = time.monotonic() + 20
        while time.monotonic() < end:
            if cancel.cancelled:
                seen.append("cancelled")
                return "stopped"
            time.sleep(0.01)
        return "ran out"

    _start(runner, loop)
    t0 = time.perf_counter()
    shiboken6.delete(owner)  # as a deferred delete does: the pool's destructor waits
    took = time.perf_counter() - t0
    assert seen == ["cancelled"]
    assert took < 0.5, f"deleting the runner waited {took:.2f} s for its task"


def test_destroying_a_runner_kills_its_child_job_at_once(qtbot):
    owner = QObject()
    runner = TaskRunner(parent=owner)
    _start(runner, lambda p, c: run_in_child(_wait_long, (20,), p, c))
    time.sleep(0.2)  # the child is starting or running
    t0 = time.perf_counter()
    shiboken6.delete(owner)
    took = time.perf_counter() - t0
    assert took < 1.0, f"deleting the runner waited {took:.2f} s for a child job"


def test_a_shut_down_runner_cancels_and_starts_nothing(qtbot):
    runner = TaskRunner()
    _started, outcome = _start(runner, lambda p, c: run_in_child(_wait_long, (20,), p, c))
    runner.shutdown()
    qtbot.waitUntil(lambda: not runner.busy(), timeout=5_000)  # it ended, cancelled
    assert outcome == []  # and its report reaches no callback: its owner is closing
    ran = []
    task = runner.run_task("later", lambda p, c: ran.append(1), ran.append, ran.append)
    qtbot.wait(200)
    assert ran == [] and not task.running and not runner.busy()
    assert runner.wait(1000)


def _window(monkeypatch, tmp_path):
    """A shown window that this test deletes itself (so not handed to qtbot to close)."""
    from studio.gui.app import make_app, make_window

    settings_dir = isolate(monkeypatch, tmp_path)
    make_app()
    win = make_window(settings_dir=settings_dir, dialogs=ScriptedDialogs())
    win.show()
    return win


def test_a_window_closed_at_once_starts_no_start_up_job_and_deletes_quickly(
        qtbot, monkeypatch, tmp_path):
    win = _window(monkeypatch, tmp_path)
    started = []
    start = win.runner._start
    monkeypatch.setattr(win.runner, "_start", lambda task: (started.append(task.name), start(task)))
    qtbot.wait(50)
    win.close()
    qtbot.wait(600)  # past the start-up jobs' 300 ms timer
    assert started == [] and not win.runner.busy()
    win.deleteLater()
    t0 = time.perf_counter()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    took = time.perf_counter() - t0
    assert took < 0.2, f"deleting the closed window took {took:.2f} s"


def test_a_window_deleted_while_its_voice_job_runs_does_not_wait_for_it(
        qtbot, monkeypatch, tmp_path):
    monkeypatch.setattr(child_jobs, "list_voices", _slow_voices)
    win = _window(monkeypatch, tmp_path)
    qtbot.waitUntil(lambda: any(t.name == "Voices" for t in win.runner.active), timeout=5_000)
    t0 = time.perf_counter()
    shiboken6.delete(win)  # no close first: the runner's own destruction cancels
    took = time.perf_counter() - t0
    assert took < 0.3, f"deleting the window waited {took:.2f} s for its voice job"


def test_windows_opened_and_closed_at_any_moment_neither_wait_nor_call_back_into_the_dead(
        qtbot, monkeypatch, tmp_path):
    """A soak of the close: 20 windows, some opening the sample day, each closed after 0-0.9 s
    (before, during or after its start-up jobs) and deleted. A job's report that arrived
    after its window was deleted used to reach the deleted session ("Signal source has been
    deleted" in the event loop, which fails the test)."""
    rnd = random.Random(7)
    worst = 0.0
    for i in range(20):
        win = _window(monkeypatch, tmp_path / str(i))
        if i % 4 == 0:
            win.session.open_demo()
        qtbot.wait(rnd.randint(0, 900))
        win.close()
        win.deleteLater()
        t0 = time.perf_counter()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        worst = max(worst, time.perf_counter() - t0)
        qtbot.wait(20)  # reports queued by the cancelled jobs arrive now
    assert worst < 0.1, f"deleting a closed window took {worst * 1000:.0f} ms"
