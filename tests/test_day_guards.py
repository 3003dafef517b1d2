"""Days that used to come out wrong with exit 0: a shallow clone's cut history, a look-back
reaching before 1970, a date in the future. Through the real `studio` command."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from gitrepo import RepoBuilder, at

ROOT = Path(__file__).resolve().parent.parent
DAY = "2026-02-09"


def studio(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def one_line_error(result: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert result.returncode != 0, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("studio: error: "), result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    """Two commits in January, one on each of the four days before DAY, three on DAY."""
    path = tmp_path_factory.mktemp("guards") / "widgets"
    with RepoBuilder(path) as r:
        r.commit("Start", at("2026-01-10", 9))
        r.commit("Older work", at("2026-01-22", 9))
        for day in range(5, 9):
            r.commit(f"Earlier work on the 0{day}th", at(f"2026-02-0{day}", 10))
        for hour in (8, 12, 16):
            r.commit(f"Day work at {hour}", at(DAY, hour))
    return path


def pulled(repo: Path, out: Path, *extra: str) -> dict:
    r = studio("pull", "--git", str(repo), "--date", DAY, "-o", str(out), *extra)
    assert r.returncode == 0, r.stderr
    return json.loads(out.read_text())


@pytest.mark.parametrize("days", ["19500", "30000", "36500"])  # 36500: the most allowed
def test_a_look_back_reaching_the_1970s_keeps_the_day(repo, tmp_path, days):
    # 19500 days reach 1972: git misread `--since=@N` below 100000000 and found nothing;
    # 30000 reach before 1970. Both gave a day of 0 commits with exit 0.
    data = pulled(repo, tmp_path / "day.json", "--lookback-days", days)
    assert len(data["commits"]) == 3
    assert data["lookback_total"] == 6


def test_a_date_in_the_future_is_refused(repo, tmp_path):
    out = tmp_path / "day.json"
    one_line_error(studio("pull", "--git", str(repo), "--date", "2999-01-01", "-o", str(out)),
                   "2999-01-01 is in the future")
    tomorrow = (dt.datetime.now(dt.UTC).date() + dt.timedelta(days=2)).isoformat()
    show = tmp_path / "show"
    one_line_error(studio("produce", "--git", str(repo), "--date", tomorrow, "--show-dir",
                          str(show), "-q"), "is in the future")
    one_line_error(studio("pull", "--git", str(repo), "--date", "1969-12-30", "-o", str(out)),
                   "before 1970")
    assert not out.exists() and not (show / "episodes").exists()


def _shallow_clone(repo: Path, into: Path, *how: str) -> Path:
    subprocess.run(["git", "clone", "-q", "--no-local", *how, f"file://{repo}", str(into)],
                   check=True, capture_output=True)
    assert (into / ".git" / "shallow").is_file()
    return into


def test_a_shallow_clone_cutting_into_the_day_is_refused_with_how_to_deepen(repo, tmp_path):
    clone = _shallow_clone(repo, tmp_path / "ci", "--depth", "2")
    line = one_line_error(studio("pull", "--git", str(clone), "--date", DAY, "-o",
                                 str(tmp_path / "day.json")), "shallow clone")
    assert f"git -C {clone} fetch --shallow-since=2026-01-26" in line and "--unshallow" in line
    assert not (tmp_path / "day.json").exists()


def test_a_shallow_clone_cutting_the_look_back_warns(repo, tmp_path):
    clone = _shallow_clone(repo, tmp_path / "ci", "--shallow-since=2026-02-07")
    r = studio("pull", "--git", str(clone), "--date", DAY, "-o", str(tmp_path / "day.json"))
    assert r.returncode == 0, r.stderr
    assert "shallow clone" in r.stderr and "look-back" in r.stderr and "--unshallow" in r.stderr
    assert len(json.loads((tmp_path / "day.json").read_text())["commits"]) == 3
    # deep enough for the whole window: no word
    deep = _shallow_clone(repo, tmp_path / "deep", "--shallow-since=2026-01-20")
    r = studio("pull", "--git", str(deep), "--date", DAY, "-o", str(tmp_path / "d2.json"))
    assert r.returncode == 0 and "shallow" not in r.stderr, r.stderr
