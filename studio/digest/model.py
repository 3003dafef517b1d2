"""The Digest: a day's commits read, paired and grouped, ready for a script writer."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..sources.forge import change_url, commit_url
from ..sources.model import FileChange
from .messages import RevertNotice
from .significance import Significance


@dataclass
class CommitInfo:
    sha: str
    title: str  # spoken-ready title: no tags, no PR suffix, no series marker
    raw_title: str
    body: str
    author: str  # display name
    author_login: str
    author_email: str
    committed_at: str
    pr: int | None = None
    files: list[str] = field(default_factory=list)
    co_authors: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    theme: str = "other"
    themes: list[str] = field(default_factory=list)
    series: tuple[int, int | None] | None = None
    ghstack_deps: list[int] = field(default_factory=list)
    is_bot: bool = False
    revert: RevertNotice | None = None
    reland_marker: bool = False
    reland_pr: int | None = None  # the PR its body says it lands again
    pr_title: str = ""
    pr_labels: list[str] = field(default_factory=list)
    in_day: bool = True
    changes: list[FileChange] = field(default_factory=list)
    pr_body: str = ""
    sig: Significance | None = None
    branch_bodies: list[str] = field(default_factory=list)  # a merge's: its branch's commits
    record: str = ""  # the day file's cleaned full text (studio.editorial.record), if it has one
    release_notes: str = ""  # the release notes the commit adds (studio.sources.release_notes)

    @property
    def short(self) -> str:
        return self.sha[:7]

    @property
    def weight(self) -> float:
        """How much of a story this commit is: its significance score (see significance.py),
        housekeeping below everything else."""
        if self.sig is None:
            return 0.0
        return self.sig.score - (1000.0 if self.sig.housekeeping else 0.0)

    @property
    def housekeeping(self) -> bool:
        return self.sig is not None and bool(self.sig.housekeeping)


@dataclass
class RevertStory:
    sha: str  # the revert commit
    reverted_sha: str  # the original, where known
    reverted_title: str  # the original's title, spoken-ready
    reverted_pr: int | None
    original_author: str  # whose work went back ("" when the original is out of the window)
    reverted_by: str  # who asked for the revert (login or name)
    reason: str
    automatic: bool
    same_day: bool  # the original landed the same day
    theme: str = "other"
    original_files: int = 0  # files the revert's own diff touches (the original's when unknown)
    committed_at: str = ""  # when the revert landed
    original_body: str = ""  # what the original said about itself ("" when out of the window)
    original_committed_at: str = ""
    original_pr_body: str = ""
    files: list[str] = field(default_factory=list)  # paths of the revert's own diff


@dataclass
class RelandStory:
    sha: str
    title: str
    pr: int | None
    author: str
    original_sha: str  # the first landing, where known
    revert_sha: str  # the revert it undoes, where known
    how: str  # "revert-of-revert" | "title" | "marker"
    revert_date: str = ""  # when that revert landed (ISO, UTC), where known
    original_date: str = ""  # when the first landing was, where known
    original_author: str = ""  # whose change first landed ("" when unknown)
    reverted_by: str = ""  # who took it out
    reason: str = ""  # why it was taken out, as written ("" when no reason was given)


def told_shas(commits: list[CommitInfo], revert: RevertStory | None,
              reland: RelandStory | None) -> list[str]:
    """The shas a story of ``commits`` tells, with a revert's original and a reland's revert and
    first landing: once each, in that order, unknown ones left out."""
    shas = [c.sha for c in commits]
    if revert is not None:
        shas += [revert.sha, revert.reverted_sha]
    if reland is not None:
        shas += [reland.sha, reland.revert_sha, reland.original_sha]
    return [s for s in dict.fromkeys(shas) if s]


@dataclass
class StackStory:
    kind: str  # "ghstack" | "series" | "run" | "campaign"
    author: str
    commits: list[CommitInfo]
    theme: str
    module: str = ""  # the directory the stack's code shares ("" when it shares none)
    markers: list[str] = field(default_factory=list)  # ghstack, series, follow-up, run
    builds_on: list[int] = field(default_factory=list)  # earlier PRs (look-back) it names as its base

    @property
    def prs(self) -> list[int]:
        return sorted(c.pr for c in self.commits if c.pr is not None)

    @property
    def shas(self) -> list[str]:
        return [c.sha for c in self.commits]

    @property
    def contiguous(self) -> bool:
        prs = self.prs
        return len(prs) == len(self.commits) and prs == list(range(prs[0], prs[0] + len(prs)))


@dataclass
class ThemeGroup:
    group: str  # spoken group name
    theme_names: list[str]  # spoken names of the themes present, most commits first
    commits: list[CommitInfo]
    housekeeping: bool = False


@dataclass
class DayPerson:
    """One of the day's authors (see :mod:`studio.digest.people`)."""

    name: str  # as the script says it
    login: str = ""  # GitHub login, when known
    url: str = ""  # the account's profile page, when known


@dataclass
class DayStats:
    commits: int = 0
    reverts: int = 0
    relands: int = 0
    authors: int = 0
    author_names: list[str] = field(default_factory=list)
    people: list[DayPerson] = field(default_factory=list)  # one per author
    bot_commits: int = 0
    merged_prs: int | None = None
    lookback_commits: int = 0
    lookback_days: int = 14


@dataclass
class Digest:
    repo: str
    repo_url: str
    branch: str
    date: str
    tz: str
    show: str
    commits: list[CommitInfo]
    reverts: list[RevertStory]
    relands: list[RelandStory]
    stacks: list[StackStory]
    groups: list[ThemeGroup]
    stats: DayStats
    theme_names: dict[str, str] = field(default_factory=dict)
    theme_titles: dict[str, str] = field(default_factory=dict)
    earlier: list[CommitInfo] = field(default_factory=list)  # the look-back window's commits

    def url_for(self, commit: CommitInfo) -> str:
        if not self.repo_url:
            return ""
        if commit.pr is not None and commit.revert is None:
            return change_url(self.repo_url, commit.pr)
        return commit_url(self.repo_url, commit.sha)
