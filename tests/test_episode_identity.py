"""Files and tags that identify an episode (issue 24, item 4).

Through the real `studio produce`, `render` and `publish` on a small repository: the MP3 is
named after the show and the day and tagged with show.toml's title (album) and host
(artist); a published episode's new MP3 gets a new name (``-r2``, issue 27 item 10) while the
URLs its feed items used stay served (``episode.mp3`` before this naming); a title edited
after export reaches the MP3's tags on the next publish (and the next render).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from gitrepo import RepoBuilder, at
from mutagen.id3 import ID3

from studio.episode import load_episode, save_episode
from studio.export.journal import sha256_of

ROOT = Path(__file__).resolve().parent.parent
BASE = "https://podcasts.example.org/executorch/"
DAYS = ["2026-08-19", "2026-08-20"]
SHOW_TOML = f"""\
title = "ExecuTorch Daily"
author = "The ExecuTorch Daily team"
base_url = "{BASE}"

[[person]]
name = "Grace Host"
"""


def studio(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
               HOME=str(tmp / "home"), PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    result = subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                            text=True, env=env, cwd=tmp, timeout=600)
    assert result.returncode == 0, result.stderr
    return result


@pytest.fixture
def show(tmp_path: Path) -> Path:
    repo = tmp_path / "executorch"
    with RepoBuilder(repo, origin="https://github.com/pytorch/executorch.git") as r:
        for n, date in enumerate(DAYS):
            r.commit(f"Speed up the XNNPACK delegate {n} (#{201 + n})", at(date, 8), "Ada Lovelace",
                     "ada@example.com", files={f"backends/x{n}.py": "x\n" * 30})
            r.commit(f"Fix the exporter on empty graphs {n} (#{211 + n})", at(date, 9),
                     "Grace Hopper", "grace@example.com", files={f"exir/e{n}.py": "y\n" * 20})
    folder = tmp_path / "show"
    folder.mkdir()
    (folder / "show.toml").write_text(SHOW_TOML, encoding="utf-8")
    (tmp_path / "repo").symlink_to(repo)
    return folder


def produce(tmp: Path, show: Path, date: str) -> Path:
    studio(tmp, "produce", "--git", str(tmp / "repo"), "--date", date, "--show-dir", str(show), "-q")
    return show / "episodes" / date


def enclosures(show: Path) -> dict[str, tuple[str, int]]:
    """{item title: (enclosure URL, length)} of the published feed."""
    items = ET.parse(show / "feed.xml").getroot().findall("channel/item")
    return {i.findtext("title"): (i.find("enclosure").get("url"), int(i.find("enclosure").get("length")))
            for i in items}


def test_files_are_named_and_tagged_after_the_show_and_old_urls_stay(show, tmp_path):
    first = produce(tmp_path, show, DAYS[0])
    # the first day as an export made before this naming: published as episode.mp3
    ep = load_episode(first)
    (first / ep.audio.file).rename(first / "episode.mp3")
    ep.audio.file = "episode.mp3"
    save_episode(ep, first)
    studio(tmp_path, "publish", "--show-dir", str(show), "-q")
    old_url = f"{BASE}episodes/{DAYS[0]}/episode.mp3"
    assert enclosures(show)[ep.title][0] == old_url

    second = produce(tmp_path, show, DAYS[1])
    assert sorted(p.name for p in second.glob("*.mp3")) == [f"executorch-daily-{DAYS[1]}.mp3"]
    tags = ID3(second / f"executorch-daily-{DAYS[1]}.mp3")
    assert (str(tags["TALB"]), str(tags["TPE1"])) == ("ExecuTorch Daily", "Grace Host")
    listed = enclosures(show)
    assert listed[load_episode(second).title][0] == \
        f"{BASE}episodes/{DAYS[1]}/executorch-daily-{DAYS[1]}.mp3"
    assert listed[ep.title][0] == old_url  # the old item's URL is unchanged ...
    assert (first / "episode.mp3").is_file()  # ... and still served

    old_bytes = (first / "episode.mp3").read_bytes()
    old_chapters = (first / "chapters.json").read_bytes()
    produce(tmp_path, show, DAYS[0])  # the old day again: a new name, the old URL kept
    r2 = f"executorch-daily-{DAYS[0]}-r2.mp3"
    assert sorted(p.name for p in first.glob("*.mp3")) == ["episode.mp3", r2]
    again = load_episode(first)
    assert (again.audio.file, again.audio.aliases) == (r2, ["episode.mp3"])
    assert enclosures(show)[again.title] == (f"{BASE}episodes/{DAYS[0]}/{r2}",
                                             (first / r2).stat().st_size)
    assert str(ID3(first / r2)["TALB"]) == "ExecuTorch Daily"
    # the file the old feed named keeps its bytes for one more render
    assert (first / "episode.mp3").read_bytes() == old_bytes
    # and so do its chapters and transcripts: the re-render's have names of their own, which
    # the new feed gives (a podcast:chapters read with the old feed stays the old MP3's)
    stem = r2.removesuffix(".mp3")
    assert (first / "chapters.json").read_bytes() == old_chapters
    assert sorted(again.files) == sorted([f"{stem}.vtt", f"{stem}.srt", f"{stem}.chapters.json"])
    feed = (show / "feed.xml").read_text(encoding="utf-8")
    for name in again.files:
        assert f"{BASE}episodes/{DAYS[0]}/{name}" in feed
    assert f"episodes/{DAYS[0]}/chapters.json" not in feed

    r2_bytes = (first / r2).read_bytes()
    produce(tmp_path, show, DAYS[0])
    r3 = f"executorch-daily-{DAYS[0]}-r3.mp3"
    third = load_episode(first)
    assert (third.audio.file, third.audio.aliases) == (r3, ["episode.mp3", r2])
    assert enclosures(show)[third.title][0] == f"{BASE}episodes/{DAYS[0]}/{r3}"
    assert os.path.samefile(first / "episode.mp3", first / r3)  # the oldest URL: the current file
    assert (first / r2).read_bytes() == r2_bytes  # the one the feed named until now: as it was
    # the oldest chapters and transcripts: the current render's; the last ones: as they were
    r3_stem, r2_chapters = r3.removesuffix(".mp3"), first / f"{stem}.chapters.json"
    assert os.path.samefile(first / "chapters.json", first / f"{r3_stem}.chapters.json")
    assert os.path.samefile(first / "transcript.vtt", first / f"{r3_stem}.vtt")
    assert not os.path.samefile(r2_chapters, first / f"{r3_stem}.chapters.json")


def test_a_title_edited_after_export_reaches_the_tags(show, tmp_path):
    folder = produce(tmp_path, show, DAYS[1])
    ep = load_episode(folder)
    mp3 = folder / ep.audio.file
    ep.title = "ExecuTorch: the delegate gets faster"
    save_episode(ep, folder)  # as the app saves a metadata edit, with no render
    studio(tmp_path, "publish", "--show-dir", str(show), "-q")
    assert str(ID3(mp3)["TIT2"]) != ep.title  # the file the old feed named is left as it was
    saved = load_episode(folder)
    assert saved.audio.aliases == [mp3.name]
    mp3 = folder / saved.audio.file  # published: the retagged MP3 has a new name
    assert str(ID3(mp3)["TIT2"]) == "ExecuTorch: the delegate gets faster"
    assert saved.audio.sha256 == sha256_of(mp3) and saved.audio.bytes == mp3.stat().st_size
    assert enclosures(show)[ep.title] == (f"{BASE}episodes/{DAYS[1]}/{mp3.name}",
                                          mp3.stat().st_size)
    # its transcripts and chapters come under its name too, the same bytes, and the feed
    # names them (the first render's, named by the old feed, stay as they were)
    stem = mp3.name.removesuffix(".mp3")
    assert sorted(saved.files) == sorted([f"{stem}.vtt", f"{stem}.srt", f"{stem}.chapters.json"])
    assert (folder / f"{stem}.chapters.json").read_bytes() == \
        (folder / "chapters.json").read_bytes()
    assert all(sha256_of(folder / n) == sha for n, sha in saved.files.items())
    assert f"{BASE}episodes/{DAYS[1]}/{stem}.chapters.json" in \
        (show / "feed.xml").read_text(encoding="utf-8")
    ffprobe = subprocess.run(["ffprobe", "-v", "error", "-print_format", "json",
                              "-show_chapters", str(mp3)], capture_output=True, text=True,
                             check=True)
    assert len(json.loads(ffprobe.stdout)["chapters"]) == len(saved.segments)
    before = mp3.read_bytes()
    studio(tmp_path, "publish", "--show-dir", str(show), "-q")
    assert mp3.read_bytes() == before  # up to date: nothing rewritten

    saved.title = "ExecuTorch: faster, and a fixed exporter"
    save_episode(saved, folder)
    studio(tmp_path, "render", str(folder), "-q")
    rendered = folder / load_episode(folder).audio.file
    assert rendered != mp3
    assert str(ID3(rendered)["TIT2"]) == "ExecuTorch: faster, and a fixed exporter"
