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


def test_a_show_folder_opens_its_latest_episode_without_waiting(tmp_path):
    """`studio gui SHOWDIR --screenshot` (issue 25 item 6): the show's latest episode, within
    seconds; a folder that is neither an episode nor a show, and an episode that cannot be
    read, are one line each, never a box nobody can click."""
    import json
    import time

    from studio.demo import sample_day_path
    from studio.pipeline import write_script_for
    from studio.projects import save_project
    from studio.sources.model import load_day

    day = load_day(sample_day_path())
    show = tmp_path / "show"
    older = write_script_for(day)
    older.title = "The older episode"
    save_project(older, show / "episodes" / "2026-02-02", day)
    save_project(write_script_for(day), show / "episodes" / "2026-02-09", day)
    (show / "episodes" / "2026-W05").mkdir()  # an older recap's folder, sorted by its Sunday
    (show / "episodes" / "2026-W05" / "episode.json").write_text(
        (show / "episodes" / "2026-02-02" / "episode.json").read_text())
    started = time.monotonic()
    ok = studio(str(show), "--screenshot", str(tmp_path / "show.png"), tmp=tmp_path)
    took = time.monotonic() - started
    assert ok.returncode == 0, ok.stderr
    assert took < 45, f"{took:.1f} s"  # it hung forever on a modal box before
    assert (tmp_path / "show.png").stat().st_size > 20_000
    state = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert state["recent_projects"][0] == str((show / "episodes" / "2026-02-09").resolve())

    plain = tmp_path / "plain"
    plain.mkdir()
    bad = studio(str(plain), "--screenshot", str(tmp_path / "x.png"), tmp=tmp_path)
    assert bad.returncode == 1 and bad.stderr.strip().splitlines() == [
        f"studio: error: no episode at {plain}: give an episode folder (with episode.json) or "
        f"a show folder (with episodes/)"]
    empty = tmp_path / "empty-show"
    (empty / "episodes").mkdir(parents=True)
    none = studio(str(empty), tmp=tmp_path)
    assert none.returncode == 1 and "has no episodes yet" in none.stderr

    broken = tmp_path / "broken" / "episodes" / "2026-02-10"
    broken.mkdir(parents=True)
    (broken / "episode.json").write_text('{"schema_version": 1, "segments": 7}')
    started = time.monotonic()
    failed = studio(str(broken.parent.parent), "--screenshot", str(tmp_path / "b.png"),
                    tmp=tmp_path)
    assert time.monotonic() - started < 45
    assert failed.returncode == 1 and len(failed.stderr.strip().splitlines()) >= 1
    assert failed.stderr.strip().splitlines()[-1].startswith("studio: error:")
    assert "Traceback" not in failed.stderr and not (tmp_path / "b.png").exists()
