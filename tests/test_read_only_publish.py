"""A read-only show folder publishes to another folder (issue 27, item 11).

The show is on a real tmpfs remounted read-only (as root, permissions alone would not stop
a write). `studio publish --to folder:` sends a site that includes an episode the show's own
feed does not list yet, writes nothing in the show, still holds the show lock (a run holding
it makes this one exit 75) and refuses, in one line, an export a killed run left unfinished.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from crash_kit import NoMount, tmpfs
from show_fixtures import build_show, make_episode, write_episode_folder

ROOT = Path(__file__).resolve().parent.parent
DATES = ["2026-02-07", "2026-02-08"]


def studio(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
               HOME=str(tmp / "home"), PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, cwd=tmp, timeout=300)


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def read_only_show(tmp_path):
    try:
        with tmpfs(tmp_path / "disk", "32m") as disk:
            show = build_show(disk / "show", DATES)
            done = studio(tmp_path, "publish", "--show-dir", str(show), "--base-url",
                          "https://example.org/widgets/", "-q")
            assert done.returncode == 0, done.stderr
            # a third day exported after that publish: not in the show's own feed yet
            write_episode_folder(show, make_episode("2026-02-09", "Widgets: Quiet Monday"))
            yield show, disk
            subprocess.run(["mount", "-o", "remount,rw", str(disk)], capture_output=True)
    except NoMount as exc:
        pytest.skip(f"cannot mount a tmpfs here: {exc}")


def remount_ro(disk: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)


def test_a_read_only_show_publishes_to_another_folder(read_only_show, tmp_path):
    show, disk = read_only_show
    remount_ro(disk)
    before = snapshot(show)
    www = tmp_path / "www"
    done = studio(tmp_path, "publish", "--show-dir", str(show), "--to", f"folder:{www}", "-q")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert snapshot(show) == before  # nothing written in the show
    items = ET.parse(www / "feed.xml").getroot().findall("./channel/item")
    assert len(items) == 3
    for item in items:
        enclosure = item.find("enclosure")
        path = www / urlsplit(enclosure.get("url")).path.split("/widgets/", 1)[1]
        assert path.stat().st_size == int(enclosure.get("length"))
    assert (www / "episodes" / "2026-02-09" / "index.html").is_file()
    again = studio(tmp_path, "publish", "--show-dir", str(show), "--to", f"folder:{www}")
    assert again.returncode == 0, again.stderr
    assert snapshot(show) == before

    fd = os.open(show, os.O_RDONLY | os.O_DIRECTORY)  # another run holds the show
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        busy = studio(tmp_path, "publish", "--show-dir", str(show), "--to", f"folder:{www}")
    finally:
        os.close(fd)
    assert busy.returncode == 75, busy.stderr


def test_an_unfinished_export_in_a_read_only_show_is_refused_in_one_line(read_only_show,
                                                                          tmp_path):
    show, disk = read_only_show
    (show / "episodes" / DATES[1] / ".export-journal.json").write_text("{}", encoding="utf-8")
    remount_ro(disk)
    www = tmp_path / "www"
    done = studio(tmp_path, "publish", "--show-dir", str(show), "--to", f"folder:{www}")
    lines = [ln for ln in done.stderr.splitlines() if ln.startswith("studio:")]
    assert done.returncode == 1 and len(lines) == 1, done.stderr
    assert "interrupted export" in lines[0] and DATES[1] in lines[0]
    assert not (www / "feed.xml").exists()


def test_a_read_only_show_with_nowhere_to_publish_says_so(read_only_show, tmp_path):
    show, disk = read_only_show
    remount_ro(disk)
    done = studio(tmp_path, "publish", "--show-dir", str(show))
    assert done.returncode == 1 and "read-only" in done.stderr and "--to" in done.stderr
    assert "Traceback" not in done.stderr
