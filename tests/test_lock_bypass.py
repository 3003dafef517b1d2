"""The show lock cannot be gone around: through a symlink to an episode folder, `take import`,
`render` and `script` are refused (exit 75, one line) while a `produce` writes the show, and
deleting a `.studio.lock` file mid-run frees nothing. Through the real `studio` command, with
the running produce held mid-pull by the local GitHub stand-in (so "still running" is a fact
of the test, not a race)."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from audio_helpers import tone_file
from github_history import pytorch_history, repo_data
from github_server import Gate, GitHubApiServer

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 2, 9)


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    return pytorch_history(tmp_path_factory.mktemp("hist") / "pt.git", DAY, count=4)


def env(tmp: Path) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "GH_TOKEN")}
    out.update(PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"), HOME=str(tmp / "home"),
               PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    return out


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "studio", *args]


def studio(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command(*args), capture_output=True, text=True, env=env(tmp),
                          timeout=300, cwd=tmp)


def refused(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 75, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "is in use by another studio run" in lines[0], result.stderr
    assert "studio produce" in lines[0], lines[0]  # the holder, from /proc/locks


@pytest.fixture
def held(history, tmp_path):
    """(show, episode folder): the show produced once, and a second produce of it holding
    the lock, stalled in its pull until the test ends."""
    show = tmp_path / "show"
    first = studio(tmp_path, "produce", "--git", str(history.path), "--date", DAY.isoformat(),
                   "--show-dir", str(show), "-q")
    assert first.returncode == 0, first.stderr
    with GitHubApiServer() as server:
        server.add_repo(repo_data(history, "pytorch/pytorch", server.api_url, merged=False))
        gate = Gate("/commits")
        server.gates.append(gate)
        running = subprocess.Popen(
            command("produce", "--github", "pytorch/pytorch", "--api-url", server.api_url,
                    "--date", DAY.isoformat(), "--show-dir", str(show), "-q"),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(tmp_path),
            cwd=tmp_path)
        try:
            assert gate.arrived.wait(60), "the running produce never reached GitHub"
            yield show, show / "episodes" / DAY.isoformat()
            assert running.poll() is None, "the produce ended before the test was done"
        finally:
            gate.release.set()
            _, err = running.communicate(timeout=120)
        assert running.returncode == 0, err


def test_a_symlinked_episode_folder_is_locked_with_its_show(held, tmp_path):
    show, folder = held
    link = tmp_path / "link-to-episode"
    link.symlink_to(folder, target_is_directory=True)
    before = (folder / "episode.json").read_bytes()
    takes = sorted(p.name for p in (folder / "takes").iterdir())
    voice = tone_file(tmp_path / "voice.wav", seconds=1.0)
    refused(studio(tmp_path, "take", "import", str(link), "--segment", "sign-off", str(voice)))
    refused(studio(tmp_path, "render", str(link), "-q"))
    refused(studio(tmp_path, "script", str(link / "day.json"), "-o", str(link)))
    assert (folder / "episode.json").read_bytes() == before
    assert sorted(p.name for p in (folder / "takes").iterdir()) == takes
    # and a link to the show folder itself
    show_link = tmp_path / "link-to-show"
    show_link.symlink_to(show, target_is_directory=True)
    refused(studio(tmp_path, "publish", "--show-dir", str(show_link), "-q"))


def test_deleting_a_lock_file_frees_nothing(held, history, tmp_path):
    show, folder = held
    for stale in show.glob(".studio.lock"):
        stale.unlink()  # what earlier versions locked: deleting it let a second run in
    before = (folder / "episode.json").read_bytes()
    refused(studio(tmp_path, "produce", "--git", str(history.path), "--date", DAY.isoformat(),
                   "--show-dir", str(show), "-q"))
    assert (folder / "episode.json").read_bytes() == before
    assert json.loads(before)["date"] == DAY.isoformat()
