"""Episode and show pages: their content, their links, and what headless Chromium builds."""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from show_fixtures import MARKER, show_copy

from studio import humanize
from studio.episode import load_episode
from studio.publish.site import publish_show

DATES = ["2026-02-07", "2026-02-08", "2026-02-09"]
BASE = "https://podcasts.example.org/widgets/"


class Dom(HTMLParser):
    """Elements (tag, attributes) and visible text of an HTML document."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []
        self.scripts: list[str] = []
        self._in_script = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, {k: v or "" for k, v in attrs}))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        (self.scripts if self._in_script else self.text).append(data)

    def all(self, tag: str) -> list[dict[str, str]]:
        return [a for t, a in self.elements if t == tag]

    @property
    def plain(self) -> str:
        return " ".join(" ".join(self.text).split())


def _page(show: Path, date: str) -> Dom:
    return Dom((show / "episodes" / date / "index.html").read_text(encoding="utf-8"))


def test_episode_page_has_the_seed_shape(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    publish_show(show, BASE)
    day = DATES[1]
    ep = load_episode(show / "episodes" / day)
    dom = _page(show, day)
    text = dom.plain
    assert ep.title in text and ep.summary in text
    assert "Episode overview" in text and "Nearby episodes" in text
    assert "Show: Widgets Daily" in text
    # people's words on the page, the machine's in the <time> elements' datetime
    assert f"Published: {humanize.moment(ep.published_at)}" in text
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", ep.published_at)
    assert f"Audio duration: {humanize.duration(ep.duration_seconds)}" in text
    assert ep.duration.startswith("PT") and ep.duration not in text
    times = {t["datetime"] for t in dom.all("time")}
    assert {ep.published_at, ep.duration, DATES[0], DATES[2]} <= times
    assert humanize.day(DATES[0]) in text and DATES[0] not in text
    (audio,) = dom.all("audio")
    assert (show / "episodes" / day / audio["src"]).is_file()
    # Chapters seek the player: one link per segment, at the segment's start.
    starts = [a["data-start"] for a in dom.all("a") if "data-start" in a]
    assert [float(s) for s in starts[:2]] == [seg.start for seg in ep.segments]
    # Each sentence links to the PRs or commits it tells; a javascript: URL is dropped.
    refs = [a["href"] for a in dom.all("a") if a.get("class") == "ref"]
    assert refs == ["https://github.com/octo/widgets/pull/101",
                    f"https://github.com/octo/widgets/commit/{ep.commit_refs[1].sha}"]
    assert "javascript:" not in (show / "episodes" / day / "index.html").read_text()
    for sentence in (s for seg in ep.segments for s in seg.sentences):
        assert sentence.text in text
    # Nearby episodes: the day before and after, by title, and the links resolve.
    nearby = {a["href"] for a in dom.all("a") if a["href"].startswith("../20")}
    assert nearby == {f"../{DATES[0]}/", f"../{DATES[2]}/"}
    for href in nearby:
        assert (show / "episodes" / day / href / "index.html").resolve().is_file()
    for other in (DATES[0], DATES[2]):
        assert load_episode(show / "episodes" / other).title in text
    oldest = _page(show, DATES[0])
    later = [a["href"] for a in oldest.all("a") if a["href"].startswith("../20")]
    assert later == [f"../{DATES[2]}/", f"../{DATES[1]}/"]  # up to three each side, newest first
    # Nothing from another host: every src and stylesheet is relative.
    for _tag, attrs in dom.elements:
        assert "://" not in attrs.get("src", "")
        if attrs.get("rel") == "stylesheet":
            assert (show / "episodes" / day / attrs["href"]).resolve().is_file()


def test_show_page_lists_every_episode_newest_first(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    publish_show(show, BASE)
    dom = Dom((show / "index.html").read_text(encoding="utf-8"))
    links = [a["href"] for a in dom.all("a") if a["href"].startswith("episodes/")]
    assert links == [f"episodes/{d}/" for d in reversed(DATES)]
    text = dom.plain
    positions = []
    for day in reversed(DATES):
        ep = load_episode(show / "episodes" / day)
        assert ep.summary in text and humanize.day(day) in text
        positions.append(text.index(ep.title))
        minutes, seconds = divmod(round(ep.duration_seconds), 60)
        assert f"{minutes}:{seconds:02d}" in text
    assert positions == sorted(positions)
    (img,) = dom.all("img")
    assert (show / img["src"]).is_file()


def test_the_inline_script_is_the_only_one_and_allowed_by_hash(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES, hostile=True)
    publish_show(show, BASE)
    dom = _page(show, DATES[-1])
    (script,) = dom.scripts
    (csp,) = [m["content"] for m in dom.all("meta") if m.get("http-equiv")]
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}';" in csp
    assert "default-src 'self'" in csp
    assert [i["src"] for i in dom.all("img")] == ["../../cover.png"]  # only the cover
    assert not [a for _t, a in dom.elements if any(k.startswith("on") for k in a)]


def _chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.fail("chromium is not installed: run `make system`")
    return path


def test_chromium_renders_hostile_page_inert(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES, hostile=True)
    publish_show(show, BASE)
    page = show / "episodes" / DATES[-1] / "index.html"
    cmd = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
           "--no-first-run", "--disable-background-networking", "--disable-component-update",
           "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
           page.as_uri()]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    dom = Dom(out.stdout)
    text = dom.plain
    assert MARKER in text
    assert "Ada Lovelace sped up the widget cache." in text
    assert "<img src=x onerror=alert(1)>" in text  # shown as text
    assert "<script>alert(2)</script>" in text
    assert len(dom.all("script")) == 1 and "alert" not in dom.scripts[0]
    assert [i["src"] for i in dom.all("img")] == ["../../cover.png"]  # only the cover
    assert not [a for _t, a in dom.elements if any(k.startswith("on") for k in a)]
    assert all(a["href"].startswith(("https://", "../", "episode.mp3", "transcript.", "#",
                                      "pktc://subscribe/", "overcast://x-callback-url/add?"))
               or a["href"] == "../../" or a["href"].startswith("../../")
               for a in dom.all("a"))
    assert len(dom.all("audio")) == 1


SEEK_DRIVER = (
    "var links=document.querySelectorAll('a[data-start]');links[1].click();"
    "document.body.setAttribute('data-seek',String(document.getElementById('player')"
    ".currentTime));document.body.setAttribute('data-url',location.href);"
)


def test_chromium_chapter_link_seeks_the_player(tmp_path, tmp_path_factory):
    """Click the second chapter in a real browser: the player moves to its start, the page
    stays. A driver script is appended (and allowed by its own hash) to click and report."""
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    publish_show(show, BASE)
    page = show / "episodes" / DATES[0] / "index.html"
    html = page.read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(SEEK_DRIVER.encode()).digest()).decode()
    html = html.replace("script-src &#39;sha256-",
                        f"script-src &#39;sha256-{digest}&#39; &#39;sha256-")
    assert digest in html
    html = html.replace("</body>", f"<script>{SEEK_DRIVER}</script></body>")
    harness = page.with_name("harness.html")
    harness.write_text(html, encoding="utf-8")
    cmd = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", harness.as_uri()]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    (body,) = Dom(out.stdout).all("body")
    second = load_episode(page.parent).segments[1].start
    assert second > 0
    assert float(body["data-seek"]) == pytest.approx(second, abs=0.01)
    assert body["data-url"] == harness.as_uri()
