"""GitHub days find an old reland's revert too: one more commit listing over the 90 days
before the window (studio.sources.reland_depth), only on a day with an unpaired reland, and
the same look-back commits as the git source walks. Served by the local GitHub-API server."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from github_history import repo_data
from github_server import GitHubApiServer
from gitrepo import PT_BOT, RepoBuilder, at, pt_landed, pt_revert

from studio.digest.build import build_digest
from studio.profile import profile_for
from studio.sources.github.auth import Token
from studio.sources.github.pull import pull_github
from studio.sources.gitlocal import pull_git

TOKEN = "ghp_relandTOKEN0123456789abcdefABCDEF01"
BOT = {"committer": PT_BOT[0], "committer_email": PT_BOT[1]}
TITLE = "Preserve mutable buffer inputs during prepare"
REPO = "pytorch/ao"
DAY = dt.date(2026, 7, 17)


def _history(path: Path, reland_title: str) -> tuple[Path, str, str]:
    with RepoBuilder(path, bare=True) as r:
        r.commit("Initial\n", at("2026-03-01"), files={"README.md": "x\n"})
        r.commit(pt_landed("Older work", 4400), at("2026-05-20"), files={"torchao/o.py": "o\n"},
                 **BOT)
        original = r.commit(pt_landed(TITLE, 4466, body="Buffers mutated in forward were dropped."),
                            at("2026-06-12"), author="Måns Nilsson", email="mans@example.com",
                            files={"torchao/prepare.py": "a\n" * 50}, **BOT)
        revert = r.commit(pt_revert(TITLE, 4466, original, "liangel-02", "it broke the export test",
                                    repo=REPO),
                          at("2026-06-24"), author="PyTorch MergeBot", email=PT_BOT[1],
                          files={"torchao/prepare.py": "\n"}, **BOT)
        for n in range(30):  # ordinary work in between
            r.commit(pt_landed(f"Tidy module {n}", 4500 + n, repo=REPO),
                     at("2026-06-25") + dt.timedelta(hours=n), files={f"torchao/m{n}.py": "y\n"},
                     **BOT)
        r.commit(pt_landed(reland_title, 4600, body="Second try, with the export test fixed.",
                           repo=REPO),
                 at("2026-07-17"), author="Tom Allsop", email="tom@example.com",
                 files={"torchao/prepare.py": "b\n" * 50}, **BOT)
    return path, original, revert


class _Hist:
    def __init__(self, path: Path) -> None:
        self.path, self.branch = path, "main"


def _pull(path: Path, tmp: Path):
    with GitHubApiServer(token=TOKEN) as server:
        server.add_repo(repo_data(_Hist(path), REPO, server.api_url, merged=False))
        day = pull_github(REPO, DAY, api_url=server.api_url, token=Token(TOKEN, "test"),
                          cache_dir=tmp / "cache")
        return day, server.count()


def test_an_old_revert_is_found_with_one_more_listing(tmp_path):
    path, original, revert = _history(tmp_path / "repo.git", f"[reland] {TITLE}")
    day, requests = _pull(path, tmp_path)
    assert {c.sha for c in day.lookback} >= {revert, original}
    git = pull_git(path, DAY)
    assert [c.sha for c in day.lookback] == [c.sha for c in git.lookback]
    assert requests == 4  # repository, the window's listing, the older listing, one GraphQL
    (reland,) = build_digest(day, profile_for(REPO)).relands
    assert reland.revert_sha == revert and reland.revert_date.startswith("2026-06-24")
    assert reland.original_sha == original and reland.author == "Tom Allsop"


def test_a_day_without_a_reland_lists_nothing_more(tmp_path):
    path, original, revert = _history(tmp_path / "repo.git", f"Something else about {TITLE}")
    day, requests = _pull(path, tmp_path)
    assert not {revert, original} & {c.sha for c in day.lookback}
    assert requests == 3
