"""Published files get the umask's normal mode, private ones stay 0600 (fsutil's rule).

A self-hosted show is served straight from its folder: a feed.xml written 0600 is a 403 for
the web server. Each case runs the real ``studio produce`` and ``studio publish`` in a child
whose umask is set before it starts, as a cron line or a shell would.
"""

from __future__ import annotations

import datetime as dt
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from audio_helpers import episode_mp3
from github_history import pytorch_history

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 2, 9)
PUBLISHED = ["feed.xml", "index.html", "style.css", "cover.png",
             "episodes/2026-02-09/index.html",
             "episodes/2026-02-09/transcript.vtt", "episodes/2026-02-09/transcript.srt",
             "episodes/2026-02-09/chapters.json"]
PRIVATE = ["show.toml", "published.json", "episodes/2026-02-09/day.json",
           "episodes/2026-02-09/episode.json"]


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    return pytorch_history(tmp_path_factory.mktemp("modes") / "pt.git", DAY, count=3)


def studio(args: list[str], tmp: Path, umask: int) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
               HOME=str(tmp / "home"), XDG_CACHE_HOME=str(tmp / "xdg"))
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, cwd=tmp, timeout=300,
                          preexec_fn=lambda: os.umask(umask))


def modes(show: Path, names: list[str]) -> dict[str, str]:
    return {name: oct(stat.S_IMODE((show / name).stat().st_mode)) for name in names}


@pytest.mark.parametrize("umask", [0o022, 0o027], ids=["umask022", "umask027"])
def test_published_files_get_the_umask_mode_and_private_ones_stay_private(history, tmp_path,
                                                                           umask):
    show = tmp_path / "show"
    made = studio(["produce", "--git", str(history.path), "--date", DAY.isoformat(),
                   "--show-dir", str(show), "-q", "--no-sting"], tmp_path, umask)
    assert made.returncode == 0, made.stderr
    mp3 = episode_mp3(show / "episodes" / DAY.isoformat())
    assert mp3.name.endswith(f"-{DAY}.mp3")  # named after the show and the day
    published = [*PUBLISHED, mp3.relative_to(show).as_posix()]
    public = oct(0o666 & ~umask)
    assert modes(show, published) == dict.fromkeys(published, public)
    assert modes(show, PRIVATE) == dict.fromkeys(PRIVATE, oct(0o600))

    # A site an older studio published 0600: the next publish makes it readable, even
    # where the bytes did not change.
    for name in ("feed.xml", "index.html", "style.css"):
        os.chmod(show / name, 0o600)
    again = studio(["publish", "--show-dir", str(show), "-q"], tmp_path, umask)
    assert again.returncode == 0, again.stderr
    assert modes(show, published) == dict.fromkeys(published, public)
    assert modes(show, PRIVATE) == dict.fromkeys(PRIVATE, oct(0o600))
