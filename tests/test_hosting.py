"""Issue 24 item 5: the site as web apps and browsers fetch it. A show published with the real
`studio publish --to folder:` is served by nginx (Debian's package, started here) with the
snippet the studio writes, and by `studio serve`; a real HTTP client (requests) checks the
media types, the CORS header web players need, byte ranges (206 with exactly the asked
bytes) and that `.htaccess` and studio's own files are never sent; headless Chromium seeks
the episode page's player over HTTP, which `python3 -m http.server` (the old advice) cannot."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
import requests
from hosting_servers import free_port, start_nginx, start_serve, stop, wait_for_port
from show_fixtures import ffmpeg_mp3, show_copy

from studio.publish.gather import gather_episodes

ROOT = Path(__file__).resolve().parent.parent
DAY = "2026-02-09"
TYPES = {"feed.xml": "application/rss+xml", "index.html": "text/html", "style.css": "text/css",
         "cover.png": "image/png", f"episodes/{DAY}/chapters.json": "application/json+chapters",
         f"episodes/{DAY}/transcript.vtt": "text/vtt",
         f"episodes/{DAY}/transcript.srt": "application/x-subrip",
         # a re-render's chapters come under a name of their own (studio.export.identity)
         f"episodes/{DAY}/show-daily-{DAY}-r2.chapters.json": "application/json+chapters"}
PRIVATE = ["show.toml", "published.json", f"episodes/{DAY}/episode.json", "nginx-mime.conf"]


def studio(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "studio", *args], text=True,
                          capture_output=True, env=env, timeout=300)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[Path, Path, str]:
    """(show folder, the folder target it was sent to, the MP3's path in the site)."""
    base = tmp_path_factory.mktemp("hosting")
    show = show_copy(tmp_path_factory, base / "show", [DAY])
    www = base / "www"
    run = studio("publish", "--show-dir", str(show), "--base-url", "http://127.0.0.1/show/",
                 "--to", f"folder:{www}", "-q")
    assert run.returncode == 0, run.stderr
    (item,) = gather_episodes(show).episodes
    for folder in (show, www):
        episode = folder / "episodes" / DAY
        shutil.copy(episode / "chapters.json", episode / f"show-daily-{DAY}-r2.chapters.json")
    return show, www, item.rel_dir + item.audio_name


def check_served(url: str, folder: Path, mp3: str) -> None:
    """What a web player and a podcast app need from the server at ``url`` (serving
    ``folder``): types, CORS, ranges, and nothing private."""
    with requests.Session() as http:
        for rel, kind in {**TYPES, mp3: "audio/mpeg"}.items():
            got = http.get(url + rel, timeout=10)
            assert got.status_code == 200, rel
            assert got.headers["Content-Type"].split(";")[0] == kind, rel
            assert got.headers["Access-Control-Allow-Origin"] == "*", rel
            assert got.content == (folder / rel).read_bytes(), rel
        data = (folder / mp3).read_bytes()
        size = len(data)
        for asked, first, last in [("bytes=1000-1999", 1000, 1999), ("bytes=5000-", 5000, size - 1),
                                   ("bytes=-700", size - 700, size - 1),
                                   (f"bytes=0-{size + 50}", 0, size - 1)]:
            got = http.get(url + mp3, headers={"Range": asked}, timeout=10)
            assert got.status_code == 206, asked
            assert got.headers["Content-Range"] == f"bytes {first}-{last}/{size}", asked
            assert got.content == data[first:last + 1], asked
            assert "Content-Range" in got.headers["Access-Control-Expose-Headers"]
        past = http.get(url + mp3, headers={"Range": f"bytes={size + 10}-"}, timeout=10)
        assert past.status_code == 416 and past.headers["Content-Range"] == f"bytes */{size}"
        head = http.head(url + mp3, timeout=10)
        assert head.status_code == 200 and int(head.headers["Content-Length"]) == size
        assert head.headers["Accept-Ranges"] == "bytes"
        for rel in [".htaccess", *PRIVATE]:
            assert http.get(url + rel, timeout=10).status_code == 404, rel
    read_by_gpodder(url, folder, mp3)


def read_by_gpodder(url: str, folder: Path, mp3: str) -> None:
    """gPodder's own parser (podcastparser) reads the feed as this server sends it, and
    finds the episode's MP3 with its length, its chapters and its transcript."""
    import podcastparser

    with urllib.request.urlopen(url + "feed.xml", timeout=10) as served:  # noqa: S310
        feed = podcastparser.parse(url + "feed.xml", served)
    (episode,) = feed["episodes"]
    (enclosure,) = episode["enclosures"]
    assert enclosure["url"].endswith("/" + mp3) and enclosure["mime_type"] == "audio/mpeg"
    assert enclosure["file_size"] == (folder / mp3).stat().st_size
    assert episode["chapters"] and episode["published"] > 0 and episode["total_time"] > 0


def test_nginx_with_the_studios_snippet(site, tmp_path):
    show, www, mp3 = site
    assert (www / ".htaccess").is_file()  # sent with the site for Apache; nginx must hide it
    proc, port = start_nginx(tmp_path / "nginx", {"/show/": www, "/self/": show},
                             show / "nginx-mime.conf")
    try:
        check_served(f"http://127.0.0.1:{port}/show/", www, mp3)
        check_served(f"http://127.0.0.1:{port}/self/", show, mp3)  # the show folder as it is
    finally:
        stop(proc)


def test_studio_serve_previews_as_a_host_serves(site):
    show, _www, mp3 = site
    proc, port = start_serve(show)
    try:
        url = f"http://127.0.0.1:{port}/"
        check_served(url, show, mp3)
        page = requests.get(url + f"episodes/{DAY}/", timeout=10)  # its index.html
        assert page.content == (show / f"episodes/{DAY}/index.html").read_bytes()
        assert requests.get(url + f"episodes/{DAY}", timeout=10, allow_redirects=False
                            ).headers["Location"] == f"/episodes/{DAY}/"
        assert requests.get(url + "episodes/", timeout=10).status_code == 404  # never a listing
        assert requests.get(url + "%2Ehtaccess", timeout=10).status_code == 404
        assert requests.get(url + mp3, headers={"Range": "bytes=5-1"},
                            timeout=10).status_code == 416
        assert requests.get(url + mp3, headers={"Range": "bytes=0-1,5-9"},
                            timeout=10).status_code == 200  # several ranges: the whole file
    finally:
        stop(proc)


def test_studio_serve_refuses_a_port_in_use_in_one_line(site):
    show, _www, _mp3 = site
    proc, port = start_serve(show)
    try:
        run = studio("serve", "--show-dir", str(show), "--port", str(port))
        assert run.returncode != 0 and "Traceback" not in run.stderr
        assert run.stderr.strip().splitlines() == [
            f"studio: error: cannot serve on 127.0.0.1:{port}: Address already in use"]
    finally:
        stop(proc)


# Appended to the episode page (and allowed by its own hash): once the player knows the
# length, the second chapter's link (moved to 8:20) is clicked; the page reports where the
# player went and how far it can seek.
SEEK_DRIVER = (
    "var p=document.getElementById('player');var a=document.querySelectorAll('a[data-start]')[1];"
    "function done(){document.body.setAttribute('data-seek',String(p.currentTime));"
    "document.body.setAttribute('data-seekable',String(p.seekable.length?p.seekable.end(0):0));}"
    "p.addEventListener('seeked',done);p.addEventListener('loadedmetadata',function(){"
    "a.setAttribute('data-start','500');a.click();setTimeout(done,4000);});"
    "p.preload='auto';p.load();")


def seek_in_chromium(url: str, profile: Path) -> tuple[float, float]:
    chromium = shutil.which("chromium") or pytest.fail("chromium is not installed: make system")
    out = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                          "--no-first-run", "--disable-background-networking",
                          "--disable-component-update", "--disable-sync",
                          "--autoplay-policy=no-user-gesture-required",
                          "--virtual-time-budget=15000", f"--user-data-dir={profile}",
                          "--dump-dom", url], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    body = re.search(r"<body([^>]*)>", out.stdout).group(1)
    values = dict(re.findall(r'data-(seek|seekable)="([^"]*)"', body))
    assert values, out.stdout[-2000:]
    return float(values["seek"]), float(values["seekable"])


