"""`studio produce ... --publish` as a cron job runs it: one run per show folder at a time,
re-runs of a produced day correct it without duplicating anything, failures are one line.

A run is held mid-pull by the local GitHub stand-in (a request gate), so "the other run is
still writing" is a fact of the test, not a race it hopes to win.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import feedparser
import pytest
from audio_helpers import episode_mp3
from github_history import Planned, pytorch_history, repo_data
from github_server import Fault, Gate, GitHubApiServer

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 2, 9)


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    return pytorch_history(tmp_path_factory.mktemp("hist") / "pt.git", DAY, count=6)


@pytest.fixture
def server(history):
    with GitHubApiServer() as srv:
        srv.add_repo(repo_data(history, "pytorch/pytorch", srv.api_url, merged=False))
        yield srv


def _env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_TOKEN", "GH_TOKEN")}
    env.update(PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
               HOME=str(tmp / "home"), XDG_CACHE_HOME=str(tmp / "xdg"),
               GH_CONFIG_DIR=str(tmp / "gh"), PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    return env


def produce_args(show: Path, source: list[str], *extra: str) -> list[str]:
    return [sys.executable, "-m", "studio", "produce", *source, "--date", DAY.isoformat(),
            "--show-dir", str(show), "-q", *extra]


def github(server: GitHubApiServer) -> list[str]:
    return ["--github", "pytorch/pytorch", "--api-url", server.api_url]


def local(history) -> list[str]:
    return ["--git", str(history.path)]


def start(args: list[str], tmp: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env(tmp), cwd=tmp)


def run(args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, env=_env(tmp), cwd=tmp,
                          timeout=300)


def snapshot(show: Path) -> dict[str, bytes]:
    return {str(p.relative_to(show)): p.read_bytes() for p in sorted(show.rglob("*"))
            if p.is_file()}


def leftovers(show: Path) -> list[str]:
    """Temporary files a write in progress leaves: none may survive a run."""
    return [str(p) for p in show.rglob("*") if p.name.endswith((".tmp", ".part"))]


def held_run(server: GitHubApiServer, show: Path, tmp: Path) -> tuple[subprocess.Popen, Gate]:
    """A produce run that has taken the show's lock and is stalled inside its pull."""
    gate = Gate("/commits")
    server.gates.append(gate)
    proc = start(produce_args(show, github(server)), tmp)
    assert gate.arrived.wait(60), "the first run never reached GitHub"
    return proc, gate


def test_a_second_run_is_refused_while_the_first_writes_the_show(server, history, tmp_path):
    show = tmp_path / "show"
    first, gate = held_run(server, show, tmp_path)
    try:
        before = snapshot(show)
        second = run(produce_args(show, local(history)), tmp_path)
        assert second.returncode == 75, second.stderr
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("studio: error: show folder"), lines
        assert "in use by another studio run" in lines[0] and f"pid {first.pid}" in lines[0]
        assert "--lock-wait" in lines[0]
        assert snapshot(show) == before  # the refused run wrote nothing
    finally:
        gate.release.set()
    assert first.wait(120) == 0, first.stderr.read()
    folder = show / "episodes" / DAY.isoformat()
    assert json.loads((folder / "day.json").read_text())["source"] == "github"
    again = run(produce_args(show, local(history)), tmp_path)  # the show is free again
    assert again.returncode == 0, again.stderr
    assert json.loads((folder / "day.json").read_text())["source"] == "git"
    assert leftovers(show) == []


def test_a_waiting_run_goes_once_the_first_has_finished(server, history, tmp_path):
    show = tmp_path / "show"
    first, gate = held_run(server, show, tmp_path)
    second = start(produce_args(show, local(history), "--lock-wait", "120"), tmp_path)
    try:
        time.sleep(1.5)
        assert second.poll() is None, second.stderr.read()  # still waiting for the lock
        assert not (show / "episodes" / DAY.isoformat() / "day.json").exists()
    finally:
        gate.release.set()
    assert first.wait(120) == 0, first.stderr.read()
    assert second.wait(120) == 0, second.stderr.read()
    day = json.loads((show / "episodes" / DAY.isoformat() / "day.json").read_text())
    assert day["source"] == "git" and len(day["commits"]) == 6  # the later run's, whole
    json.loads((show / "episodes" / DAY.isoformat() / "episode.json").read_text())
    assert leftovers(show) == []


