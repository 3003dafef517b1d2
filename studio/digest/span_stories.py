"""Stories that run across the days of a span, ranked by the significance measures.

From the span's digest (its days read as one): a revert and its reland (an arc with both
dates), a revert that stayed out, a stack or series whose parts landed on different days, a
release cut and the fixes that named it after, an API removal with the deprecation before it,
one person's sweep of the same change again and again (:mod:`.span_sweeps`), one module
or theme worked by the same people over several days, and the single changes that stand alone.
Each commit belongs to one story; stories are ranked by what their commits weigh
(:mod:`.significance`), arcs across days weighing a little more than the same changes on one.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from ..profile import Profile
from .model import CommitInfo, RelandStory, RevertStory, StackStory
from .span_sweeps import find_sweeps

ROLLBACK_WEIGHT = 1.5  # as the daily plan weighs them (script/story/plan.py)
RELEASE_WEIGHT = 3.0
ACROSS_DAYS = 1.25  # a story told over several days is worth more than its parts on one
ARC = 12.0  # a change that went back and came back (or not) within the span: the week's drama


@dataclass
class SpanStory:
    kind: str  # comeback | rollback | removal | sweep | series | release | theme | change
    commits: list[CommitInfo]  # the span's commits it tells, oldest first
    score: float
    dates: list[str]  # YYYY-MM-DD of each step, oldest first (earlier than the span possibly)
    key: str = ""  # the thread key of a theme ("module:formatter"), "" otherwise
    label: str = ""  # a module's or theme's spoken name, "" otherwise
    revert: RevertStory | None = None
    reland: RelandStory | None = None
    stack: StackStory | None = None
    related: list[CommitInfo] = field(default_factory=list)  # earlier commits it names
    version: str = ""  # a release's version

    @property
    def shas(self) -> list[str]:
        shas = [c.sha for c in self.related + self.commits]
        if self.revert is not None:
            shas += [self.revert.sha, self.revert.reverted_sha]
        if self.reland is not None:
            shas += [self.reland.original_sha, self.reland.revert_sha, self.reland.sha]
        return [s for s in dict.fromkeys(shas) if s]

    @property
    def days(self) -> int:
        return len(set(self.dates))

    @property
    def people(self) -> list[str]:
        """Its authors, most commits first."""
        counts = Counter(c.author for c in self.commits if not c.is_bot)
        return [name for name, _ in counts.most_common()]


def _person(c: CommitInfo) -> str:
    return (c.author_login or c.author_email or c.author).lower()


def _score(c: CommitInfo | None) -> float:
    return c.sig.score if c is not None and c.sig is not None else 0.0


def _chore(c: CommitInfo) -> bool:
    return c.sig is not None and bool(c.sig.housekeeping)


def _kind(c: CommitInfo) -> str:
    return c.sig.kind if c.sig is not None else ""


_VERSION = re.compile(r"\bv?(\d+\.\d+(?:\.\d+)?(?:[.-]?(?:rc|a|b|alpha|beta|dev|post)\d*)?)\b")
_FIX = re.compile(r"^\s*(?:\[[^\]]*\]\s*)*(?:fix|fixes|fixed|hotfix|patch|correct|repair)\b", re.I)


def _version(c: CommitInfo) -> str:
    if _kind(c) != "release":
        return ""
    match = _VERSION.search(c.title)
    return match.group(1) if match else ""


def span_stories(sd, profile: Profile) -> list:  # noqa: ANN001 (SpanDigest: import cycle)
    """The span's stories, most significant first (every commit in at most one)."""
    d = sd.digest
    by_sha = {c.sha: c for c in d.commits + d.earlier}
    inside = {c.sha for c in d.commits}
    used: set[str] = set()
    stories: list[SpanStory] = []

    def dates(*commits: CommitInfo | None) -> list[str]:
        return sorted({sd.date_of(c) for c in commits if c is not None} - {""})

    def split(*commits: CommitInfo | None) -> tuple[list[CommitInfo], list[CommitInfo]]:
        found = [c for c in commits if c is not None]
        return ([c for c in found if c.sha in inside], [c for c in found if c.sha not in inside])

    reverted_back = {r.revert_sha for r in d.relands if r.revert_sha}
    for r in d.relands:
        back, revert, original = by_sha.get(r.sha), by_sha.get(r.revert_sha), by_sha.get(
            r.original_sha)
        mine, earlier = split(original, revert, back)
        story = next((s for s in d.reverts if s.sha == r.revert_sha), None)
        score = (_score(back) or 5.0) * ROLLBACK_WEIGHT + 5
        if len(dates(revert, back)) > 1 and revert is not None and revert.sha in inside:
            score = score * ACROSS_DAYS + ARC
        stories.append(SpanStory("comeback", sorted(mine, key=lambda c: c.committed_at), score,
                                 dates(original, revert, back), revert=story, reland=r,
                                 related=earlier))
        used |= {c.sha for c in mine}
    for r in d.reverts:
        if r.sha in used or r.sha in reverted_back:
            continue
        revert, original = by_sha.get(r.sha), by_sha.get(r.reverted_sha)
        mine, earlier = split(original, revert)
        score = (_score(original) or 5.0) * ROLLBACK_WEIGHT + 5
        if original is not None and original.sha in inside:  # landed and went back this span
            score += ARC
        stories.append(SpanStory("rollback", sorted(mine, key=lambda c: c.committed_at), score,
                                 dates(original, revert), revert=r, related=earlier))
        used |= {c.sha for c in mine}
    everything = sorted((c for c in d.commits if c.revert is None), key=lambda c: c.committed_at)
    stories += _removals([c for c in everything if c.sha not in used], d.commits + d.earlier, used,
                         dates)  # before the stacks: a removal's deprecation may sit in one
    for commits in find_sweeps(everything, used, _person):
        scores = sorted((_score(c) for c in commits), reverse=True)
        when = dates(*commits)
        score = (scores[0] + 0.5 * sum(scores[1:])) * (ACROSS_DAYS if len(when) > 1 else 1)
        stories.append(SpanStory("sweep", commits, score, when))
    for s in d.stacks:
        parts = [c for c in s.commits if c.sha not in used]
        if len(parts) < 2 or all(_chore(c) for c in parts):
            continue
        scores = sorted((_score(c) for c in parts), reverse=True)
        when = dates(*parts)
        score = (scores[0] + 0.5 * sum(scores[1:])) * (ACROSS_DAYS if len(when) > 1 else 1)
        stories.append(SpanStory("series", sorted(parts, key=lambda c: c.committed_at), score,
                                 when, stack=s))
        used |= {c.sha for c in parts}
    landed = sorted((c for c in d.commits if c.sha not in used and c.revert is None),
                    key=lambda c: c.committed_at)
    stories += _releases(landed, used, dates)
    stories += _themes(sd, landed, used, dates, profile)
    for c in landed:
        if c.sha not in used and not _chore(c):
            stories.append(SpanStory("change", [c], _score(c), dates(c)))
    stories.sort(key=lambda s: (-s.score, s.dates[:1]))
    return stories