def harness(folder: Path, mp3: str, long_mp3: Path) -> str:
    """The episode page with the driver, beside a ten-minute MP3 in place of the fixture's
    seconds-long one (a player holding the whole file could seek without the server)."""
    page = folder / f"episodes/{DAY}/index.html"
    html = page.read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(SEEK_DRIVER.encode()).digest()).decode()
    html = html.replace("script-src &#39;sha256-",
                        f"script-src &#39;sha256-{digest}&#39; &#39;sha256-")
    assert digest in html
    (page.parent / "harness.html").write_text(
        html.replace("</body>", f"<script>{SEEK_DRIVER}</script></body>"), encoding="utf-8")
    shutil.copyfile(long_mp3, folder / mp3)
    return f"episodes/{DAY}/harness.html"


@pytest.fixture(scope="module")
def long_mp3(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("long") / "ten-minutes.mp3"
    ffmpeg_mp3(path, seconds=600)
    return path


@pytest.fixture
def long_site(site, long_mp3, tmp_path) -> tuple[Path, Path, str]:
    show, www, mp3 = site
    copies = tmp_path / "show", tmp_path / "www"
    for src, dst in zip((show, www), copies, strict=True):
        shutil.copytree(src, dst)
        harness(dst, mp3, long_mp3)
    return copies[0], copies[1], mp3


@pytest.mark.parametrize("server", ["studio serve", "nginx"])
def test_chromium_seeks_the_player_over_http(long_site, tmp_path, server):
    show, www, _mp3 = long_site
    if server == "nginx":
        proc, port = start_nginx(tmp_path / "nginx", {"/show/": www}, show / "nginx-mime.conf")
        url = f"http://127.0.0.1:{port}/show/"
    else:
        proc, port = start_serve(show)
        url = f"http://127.0.0.1:{port}/"
    try:
        seek, seekable = seek_in_chromium(url + f"episodes/{DAY}/harness.html",
                                          tmp_path / "profile")
    finally:
        stop(proc)
    assert seekable == pytest.approx(600, abs=1)
    assert seek == pytest.approx(500, abs=0.5)


def test_the_old_preview_server_cannot_seek(long_site, tmp_path):
    """Why `studio serve` exists: the same page from `python3 -m http.server` (200 and the
    whole file for a Range request) leaves the player at 0."""
    show, _www, _mp3 = long_site
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                             "127.0.0.1", "-d", str(show)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, proc, "http.server")
        seek, seekable = seek_in_chromium(f"http://127.0.0.1:{port}/episodes/{DAY}/harness.html",
                                          tmp_path / "profile")
    finally:
        stop(proc)
    assert seek < 1 and seekable == 0  # the click went nowhere
