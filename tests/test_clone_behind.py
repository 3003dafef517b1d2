"""A clone nobody pulled today never makes an empty episode (issue 25, item 1).

Real repositories in temp dirs: a bare ``origin``, a developer's clone that pushes the day's
work to it, and the host's clone, made before that push, that is behind. The real `studio`
command is run on the host's clone.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 11, 30)  # the day produced: the developer's two commits land on it
EARLIER = dt.date(2026, 11, 27)  # the newest commit the host's clone has


def git(repo: Path, *args: str, when: dt.datetime | None = None) -> str:
    env = dict(os.environ, GIT_AUTHOR_NAME="Dev Eloper", GIT_AUTHOR_EMAIL="dev@example.com",
               GIT_COMMITTER_NAME="Dev Eloper", GIT_COMMITTER_EMAIL="dev@example.com",
               GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")
    if when is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = when.isoformat()
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True, env=env).stdout


def commit(repo: Path, title: str, when: dt.datetime) -> None:
    (repo / "notes.txt").write_text(f"{title}\n", encoding="utf-8")
    git(repo, "add", "notes.txt")
    git(repo, "commit", "-q", "-m", title, when=when)


def at(day: dt.date, hour: int) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, hour, tzinfo=dt.UTC)


@pytest.fixture
def repos(tmp_path: Path) -> tuple[Path, Path, Path]:
    """(origin, dev, host): host cloned before dev pushed DAY's two commits."""
    origin, dev, host = tmp_path / "origin.git", tmp_path / "dev", tmp_path / "host"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(origin)], check=True)
    subprocess.run(["git", "clone", "-q", str(origin), str(dev)], check=True,
                   capture_output=True)
    git(dev, "checkout", "-q", "-b", "main")
    for n in range(3):
        commit(dev, f"Add the parser, part {n + 1} (#{10 + n})", at(EARLIER, 9 + n))
    git(dev, "push", "-q", "origin", "main")
    subprocess.run(["git", "clone", "-q", str(origin), str(host)], check=True)
    commit(dev, "Fix the tokenizer's off-by-one at line ends (#21)", at(DAY, 10))
    commit(dev, "Speed up the lexer by caching keyword lookups (#22)", at(DAY, 15))
    git(dev, "push", "-q", "origin", "main")
    return origin, dev, host


def studio(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDIO_CACHE_DIR=str(tmp / "cache"),
               HOME=str(tmp / "home"), XDG_CACHE_HOME=str(tmp / "xdg"),
               PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring",
               GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, cwd=tmp, timeout=600)


def pull(tmp: Path, host: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return studio(tmp, "pull", "--git", str(host), "--date", DAY.isoformat(),
                  "-o", str(tmp / "day.json"), *extra)


def produce(tmp: Path, host: Path, show: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return studio(tmp, "produce", "--git", str(host), "--date", DAY.isoformat(),
                  "--show-dir", str(show), "-q", *extra)


def last_line(result: subprocess.CompletedProcess[str]) -> str:
    return result.stderr.strip().splitlines()[-1]


def published(show: Path) -> list[Path]:
    return sorted(p for p in show.rglob("*") if p.suffix in (".mp3", ".xml", ".html"))


def test_a_clone_behind_its_fetched_remote_is_refused_in_one_line(repos, tmp_path):
    _, _, host = repos
    git(host, "fetch", "-q")  # origin/main knows the day; the local main does not
    show = tmp_path / "show"
    result = produce(tmp_path, host, show, "--no-fetch")
    assert result.returncode == 1, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert last_line(result) == (
        f"studio: error: produce {DAY} of {host} failed: main is 2 commits behind origin/main: "
        f"run `git -C {host} pull`, or pass --fetch")
    assert published(show) == []


def test_an_unfetched_clone_refuses_a_day_after_its_newest_commit(repos, tmp_path):
    _, _, host = repos
    result = pull(tmp_path, host)
    assert result.returncode == 1
    line = last_line(result)
    assert "the newest commit on main is from 2026-11-27 11:00 UTC" in line, line
    assert "origin/main was not fetched" in line and "pass --fetch" in line, line
    assert not (tmp_path / "day.json").exists()


def test_fetch_reads_the_day_the_remote_has(repos, tmp_path):
    _, _, host = repos
    before = git(host, "rev-parse", "main")
    result = pull(tmp_path, host, "--fetch")
    assert result.returncode == 0, result.stderr
    day = json.loads((tmp_path / "day.json").read_text())
    assert [c["title"] for c in day["commits"]] == [
        "Speed up the lexer by caching keyword lookups (#22)",
        "Fix the tokenizer's off-by-one at line ends (#21)"]
    assert day["branch"] == "main"
    assert "main is 2 commits behind origin/main: read origin/main, fetched now" in result.stderr
    assert git(host, "rev-parse", "main") == before  # the host's own branch is left alone


def test_show_toml_can_turn_the_default_fetch_off(repos, tmp_path):
    _, _, host = repos
    show = tmp_path / "show"
    show.mkdir()
    (show / "show.toml").write_text('title = "Parser Daily"\n\n[source]\nfetch = false\n')
    result = produce(tmp_path, host, show)
    assert result.returncode == 1
    assert "origin/main was not fetched" in last_line(result)
    assert published(show) == []


def test_a_quiet_day_after_a_fetch_is_told_with_the_newest_commits_date(repos, tmp_path):
    _, dev, host = repos
    quiet = DAY + dt.timedelta(days=1)
    result = studio(tmp_path, "pull", "--git", str(host), "--date", quiet.isoformat(),
                    "-o", str(tmp_path / "day.json"), "--fetch")
    assert result.returncode == 0, result.stderr
    assert json.loads((tmp_path / "day.json").read_text())["commits"] == []
    assert "the newest commit on main is from 2026-11-30 15:00 UTC" in result.stderr
    assert "nothing landed after it (origin/main fetched now)" in result.stderr


def test_produce_fetches_by_default_and_tells_the_day(repos, tmp_path):
    """The unattended daily job: no flag, no [source] section: the remote is fetched."""
    _, _, host = repos
    show = tmp_path / "show"
    result = produce(tmp_path, host, show)
    assert result.returncode == 0, result.stderr
    day = json.loads((show / "episodes" / DAY.isoformat() / "day.json").read_text())
    assert len(day["commits"]) == 2
    episode = json.loads((show / "episodes" / DAY.isoformat() / "episode.json").read_text())
    assert "Nothing" not in episode["title"]
    assert 'fetch = true' in (show / "show.toml").read_text()
