"""Show notes in podcast apps (issue 24, item 3): the feed item's content:encoded holds what
the episode page shows — the summary, the chapters with their times, the stories with links
to their pull requests, the changes no story tells, the people — while description stays the
plain summary. Commit text is escaped as text: hostile titles never become markup.

A show folder as the export leaves it (one episode with hostile commit text), published by
the real `studio publish`, read by gPodder's podcastparser and feedparser.
"""

from __future__ import annotations

import html as html_lib
import io
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import feedparser
import lxml.html
import podcastparser
import pytest
from show_fixtures import HOSTILE_AUTHOR, HOSTILE_TITLE, make_episode, write_episode_folder

from studio.episode import Person
from studio.textsafe import clean_line

ROOT = Path(__file__).resolve().parent.parent
BASE = "https://podcasts.example.org/widgets/"
DATE = "2026-11-24"
CONTENT = "{http://purl.org/rss/1.0/modules/content/}encoded"


@pytest.fixture(scope="module")
def feed(tmp_path_factory) -> tuple[bytes, object]:
    show = tmp_path_factory.mktemp("notes") / "show"
    show.mkdir()
    (show / "show.toml").write_text(f'title = "Widgets Daily"\nbase_url = "{BASE}"\n',
                                    encoding="utf-8")
    ep = make_episode(DATE, "Widgets: a hostile day", hostile=True)
    ep.people = [Person("Ada Lovelace", "ada", "https://github.com/ada"),
                 Person(HOSTILE_AUTHOR, "", "javascript:alert(5)")]
    write_episode_folder(show, ep, seconds=3.0)
    env = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(show.parent / "home"))
    done = subprocess.run([sys.executable, "-m", "studio", "publish", "--show-dir", str(show),
                           "-q"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return (show / "feed.xml").read_bytes(), ep


def notes_html(raw: bytes) -> str:
    (episode,) = podcastparser.parse(BASE + "feed.xml", io.BytesIO(raw))["episodes"]
    return episode["description_html"]


def test_apps_get_html_notes_and_a_plain_description(feed):
    raw, ep = feed
    item = ET.fromstring(raw).find("channel/item")
    # the description is the summary alone, as one paragraph of escaped text (issue 27 item 4)
    desc = item.findtext("description")
    assert desc.startswith("<p>") and desc.endswith("</p>") and "<img" not in desc
    assert html_lib.unescape(desc[3:-4]) == clean_line(ep.summary)
    assert item.find(CONTENT).text.startswith("<p>")
    entry = feedparser.parse(raw).entries[0]
    assert entry.content[0].type == "text/html"
    assert "Chapters" in entry.content[0].value and "Chapters" not in entry.summary

    doc = lxml.html.fromstring(notes_html(raw))
    headings = [h.text_content() for h in doc.iter("h3")]
    assert headings == ["Chapters", "Stories", "People"]
    chapters = [li.text_content() for li in doc.xpath("//h3[.='Chapters']/following-sibling::ul[1]/li")]
    assert chapters == [f"0:00 {clean_line(ep.segments[0].title)}",
                        f"0:01 {clean_line(ep.segments[1].title)}"]
    links = {a.get("href") for a in doc.iter("a")}
    assert "https://github.com/octo/widgets/pull/101" in links
    assert "https://github.com/ada" in links
    assert f"{BASE}episodes/{DATE}/" in links
    assert all(h.startswith("https://") for h in links)  # javascript: never reaches an app
    people = doc.xpath("//h3[.='People']/following-sibling::p[1]")[0].text_content()
    assert people == f"Ada Lovelace, {clean_line(HOSTILE_AUTHOR)}"


def test_commit_text_in_the_notes_is_text_never_markup(feed):
    raw, ep = feed
    html = notes_html(raw)
    doc = lxml.html.fromstring(html)
    assert not doc.xpath("//script | //img | //*[@onerror] | //*[@style]")
    assert "<script" not in html and "<img" not in html
    stories = doc.xpath("//h3[.='Stories']/following-sibling::ul[1]")[0].text_content()
    assert clean_line(HOSTILE_TITLE) in stories  # the hostile title reads as itself
    assert clean_line(ep.summary) == doc.xpath("//p")[0].text_content()
    # the feed itself stays well-formed XML with no CDATA a title could close
    assert b"<![CDATA[" not in raw
