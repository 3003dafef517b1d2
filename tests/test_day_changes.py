"""Per-file sizes and pull-request bodies in the day file: the model and the git source."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from gitrepo import RepoBuilder, at, squash

from studio.plumbing.errors import StudioError
from studio.sources.gitlocal import pull_git
from studio.sources.model import Commit, Day, FileChange, load_day, save_day

DAY = dt.date(2026, 3, 10)


def _day(commits: list[Commit]) -> Day:
    return Day(repo="o/r", branch="main", date="2026-03-10", tz="UTC", source="git",
               start="2026-03-10T00:00:00+00:00", end="2026-03-11T00:00:00+00:00",
               commits=commits)


def _commit(sha: str, body: str = "", **kw) -> Commit:
    return Commit(sha=sha, title="t", body=body, author_name="A", author_email="a@x",
                  committed_at="2026-03-10T10:00:00+00:00", **kw)


def test_changes_and_pr_body_round_trip_one_commit_a_line(tmp_path):
    changes = [FileChange("torch/ao/moe.py", 2700, 0, "added"),
               FileChange("docs/old.md", 0, 40, "deleted"),
               FileChange("img/logo.png", 0, 0)]
    day = _day([_commit("a" * 40, changes=changes, pr_body="Summary: adds a backend",
                        files=[c.path for c in changes]), _commit("b" * 40)])
    save_day(day, tmp_path / "day.json")
    text = (tmp_path / "day.json").read_text()
    assert [ln for ln in text.splitlines() if ln.startswith('  {"sha"')].__len__() == 2
    back = load_day(tmp_path / "day.json")
    assert back.commits[0].changes == changes
    assert back.commits[0].changes[2].status == "modified"
    assert back.commits[0].pr_body == "Summary: adds a backend"
    assert back.commits[1].changes == [] and back.commits[1].pr_body == ""
    assert back == day


def test_an_old_day_file_without_sizes_still_loads(tmp_path):
    day = _day([_commit("c" * 40, files=["a.py"])])
    data = day.to_dict()
    for c in data["commits"]:
        del c["changes"], c["pr_body"]
    (tmp_path / "old.json").write_text(json.dumps(data))
    back = load_day(tmp_path / "old.json")
    assert back.commits[0].files == ["a.py"] and back.commits[0].changes == []


def test_a_malformed_change_is_refused_by_its_field(tmp_path):
    data = _day([_commit("d" * 40)]).to_dict()
    data["commits"][0]["changes"] = [{"path": "a.py", "added": "many", "deleted": 0}]
    (tmp_path / "bad.json").write_text(json.dumps(data))
    with pytest.raises(StudioError, match=r"commits\[0\]\.changes\[0\]\.added"):
        load_day(tmp_path / "bad.json")


def _sizes(commit: Commit) -> dict[str, tuple[int, int, str]]:
    return {f.path: (f.added, f.deleted, f.status) for f in commit.changes}


def test_git_gives_each_file_its_lines_and_status(tmp_path):
    with RepoBuilder(tmp_path / "r") as r:
        r.commit("Initial\n", at("2026-03-09", 8),
                 files={"lib/core.py": "a\nb\nc\n", "lib/old.py": "x\ny\n",
                        "lib/name.py": "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n",
                        "img/logo.png": b"\x89PNG\x00\x01"})
        r.commit(squash("Add the MoE backend", 7, "Summary: a new backend."),
                 at("2026-03-10", 9),
                 files={"lib/moe.py": "".join(f"line {i}\n" for i in range(300)),
                        "lib/core.py": "a\nB\nc\nd\n", "img/logo.png": b"\x89PNG\x00\x02"},
                 delete=["lib/old.py"], rename={"lib/name.py": "lib/renamed.py"})
    day = pull_git(tmp_path / "r", DAY)
    (c,) = day.commits
    assert _sizes(c) == {
        "lib/moe.py": (300, 0, "added"),
        "lib/core.py": (2, 1, "modified"),
        "img/logo.png": (0, 0, "modified"),  # binary: no line counts
        "lib/old.py": (0, 2, "deleted"),
        "lib/renamed.py": (0, 0, "renamed"),
    }
    assert sorted(c.files) == sorted(_sizes(c))
    assert c.pr_body == ""  # a squash commit's body is its own, not a second copy


def test_a_kept_look_back_commit_has_its_sizes(tmp_path):
    with RepoBuilder(tmp_path / "r") as r:
        orig = r.commit(squash("Speed up the kernel", 3), at("2026-03-05"),
                        files={"k/kernel.py": "a\nb\n"})
        r.commit(squash("Unrelated", 4), at("2026-03-06"))
        r.commit(f'Revert "Speed up the kernel (#3)"\n\nThis reverts commit {orig}.\n',
                 at("2026-03-10", 1), files={}, delete=["k/kernel.py"])
    day = pull_git(tmp_path / "r", DAY)
    assert _sizes(day.commits[0]) == {"k/kernel.py": (0, 2, "deleted")}
    (original,) = day.lookback
    assert _sizes(original) == {"k/kernel.py": (2, 0, "added")}


def test_a_merge_is_sized_against_its_first_parent_and_carries_the_pr_body(tmp_path):
    with RepoBuilder(tmp_path / "r") as r:
        r.commit("Initial\n", at("2026-03-09", 8), files={"lib/a.py": "1\n"})
        r.commit("WIP one\n", at("2026-03-10", 8), "Bob Branch", "bob@example.com",
                 branch="feature", files={"lib/b.py": "1\n2\n3\n"})
        r.commit("Other work on main\n", at("2026-03-10", 8, 30),
                 files={"lib/main_only.py": "m\n" * 50})
        r.commit("WIP two\n", at("2026-03-10", 9), "Bob Branch", "bob@example.com",
                 branch="feature", files={"lib/a.py": "1\n2\n"})
        r.commit("Merge pull request #42 from bob/feature\n\nAdd the widget cache\n\n"
                 "The cache keeps widgets warm between requests.\n",
                 at("2026-03-10", 10), "Maintainer", "m@example.com", merge="feature",
                 files={"lib/a.py": "1\n2\n", "lib/b.py": "1\n2\n3\n"})
    day = pull_git(tmp_path / "r", DAY)
    merge = day.commits[0]
    assert merge.title.startswith("Merge pull request #42")
    assert _sizes(merge) == {"lib/a.py": (1, 0, "modified"), "lib/b.py": (3, 0, "added")}
    assert merge.pr_body == ("Add the widget cache\n\n"
                             "The cache keeps widgets warm between requests.")
    assert _sizes(day.commits[1]) == {"lib/main_only.py": (50, 0, "added")}
    assert day.commits[1].pr_body == ""


def test_a_pr_body_keeps_only_what_the_commit_does_not_say():
    from studio.sources.prs import pr_body_beyond

    landed = _commit("e" * 40, body="Summary: speeds up the loader.\n\nPull Request resolved: "
                     "https://github.com/o/r/pull/5\nApproved by: https://github.com/bob",
                     parents=["1" * 40])
    described = ("Stack from ghstack (oldest at bottom):\r\n* #4\r\n* __->__ #5\r\n\r\n"
                 "Summary: speeds up\r\nthe loader.\r\n\r\ncc @alice @bob")
    assert pr_body_beyond(landed, described) == (
        "Stack from ghstack (oldest at bottom):\n* #4\n* __->__ #5\n\ncc @alice @bob")
    assert pr_body_beyond(landed, "Summary: speeds up the loader.") == ""
    merge = _commit("f" * 40, body="Add the cache", parents=["1" * 40, "2" * 40])
    assert pr_body_beyond(merge, "Add the cache") == "Add the cache"
