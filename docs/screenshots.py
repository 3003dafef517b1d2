"""Render the README's pictures offscreen: the script view (as `studio gui --demo
--screenshot`), the narration tab with a synthesized, trimmed take, and the audio editor
zoomed in on the take's start (ruler, cut region, handles, fade, playhead), and the
whole-episode player at the foot of the window with the undo history beside the day.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def settle(app, seconds: float = 0.3) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def wait_idle(app, window, timeout: float = 300) -> None:
    end = time.monotonic() + timeout
    while (window.runner.busy() or window.session.task and window.session.task.running) \
            and time.monotonic() < end:
        app.processEvents()
        time.sleep(0.02)
    settle(app)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["COMMITCAST_CONFIG_DIR"] = str(Path(tmp) / "config")
        os.environ["COMMITCAST_STATE_DIR"] = str(Path(tmp) / "state")
        from studio.gui.app import make_app, make_window

        app = make_app()
        window = make_window()
        window.show()
        window.session.open_demo()
        wait_idle(app, window)
        window.after_load_for_screenshot()
        settle(app)
        window.grab().save(str(ROOT / "docs" / "screenshot.png"))
        window.project.save(Path(tmp) / "show" / "episodes" / window.project.episode.date)
        window.narration.synthesize_stale()
        wait_idle(app, window)
        seg = window.project.episode.segments[2]
        window.tabs.setCurrentWidget(window.narration)
        window.narration.select_segment(seg.id)
        wait_idle(app, window)
        editor = window.narration.editor
        editor.in_point.setValue(0.6)  # each field is one undoable trim, as typed
        editor.fade_in.setValue(0.3)
        editor.out_point.setValue(round(editor.wave.duration - 0.4, 3))
        from PySide6.QtWidgets import QSplitter

        window.narration.findChild(QSplitter).setSizes([300, 420])
        settle(app)
        editor.zoom_in.click()
        editor.zoom_in.click()
        editor.zoom_in.click()
        editor.zoom_in.click()
        editor.scroll.setValue(0)
        editor._seek(1.35)
        editor.wave.setFocus()
        settle(app)
        window.grab().save(str(ROOT / "docs" / "screenshot-narration.png"))
        editor.grab().save(str(ROOT / "docs" / "screenshot-audio-editor.png"))
        # a cough cut out inside the take, and the next stretch selected (Shift+drag) to cut
        editor.zoom_fit.click()
        d = editor.wave.duration
        editor.cut_out(round(d * 0.45, 3), round(d * 0.52, 3))
        editor.wave.set_selection((round(d * 0.66, 3), round(d * 0.71, 3)))
        editor._seek(round(d * 0.3, 3))
        if editor._levels is not None:  # the meter as it reads at the playhead
            peak, lufs = editor._levels[1].at(round(d * 0.3, 3))
            editor.meter.set_levels(peak, lufs)
        settle(app)
        editor.grab().save(str(ROOT / "docs" / "screenshot-cut.png"))
        # the whole-episode player, rendered and placed a few seconds into the third segment
        # (offscreen there is no audio output to play it on)
        bar = window.episode_player
        bar.play_from_segment()
        wait_idle(app, window)
        start = bar.preview.segments[seg.id][0] if bar.preview else 0.0
        bar.slider.setValue(int((start + 4) * 10))
        bar._slid()
        window.history.view.setFocus()
        window.statusBar().clearMessage()  # "No audio output device", offscreen
        settle(app)
        window.grab().save(str(ROOT / "docs" / "screenshot-episode-player.png"))
        window.project.close()
        print("docs/screenshot.png, docs/screenshot-narration.png, docs/screenshot-audio-editor.png,"
              " docs/screenshot-cut.png, docs/screenshot-episode-player.png")


if __name__ == "__main__":
    main()
