"""A publish reads only regular files inside the show folder, as their export wrote them: a
``cover.png`` or ``transcript.vtt`` linked to a file elsewhere is refused with one line, and
so is an episode file whose sha256 is not the one episode.json recorded (issue 27).

The show is made by the real ``studio produce``; each case runs the real ``studio publish
--to folder:`` in a child and looks for the secret's bytes in everything it could have
written.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from audio_helpers import episode_mp3
from github_history import pytorch_history

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 2, 9)
SECRET = b"-----BEGIN OPENSSH PRIVATE KEY----- not for the web\n"


def studio(args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
               HOME=str(tmp / "home"), XDG_CACHE_HOME=str(tmp / "xdg"))
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, cwd=tmp, timeout=300)


@pytest.fixture(scope="module")
def produced(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("links")
    history = pytorch_history(tmp / "pt.git", DAY, count=2)
    show = tmp / "show"
    made = studio(["produce", "--git", str(history.path), "--date", DAY.isoformat(),
                   "--show-dir", str(show), "-q", "--no-sting"], tmp)
    assert made.returncode == 0, made.stderr
    return show


@pytest.fixture
def case(produced, tmp_path):
    show = tmp_path / "show"
    shutil.copytree(produced, show, symlinks=True)
    secret = tmp_path / "private" / "id_ed25519"
    secret.parent.mkdir()
    secret.write_bytes(SECRET)
    secret.chmod(0o600)
    return show, secret, tmp_path / "www"


def _named(show: Path, name: str) -> str:
    """``name``, or for "MP3" the episode's MP3 (named after its show and day)."""
    return episode_mp3(show / "episodes" / DAY.isoformat()).name if name == "MP3" else name


def publish(show: Path, www: Path, tmp: Path) -> subprocess.CompletedProcess[str]:
    return studio(["publish", "--show-dir", str(show), "-q", "--to", f"folder:{www}"], tmp)


def leaked(*folders: Path) -> list[str]:
    """The files under ``folders`` that hold the secret's bytes (links not followed)."""
    found = []
    for folder in folders:
        for path in folder.rglob("*") if folder.exists() else []:
            if path.is_file() and not path.is_symlink() and SECRET in path.read_bytes():
                found.append(str(path))
    return found


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 1, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("studio: error: ") and "Traceback" not in line
    return line


def test_a_cover_linked_out_of_the_show_folder_is_not_published(case, tmp_path):
    show, secret, www = case
    (show / "cover.png").unlink(missing_ok=True)
    (show / "cover.png").symlink_to(secret)
    feed = (show / "feed.xml").read_bytes()
    line = one_line(publish(show, www, tmp_path))
    assert f"{show / 'cover.png'} is a link out of the show folder" in line, line
    assert leaked(www, show) == []
    assert not (www / "cover.png").exists()
    assert (show / "feed.xml").read_bytes() == feed  # refused before anything was written


@pytest.mark.parametrize("name", ["transcript.vtt", "chapters.json", "MP3"])
def test_an_episode_file_linked_out_of_the_show_folder_is_not_published(case, tmp_path, name):
    show, secret, www = case
    name = _named(show, name)
    target = show / "episodes" / DAY.isoformat() / name
    target.unlink()
    target.symlink_to(secret)
    line = one_line(publish(show, www, tmp_path))
    assert f"{target} is a link out of the show folder" in line, line
    assert leaked(www, show) == []
    assert not (www / "episodes" / DAY.isoformat() / name).exists()


def test_a_link_that_stays_in_the_show_folder_is_published(case, tmp_path):
    show, _secret, www = case
    art = show / "art"
    art.mkdir()
    png = b"\x89PNG\r\n\x1a\n" + b"\0" * 64
    (art / "cover.png").write_bytes(png)
    (show / "cover.png").unlink(missing_ok=True)
    (show / "cover.png").symlink_to(Path("art") / "cover.png")
    done = publish(show, www, tmp_path)
    assert done.returncode == 0, done.stderr
    assert (www / "cover.png").read_bytes() == png


@pytest.mark.parametrize("name", ["transcript.vtt", "MP3"])
def test_an_episode_file_changed_since_its_export_is_refused(case, tmp_path, name):
    show, _secret, www = case
    name = _named(show, name)
    path = show / "episodes" / DAY.isoformat() / name
    path.write_bytes(path.read_bytes() + b"\nNOTE planted after the export\n")
    line = one_line(publish(show, www, tmp_path))
    assert f"{name} is not the file its export wrote" in line, line
    assert "episode.json" in line
    assert not (www / "episodes" / DAY.isoformat() / name).exists()


def test_a_fifo_in_place_of_a_transcript_is_refused_without_hanging(case, tmp_path):
    show, _secret, www = case
    path = show / "episodes" / DAY.isoformat() / "transcript.srt"
    path.unlink()
    os.mkfifo(path)
    done = publish(show, www, tmp_path)
    assert done.returncode == 1, done.stderr
    line = one_line(done)
    assert f"{path} is not a regular file" in line, line
