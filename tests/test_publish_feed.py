"""The podcast feed, read back by a real feed parser and served by a real HTTP server."""

from __future__ import annotations

import functools
import http.server
import threading
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path

import feedparser
import pytest
from show_fixtures import HOSTILE_TITLE, make_episode, show_copy, write_episode_folder

from studio.episode import load_episode
from studio.publish.podcast_ns import item_guid, podcast_guid
from studio.publish.site import publish_show

DATES = ["2026-02-07", "2026-02-08", "2026-02-09"]
BASE = "https://podcasts.example.org/widgets/"
NS = {"podcast": "https://podcastindex.org/namespace/1.0",
      "itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd",
      "atom": "http://www.w3.org/2005/Atom"}


def test_podcast_guid_matches_the_namespace_example():
    expected = "9b024349-ccf0-5f69-a609-6b82873eab3c"
    assert podcast_guid("https://podnews.net/rss") == expected
    assert podcast_guid("http://podnews.net/rss/") == expected
    assert podcast_guid("podnews.net/rss") == expected
    assert podcast_guid("https://podnews.net/other") != expected


def test_every_feed_tag_reads_back(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    publish_show(show, BASE)
    raw = (show / "feed.xml").read_bytes()
    d = feedparser.parse(raw)
    assert not d.bozo, d.bozo_exception
    assert d.version == "rss20"
    f = d.feed
    assert f.title == "Widgets Daily"
    assert "octo/widgets" in f.description
    assert f.language == "en-us"
    assert f.link == BASE
    assert any(link.rel == "self" and link.href == BASE + "feed.xml" for link in f.links)
    assert f.image.href == BASE + "cover.png"
    assert [t.term for t in f.tags] == ["Technology"]
    # feedparser 6 maps only yes/clean; Apple's true/false is checked on the raw tag below.
    assert f.author == "Widgets Daily by Commitcast Studio"
    assert f.publisher_detail.name == "Widgets Daily by Commitcast Studio"

    channel = ET.fromstring(raw).find("channel")
    assert channel.findtext("itunes:explicit", namespaces=NS) == "false"
    assert channel.find("itunes:owner/itunes:name", NS) is not None
    show_guid = podcast_guid(BASE + "feed.xml")
    assert channel.findtext("podcast:guid", namespaces=NS) == show_guid
    assert channel.findtext("podcast:locked", namespaces=NS) == "yes"
    assert channel.find("atom:link[@rel='self']", NS).get("href") == BASE + "feed.xml"

    assert [e.link for e in d.entries] == [f"{BASE}episodes/{day}/" for day in reversed(DATES)]
    items = channel.findall("item")
    for entry, item, day in zip(d.entries, items, reversed(DATES), strict=True):
        folder = show / "episodes" / day
        ep = load_episode(folder)
        assert entry.title == ep.title
        assert entry.summary == f"<p>{ep.summary}</p>"  # escaped HTML (feed_html)
        assert entry.id == item_guid(show_guid, day)
        assert entry.guidislink is False
        assert entry.published_parsed is not None
        (enc,) = entry.enclosures
        assert enc.href == f"{BASE}episodes/{day}/episode.mp3"
        assert int(enc.length) == (folder / "episode.mp3").stat().st_size
        assert enc.type == "audio/mpeg"
        assert entry.itunes_duration == str(round(ep.duration_seconds))
        assert entry.itunes_episodetype == "full"
        transcripts = {t.get("type"): t.get("url") for t in item.findall("podcast:transcript", NS)}
        assert transcripts == {"text/vtt": f"{BASE}episodes/{day}/transcript.vtt",
                               "application/x-subrip": f"{BASE}episodes/{day}/transcript.srt"}
        chapters = item.find("podcast:chapters", NS)
        assert chapters.get("url") == f"{BASE}episodes/{day}/chapters.json"
        assert chapters.get("type") == "application/json+chapters"


def test_feed_urls_answer_without_redirects(tmp_path, tmp_path_factory):
    """Serve the show folder as a host would: every URL in the feed is a direct 200."""
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES[:2])
    handler = functools.partial(QuietHandler, directory=str(show))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        publish_show(show, base)
        root = ET.fromstring((show / "feed.xml").read_bytes())
        urls = [e.get("url") for e in root.iter("enclosure")]
        urls += [e.get("url") for e in root.iter(f"{{{NS['podcast']}}}transcript")]
        urls += [e.get("url") for e in root.iter(f"{{{NS['podcast']}}}chapters")]
        urls += [root.find("channel/itunes:image", NS).get("href")]
        urls += [e.text for e in root.iter("link")]
        assert len(urls) == 2 + 4 + 2 + 1 + 4  # links: channel, image, two items
        for url in urls:
            with urllib.request.urlopen(url, timeout=10) as resp:
                assert resp.status == 200 and resp.geturl() == url, url
                body = resp.read()
            if url.endswith(".mp3"):
                path = show / url.removeprefix(base)
                assert body == path.read_bytes()
    finally:
        server.shutdown()
        server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's signature
        pass


