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


# Appended to the episode page (and allowed by its own hash): once the player knows the
# length, it is moved to HEARD (inside the "Ada Lovelace" cue of the VTT); when that seek is
# done the page reports the highlighted sentence, then the "Grace Hopper" sentence is clicked
# and the page reports where the player went and what is highlighted after that seek.
CUE_DRIVER = (
    "var p=document.getElementById('player'),b=document.body,step=0;"
    "function cur(){var a=document.querySelectorAll('[aria-current]');"
    "return a.length+':'+(a.length?a[0].textContent:'');}"
    "p.addEventListener('seeked',function(){step++;if(step===1){b.setAttribute('data-heard',cur());"
    "var g=[].filter.call(document.querySelectorAll('a.cue'),function(a){"
    "return a.textContent.indexOf('Grace')===0;})[0];g.click();"
    "b.setAttribute('data-seek',String(p.currentTime));}"
    "else if(step===2){b.setAttribute('data-after',cur());}});"
    "p.addEventListener('loadedmetadata',function(){p.currentTime=HEARD;});"
    "p.preload='auto';p.load();"
)


def _vtt_cue(folder: Path, starts: str) -> tuple[float, float]:
    """(start, end) of the cue of the export's VTT whose text begins with ``starts``."""
    text = (folder / "transcript.vtt").read_text(encoding="utf-8")
    stamp = r"(\d\d):(\d\d):(\d\d)\.(\d{3})"
    found = re.findall(stamp + " --> " + stamp + r"\n(.*)", text)

    def secs(h: str, m: str, s: str, ms: str) -> float:
        return int(h) * 3600 + int(m) * 60 + int(s) + int(ms) / 1000

    (cue,) = [(secs(*c[:4]), secs(*c[4:8])) for c in found if c[8].startswith(starts)]
    return cue


def test_chromium_transcript_follows_the_player_and_seeks_when_clicked(tmp_path,
                                                                       tmp_path_factory):
    """Issue 24 item 8: set the player inside a sentence's cue (times from the VTT the export
    wrote): that sentence, and only it, is aria-current; click another sentence (a link,
    reachable by keyboard): the player moves to its cue's start and the highlight follows."""
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    publish_show(show, BASE)
    page = show / "episodes" / DATES[0] / "index.html"
    ada, grace = _vtt_cue(page.parent, "Ada Lovelace"), _vtt_cue(page.parent, "Grace Hopper")
    driver = CUE_DRIVER.replace("HEARD", f"{(ada[0] + ada[1]) / 2:.3f}")
    html = page.read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(driver.encode()).digest()).decode()
    html = html.replace("script-src &#39;sha256-",
                        f"script-src &#39;sha256-{digest}&#39; &#39;sha256-")
    assert digest in html
    harness = page.with_name("harness.html")
    harness.write_text(html.replace("</body>", f"<script>{driver}</script></body>"),
                       encoding="utf-8")
    cmd = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--autoplay-policy=no-user-gesture-required", "--virtual-time-budget=10000",
           f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", harness.as_uri()]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    (body,) = Dom(out.stdout).all("body")
    assert body.get("data-heard") == "1:Ada Lovelace sped up the widget cache.", out.stdout[-1500:]
    assert float(body["data-seek"]) == pytest.approx(grace[0], abs=0.01)
    assert body.get("data-after") == "1:Grace Hopper rolled back the parser change."


def test_a_script_edited_after_the_export_keeps_no_stale_times(tmp_path, tmp_path_factory):
    """The VTT's words are matched to the page's: an edited segment gets no cue times (never
    the wrong sentence highlighted), the others keep theirs."""
    from studio.episode import save_episode

    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    folder = show / "episodes" / DATES[0]
    ep = load_episode(folder)
    ep.segments[1].sentences[0].text = "Grace Hopper rolled back two parser changes."
    save_episode(ep, folder)
    publish_show(show, BASE)
    html = (folder / "index.html").read_text(encoding="utf-8")
    timed = re.findall(r'<span class="sentence" data-start="[^"]*" data-end="[^"]*">'
                       r'<a class="cue" href="[^"]*" data-start="[^"]*">([^<]*)</a>', html)
    assert timed == ["Welcome to Widgets Daily for 2026-02-07. Rollback-marker-7f3a.",
                     "Ada Lovelace sped up the widget cache."]
    assert '<span class="sentence">Grace Hopper rolled back two parser changes.' in html
