"""Python's cyclic collector runs in whichever thread happens to allocate when a threshold is
crossed — a worker, say — and it destroys the Qt objects in the cycles it frees right there.
A QObject destroyed off its own thread is undefined behaviour in Qt: the intermittent
crashes of long sessions. The app runs the collector on the UI thread only."""

from __future__ import annotations

import gc
import threading
import time

from guikit import DATE, build_repo, open_window
from PySide6.QtCore import QDate, QObject, Qt

from studio.gui import collector
from studio.gui.app import make_app
from studio.gui.tasks import TaskRunner


def _churn(_progress, _cancel) -> int:
    """A worker's ordinary work: plenty of short-lived containers, some in cycles."""
    made = 0
    for _ in range(200_000):
        a: list = []
        a.append(a)
        made += 1
    return made


def test_cycles_holding_qt_objects_are_freed_on_the_ui_thread(qtbot):
    make_app()
    ui = threading.get_ident()
    freed_on: list[int] = []

    def note(*_args) -> None:
        freed_on.append(threading.get_ident())

    count = 300
    kept = []
    for _ in range(count):
        obj = QObject()
        obj.me = obj  # a cycle only the collector frees
        obj.destroyed.connect(note, Qt.ConnectionType.DirectConnection)
        kept.append(obj)
    del obj, kept  # garbage now, all at once, for whichever thread collects next
    worker = threading.Thread(target=_churn, args=(None, None))
    worker.start()
    worker.join()  # the UI thread allocates nothing meanwhile: any pass is the worker's
    runner = TaskRunner(threads=2)  # and through the app's own task runner
    done: list[int] = []
    for _ in range(4):
        runner.run_task("churn", _churn, done.append)
    qtbot.waitUntil(lambda: len(done) == 4, timeout=60_000)
    assert runner.wait()
    qtbot.wait(1500)  # the UI thread's collector pass
    gc.collect()
    assert len(freed_on) == count
    wrong = sum(1 for t in freed_on if t != ui)
    assert wrong == 0, f"{wrong} of {count} QObjects were destroyed on a worker thread"
    assert gc.isenabled() is False  # automatic passes stay off: the UI thread's timer runs them


def test_what_a_task_function_holds_is_freed_on_the_ui_thread(qtbot):
    """Qt deletes a finished runnable on its worker thread: the function it ran (and its
    closure, often a widget's) must not die with it there."""
    make_app()
    ui = threading.get_ident()
    freed_on: list[int] = []
    runner = TaskRunner(threads=2)
    done: list[int] = []
    for n in range(20):
        held = QObject()
        held.destroyed.connect(lambda *_: freed_on.append(threading.get_ident()),
                               Qt.ConnectionType.DirectConnection)
        runner.run_task("hold", lambda _p, _c, h=held, n=n: n, done.append)
        del held
    qtbot.waitUntil(lambda: len(done) == 20, timeout=30_000)
    assert runner.wait()
    qtbot.waitUntil(lambda: len(freed_on) == 20, timeout=5_000)
    assert [t for t in freed_on if t != ui] == []


def test_full_passes_wait_for_the_heap_to_grow_by_a_quarter(qtbot):
    """As CPython's own collector: the oldest generation is collected only once a quarter
    more objects have reached it since its last pass; a steady UI with a big heap is not
    scanned whole every tenth middle pass. Garbage that grows the heap is still collected."""
    from studio.gui.collector import collect_on_ui_thread

    collector = collect_on_ui_thread(make_app())
    collector.timer.stop()  # only the ticks below run, each as the timer's would
    try:
        kept = [[n] for n in range(300_000)]  # long-lived, tracked: a big heap
        collector.collect(2)
        total, passes = collector.long_lived_total, collector.full_passes
        assert total >= 300_000

        def churn(rounds: int, keep: list | None = None) -> None:
            for r in range(rounds):
                for _ in range(5_000):
                    a: list = []
                    a.append(a)  # cyclic garbage, young
                if keep is not None:
                    keep.extend([[r, n] for n in range(2_000)])
                collector.tick()

        churn(400)  # 2 million short-lived cycles: the old collector made ~28 full passes
        assert collector.full_passes == passes
        grown: list = []
        churn(60, grown)  # 120,000 survivors reach the oldest generation: > a quarter
        assert collector.full_passes > passes
        assert collector.long_lived_total >= total
        del kept, grown
    finally:
        collector.timer.start()


def test_the_idle_thaw_waits_until_no_job_ran_for_the_idle_while(qtbot, monkeypatch, tmp_path):
    """Issue 26 item 6: the thaw is one full pass over the whole heap (536 ms in a full test
    run). With the host's last input long past, it ran at the first tick after a pull ended,
    while the window filled the day list; it waits until no job ran for the idle while too."""
    repo = build_repo(tmp_path / "repo")
    win = open_window(qtbot, monkeypatch, tmp_path)
    watcher = collector._installed
    monkeypatch.setattr(watcher, "idle_seconds", 1.5)
    win.pull_panel.repo.setEditText(str(repo))
    win.pull_panel.date.setDate(QDate.fromString(DATE, "yyyy-MM-dd"))
    watcher.last_input = time.monotonic() - 60  # the host has not touched the app for a minute
    win.pull_panel.pull.click()
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=60_000)
    ended, thaws = time.monotonic(), watcher.thaws
    assert watcher.frozen_since  # the pull's result froze the heap: a thaw is owed
    qtbot.wait(800)  # a few ticks after the job ended: no thaw yet
    assert watcher.thaws == thaws, "thawed right after a job ended"
    qtbot.waitUntil(lambda: watcher.thaws == thaws + 1, timeout=5_000)
    # the idle while counts from the last tick that saw the job running (``last_busy``),
    # which is before this test saw it end (a full CI run: 1.45 s after ``ended``)
    assert time.monotonic() - watcher.last_busy >= 1.5 and not watcher.frozen_since
    assert watcher.last_busy >= ended - 1.0
    win.project.close()
    win.runner.wait()
