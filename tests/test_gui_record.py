"""Recording in the desktop app: Narration → Record… through the real widgets from the virtual
microphone, the take on the undo stack; a crashed recording offered back when the episode opens."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from guikit import open_window
from PySide6.QtCore import Qt
from recording_helpers import dominant_hz, loud_span, make_episode_dir, read_wav, tone

from studio.recording.takes import new_take_path, write_marker
from studio.recording.wavstream import StreamingWavWriter

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.usefixtures("qapp")


def _open_until_taken(qtbot, win, ep) -> None:
    """Open the episode and wait until the recovered take of "news" is in it."""
    win.session.open(ep)
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)
    qtbot.waitUntil(lambda: win.project.episode.segment("news").take is not None, timeout=5_000)


def _window(qtbot, monkeypatch, tmp_path):
    return open_window(qtbot, monkeypatch, tmp_path, tmp_path / "episode")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    win = _window(qtbot, monkeypatch, tmp_path)
    yield win
    win.project.close()
    win.runner.wait()


def test_record_a_segment_in_the_app_and_undo_it(qtbot, window, mic, tmp_path):
    window.session.open_demo()
    qtbot.waitUntil(lambda: window.project.is_open and not window.runner.busy(), timeout=30_000)
    panel, ep = window.narration, window.project.episode
    seg = ep.segments[0]
    before = seg.take
    panel.select_segment(seg.id)
    qtbot.mouseClick(panel.record_button, Qt.MouseButton.LeftButton)
    dialog = panel.record_dialog
    assert dialog is not None and dialog.prompter.text() == seg.text
    dialog.select_device("virtual_mic")
    dialog.count_in.setValue(0)
    qtbot.mouseClick(dialog.record, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.recorder is not None and dialog.recorder.seconds > 0.3,
                    timeout=10_000)
    mic.play(tone(440, 1.0))
    qtbot.wait(1500)
    with qtbot.waitSignal(dialog.recorded, timeout=10_000):
        qtbot.mouseClick(dialog.stop, Qt.MouseButton.LeftButton)
    take = ep.segment(seg.id).take
    assert take.source == "recorded" and take.path == f"takes/{seg.id}-rec-1.wav"
    data, rate = read_wav(window.project.folder / take.path)
    start, end = loud_span(data[:, 0], rate)
    assert end - start == pytest.approx(1.0, abs=0.03)
    assert dominant_hz(data[int(start * rate):int(end * rate), 0], rate) == pytest.approx(440, abs=2)
    assert panel.table.item(0, 1).text() == "recorded"
    assert panel.table.item(0, 2).text() == "ready"  # made from the script as it stands
    assert panel.editor.header.text().endswith("recorded take · ready")
    assert window.project.modified  # the new take is an edit of the episode, saved with it
    window.undo_action.trigger()
    assert ep.segment(seg.id).take == before
    dialog.close()


def test_a_crashed_recording_is_offered_when_the_episode_opens(qtbot, monkeypatch, tmp_path, mic):
    ep = make_episode_dir(tmp_path / "ep")
    path = new_take_path(ep, "news")
    write_marker(path, "news", "mic", 8000, 1)
    writer = StreamingWavWriter(path, 8000, 1)
    writer.write(b"\x00\x10" * 12000)
    writer._fh.flush()
    writer._fh.close()  # the recorder died here: the header still says 0 bytes
    win = _window(qtbot, monkeypatch, tmp_path)
    try:
        _open_until_taken(qtbot, win, ep)
        assert "recording:news:1.5" in win.dialogs.asked
        take = win.project.episode.segment("news").take
        assert take.source == "recorded" and take.duration == 1.5
        win.undo_action.trigger()
        assert win.project.episode.segment("news").take is None
    finally:
        win.project.close()
        win.runner.wait()


CRASHER = textwrap.dedent("""
    import os, signal, sys, time
    from pathlib import Path
    from studio.gui.app import make_app, make_window
    app = make_app()
    win = make_window()
    win.show()
    win.session.open(Path(sys.argv[1]))
    win.runner.wait()
    app.processEvents()
    panel = win.narration
    panel.select_segment("news")
    dialog = panel.record_segment()
    dialog.select_device("virtual_mic")
    dialog.count_in.setValue(0)
    dialog.record.click()
    start = time.monotonic()
    while time.monotonic() - start < 10:
        app.processEvents()
        time.sleep(0.01)
        if dialog.recorder is not None and dialog.recorder.seconds >= 2.5:
            break
    sys.stdout.write(f"recorded {dialog.recorder.seconds:.2f}\\n"); sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_the_app_dying_mid_take_keeps_it_and_offers_it_next_time(qtbot, monkeypatch, tmp_path,
                                                                 mic):
    ep = make_episode_dir(tmp_path / "ep")
    mic.play(tone(440, 30.0))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               COMMITCAST_CONFIG_DIR=str(tmp_path / "crash-config"),
               COMMITCAST_STATE_DIR=str(tmp_path / "crash-state"))
    proc = subprocess.run([sys.executable, "-c", CRASHER, str(ep)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    recorded = float(proc.stdout.split()[-1])
    assert (ep / "takes" / "news-rec-1.recording.json").exists()
    win = _window(qtbot, monkeypatch, tmp_path)
    try:
        _open_until_taken(qtbot, win, ep)
        take = win.project.episode.segment("news").take
        assert take.path == "takes/news-rec-1.wav" and take.source == "recorded"
        assert take.duration >= recorded - 1.0  # at most about a second lost
        data, rate = read_wav(ep / take.path)
        assert dominant_hz(data[:, 0], rate) == pytest.approx(440, abs=2)
    finally:
        win.project.close()
        win.runner.wait()
