"""`studio publish --to folder:DIR`: the site copied into a folder a web server serves.

The end-to-end case runs the real ``studio produce`` and ``studio publish`` in a child with a
set umask, then serves the folder over HTTP with a handler that applies the ``.htaccess`` the
studio wrote (the directives Apache would read: ``AddType`` and ``<Files> ForceType``), and
fetches the feed and its enclosure as a podcast app would.
"""

from __future__ import annotations

import datetime as dt
import http.server
import os
import re
import stat
import subprocess
import sys
import threading
import urllib.request
from functools import partial
from pathlib import Path
from xml.etree import ElementTree

import pytest
from audio_helpers import episode_mp3
from github_history import pytorch_history
from show_fixtures import make_episode, show_copy, write_episode_folder

from studio.cli.main import main
from studio.jobs import CancelToken
from studio.plumbing.errors import Cancelled
from studio.publish.site import publish_show

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 2, 9)
DATES = ["2026-02-07", "2026-02-08"]
BASE = "https://shows.example.org/widgets/"
PRIVATE = {"show.toml", "published.json", "episode.json", "day.json", "nginx-mime.conf"}


class HtaccessHandler(http.server.SimpleHTTPRequestHandler):
    """http.server honouring the AddType and <Files "name"> ForceType lines of .htaccess."""

    def guess_type(self, path):  # noqa: ANN001, ANN201 - the base class's signature
        rules = Path(self.directory, ".htaccess").read_text(encoding="utf-8")
        name = os.path.basename(path)
        for file_name, kind in re.findall(r'<Files "([^"]+)">\s*ForceType "([^"]+)"', rules):
            if name == file_name:
                return kind
        for kind, exts in re.findall(r"^AddType (\S+) (.+)$", rules, re.MULTILINE):
            if os.path.splitext(name)[1] in exts.split():
                return kind
        return super().guess_type(path)

    def log_message(self, *args) -> None:  # noqa: ANN002
        pass


@pytest.fixture
def server(tmp_path):
    www = tmp_path / "www" / "show"
    www.mkdir(parents=True)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            partial(HtaccessHandler, directory=str(www)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield www, f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    thread.join()


def studio(args: list[str], tmp: Path, umask: int) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
               HOME=str(tmp / "home"), XDG_CACHE_HOME=str(tmp / "xdg"))
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, cwd=tmp, timeout=300,
                          preexec_fn=lambda: os.umask(umask))