def test_hostile_commit_text_keeps_the_feed_valid(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES, hostile=True)
    publish_show(show, BASE)
    raw = (show / "feed.xml").read_bytes()
    root = ET.fromstring(raw)  # well-formed for a strict parser
    d = feedparser.parse(raw)
    assert not d.bozo, d.bozo_exception
    newest = d.entries[0]
    # text, kept as text: the title reads as the commit's characters, yet holds no tag
    assert "<\u2060script>alert(\"t\")<\u2060/script>" in newest.title
    assert newest.title_detail.type == "text/plain"  # feedparser does not take it for HTML
    assert "]]>" in newest.title
    assert "\u202e" not in newest.title and "\x07" not in newest.title
    # the description is HTML by convention: one paragraph of escaped text, no live <img>
    description = root.find("channel/item/description").text
    assert description.startswith("<p>") and description.endswith("</p>")
    assert "&#60;img src=x onerror=alert(1)&#62;" in description
    assert "<img" not in description and "<script" not in description
    text = raw.decode("utf-8")
    assert "\x00" not in text and "\x1b" not in text
    assert HOSTILE_TITLE.replace("\x07", "").replace("\u202e", "")[:12] in \
        newest.title.replace("\u2060", "")


def test_a_corrected_day_replaces_its_item(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    publish_show(show, BASE)
    before = feedparser.parse((show / "feed.xml").read_bytes())
    day = DATES[1]
    old = next(e for e in before.entries if e.link.endswith(f"/{day}/"))

    # Re-produce the day: a new episode.json (no published_at) and a longer MP3.
    corrected = make_episode(day, "Widgets: Corrected Cache Story")
    write_episode_folder(show, corrected, speech=True)  # narrated by espeak-ng this time
    assert load_episode(show / "episodes" / day).published_at is None
    publish_show(show)

    after = feedparser.parse((show / "feed.xml").read_bytes())
    assert len(after.entries) == len(DATES)
    new = next(e for e in after.entries if e.link.endswith(f"/{day}/"))
    assert new.id == old.id
    assert new.title == "Widgets: Corrected Cache Story"
    assert new.published == old.published
    assert int(new.enclosures[0].length) == (show / "episodes" / day / "episode.mp3").stat().st_size
    assert new.enclosures[0].length != old.enclosures[0].length
    assert [e.id for e in after.entries].count(old.id) == 1


@pytest.mark.parametrize("explicit", [True, False])
def test_explicit_is_true_or_false(tmp_path, tmp_path_factory, explicit):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES[:1])
    publish_show(show, BASE)
    toml = (show / "show.toml").read_text()
    (show / "show.toml").write_text(toml.replace("explicit = false",
                                                 f"explicit = {str(explicit).lower()}"))
    publish_show(show)
    root = ET.fromstring((show / "feed.xml").read_bytes())
    assert root.findtext("channel/itunes:explicit", namespaces=NS) == str(explicit).lower()
    assert not feedparser.parse((show / "feed.xml").read_bytes()).bozo


def test_guid_stays_when_the_site_moves(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES[:1])
    publish_show(show, BASE)
    first = ET.fromstring((show / "feed.xml").read_bytes()).findtext(
        "channel/podcast:guid", namespaces=NS)
    publish_show(show, "https://elsewhere.example.net/show/")
    root = ET.fromstring((show / "feed.xml").read_bytes())
    assert root.findtext("channel/podcast:guid", namespaces=NS) == first
    assert root.find("channel/item/enclosure").get("url").startswith(
        "https://elsewhere.example.net/show/episodes/")
    assert Path(show / "show.toml").read_text().count(first) == 1
