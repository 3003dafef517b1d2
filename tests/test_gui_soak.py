"""Soak tests through the real window: a host's day in miniature, long enough that a leak per
call (PySide6 6.12.0's None leak aborted the app after ~15,000 calls) or per action shows.

Sizes are kept to seconds for ``make test``; ``bench/bench_gui_soak.py`` runs the same steps
for half an hour. What must hold: the app is alive, None keeps its references, memory is flat.
"""

from __future__ import annotations

import pytest
from gui_soak import HostDay, none_refs, rss_mb
from guikit import DATE, build_repo, open_window

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def host(qtbot, monkeypatch, tmp_path):
    win = open_window(qtbot, monkeypatch, tmp_path, tmp_path / "episode")
    win.resize(1200, 800)
    day = HostDay(win, build_repo(tmp_path / "pytorch"), DATE, tmp_path)
    yield day
    win.project.close()
    win.runner.wait()


def test_typing_repaints_drags_and_playback_hold_up(host, pulse):
    host.pull()
    host.take_segment()
    # warm-up: the first round allocates caches, glyphs, undo machinery
    host.type_chars(300)
    host.repaint_waveform(30)
    host.drag_trim(4)
    host.play_stop(2)
    refs, memory = none_refs(), rss_mb()
    for _ in range(3):
        host.type_chars(1000)
        host.repaint_waveform(100)
        host.drag_trim(10)
    played = host.play_stop(10)
    change, grown = none_refs() - refs, rss_mb() - memory
    assert host.win.isVisible() and host.win.project.is_open
    assert change > -2000, f"None lost {-change} references"
    assert grown < 40, f"memory grew {grown:.0f} MB over 3,000 keys, 300 repaints, 30 drags"
    assert played == 10, f"{played} of 10 play/stop cycles played"  # on the tests' null sink


def test_whole_runs_repeated_keep_memory_flat(host, tmp_path):
    show = tmp_path / "show"
    host.whole_run(show)
    refs, memory = none_refs(), rss_mb()
    folders = [host.whole_run(show)]
    change, grown = none_refs() - refs, rss_mb() - memory
    assert all((f / "episode.json").is_file() for f in folders)
    assert any(p.suffix == ".mp3" for p in folders[-1].iterdir())
    assert host.win.dialogs.errors == []
    assert change > -2000, f"None lost {-change} references over a whole run"
    assert grown < 60, f"memory grew {grown:.0f} MB over a whole run"


def test_a_finished_task_frees_itself_and_what_its_callbacks_hold(qtbot):
    """Every job (synthesis, autosave, waveform…) is a Task whose callbacks capture data; a
    finished one must not stay alive (Qt's connections made a cycle Python could not free)."""
    import gc
    import weakref

    from studio.gui.tasks import TaskRunner

    runner = TaskRunner()
    held, done = [], []

    class Payload:
        pass

    for _ in range(50):
        payload = Payload()
        held.append(weakref.ref(payload))
        runner.run_task("job", lambda p, c: 1, lambda _r, keep=payload: done.append(keep is not None))
        del payload
    qtbot.waitUntil(lambda: len(done) == 50 and not runner.busy(), timeout=10_000)
    qtbot.wait(50)  # the deferred deletes run on the event loop
    gc.collect()
    alive = sum(ref() is not None for ref in held)
    assert alive <= 2, f"{alive} of 50 finished tasks still hold their callbacks' data"


def test_typing_while_the_take_loads_reads_the_waveform_once(host):
    """Each key in a segment whose waveform was still loading started another read of the
    take (hundreds of jobs queued by a fast typist right after an export or a new take)."""
    host.pull()
    seg = host.take_segment()
    win = host.win
    runner, started = win.runner, []
    real = runner.run_task

    def counting(name, *args, **kwargs):
        started.append(name)
        return real(name, *args, **kwargs)

    runner.run_task = counting
    editor = win.narration.editor
    editor.show_segment(seg.id)
    host.win.editor.select_segment(seg.id)
    host.win.editor.text.setFocus()
    from PySide6.QtTest import QTest

    QTest.keyClicks(host.win.editor.text, "a few words typed at once")
    runner.run_task = real
    assert started.count("Waveform") <= 1, f"{started.count('Waveform')} waveform reads"


def test_a_long_typing_run_is_one_undo_step_and_frees_each_keystroke(host):
    """Letting QUndoStack merge keystrokes leaked one command (with the segment's text and
    sentences) per key under PySide 6.11: memory grew with every character typed."""
    import gc

    from studio.gui.commands import SetText

    host.pull()
    seg = host.episode.segments[1]
    original = seg.text
    stack = host.win.project.undo_stack
    base = stack.index()
    host.type_chars(10)  # warm-up (types, then undoes)
    gc.collect()
    before = sum(isinstance(o, SetText) for o in gc.get_objects())
    ed = host.win.editor
    ed.select_segment(seg.id)
    ed.text.moveCursor(ed.text.textCursor().MoveOperation.End)
    from PySide6.QtTest import QTest

    QTest.keyClicks(ed.text, " and then some more words typed in one run" * 5)
    assert stack.index() == base + 1  # the whole run is one step
    gc.collect()
    alive = sum(isinstance(o, SetText) for o in gc.get_objects()) - before
    assert alive <= 2, f"{alive} edit commands alive after one typing run"
    stack.undo()
    assert host.episode.segment(seg.id).text == original
    stack.redo()
    assert host.episode.segment(seg.id).text.endswith("typed in one run")
    # after a save, typing is a new step: the window can tell it is modified again
    host.win.session.save()
    QTest.keyClicks(ed.text, "!")
    assert stack.index() == base + 2 and host.win.project.modified


def test_opening_export_again_and_again_keeps_one_dialog(host, qtbot):
    """Every Ctrl+E after the dialog was closed made a new dialog and kept the old one (a
    few MB a day's exports, never freed)."""
    from studio.gui.export_dialog import ExportDialog

    host.pull()
    for _ in range(6):
        dialog = host.win.open_export()
        assert dialog is not None and dialog.isVisible()
        dialog.close()
        qtbot.wait(20)  # the deferred delete of the one before
    dialogs = host.win.findChildren(ExportDialog)
    assert len(dialogs) <= 2, f"{len(dialogs)} export dialogs kept"


def test_the_waveform_cache_keeps_only_the_latest_takes(tmp_path):
    """Every take drawn was kept for the app's lifetime (new takes all day long)."""
    import subprocess

    from studio.gui import audio_jobs
    from studio.jobs import CancelToken

    first = None
    for i in range(audio_jobs.WAVEFORMS_KEPT + 5):
        path = tmp_path / f"take-{i}.wav"
        subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                        "sine=frequency=440:duration=0.2", str(path)], check=True)
        wave = audio_jobs.waveform(path, lambda *_: None, CancelToken())
        first = first or wave
        assert audio_jobs.waveform(path, lambda *_: None, CancelToken()) is wave  # cached
    assert len(audio_jobs._WAVEFORMS) == audio_jobs.WAVEFORMS_KEPT
    assert first not in audio_jobs._WAVEFORMS.values()
