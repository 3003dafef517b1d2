"""Pairing reverts with the commits they undo, and spotting relands.

A revert is paired with its original by sha (``This reverts commit …``), then by PR number
(PyTorch's ``Reverted …/pull/N``, GitHub's ``Reverts owner/repo#N``, the ``(#N)`` inside the
quoted title), then by title — on the same day or in the look-back window. A revert of a
revert, or a later commit that lands a reverted PR's title again, is a reland.
"""

from __future__ import annotations

from ..bots import spoken_bot
from ..profile import Profile
from .messages import normalize_title, parse_revert_title, strip_pr_suffix
from .model import CommitInfo, RelandStory, RevertStory


class CommitIndex:
    """Look-ups over the day and its look-back window."""

    def __init__(self, commits: list[CommitInfo]) -> None:
        self.commits = commits
        self.by_sha = {c.sha.lower(): c for c in commits}
        self.by_pr: dict[int, CommitInfo] = {}
        self.by_title: dict[str, CommitInfo] = {}
        # oldest first so that the newest landing of a PR or title wins
        for c in sorted(commits, key=lambda c: c.committed_at):
            if c.revert is None:
                if c.pr is not None:
                    self.by_pr[c.pr] = c
                key = normalize_title(c.raw_title)
                if key:
                    self.by_title[key] = c

    def sha(self, prefix: str) -> CommitInfo | None:
        if not prefix:
            return None
        prefix = prefix.lower()
        hit = self.by_sha.get(prefix)
        if hit is not None:
            return hit
        if len(prefix) < 7:
            return None
        for sha, commit in self.by_sha.items():
            if sha.startswith(prefix):
                return commit
        return None

    def original_of(self, revert: CommitInfo) -> CommitInfo | None:
        notice = revert.revert
        if notice is None:
            return None
        hit = self.sha(notice.reverted_sha)
        if hit is not None:
            return hit
        if notice.reverted_pr is not None:
            hit = self.by_pr.get(notice.reverted_pr)
            if hit is not None and hit.committed_at <= revert.committed_at:
                return hit
        key = normalize_title(notice.inner_title)
        hit = self.by_title.get(key) if key else None
        if hit is not None and hit.committed_at <= revert.committed_at and hit is not revert:
            return hit
        return None


def _reverter(commit: CommitInfo, profile: Profile) -> str:
    notice = commit.revert
    if notice and notice.reverted_by_login:
        return notice.reverted_by_login
    if commit.is_bot:  # never named as a person: "the merge bot", "dependabot", …
        return spoken_bot(commit.author, commit.author_login, commit.author_email)
    return commit.author or commit.author_login


def _is_automatic(commit: CommitInfo, profile: Profile) -> bool:
    notice = commit.revert
    if notice is None:
        return False
    if profile.is_automatic_reason(notice.reason):
        return True
    login = notice.reverted_by_login
    return bool(login) and ("autorevert" in login.lower() or profile.is_bot(login=login))


def revert_story(commit: CommitInfo, index: CommitIndex, profile: Profile) -> RevertStory:
    notice = commit.revert
    assert notice is not None
    original = index.original_of(commit)
    inner_title, inner_pr = strip_pr_suffix(notice.inner_title)
    title = original.title if original is not None else _spoken_title(inner_title)
    diff = [c.path for c in commit.changes] or list(commit.files)
    if original is not None:
        touched = len(diff) if diff else len([c.path for c in original.changes] or original.files)
    else:
        touched = len(diff)
    return RevertStory(
        sha=commit.sha,
        reverted_sha=original.sha if original is not None else notice.reverted_sha,
        reverted_title=title,
        reverted_pr=notice.reverted_pr if notice.reverted_pr is not None else inner_pr,
        original_author=original.author if original is not None else "",
        reverted_by=_reverter(commit, profile),
        reason=notice.reason,
        automatic=_is_automatic(commit, profile),
        same_day=original is not None and original.in_day,
        theme=original.theme if original is not None else commit.theme,
        original_files=touched,
        committed_at=commit.committed_at,
        original_body=original.body if original is not None else "",
        original_committed_at=original.committed_at if original is not None else "",
        original_pr_body=original.pr_body if original is not None else "",
        files=diff,
    )


def _spoken_title(title: str) -> str:
    from .messages import split_tags

    _, rest = split_tags(title)
    return rest or title


def find_relands(
    day: list[CommitInfo], index: CommitIndex, stories: dict[str, RevertStory]
) -> list[RelandStory]:
    """Relands among the day's commits. ``stories`` maps every revert sha (day and look-back)
    to its story, so a reland can name what it brings back."""
    reverted_titles: dict[str, RevertStory] = {}
    reverted_prs: dict[int, RevertStory] = {}
    for story in stories.values():
        key = normalize_title(story.reverted_title)
        if key:
            reverted_titles[key] = story
        if story.reverted_pr is not None:
            reverted_prs[story.reverted_pr] = story
    relands: list[RelandStory] = []
    for commit in day:
        notice = commit.revert
        if notice is not None:
            if not notice.is_revert_of_revert:
                continue
            undone = index.sha(notice.reverted_sha)
            story = stories.get(undone.sha) if undone is not None else None
            if story is None:
                inner = parse_revert_title(notice.inner_title)
                key = normalize_title(inner[0]) if inner else ""
                story = reverted_titles.get(key)
            title = story.reverted_title if story else _spoken_title(
                strip_pr_suffix((parse_revert_title(notice.inner_title) or ("", None))[0])[0]
            )
            revert_sha = story.sha if story else undone.sha if undone is not None \
                else notice.reverted_sha
            relands.append(_reland(
                commit, index, story, title=title, pr=story.reverted_pr if story else None,
                revert_sha=revert_sha, how="revert-of-revert",
            ))
            continue
        key = normalize_title(commit.raw_title)
        story = reverted_titles.get(key) if key else None
        if story is None and commit.reland_pr is not None:
            story = reverted_prs.get(commit.reland_pr)  # "Re-lands … from #7757"
        if story is not None and story.reverted_sha == commit.sha:
            story = None  # that is the original itself, not a second landing
        if story is not None and _revert_time(story, index) > commit.committed_at:
            story = None  # landed before the revert: not a reland of it
        if story is not None or commit.reland_marker:
            relands.append(_reland(
                commit, index, story, title=commit.title, pr=commit.pr,
                revert_sha=story.sha if story else "",
                how="title" if story is not None else "marker",
            ))
    return relands


def _reland(commit: CommitInfo, index: CommitIndex, story: RevertStory | None, *, title: str,
            pr: int | None, revert_sha: str, how: str) -> RelandStory:
    """A reland is the work of whoever landed it again (the commit's author — not a co-author,
    not the original's author, who is named separately)."""
    revert = index.sha(revert_sha)
    original = index.sha(story.reverted_sha) if story else None
    return RelandStory(
        sha=commit.sha, title=title, pr=pr, author=commit.author,
        original_sha=story.reverted_sha if story else "",
        revert_sha=revert_sha, how=how,
        revert_date=revert.committed_at if revert is not None else (story.committed_at if story else ""),
        original_date=original.committed_at if original is not None else (
            story.original_committed_at if story else ""),
        original_author=story.original_author if story else "",
        reverted_by=story.reverted_by if story else "",
        reason=story.reason if story else "",
    )


def _revert_time(story: RevertStory, index: CommitIndex) -> str:
    revert = index.sha(story.sha)
    return revert.committed_at if revert is not None else ""
