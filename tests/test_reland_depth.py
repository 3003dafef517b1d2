"""A reland whose revert is older than the look-back window still tells its arc: the source
walks further back once for it (studio.sources.reland_depth). Real repositories, built."""

from __future__ import annotations

import datetime as dt

from gitrepo import PT_BOT, RepoBuilder, at, pt_landed, pt_revert

from studio.digest.build import build_digest
from studio.profile import profile_for
from studio.sources.gitlocal import pull_git

BOT = {"committer": PT_BOT[0], "committer_email": PT_BOT[1]}
TITLE = "Preserve mutable buffer inputs during prepare"


def _history(path, reland_title: str, reverted_on: str = "2026-06-24"):
    with RepoBuilder(path) as r:
        r.commit("Initial\n", at("2026-05-01"), files={"README.md": "x\n"})
        original = r.commit(pt_landed(TITLE, 4466, body="Buffers mutated in forward were dropped."),
                            at("2026-06-12"), author="Måns Nilsson", email="mans@example.com",
                            files={"torchao/prepare.py": "a\n" * 50}, **BOT)
        revert = r.commit(pt_revert(TITLE, 4466, original, "liangel-02", "it broke the export test"),
                          at(reverted_on), author="PyTorch MergeBot", email=PT_BOT[1],
                          files={"torchao/prepare.py": "\n"}, **BOT)
        for n in range(30):  # ordinary work in between
            r.commit(pt_landed(f"Tidy module {n}", 4500 + n), at("2026-06-25") + dt.timedelta(hours=n),
                     files={f"torchao/m{n}.py": "y\n"}, **BOT)
        r.commit(pt_landed(reland_title, 4600, body="Second try, with the export test fixed."),
                 at("2026-07-17"), author="Tom Allsop", email="tom@example.com",
                 files={"torchao/prepare.py": "b\n" * 50}, **BOT)
    return path, original, revert


def test_a_reland_three_weeks_after_its_revert_names_that_revert(tmp_path):
    path, original, revert = _history(tmp_path / "repo", f"[reland] {TITLE}")
    day = pull_git(path, dt.date(2026, 7, 17))  # the default 14-day window ends July 3rd
    assert {c.sha for c in day.lookback} >= {revert, original}
    digest = build_digest(day, profile_for("pytorch/ao"))
    (reland,) = digest.relands
    assert reland.revert_sha == revert and reland.revert_date.startswith("2026-06-24")
    assert reland.original_sha == original and reland.author == "Tom Allsop"


def test_a_day_without_a_reland_walks_no_further(tmp_path):
    path, original, revert = _history(tmp_path / "repo", f"Something else about {TITLE}")
    day = pull_git(path, dt.date(2026, 7, 17))
    assert not {revert, original} & {c.sha for c in day.lookback}
    assert build_digest(day, profile_for("pytorch/ao")).relands == []
