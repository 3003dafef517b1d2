"""Issue 24 item 6: the feed details apps and directories use, through the real `studio
publish` and read back by feedparser and podcastparser (gPodder's parser): Apple's categories
checked against Apple's list (publish and doctor say so in one line), itunes:title without
the show's name, <copyright>, each item's itunes:image, itunes:new-feed-url when the show
moves, podcast:transcript rel="captions" on the VTT, and every person with a name."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import feedparser
import podcastparser
import pytest
from show_fixtures import show_copy

ROOT = Path(__file__).resolve().parents[1]
BASE = "https://pods.example.org/widgets/"
NS = {"podcast": "https://podcastindex.org/namespace/1.0",
      "itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd"}
LEGACY_PODCAST_NS = b"https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md"
DATES = ["2025-12-31", "2026-01-02"]


def studio(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True,
                          capture_output=True, env=env, timeout=300)


def one_line_error(run: subprocess.CompletedProcess) -> str:
    assert run.returncode != 0
    lines = [line for line in run.stderr.splitlines() if "error" in line]
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    return lines[0]


@pytest.fixture
def show(tmp_path_factory, tmp_path) -> Path:
    return show_copy(tmp_path_factory, tmp_path / "show", DATES)


@pytest.mark.parametrize("toml, words", [
    ('subcategory = "Banana Bread"\n',
     "subcategory 'Banana Bread' is not an Apple Podcasts subcategory of 'Technology'"),
    ('subcategory = "Tech News"\n', "it belongs to 'News'"),
    ('category = "Banana Bread"\n', "'Banana Bread' is not an Apple Podcasts category"),
])
def test_publish_and_doctor_refuse_a_category_apple_does_not_have(show, toml, words):
    (show / "show.toml").write_text(f'title = "Widgets Daily"\nbase_url = "{BASE}"\n{toml}',
                                    encoding="utf-8")
    line = one_line_error(studio("publish", "--show-dir", str(show), "-q"))
    assert words in line
    assert not (show / "feed.xml").exists()
    doctor = studio("doctor", "--show-dir", str(show))
    (said,) = [line for line in doctor.stdout.splitlines() if line.startswith("FAIL  show.toml")]
    assert words in said, doctor.stdout


def test_the_feed_carries_what_directories_and_apps_read(show):
    (show / "show.toml").write_text(f"""\
title = "Widgets Daily"
author = "Grace Host"
base_url = "{BASE}"
category = "news"          # Apple's spelling is written
subcategory = "tech  news"

[owner]
name = "Octo Widgets Ltd"
email = "pods@widgets.example"

[[person]]
name = "Grace Host"

[[person]]
name = "Bob Producer"
role = "producer"
group = "crew"
""", encoding="utf-8")
    run = studio("publish", "--show-dir", str(show), "-q")
    assert run.returncode == 0, run.stderr
    raw = (show / "feed.xml").read_bytes()

    d = feedparser.parse(raw)
    assert not d.bozo, d.bozo_exception
    assert [t.term for t in d.feed.tags] == ["News", "Tech News"]
    assert d.feed.rights == "\u00a9 2025\u20132026 Octo Widgets Ltd"
    assert "itunes_new-feed-url" not in d.feed  # the show has not moved
    for entry in d.entries:
        assert entry.title.startswith("Widgets: ")
        assert entry.itunes_title == entry.title.removeprefix("Widgets: ")
        assert entry.image.href == BASE + "cover.png"

    parsed = podcastparser.parse(BASE + "feed.xml", io.BytesIO(raw))
    assert [e["episode_art_url"] for e in parsed["episodes"]] == [BASE + "cover.png"] * 2
    assert "new_url" not in parsed

    channel = ET.fromstring(raw).find("channel")
    people = [("Grace Host", "host", "cast"), ("Bob Producer", "producer", "crew")]
    assert [(p.text, p.get("role"), p.get("group"))
            for p in channel.findall("podcast:person", NS)] == people
    for item in channel.findall("item"):
        rels = {t.get("type"): t.get("rel") for t in item.findall("podcast:transcript", NS)}
        assert rels == {"text/vtt": "captions", "application/x-subrip": None}
        assert [p.text for p in item.findall("podcast:person", NS)] == [p[0] for p in people]
    # gPodder's parser, reading the namespace by its other URI, names every person
    alias = raw.replace(NS["podcast"].encode(), LEGACY_PODCAST_NS)
    for entry in podcastparser.parse(BASE + "feed.xml", io.BytesIO(alias))["episodes"]:
        assert [(p["name"], p["role"], p["group"]) for p in entry["persons"]] == people
        assert entry["transcript_url"].endswith("transcript.srt")


def test_a_show_without_persons_names_its_author_as_host(show):
    (show / "show.toml").write_text(f'title = "Widgets Daily"\nauthor = "Ada Host"\n'
                                    f'base_url = "{BASE}"\ncopyright = "CC BY 4.0 Ada Host"\n',
                                    encoding="utf-8")
    assert studio("publish", "--show-dir", str(show), "-q").returncode == 0
    raw = (show / "feed.xml").read_bytes()
    channel = ET.fromstring(raw).find("channel")
    assert [(p.text, p.get("role")) for p in channel.findall("podcast:person", NS)] == [
        ("Ada Host", "host")]
    assert feedparser.parse(raw).feed.rights == "CC BY 4.0 Ada Host"


def test_a_moved_show_says_its_new_feed_and_how_to_redirect(show):
    (show / "show.toml").write_text('title = "Widgets Daily"\n', encoding="utf-8")
    first = studio("publish", "--show-dir", str(show), "--base-url", "http://localhost:8000/",
                   "-q")
    assert first.returncode == 0, first.stderr
    public = studio("publish", "--show-dir", str(show), "--base-url", BASE, "-q")
    assert public.returncode == 0 and "moved" not in public.stdout  # a preview is no move
    assert b"new-feed-url" not in (show / "feed.xml").read_bytes()

    new = "https://cdn.widgets.example/show/"
    moved = studio("publish", "--show-dir", str(show), "--base-url", new, "-q")
    assert moved.returncode == 0, moved.stderr
    (note,) = [line for line in moved.stdout.splitlines() if "note:" in line]
    assert f"moved from {BASE}feed.xml" in note and "301" in note
    raw = (show / "feed.xml").read_bytes()
    assert feedparser.parse(raw).feed["itunes_new-feed-url"] == new + "feed.xml"
    assert podcastparser.parse(new + "feed.xml", io.BytesIO(raw))["new_url"] == new + "feed.xml"
    kept = tomllib.loads((show / "show.toml").read_text(encoding="utf-8"))
    assert kept["moved_from"] == BASE + "feed.xml"
    again = studio("publish", "--show-dir", str(show), "-q")  # said once, kept in the feed
    assert "note:" not in again.stdout and b"new-feed-url" in (show / "feed.xml").read_bytes()
