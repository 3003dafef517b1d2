"""`studio render` after an edit brings the site along: the feed's enclosure states the new
MP3's length and the episode page shows the edited text, with its commit links kept
(issue 25 item 2). Through the real command, on the sample show `studio demo` makes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import feedparser
import pytest

from studio.export.identity import companion_names

ROOT = Path(__file__).resolve().parent.parent
DAY = "2026-02-09"
ADDED = "Zanzibar is the word of the day."


def studio(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, timeout=300)


@pytest.fixture(scope="module")
def show(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("render-site") / "show"
    made = studio("demo", "--out", str(root), "--voice", "gmw/en-us", "-q")
    assert made.returncode == 0, made.stderr
    return root


def edit_by_hand(folder: Path) -> tuple[str, list[str]]:
    """Add a sentence to the text of the first segment after the opening whose first sentence
    tells commits, as a host editing episode.json would; returns that sentence and its
    commits."""
    path = folder / "episode.json"
    data = json.loads(path.read_text())
    seg = data["segments"][edited_index(data)]
    seg["text"] = seg["text"] + " " + ADDED
    path.write_text(json.dumps(data, indent=2))
    first = seg["sentences"][0]
    return first["text"], first["commits"]


def edited_index(data: dict) -> int:
    return next(i for i, seg in enumerate(data["segments"]) if i and seg["sentences"]
                and seg["sentences"][0]["commits"])


def enclosure_length(show: Path) -> int:
    feed = feedparser.parse(str(show / "feed.xml"))
    return int(feed.entries[0].enclosures[0]["length"])


def test_render_after_an_edit_updates_feed_length_and_page(show):
    folder = show / "episodes" / DAY
    first, commits = edit_by_hand(folder)
    assert commits  # the sentence is linked to commits: the link must survive the resync
    r = studio("render", str(folder), "--voice", "gmw/en-us", "-q")
    assert r.returncode == 0, r.stderr
    mp3 = next(folder.glob("*.mp3"))
    assert enclosure_length(show) == mp3.stat().st_size
    page = (folder / "index.html").read_text()
    assert ADDED in page
    data = json.loads((folder / "episode.json").read_text())
    vtt = companion_names(data["audio"]["file"])[0]  # a re-render's, named after its MP3
    assert ADDED in (folder / vtt).read_text()
    saved = data["segments"][edited_index(data)]["sentences"]
    assert saved[0] == {**saved[0], "text": first, "commits": commits}
    assert saved[-1]["text"] == ADDED and saved[-1]["commits"] == [], saved
    assert f"site: feed and page updated in {show}" in r.stdout


def test_render_of_an_unpublished_episode_says_publish_is_needed(show, tmp_path):
    other = show / "episodes" / "2026-02-10"
    other.mkdir()
    src = show / "episodes" / DAY
    data = json.loads((src / "episode.json").read_text())
    data["date"], data["audio"] = "2026-02-10", None
    for seg in data["segments"]:
        seg["take"] = None
    (other / "episode.json").write_text(json.dumps(data))
    before = (show / "feed.xml").read_bytes()
    r = studio("render", str(other), "--voice", "gmw/en-us", "-q")
    assert r.returncode == 0, r.stderr
    line = [x for x in r.stdout.splitlines() if x.startswith("site:")]
    assert line == [f"site: not updated, the feed does not list this episode yet; publish it "
                    f"with `studio publish --show-dir {show}`"]
    assert (show / "feed.xml").read_bytes() == before


def test_a_site_that_cannot_follow_is_one_line_and_the_render_stays(show, tmp_path):
    copy = tmp_path / "show"
    subprocess.run(["cp", "-a", str(show), str(copy)], check=True)
    toml = copy / "show.toml"
    toml.write_text(toml.read_text().replace('cover = "cover.png"', 'cover = "gone.png"'))
    folder = copy / "episodes" / DAY
    edit_by_hand(folder)
    r = studio("render", str(folder), "--voice", "gmw/en-us", "-q")
    assert r.returncode == 1
    [line] = r.stderr.strip().splitlines()
    assert line.startswith(f"studio: error: the episode is rendered and saved in {folder}; "
                           "only the site update failed: cover image")
    assert line.endswith(f"(update it with `studio publish --show-dir {copy}`)")
    saved = json.loads((folder / "episode.json").read_text())
    assert saved["segments"][edited_index(saved)]["sentences"][-1]["text"] == ADDED  # stayed
