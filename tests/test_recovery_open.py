"""An export killed halfway through its swap is finished by whatever opens the episode next:
the desktop app opening the folder, `studio publish`, `studio render`, `studio script`.

The half-done swap is made with the exporter's own steps (staging folder, backup, journal),
then only the MP3 is renamed into place and the run "dies" (its journal lock goes with it):
exactly what SIGKILL between two renames leaves, as tests/test_crash_swap.py shows for real.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from guikit import open_window
from show_fixtures import build_show, ffmpeg_mp3

from studio.episode import load_episode
from studio.export.fileset import _backup, staging_dir
from studio.export.journal import JOURNAL_NAME, Journal, sha256_of, write_journal

ROOT = Path(__file__).resolve().parent.parent
DATES = ["2026-03-02", "2026-03-03"]
NEW_TITLE = "Widgets: the corrected episode"
EXPORTED = ["episode.mp3", "transcript.vtt", "transcript.srt", "chapters.json", "episode.json"]


def _publish(show: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "studio", "publish", "--show-dir", str(show),
                           "--base-url", "https://example.org/show/", "-q"],
                          capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr


def half_swapped(show: Path) -> Path:
    """The latest episode of ``show`` with a new export committed and only its MP3 moved in;
    the feed is owed (as after produce)."""
    folder = show / "episodes" / DATES[-1]
    staged = staging_dir(folder, "export")
    ffmpeg_mp3(staged / "episode.mp3", seconds=4.0, freq=880)
    for name in ("transcript.vtt", "transcript.srt", "chapters.json"):
        text = (folder / name).read_text(encoding="utf-8")
        (staged / name).write_text(text.replace("Welcome", "Hello again"), encoding="utf-8")
    episode = json.loads((folder / "episode.json").read_text(encoding="utf-8"))
    episode["title"] = NEW_TITLE
    episode["duration_seconds"] = 4.0
    mp3 = staged / "episode.mp3"
    episode["audio"] = {"file": "episode.mp3", "bytes": mp3.stat().st_size,
                        "sha256": sha256_of(mp3)}
    episode["files"] = {n: sha256_of(staged / n) for n in EXPORTED[1:4]}
    (staged / "episode.json").write_text(json.dumps(episode), encoding="utf-8")
    backup, digests = _backup(folder, staged, EXPORTED)
    fd = write_journal(folder, Journal(staged.name, backup.name, digests,
                                       feed=os.path.relpath(show, folder)))
    os.replace(staged / "episode.mp3", folder / "episode.mp3")
    os.close(fd)  # the run is gone: so is its lock
    return folder


@pytest.fixture
def crashed(tmp_path):
    show = build_show(tmp_path / "show", DATES)
    _publish(show)
    earlier = (show / "episodes" / DATES[0] / "episode.mp3").read_bytes()
    return half_swapped(show), earlier


def _assert_whole_and_announced(folder: Path, earlier: bytes) -> None:
    show = folder.parent.parent
    episode = load_episode(folder)
    assert episode.title == NEW_TITLE
    assert sha256_of(folder / "episode.mp3") == episode.audio.sha256
    assert {n: sha256_of(folder / n) for n in episode.files} == episode.files
    assert not [p.name for p in folder.iterdir() if p.name.startswith((".export", ".backup"))]
    assert (show / "episodes" / DATES[0] / "episode.mp3").read_bytes() == earlier
    items = ET.parse(show / "feed.xml").getroot().findall("./channel/item")
    lengths = {i.find("enclosure").get("url").split("/")[-2]: int(i.find("enclosure").get("length"))
               for i in items}
    assert lengths[DATES[-1]] == (folder / "episode.mp3").stat().st_size
    assert NEW_TITLE in [i.findtext("title") for i in items]


def test_the_app_opening_the_episode_finishes_the_swap_first(qtbot, monkeypatch, tmp_path,
                                                              crashed):
    folder, earlier = crashed
    assert load_episode(folder).title != NEW_TITLE  # a mix: new MP3, old episode.json
    win = open_window(qtbot, monkeypatch, tmp_path)
    win.session.open(folder)
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)
    assert win.project.episode.title == NEW_TITLE
    assert not (folder / JOURNAL_NAME).exists()
    _assert_whole_and_announced(folder, earlier)
    win.project.close()


@pytest.mark.parametrize("command", ["publish", "render", "script"])
def test_the_next_command_finishes_the_swap_first(crashed, tmp_path, command):
    folder, earlier = crashed
    show = folder.parent.parent
    args = {"publish": ["publish", "--show-dir", str(show), "-q"],
            # these two refuse what they are asked, after the recovery step has run
            "render": ["render", str(folder), "--rate", "0", "-q"],
            "script": ["script", str(tmp_path / "missing-day.json"), "-o", str(folder)]}[command]
    done = subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == (0 if command == "publish" else 1), done.stderr
    assert "Traceback" not in done.stderr
    assert not (folder / JOURNAL_NAME).exists(), done.stderr
    _assert_whole_and_announced(folder, earlier)