def _releases(landed: list[CommitInfo], used: set[str], dates) -> list[SpanStory]:  # noqa: ANN001
    """A release cut, and the fixes after it that name its version or a regression."""
    out = []
    for c in landed:
        version = _version(c)
        if not version or c.sha in used:
            continue
        fixes = [x for x in landed if x.sha not in used and x.committed_at > c.committed_at
                 and _FIX.match(x.raw_title) and (version in f"{x.raw_title}\n{x.body}"
                                                  or "regression" in x.raw_title.lower())]
        score = _score(c) * RELEASE_WEIGHT + 0.5 * sum(_score(x) for x in fixes)
        out.append(SpanStory("release", [c, *fixes], score, dates(c, *fixes), version=version))
        used |= {c.sha, *(x.sha for x in fixes)}
    return out


def _removals(landed: list[CommitInfo], known: list[CommitInfo], used: set[str],
              dates) -> list[SpanStory]:  # noqa: ANN001
    """An API removal told with the deprecation (in the span or before it) of the same name."""
    out = []
    for c in landed:
        removed = list(c.sig.api_removed) + list(c.sig.removed_modules) if c.sig else []
        if not removed or c.sha in used:
            continue
        leaves = {n.replace("/", ".").rsplit(".", 1)[-1].lower() for n in removed}
        names = [re.compile(rf"(?<![\w.]){re.escape(leaf)}(?!\w)|\.{re.escape(leaf)}(?!\w)")
                 for leaf in leaves if len(leaf) > 2]
        earlier = [x for x in known if x.sha != c.sha and x.committed_at < c.committed_at
                   and x.sig is not None and x.sig.deprecations
                   and any(n.search(" ".join([x.raw_title, *x.sig.deprecations]).lower())
                           for n in names)]
        if not earlier:
            continue
        first = min(earlier, key=lambda x: x.committed_at)
        inside = first.sha not in used and any(x.sha == first.sha for x in landed)
        score = _score(c) + 0.5 * _score(first)
        out.append(SpanStory("removal", [first, c] if inside else [c],
                             score * ACROSS_DAYS, dates(first, c),
                             related=[] if inside else [first]))
        used |= {c.sha} | ({first.sha} if inside else set())
    return out


