"""The day's plan: its threads (rollbacks, stacks, topics, housekeeping), each with its
highlights ranked by significance, and the threads ordered by what matters most."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...digest.model import CommitInfo, Digest, RelandStory, RevertStory, StackStory, told_shas
from ...profile import Profile
from . import inputs as I
from .threads import Keys

ROLLBACK_WEIGHT = 1.5  # a revert touches everyone who built on the original
RELEASE_WEIGHT = 3.0  # a release cut reaches every user


@dataclass
class Highlight:
    kind: str  # "commit" | "stack" | "revert" | "reland"
    commits: list[CommitInfo]
    score: float
    stack: StackStory | None = None
    revert: RevertStory | None = None
    reland: RelandStory | None = None
    original: CommitInfo | None = None  # a revert's or reland's first landing, where known

    @property
    def shas(self) -> list[str]:
        return told_shas(self.commits, self.revert, self.reland)


@dataclass
class Thread:
    kind: str  # "rollbacks" | "stack" | "topic" | "housekeeping"
    name: str  # spoken: "Intel XPU", "the rollbacks"; "" when the label is to be dressed
    key: str  # for the segment id
    items: list[Highlight] = field(default_factory=list)
    label: str = ""  # short: "Intel XPU", "stringdtype"

    @property
    def score(self) -> float:
        scores = sorted((h.score for h in self.items), reverse=True)
        return scores[0] + 0.25 * sum(scores[1:]) if scores else 0.0

    @property
    def shas(self) -> list[str]:
        return list(dict.fromkeys(s for h in self.items for s in h.shas))


def _lookup(d: Digest) -> dict[str, CommitInfo]:
    return {c.sha: c for c in d.commits + d.earlier}


def rollback_thread(d: Digest) -> Thread | None:
    if not d.reverts and not d.relands:
        return None
    by_sha = _lookup(d)
    thread = Thread("rollbacks", "the rollbacks" if len(d.reverts) != 1 else "a rollback",
                    "rollbacks", label="rollbacks")
    back = {r.revert_sha: r for r in d.relands if r.revert_sha}
    for r in d.reverts:
        original = by_sha.get(r.reverted_sha)
        reland = back.pop(r.sha, None)
        base = I.score(original) if original is not None else 5.0
        commits = [c for c in (by_sha.get(r.sha),) if c is not None]
        thread.items.append(Highlight("revert", commits, base * ROLLBACK_WEIGHT + 5, revert=r,
                                      reland=reland, original=original))
    for r in d.relands:
        if r.revert_sha in back:
            c = by_sha.get(r.sha)
            thread.items.append(Highlight("reland", [c] if c else [], (I.score(c) if c else 5.0)
                                          * ROLLBACK_WEIGHT + 5, reland=r,
                                          original=by_sha.get(r.original_sha)))
    for r in d.relands:  # relands not tied to any revert we know (a "[reland]" title only)
        if not r.revert_sha and all(h.reland is not r for h in thread.items):
            c = by_sha.get(r.sha)
            thread.items.append(Highlight("reland", [c] if c else [], I.score(c) if c else 5.0,
                                          reland=r))
    thread.items.sort(key=lambda h: -h.score)
    if not d.reverts:
        thread.name = "a comeback" if len(thread.items) == 1 else "the comebacks"
    return thread


def topic_threads(d: Digest, profile: Profile, told: set[str]
                  ) -> tuple[list[Thread], list[CommitInfo]]:
    """The rest of the day's work as threads (a stack inside the thread its commits share),
    and the housekeeping commits."""
    landed = [c for g in d.groups for c in g.commits if c.sha not in told]
    stacks = [s for s in d.stacks if not any(c.sha in told for c in s.commits)]
    keys = Keys(landed + [c for s in stacks for c in s.commits], profile)
    chores = [c for c in landed if I.is_housekeeping(c, d)]
    items: list[tuple[tuple[str, str], Highlight]] = []
    for s in stacks:
        if all(I.is_housekeeping(c, d) for c in s.commits):
            chores.extend(s.commits)
            continue
        scores = sorted((I.score(c) for c in s.commits), reverse=True)
        found = Counter(keys.key(c) for c in s.commits).most_common()
        key = next((k for k, _ in found if k[0] != "other"), found[0][0])
        items.append((key, Highlight("stack", list(s.commits), scores[0] + 0.5 * sum(scores[1:]),
                                     stack=s)))
    for c in landed:
        if I.release(c) or I.version_bump(c):  # news for every user: its own thread, up front
            key = ("release", "the release") if I.release(c) else ("version", "the version number")
            items.append((key, Highlight("commit", [c], I.score(c) * RELEASE_WEIGHT)))
        elif not I.is_housekeeping(c, d):
            items.append((keys.key(c), Highlight("commit", [c], I.score(c))))
    threads: dict[str, Thread] = {}
    for (key, label), h in items:
        if key not in threads:
            slug = key.split(":", 1)[-1]
            if key in ("release", "version"):
                threads[key] = Thread("topic", label, key, label=label)
            elif label.startswith("the "):  # "the nvfp4 training prototype": a name already
                threads[key] = Thread("topic", label, slug, label=label.removeprefix("the "))
            elif key.startswith(("module:", "tag:")):  # named by the writer's voice from its label
                threads[key] = Thread("topic", "", slug, label=label)
            else:
                name = label or d.theme_names.get(slug, slug)
                threads[key] = Thread("topic", name, slug, label=name)
        threads[key].items.append(h)
    for t in threads.values():
        t.items.sort(key=lambda h: -h.score)
    return list(threads.values()), chores


def plan_day(d: Digest, profile: Profile) -> tuple[list[Thread], list[CommitInfo]]:
    """The day's threads, most significant first, and the housekeeping commits."""
    rollbacks = rollback_thread(d)
    told: set[str] = set()
    if rollbacks is not None:
        told |= {c.sha for h in rollbacks.items for c in h.commits}
        told |= {h.reland.sha for h in rollbacks.items if h.reland is not None}
    topics, chores = topic_threads(d, profile, told)
    threads = ([rollbacks] if rollbacks else []) + topics
    threads.sort(key=lambda t: -t.score)
    _merge_names(threads)
    return threads, chores


def _merge_names(threads: list[Thread]) -> None:
    seen: dict[str, int] = {}
    for t in threads:
        seen[t.key] = seen.get(t.key, 0) + 1
        if seen[t.key] > 1:
            t.key = f"{t.key}-{seen[t.key]}"