def test_a_killed_run_leaves_no_stale_lock(server, history, tmp_path):
    show = tmp_path / "show"
    first, gate = held_run(server, show, tmp_path)
    first.kill()  # as cron's timeout or the OOM killer would
    first.wait(30)
    gate.release.set()
    started = time.monotonic()
    result = run(produce_args(show, local(history)), tmp_path)
    assert result.returncode == 0, result.stderr
    assert time.monotonic() - started < 60
    assert not (show / ".studio.lock").exists()  # the lock is the folder's: no file to go stale


def test_two_runs_started_together_leave_one_whole_episode(history, tmp_path):
    show = tmp_path / "show"
    procs = [start(produce_args(show, local(history), "--lock-wait", "300"), tmp_path)
             for _ in range(2)]
    for proc in procs:
        assert proc.wait(300) == 0, proc.stderr.read()
    episodes = list((show / "episodes").iterdir())
    assert [p.name for p in episodes] == [DAY.isoformat()]
    assert json.loads((episodes[0] / "episode.json").read_text())["stats"]["commits"] == 6
    assert leftovers(show) == []


def _items(show: Path) -> list:
    feed = feedparser.parse((show / "feed.xml").read_bytes())
    assert not feed.bozo, feed.bozo_exception
    return feed.entries


def test_rerunning_a_published_day_corrects_it_and_duplicates_nothing(tmp_path_factory, tmp_path):
    hist = pytorch_history(tmp_path_factory.mktemp("rerun") / "pt.git", DAY, count=4)
    show = tmp_path / "show"
    folder = show / "episodes" / DAY.isoformat()
    result = run(produce_args(show, local(hist), "--publish"), tmp_path)
    assert result.returncode == 0, result.stderr
    assert "published 2026-02-09" in result.stdout and episode_mp3(folder).is_file()
    [item] = _items(show)
    guid, published = item.id, item.published

    again = run(produce_args(show, local(hist), "--publish"), tmp_path)
    assert again.returncode == 0, again.stderr
    [same] = _items(show)
    assert (same.id, same.published, same.title) == (guid, published, item.title)

    # A late commit on the same day: the re-run tells it, in the same feed item.
    hist.add(Planned(title="[MPS] Late fix for the day (#3999)", body="Fixes things.",
                     author=("Dana Late", "dana@example.com"),
                     committer=("PyTorch MergeBot", "pytorchmergebot@users.noreply.github.com"),
                     when=dt.datetime.combine(DAY, dt.time(23, 50), tzinfo=dt.UTC), pr=3999,
                     files={"aten/mps.mm": "fixed\n"}))
    hist.write()
    corrected = run(produce_args(show, local(hist), "--publish"), tmp_path)
    assert corrected.returncode == 0, corrected.stderr
    assert json.loads((folder / "episode.json").read_text())["stats"]["commits"] == 5
    [fixed] = _items(show)
    assert (fixed.id, fixed.published) == (guid, published)
    episode = json.loads((folder / "episode.json").read_text())
    used = {Path(s["take"]["path"]).name for s in episode["segments"] if s.get("take")}
    assert {p.name for p in (folder / "takes").iterdir()} == used  # no takes of the old script
    assert [p.name for p in (show / "episodes").iterdir()] == [DAY.isoformat()]
    assert leftovers(show) == []


def test_a_failed_run_is_one_line_and_keeps_the_produced_day(server, history, tmp_path):
    show = tmp_path / "show"
    assert run(produce_args(show, local(history)), tmp_path).returncode == 0
    before = snapshot(show)
    server.add_fault(Fault("/repos/pytorch/pytorch", status=404, times=50))
    failed = run(produce_args(show, github(server), "--max-wait", "0"), tmp_path)
    assert failed.returncode == 1
    lines = failed.stderr.strip().splitlines()
    assert len(lines) == 1, failed.stderr
    assert lines[0].startswith("studio: error: produce 2026-02-09 of pytorch/pytorch failed: ")
    assert "Traceback" not in failed.stderr
    assert snapshot(show) == before
