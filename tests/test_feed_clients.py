"""The feed as podcast apps read it: a show made by the real `studio produce` and `studio publish`
(a git repository built here, narrated by espeak-ng, mastered by ffmpeg), read back by
podcastparser (gPodder's parser) and feedparser. Checks Apple's required tags, the
Podcasting 2.0 tags, Podlove Simple Chapters, podcast:person, and that the README's table
names every tag the feed writes."""

from __future__ import annotations

import html
import io
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import feedparser
import podcastparser
import pytest
from audio_helpers import episode_mp3
from gitrepo import RepoBuilder, at
from show_fixtures import HOSTILE_TITLE, show_copy

from studio.episode import load_episode
from studio.publish.site import publish_show
from studio.textsafe import clean_line

ROOT = Path(__file__).resolve().parent.parent
DATES = ["2026-02-09", "2026-02-10"]
BASE = "https://podcasts.example.org/widgets/"
NS = {"podcast": "https://podcastindex.org/namespace/1.0",
      "itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd",
      "psc": "http://podlove.org/simple-chapters",
      "atom": "http://www.w3.org/2005/Atom",
      "content": "http://purl.org/rss/1.0/modules/content/"}
# The Podcasting 2.0 namespace's first URI: the spec says clients must take it as identical to
# https://podcastindex.org/namespace/1.0 (what the feed declares), but podcastparser 0.6.11
# knows only this one, so it reads the podcast: tags of a feed given with it.
LEGACY_PODCAST_NS = b"https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md"
HOST = {"name": "Grace Host", "role": "host", "group": "cast",
        "img": "https://widgets.example/grace.png", "href": "https://widgets.example/grace"}
SHOW_TOML = f"""\
title = "Widgets Daily"
description = "What landed in octo/widgets, read aloud."
author = "Grace Host"
base_url = "{BASE}"
bots = ["builder@corp.example"]

[owner]
name = "Grace Host"
email = "grace@widgets.example"

[[person]]
name = "{HOST['name']}"
img = "{HOST['img']}"
href = "{HOST['href']}"

[people]
authors = true
"""


def studio(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True, env=env,
                          capture_output=True, timeout=300)