def _themes(sd, landed: list[CommitInfo], used: set[str], dates,  # noqa: ANN001
            profile: Profile) -> list[SpanStory]:
    """One module or theme worked on over two or more days by someone on both."""
    work = [c for c in landed if c.sha not in used and not _chore(c)]
    key_of = _module_keys(work, profile)
    groups: dict[tuple[str, str], list[CommitInfo]] = {}
    for c in work:
        groups.setdefault(key_of(c), []).append(c)
    out = []
    for (key, label), commits in groups.items():
        if key == "other" or len(commits) < 2:
            continue
        days_of: dict[str, set[str]] = {}
        for c in commits:
            days_of.setdefault(_person(c), set()).add(sd.date_of(c))
        when = dates(*commits)
        if len(when) < 2 or not any(len(v) > 1 for v in days_of.values()):
            continue
        scores = sorted((_score(c) for c in commits), reverse=True)
        name = label or sd.digest.theme_names.get(key.split(":", 1)[-1], "")
        out.append(SpanStory("theme", commits, (scores[0] + 0.25 * sum(scores[1:])) * ACROSS_DAYS,
                             when, key=key, label=name))
        used |= {c.sha for c in commits}
    return out


def _module_keys(work: list[CommitInfo], profile: Profile):  # noqa: ANN202
    """A commit's thread over a span: the show's own theme where the profile names it, else the
    deepest code folder it shares with other commits of the span — but not one most of the
    span shares (over a week, ``src/app`` is the whole project, not a module)."""
    from ..script.story.threads import Keys, code_dirs, spoken_module

    keys = Keys(work, profile)
    dirs = {c.sha: code_dirs(c) for c in work}
    shared = Counter(d for ds in dirs.values() for d in ds)
    most = max(2, int(len(work) * 0.4))

    def key(c: CommitInfo) -> tuple[str, str]:
        if keys.strong_theme(c):
            return f"theme:{c.theme}", ""
        mine = [d for d in dirs.get(c.sha, ()) if 2 <= shared[d] <= most and spoken_module(d)]
        if mine:
            top = max(mine, key=lambda d: (d.count("/"), shared[d]))
            return f"module:{spoken_module(top)}", spoken_module(top)
        return keys.key(c)

    return key


BUSY = 40  # commits: from this many a span is busy
MIN_BUSY, MAX_BUSY = 5, 8


def busy_limit(commits: int, stories: int) -> tuple[int, int]:
    """How many stories a span tells: (at least, at most). A busy span five to eight (as many
    as its length allows), a quiet one at most a story for every three commits, up to four."""
    if commits >= BUSY:
        return min(stories, MIN_BUSY), min(stories, MAX_BUSY)
    most = min(stories, max(1, min(4, (commits + 2) // 3)))
    return most, most
