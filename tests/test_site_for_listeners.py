"""Issue 24 item 8: the site as a listener expects it, through the real `studio publish` (and
`studio recap --publish` for a recap): subscribe links, Open Graph and Twitter card tags that
agree with what feedparser reads from the feed, the cover on episode pages, an icon, the day
the episode covers in its header, a recap page whose PR links are grouped per story with a
skip link to the full list, and a default cover that names the show. Chromium loads the
page and reports that the cover and the icon are real images."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import feedparser
import pytest
from show_fixtures import show_copy
from week_history import week_history

from studio.episode import load_episode
from studio.resources import resource_path

ROOT = Path(__file__).resolve().parents[1]
BASE = "https://pods.example.org/widgets/"
DATES = ["2026-02-09", "2026-02-10"]
APPLE = "https://podcasts.apple.com/us/podcast/widgets-daily/id1234567890"
SPOTIFY = "https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk"


class Page(HTMLParser):
    """Elements, with the text under each id'd section, of an HTML page."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.inside: list[tuple[str, dict[str, str], list[tuple[str, dict[str, str]]]]] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):  # noqa: ANN001 - HTMLParser's signature
        a = {k: v or "" for k, v in attrs}
        self.elements.append((tag, a))
        self.inside.append((tag, a, list(self.stack)))
        if tag not in ("meta", "link", "img", "br", "input"):
            self.stack.append((tag, a))

    def handle_endtag(self, tag):  # noqa: ANN001
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data):  # noqa: ANN001
        self.text.append(data)

    def all(self, tag: str, **attrs: str) -> list[dict[str, str]]:
        return [a for t, a in self.elements if t == tag
                and all(a.get(k) == v for k, v in attrs.items())]

    def meta(self, key: str) -> str:
        (m,) = [a for t, a in self.elements if t == "meta"
                and (a.get("property") == key or a.get("name") == key)]
        return m["content"]

    def within(self, tag: str, css_class: str) -> list[tuple[str, dict[str, str]]]:
        """Elements inside an element ``tag`` of class ``css_class``."""
        return [(t, a) for t, a, up in self.inside
                if any(u == tag and css_class in ua.get("class", "").split() for u, ua in up)]

    @property
    def plain(self) -> str:
        return " ".join(" ".join(self.text).split())


def studio(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True,
                          capture_output=True, env=env, timeout=600)


def png_size(path: Path) -> tuple[int, int]:
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=width,height",
                          "-of", "csv=p=0", str(path)], capture_output=True, text=True, check=True)
    w, h = out.stdout.strip().split(",")
    return int(w), int(h)


@pytest.fixture
def show(tmp_path_factory, tmp_path) -> Path:
    return show_copy(tmp_path_factory, tmp_path / "show", DATES)


def test_pages_say_where_to_subscribe_and_how_to_share(show):
    (show / "show.toml").write_text(f'title = "Widgets Daily"\nbase_url = "{BASE}"\n'
                                    f'description = "What landed in octo/widgets."\n'
                                    f'[subscribe]\napple = "{APPLE}"\nspotify = "{SPOTIFY}"\n',
                                    encoding="utf-8")
    run = studio("publish", "--show-dir", str(show), "-q")
    assert run.returncode == 0, run.stderr
    feed = feedparser.parse((show / "feed.xml").read_bytes())
    entries = {e.link: e for e in feed.entries}
    day = DATES[0]
    page = Page((show / f"episodes/{day}/index.html").read_text(encoding="utf-8"))
    entry = entries[BASE + f"episodes/{day}/"]

    links = [(a["href"]) for t, a in page.within("nav", "subscribe") if t == "a"]
    labels = [t for t in re.findall(r'rel="noopener">([^<]+)</a></li>',
                                    (show / f"episodes/{day}/index.html").read_text())]
    assert labels[-6:] == ["Apple Podcasts", "Spotify", "Pocket Casts", "Overcast",
                           "AntennaPod", "RSS feed"]
    assert links == [APPLE, SPOTIFY, "https://pca.st/itunes/1234567890",
                     "https://overcast.fm/itunes1234567890", links[4], BASE + "feed.xml"]
    antenna = urlsplit(links[4])
    assert antenna.netloc == "antennapod.org"
    assert parse_qs(antenna.query) == {"url": [BASE + "feed.xml"], "title": ["Widgets Daily"]}

    # what a shared link shows, the same as the feed says
    assert page.meta("og:title") == entry.title == page.meta("twitter:title")
    assert page.meta("og:url") == entry.link
    assert page.meta("og:description") == load_episode(show / f"episodes/{day}").summary
    assert page.meta("og:image") == feed.feed.image.href == page.meta("twitter:image")
    assert page.meta("og:audio") == entry.enclosures[0].href
    assert page.meta("og:site_name") == feed.feed.title
    assert page.meta("twitter:card") == "summary"
    index = Page((show / "index.html").read_text(encoding="utf-8"))
    assert index.meta("og:url") == BASE and index.meta("og:title") == "Widgets Daily"
    assert index.meta("og:description") == "What landed in octo/widgets."

    # the cover, the icon, and the day in the header
    (cover,) = page.all("img", **{"class": "cover"})
    assert (show / f"episodes/{day}" / cover["src"]).resolve() == (show / "cover.png").resolve()
    (icon,) = page.all("link", rel="icon")
    assert png_size((show / f"episodes/{day}" / icon["href"]).resolve()) == (180, 180)
    head = [a for t, a in page.within("header", "episode-head") if t == "time"]
    assert head == [{"datetime": day}]
    assert "The day it covers: Mon 9 Feb 2026" in page.plain

    # without directory pages, the apps that subscribe to any feed still have a link
    (show / "show.toml").write_text(f'title = "Widgets Daily"\nbase_url = "{BASE}"\n',
                                    encoding="utf-8")
    assert studio("publish", "--show-dir", str(show), "-q").returncode == 0
    page = Page((show / f"episodes/{day}/index.html").read_text(encoding="utf-8"))
    links = [a["href"] for t, a in page.within("nav", "subscribe") if t == "a"]
    assert links[:2] == ["pktc://subscribe/pods.example.org/widgets/feed.xml",
                         "overcast://x-callback-url/add?url=https%3A%2F%2Fpods.example.org"
                         "%2Fwidgets%2Ffeed.xml"]