@pytest.fixture(scope="module")
def show(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("clients")
    repo = base / "widgets"
    with RepoBuilder(repo, origin="https://github.com/octo/widgets.git") as r:
        for n, date in enumerate(DATES):
            r.commit(f"Speed up the widget cache {n} (#{101 + 10 * n})", at(date, 6), "Ada Lovelace",
                     "12345+adal@users.noreply.github.com", files={f"cache/a{n}.py": "x\n" * 40})
            r.commit(f"Fix the parser on empty input {n} (#{102 + 10 * n})", at(date, 7),
                     "Grace Hopper", "grace@example.com", files={f"parser/p{n}.py": "y\n" * 30})
            r.commit(f"Land the scheduler rework {n} (#{103 + 10 * n})", at(date, 8),
                     "PyTorch MergeBot", "pytorchmergebot@users.noreply.github.com",
                     files={f"sched/s{n}.py": "s\n" * 20})
            r.commit(f"Nightly rebuild {n} (#{104 + 10 * n})", at(date, 9), "Nightly Builder",
                     "builder@corp.example", files={f"build/b{n}.txt": "b\n" * 5})
            r.commit(f"Document the cache {n} (#{105 + 10 * n})", at(date, 10), "Jane Abbott",
                     "jane@abbott.example", files={f"docs/cache{n}.md": "w\n" * 10})
    folder = base / "show"
    folder.mkdir()
    (folder / "show.toml").write_text(SHOW_TOML, encoding="utf-8")
    for date in DATES:
        run = studio("produce", "--git", str(repo), "--date", date, "--show-dir", str(folder), "-q")
        assert run.returncode == 0, run.stderr
    run = studio("publish", "--show-dir", str(folder), "-q")
    assert run.returncode == 0, run.stderr
    return folder


def chapters_of(folder: Path) -> list[dict]:
    return json.loads((folder / "chapters.json").read_text(encoding="utf-8"))["chapters"]


def podcastparser_view(raw: bytes) -> tuple[dict, dict]:
    """podcastparser's reading of the feed as written, and of the same feed declaring the
    Podcasting 2.0 namespace by its other, identical URI (see LEGACY_PODCAST_NS)."""
    declared = b'xmlns:podcast="' + NS["podcast"].encode() + b'"'
    assert raw.count(declared) == 1
    alias = raw.replace(declared, b'xmlns:podcast="' + LEGACY_PODCAST_NS + b'"')
    return (podcastparser.parse(BASE + "feed.xml", io.BytesIO(raw)),
            podcastparser.parse(BASE + "feed.xml", io.BytesIO(alias)))


def test_podcastparser_reads_the_produced_feed(show):
    raw = (show / "feed.xml").read_bytes()
    parsed, p20 = podcastparser_view(raw)
    assert parsed["title"] == "Widgets Daily"
    assert parsed["cover_url"] == BASE + "cover.png"
    assert parsed["explicit"] is False
    assert parsed["itunes_owner"] == {"name": "Grace Host", "email": "grace@widgets.example"}
    assert p20["import_prohibited"] is True  # podcast:locked yes
    episodes = parsed["episodes"]
    assert [e["link"] for e in episodes] == [f"{BASE}episodes/{d}/" for d in reversed(DATES)]
    ada = {"name": "Ada Lovelace", "role": "guest", "group": "cast",
           "href": "https://github.com/adal", "img": None}
    for entry, p20_entry, date in zip(episodes, p20["episodes"], reversed(DATES), strict=True):
        folder = show / "episodes" / date
        ep = load_episode(folder)
        assert entry["title"] == ep.title
        assert entry["total_time"] == round(ep.duration_seconds)
        (enc,) = entry["enclosures"]
        assert enc == {"url": f"{BASE}episodes/{date}/widgets-daily-{date}.mp3",
                       "file_size": episode_mp3(folder).stat().st_size,
                       "mime_type": "audio/mpeg"}
        assert entry["guid"] and entry["guid"] != entry["link"]
        # one transcript_url: podcastparser keeps the last of the item's two (VTT, SRT)
        assert p20_entry["transcript_url"] == f"{BASE}episodes/{date}/transcript.srt"
        assert p20_entry["chapters_json_url"] == f"{BASE}episodes/{date}/chapters.json"
        # Podlove Simple Chapters: the exported chapters, each with its link when it has one.
        expected = [{"start": int(c["startTime"]), "title": c["title"],
                     **({"href": c["url"]} if c.get("url") else {})} for c in chapters_of(folder)]
        assert entry["chapters"] == expected
        assert sum("href" in c for c in entry["chapters"]) >= 2
        assert all(c["href"].startswith("https://github.com/octo/widgets/pull/")
                   for c in entry["chapters"] if "href" in c)
        # podcast:person: the host, then the day's people (no bots, not the show's own bot);
        # a GitHub profile only where the account is known (the noreply address).
        assert p20_entry["persons"] == [
            HOST, ada,
            {"name": "Grace Hopper", "role": "guest", "group": "cast", "href": None, "img": None},
            {"name": "Jane Abbott", "role": "guest", "group": "cast", "href": None, "img": None}]
        assert ep.stats.authors == 3
        assert "from three people, and" in ep.transcript.lower()  # bots counted apart


def test_apple_and_podcasting20_required_fields(show):
    raw = (show / "feed.xml").read_bytes()
    d = feedparser.parse(raw)
    assert not d.bozo, d.bozo_exception
    f = d.feed
    assert f.title and f.description and f.language == "en-us"
    assert f.image.href == BASE + "cover.png"
    assert [t.term for t in f.tags] == ["Technology"]
    channel = ET.fromstring(raw).find("channel")
    assert channel.find("itunes:image", NS).get("href") == BASE + "cover.png"
    assert channel.find("itunes:category", NS).get("text") == "Technology"
    assert channel.findtext("itunes:explicit", namespaces=NS) in ("true", "false")
    assert channel.findtext("podcast:guid", namespaces=NS)
    assert channel.findtext("podcast:locked", namespaces=NS) == "yes"
    persons = channel.findall("podcast:person", NS)
    assert [(p.text, p.get("role"), p.get("href")) for p in persons] == [
        ("Grace Host", "host", HOST["href"])]
    for entry, item in zip(d.entries, channel.findall("item"), strict=True):
        assert entry.title and entry.id
        (enc,) = entry.enclosures
        assert enc.href.startswith(BASE) and int(enc.length) > 0 and enc.type == "audio/mpeg"
        assert {t.get("type") for t in item.findall("podcast:transcript", NS)} == {
            "text/vtt", "application/x-subrip"}
        assert item.find("podcast:chapters", NS).get("type") == "application/json+chapters"
        assert item.find("psc:chapters", NS).get("version") == "1.2"
        people = [p.text for p in item.findall("podcast:person", NS)]
        assert people == ["Grace Host", "Ada Lovelace", "Grace Hopper", "Jane Abbott"]


def _tags(parent: ET.Element, inverse: dict[str, str], prefix: str = "") -> set[str]:
    """The tags under ``parent`` (items aside), nested ones as ``parent/child``."""
    names = set()
    for child in parent:
        if child.tag == "item":
            continue
        if child.tag.startswith("{"):
            uri, local = child.tag[1:].split("}")
            name = f"{prefix}{inverse[uri]}:{local}"
        else:
            name = prefix + child.tag
        names |= {name, *_tags(child, inverse, name + "/")}
    return names


def test_the_docs_table_names_every_tag_written(show):
    root = ET.fromstring((show / "feed.xml").read_bytes())
    inverse = {uri: prefix for prefix, uri in NS.items()}
    channel = root.find("channel")
    written = {("channel", t) for t in _tags(channel, inverse)}
    for item in channel.findall("item"):
        written |= {("item", t) for t in _tags(item, inverse)}
    doc = (ROOT / "docs" / "feed-tags.md").read_text(encoding="utf-8")  # linked from the README
    table = doc.split("\n| ", 1)[1].split("\n\n", 1)[0]
    rows = {tuple(cell.strip().strip("`") for cell in line.strip("|").split("|")[:2])
            for line in ("| " + table).splitlines()[2:]}
    missing = sorted(written - rows)
    assert not missing, f"docs/feed-tags.md's table of feed tags lacks {missing}"
    assert ("item", "psc:chapters/psc:chapter") in written
    assert ("channel", "podcast:person") in written


def test_hostile_chapter_titles_and_links_stay_text(tmp_path, tmp_path_factory):
    folder = show_copy(tmp_path_factory, tmp_path / "show", ["2026-02-07"], hostile=True)
    day = folder / "episodes" / "2026-02-07"
    data = json.loads((day / "chapters.json").read_text(encoding="utf-8"))
    data["chapters"][0]["url"] = 'https://github.com/octo/widgets/pull/5?a="><script>x</script>'
    data["chapters"][1]["url"] = "javascript:alert('href')"
    (day / "chapters.json").write_text(json.dumps(data), encoding="utf-8")
    publish_show(folder, BASE)
    raw = (folder / "feed.xml").read_bytes()
    assert b"<script" not in raw
    item = ET.fromstring(raw).find("channel/item")
    assert item.find(".//script") is None
    (entry,) = podcastparser.parse(BASE + "feed.xml", io.BytesIO(raw))["episodes"]
    titles = [c["title"].replace("\u2060", "") for c in entry["chapters"]]  # feed_text's
    assert titles == [clean_line(c["title"]) for c in data["chapters"]]
    assert clean_line(HOSTILE_TITLE) in titles[1]
    assert entry["chapters"][0]["href"] == data["chapters"][0]["url"]
    assert "href" not in entry["chapters"][1]  # only http(s) links reach a client


def test_without_authors_items_name_the_show_people_and_a_broken_chapters_file_is_skipped(
        tmp_path, tmp_path_factory, caplog):
    dates = ["2026-02-07", "2026-02-08"]
    folder = show_copy(tmp_path_factory, tmp_path / "show", dates)
    (folder / "show.toml").write_text(
        f'base_url = "{BASE}"\n[[person]]\nname = "Grace Host"\nrole = "Co-Host"\n',
        encoding="utf-8")
    (folder / "episodes" / dates[0] / "chapters.json").write_text("{not json", encoding="utf-8")
    (folder / "episodes" / dates[1] / "chapters.json").write_text(
        '{"chapters": [{"startTime": NaN, "title": "x"}]}', encoding="utf-8")
    with caplog.at_level("WARNING"):
        publish_show(folder)
    assert sum("is not a chapters file" in r.getMessage() for r in caplog.records) == 2
    raw = (folder / "feed.xml").read_bytes()
    channel = ET.fromstring(raw).find("channel")
    items = channel.findall("item")
    assert [item.find("psc:chapters", NS) for item in items] == [None, None]
    for item in items:
        assert [(p.text, p.get("role"), p.get("group")) for p in item.findall("podcast:person", NS)
                ] == [("Grace Host", "co-host", "cast")]


HOSTILE_SUBJECT = 'Fix </title> <img src=x onerror=boom> and <b>bold</b> &amp; <a href="x">a</a>'


class _Tags(HTMLParser):
    """The elements an HTML-rendering reader would build from a field."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):  # noqa: ANN001 - HTMLParser's signature
        self.tags.append(tag)


def live_tags(value: str) -> list[str]:
    parser = _Tags()
    parser.feed(value)
    parser.close()
    return parser.tags


def test_commit_markup_is_text_in_every_reader(tmp_path):
    """A repository whose commit subjects and author names carry HTML, through `studio
    produce` and `studio publish`: podcastparser (its description_html too) and feedparser
    with sanitising off see no element the feed did not write (the item's description is one
    paragraph), and their plain-text fields read as the commit's characters."""
    repo = tmp_path / "hostile"
    date = DATES[0]
    with RepoBuilder(repo, origin="https://github.com/octo/widgets.git") as r:
        r.commit("Speed up the widget cache (#301)", at(date, 6), "Eve &lt;i&gt;Mallory&lt;/i&gt;",
                 "eve@example.com", files={"cache/a.py": "x\n" * 40})
        r.commit(f"{HOSTILE_SUBJECT} in the parser (#302)", at(date, 7),
                 "Grace Hopper", "grace@example.com", files={"parser/p.py": "y\n" * 30})
    folder = tmp_path / "show"
    folder.mkdir()
    (folder / "show.toml").write_text(SHOW_TOML, encoding="utf-8")
    run = studio("produce", "--git", str(repo), "--date", date, "--show-dir", str(folder), "-q")
    assert run.returncode == 0, run.stderr
    raw = (folder / "feed.xml").read_bytes()
    ep = load_episode(folder / "episodes" / date)
    assert "<img src=x onerror=boom>" in ep.summary  # what the item's description says

    parsed, p20 = podcastparser_view(raw)
    (entry,) = parsed["episodes"]
    (p20_entry,) = p20["episodes"]
    # the app's HTML is the show notes (content:encoded): only the notes' own elements, none
    # the commit text brought
    assert set(live_tags(entry["description_html"])) <= {"p", "h3", "ul", "ol", "li", "a"}
    assert not {"img", "b", "i", "script"} & set(live_tags(entry["description_html"]))
    assert "<img src=x onerror=boom>" in entry["description"]  # as text
    for value in [entry["title"], *(c["title"] for c in entry["chapters"]),
                  *(p["name"] for p in p20_entry["persons"])]:
        assert live_tags(value) == [], value
    names = [p["name"].replace("\u2060", "") for p in p20_entry["persons"]]
    assert "Eve &lt;i&gt;Mallory&lt;/i&gt;" in names  # the characters the commit gave

    d = feedparser.parse(raw, sanitize_html=False)
    assert not d.bozo, d.bozo_exception
    (item,) = d.entries
    assert live_tags(item.summary) == ["p"]
    assert "&#60;img src=x onerror=boom&#62;" in item.summary
    for detail in (item.title_detail, d.feed.title_detail):
        shown = detail.value if detail.type == "text/html" else html.escape(detail.value)
        assert live_tags(shown) == [], detail
