"""`studio gui`: the screenshot mode renders a real window to a PNG; bad input is one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def studio(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen",
               COMMITCAST_CONFIG_DIR=str(tmp / "config"), COMMITCAST_STATE_DIR=str(tmp / "state"))
    return subprocess.run([sys.executable, "-m", "studio", "gui", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def test_demo_screenshot_is_a_picture_of_the_window(tmp_path):
    out = tmp_path / "shot.png"
    result = studio("--demo", "--screenshot", str(out), tmp=tmp_path)
    assert result.returncode == 0, result.stderr
    from PySide6.QtGui import QImage

    image = QImage(str(out))
    assert image.width() >= 1000 and image.height() >= 600
    colours = {image.pixel(x, y) for x in range(0, image.width(), 37)
               for y in range(0, image.height(), 29)}
    assert len(colours) > 20  # widgets and text, not a blank frame


def test_opening_a_saved_project_and_bad_input(tmp_path):
    bad = studio(str(tmp_path / "missing"), tmp=tmp_path)
    assert bad.returncode == 1 and bad.stderr.startswith("studio: error: no episode at")
    assert "Traceback" not in bad.stderr
    both = studio(str(tmp_path), "--demo", tmp=tmp_path)
    assert both.returncode == 1 and "either" in both.stderr
    txt = studio("--demo", "--screenshot", str(tmp_path / "shot.txt"), tmp=tmp_path)
    assert txt.returncode == 1 and ".png" in txt.stderr
    # a real project folder opens (and renders)
    from studio.demo import sample_day_path
    from studio.pipeline import write_script_for
    from studio.projects import save_project
    from studio.sources.model import load_day

    day = load_day(sample_day_path())
    save_project(write_script_for(day), tmp_path / "ep", day)
    ok = studio(str(tmp_path / "ep"), "--screenshot", str(tmp_path / "ep.png"), tmp=tmp_path)
    assert ok.returncode == 0 and (tmp_path / "ep.png").stat().st_size > 20_000, ok.stderr
