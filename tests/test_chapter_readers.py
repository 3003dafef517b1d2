"""Chapters every reader sees (issue 24, item 1): a recap of 13 chapters, some with long
titles, rendered by the real `studio render`, read by ffprobe (what every player built on
ffmpeg sees) and mutagen. eyeD3 is not among the test extras, so it is not used here.

ffmpeg 5.1 reads the sizes of the sub-frames inside an ID3v2.4 CHAP frame as plain
integers; v2.4 writes them syncsafe, so a sub-frame of 128 bytes or more threw it off and it
dropped that chapter and every one after it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from week_history import week_history

from studio.editing import insert_segment, new_segment_id, set_segment_text
from studio.episode import Segment, load_episode, save_episode

ROOT = Path(__file__).resolve().parent.parent
EXTRA = [  # the host adds segments in the app; some titles are long, one is not ASCII
    ("Why the fused attention kernel came back after the revert, and what the second landing "
     "changed for people running it on older GPUs"),
    "Listener mail",
    "Ünïcode and the tokenizer: what changed for non-ASCII identifiers in the parser this week",
    "Benchmarks",
    "What the XPU series means for anyone building from source on Intel hardware this month",
    "Coming up next week",
]


def _studio(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(ROOT), "STUDIO_CACHE_DIR": str(tmp / "cache"),
           "HOME": str(tmp / "home"), "PATH": "/usr/bin:/bin",
           "PYTHON_KEYRING_BACKEND": "keyring.backends.null.Keyring"}
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, cwd=tmp, timeout=900)


@pytest.fixture(scope="module")
def recap(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("chapters")
    week = week_history(tmp / "widgets.git")
    show = tmp / "show"
    made = _studio(tmp, "recap", "--git", str(week.path), "--week", "2026-W05",
                   "--show-dir", str(show), "--script-only", "-q")
    assert made.returncode == 0, made.stderr
    folder = show / "episodes" / "2026-W05"
    episode = load_episode(folder)
    for n, title in enumerate(EXTRA):
        seg = Segment(id=new_segment_id(episode, "host"), title=title, text="")
        insert_segment(episode, len(episode.segments) - 1, seg)
        set_segment_text(episode, seg.id, f"A short note from the host, number {n + 1}.")
    save_episode(episode, folder)
    rendered = _studio(tmp, "render", str(folder), "-q")
    assert rendered.returncode == 0, rendered.stderr
    episode = load_episode(folder)
    assert len(episode.segments) >= 12
    return folder, episode


def _ffprobe_chapters(mp3: Path) -> list[dict]:
    out = subprocess.run(["ffprobe", "-v", "error", "-print_format", "json", "-show_chapters",
                          str(mp3)], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["chapters"]


def test_ffprobe_sees_every_chapter_in_time_order(recap):
    folder, episode = recap
    chapters = _ffprobe_chapters(folder / episode.audio.file)
    assert [c["tags"]["title"] for c in chapters] == [s.title for s in episode.segments]
    starts = [float(c["start_time"]) for c in chapters]
    listed = json.loads((folder / "chapters.json").read_text())["chapters"]
    assert starts == pytest.approx([c["startTime"] for c in listed], abs=0.002)
    assert starts == sorted(starts)


def test_mutagen_reads_the_same_chapters_without_padding_frames(recap):
    from mutagen.id3 import ID3

    folder, episode = recap
    tags = ID3(folder / episode.audio.file)
    assert tags.version[:2] == (2, 3)
    toc = tags.getall("CTOC")[0]
    chaps = [tags[f"CHAP:{cid}"] for cid in toc.child_element_ids]
    assert [str(c.sub_frames["TIT2"]) for c in chaps] == [s.title for s in episode.segments]
    assert [c.start_time for c in chaps] == sorted(c.start_time for c in chaps)
    assert all(set(c.sub_frames) <= {"TIT2", "WXXX:"} for c in chaps)  # no PRIV padding
    assert not tags.getall("PRIV")
    in_file = [f.element_id for f in tags.getall("CHAP")]
    assert sorted(in_file) == list(toc.child_element_ids)