def test_a_bad_subscribe_link_is_one_line(show):
    (show / "show.toml").write_text('title = "W"\n[subscribe]\napple = "javascript:alert(1)"\n',
                                    encoding="utf-8")
    run = studio("publish", "--show-dir", str(show), "-q")
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "subscribe.apple must be an absolute http:// or https:// URL" in run.stderr


COVER_DRIVER = ("addEventListener('load',function(){var c=document.querySelector('img.cover');"
                "document.body.setAttribute('data-cover',String(c.naturalWidth));});")


def test_the_default_cover_names_the_show_and_chromium_shows_it(show, tmp_path):
    title = "Widgets %{pts} Daily: it's \\ here"  # drawtext syntax stays text
    (show / "show.toml").write_text(f'title = "{title.replace(chr(92), chr(92) * 2)}"\n'
                                    f'base_url = "{BASE}"\n', encoding="utf-8")
    run = studio("publish", "--show-dir", str(show), "-q")
    assert run.returncode == 0, run.stderr
    assert "cannot draw" not in run.stderr
    cover = (show / "cover.png").read_bytes()
    stock = resource_path("art", "cover.png").read_bytes()
    assert cover != stock and png_size(show / "cover.png") == (1400, 1400)
    again = studio("publish", "--show-dir", str(show), "-q")  # made once, then the host's
    assert again.returncode == 0 and "cover.png" not in again.stdout
    (show / "cover.png").write_bytes(stock)  # a show published before: the stock cover
    assert studio("publish", "--show-dir", str(show), "-q").returncode == 0
    assert (show / "cover.png").read_bytes() == cover

    page = show / f"episodes/{DATES[0]}/index.html"
    html = page.read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(COVER_DRIVER.encode()).digest()).decode()
    html = html.replace("script-src &#39;sha256-", f"script-src &#39;sha256-{digest}&#39; "
                        "&#39;sha256-").replace("</body>", f"<script>{COVER_DRIVER}</script></body>")
    (page.parent / "harness.html").write_text(html, encoding="utf-8")
    chromium = shutil.which("chromium") or pytest.fail("chromium is not installed")
    out = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                          "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
                          "--dump-dom", (page.parent / "harness.html").as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert re.search(r'<body[^>]*data-cover="1400"', out.stdout), out.stdout[-1500:]


@pytest.fixture(scope="module")
def week(tmp_path_factory):
    hist = week_history(tmp_path_factory.mktemp("repo") / "widgets.git")
    subprocess.run(["git", "-C", str(hist.path), "remote", "add", "origin",
                    "https://github.com/octo/widgets.git"], check=True)  # PR and commit links
    return hist


def test_a_recap_page_groups_its_links_per_story(tmp_path_factory, tmp_path, week):
    show = show_copy(tmp_path_factory, tmp_path / "show", ["2026-01-26", "2026-01-27"])
    (show / "show.toml").write_text(f'title = "Widgets Daily"\nbase_url = "{BASE}"\n',
                                    encoding="utf-8")
    run = studio("recap", "--git", str(week.path), "--week", "2026-W05", "--show-dir",
                 str(show), "--publish", "-q")
    assert run.returncode == 0, run.stderr
    folder = show / "episodes" / "2026-W05"
    html = (folder / "index.html").read_text(encoding="utf-8")
    page = Page(html)
    ep = load_episode(folder)
    assert not [a for t, a in page.within("span", "sentence")
                if t == "a" and "ref" in a.get("class", "")]  # no wall in the text
    grouped = [a["href"] for t, a in page.within("p", "story-links") if t == "a"]
    cited = {ref.url for seg in ep.segments for s in seg.sentences for sha in s.commits
             if (ref := ep.ref(sha)) is not None and ref.url.startswith("https://")}
    assert grouped and set(grouped) == cited
    every = [a["href"] for t, a in page.within("section", "all-changes") if t == "a"]
    linked = {r.url for r in ep.commit_refs if r.url.startswith("https://")}
    assert len(every) == len(set(every)) == len(linked) and set(every) == linked
    (skip,) = page.all("a", **{"class": "skip-links"})
    assert skip["href"] == "#all-changes" and f"{len(linked)} changes" in page.plain
    assert html.index('id="all-changes"') > html.index('id="transcript"')  # the list at the end
    assert "The days it covers: Mon 26 Jan 2026 \u2013 Sun 1 Feb 2026" in page.plain
    daily = Page((show / "episodes/2026-01-26/index.html").read_text(encoding="utf-8"))
    assert [a for t, a in daily.within("span", "sentence")
            if t == "a" and "ref" in a.get("class", "")]  # a daily keeps them