def fetch(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers["Content-Type"], response.read()


def test_produce_then_publish_to_a_served_folder(tmp_path, server):
    www, url = server
    history = pytorch_history(tmp_path / "pt.git", DAY, count=3)
    show = tmp_path / "show"
    show.mkdir()
    (show / "show.toml").write_text(f'base_url = "{url}"\n[publish]\nto = ["folder:{www}"]\n')
    made = studio(["produce", "--git", str(history.path), "--date", DAY.isoformat(),
                   "--show-dir", str(show), "-q", "--no-sting", "--publish"], tmp_path, 0o027)
    assert made.returncode == 0, made.stderr
    assert made.stdout.strip().endswith(f"{url}feed.xml and sent to folder:{www}")
    sent = studio(["publish", "--show-dir", str(show), "-q", "--to", f"folder:{www}"],
                  tmp_path, 0o027)
    assert sent.returncode == 0, sent.stderr
    assert f"sent 0 files to folder:{www}" in sent.stdout  # produce sent it all already
    assert (show / "nginx-mime.conf").is_file()

    published = {p.relative_to(www).as_posix() for p in www.rglob("*") if p.is_file()}
    mp3 = episode_mp3(show / "episodes" / str(DAY)).name
    assert {"feed.xml", "index.html", ".htaccess", f"episodes/{DAY}/{mp3}",
            f"episodes/{DAY}/chapters.json", f"episodes/{DAY}/transcript.vtt"} <= published
    assert not {p.rsplit("/", 1)[-1] for p in published} & PRIVATE
    assert {oct(stat.S_IMODE((www / p).stat().st_mode)) for p in published} == {oct(0o640)}
    assert "application/json+chapters" in (show / "nginx-mime.conf").read_text()

    kind, feed = fetch(url + "feed.xml")
    assert kind.startswith("application/rss+xml")
    item = ElementTree.fromstring(feed).find("channel/item")
    enclosure = item.find("enclosure")
    kind, audio = fetch(enclosure.get("url"))
    assert kind == "audio/mpeg" == enclosure.get("type")
    assert audio == episode_mp3(show / "episodes" / DAY.isoformat()).read_bytes()
    assert int(enclosure.get("length")) == len(audio)
    ns = {"podcast": "https://podcastindex.org/namespace/1.0"}
    for tag in item.findall("podcast:transcript", ns) + item.findall("podcast:chapters", ns):
        kind, _ = fetch(tag.get("url"))
        assert kind.split(";")[0] == tag.get("type"), tag.get("url")


def _feed_targets_exist(www: Path) -> None:
    """Every file the feed now in ``www`` points at is there (nothing when no feed yet)."""
    feed = www / "feed.xml"
    if not feed.exists():
        return
    for url in re.findall(r'url="([^"]+)"', feed.read_text(encoding="utf-8")):
        if url.startswith(BASE):
            assert (www / url[len(BASE):]).is_file(), url


def test_copies_only_changes_and_the_feed_last(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    www = tmp_path / "www"
    first = publish_show(show, BASE, targets=[f"folder:{www}"]).sent[0]
    assert first.changed[-1] == "feed.xml" and first.sent == len(first.changed)
    assert first.notes == [f"nginx: include {show / 'nginx-mime.conf'} in the location that "
                           f"serves {www} (media types; Apache reads the .htaccess)"]
    assert (www / "episodes" / DATES[1] / "episode.mp3").read_bytes() == \
        (show / "episodes" / DATES[1] / "episode.mp3").read_bytes()

    again = publish_show(show, BASE, targets=[f"folder:{www}"]).sent[0]
    assert again.changed == [] and again.sent == 0 and again.notes == []

    write_episode_folder(show, make_episode("2026-02-09", "Widgets: Third Day"), freq=880)
    seen: list[str] = []

    def watch(fraction: float, message: str) -> None:
        seen.append(message)
        _feed_targets_exist(www)  # a client reading mid-publish never meets a missing file

    third = publish_show(show, BASE, targets=[f"folder:{www}"], progress=watch).sent[0]
    assert third.changed[-1] == "feed.xml"
    assert "episodes/2026-02-09/episode.mp3" in third.changed
    assert not any(c.startswith(f"episodes/{DATES[0]}/") and not c.endswith(".html")
                   for c in third.changed)  # the old episodes' media stay as they were
    assert any(m == "copying feed.xml" for m in seen)
    _feed_targets_exist(www)


def test_show_toml_publish_to_is_used_and_cancel_leaves_the_old_feed(tmp_path, tmp_path_factory):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    www = tmp_path / "www"
    publish_show(show, BASE)
    text = (show / "show.toml").read_text()
    assert "[publish]\nto = []" in text  # written with the defaults, for the host to fill in
    (show / "show.toml").write_text(text.replace("to = []", f'to = ["folder:{www}"]'))
    publish_show(show)
    old_feed = (www / "feed.xml").read_bytes()

    write_episode_folder(show, make_episode("2026-02-09", "Widgets: Third Day"), freq=880)
    cancel = CancelToken()

    def stop_after_first_copy(fraction: float, message: str) -> None:
        if message.startswith("copying "):
            cancel.cancel()

    with pytest.raises(Cancelled):
        publish_show(show, progress=stop_after_first_copy, cancel=cancel)
    assert (www / "feed.xml").read_bytes() == old_feed

    # A publish killed mid-copy leaves a temporary file; the next one sweeps it away.
    stale = www / "episodes" / DATES[0] / ".episode.mp3.k1ll3d.tmp"
    stale.write_bytes(b"half an mp3")
    publish_show(show)
    assert not stale.exists() and (www / "episodes" / "2026-02-09" / "episode.mp3").is_file()
    assert not list(www.rglob("*.tmp"))


def _cli(capsys, *args: str) -> tuple[int, str]:
    code = main(["publish", "-q", *args])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("target", "words"), [
    ("ftp://host/show", "unknown publish target 'ftp'"),
    ("folder:", "names no folder"),
    ("/srv/www/show", "unknown publish target"),
])
def test_bad_targets_are_one_line_and_write_nothing(tmp_path, tmp_path_factory, capsys,
                                                    target, words):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    code, err = _cli(capsys, "--show-dir", str(show), "--to", target)
    assert code != 0 and err.count("\n") == 1 and words in err and "Traceback" not in err
    assert not (show / "feed.xml").exists()


def test_the_show_folder_or_a_file_is_not_a_target(tmp_path, tmp_path_factory, capsys):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    code, err = _cli(capsys, "--show-dir", str(show), "--to", f"folder:{show}")
    assert code != 0 and "is the show folder itself" in err and err.count("\n") == 1
    (tmp_path / "afile").write_text("x")
    code, err = _cli(capsys, "--show-dir", str(show), "--to", f"folder:{tmp_path / 'afile'}")
    assert code != 0 and "is not a folder" in err and err.count("\n") == 1


def test_dry_run_lists_and_copies_nothing(tmp_path, tmp_path_factory, capsys):
    show = show_copy(tmp_path_factory, tmp_path / "show", DATES)
    code = main(["publish", "--show-dir", str(show), "--base-url", BASE, "--dry-run",
                 "--to", f"folder:{tmp_path / 'www'}", "-q"])
    out = capsys.readouterr().out
    assert code == 0 and f"folder:{tmp_path / 'www'} would get 15 files" in out
    assert out.strip().endswith("feed.xml") and not (tmp_path / "www").exists()
