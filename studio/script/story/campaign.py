"""Telling one author's campaign as one story: PRs opened together and landed in one burst
(stacks.py), said as a run — how many, in how long, what most of them do — not step by step
(they do not build on each other) and not scattered over the day's threads."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from ...digest.model import CommitInfo, Digest
from ..words import capitalize, count, join_words, number_words
from . import inputs as I
from .draft import Said
from .verbs import did, doing, is_handle
from .voice import Voice

NAMED = 3  # changes named in a sentence; the rest are counted
# a verb most of a campaign's titles open with, and what its changes are called
NOUNS = {"remove": "removals", "delete": "deletions", "drop": "removals", "add": "additions",
         "fix": "fixes", "rename": "renames", "move": "moves", "deprecate": "deprecations",
         "migrate": "migrations", "simplify": "simplifications", "document": "docs changes",
         "update": "updates", "bump": "version bumps", "refactor": "refactors",
         "test": "test changes", "type": "typing changes"}
OPEN = ["{who} landed {n} PRs{when}{span}", "{who} landed a run of {n} PRs{when}{span}"]
OPEN_HANDLE = ["A run of {n} PRs from {who} landed{when}{span}",
               "{n_cap} PRs from {who} landed{when}{span}"]


def _minutes(commits: list[CommitInfo]) -> float:
    times = sorted(dt.datetime.fromisoformat(c.committed_at) for c in commits)
    return (times[-1] - times[0]).total_seconds() / 60


def _when(minutes: float) -> str:
    """" within minutes", " within the hour", " in under two hours"; " today" when a run on
    one module drew in a later PR (the burst is then not the whole story)."""
    if minutes < 15:
        return " within minutes"
    if minutes < 60:
        return " within the hour"
    if minutes <= 90:
        return " in under two hours"
    return " today"


def _verb(c: CommitInfo) -> str:
    return doing(I.title(c)).split(" ", 1)[0].lower()


def _object(c: CommitInfo) -> str:
    return doing(I.title(c)).partition(" ")[2]


def _listed(items: list[str], more: int) -> str:
    return join_words(items + ([f"{number_words(more)} more"] if more else []))


SMALL = 4  # a campaign this small is told change by change
ORDINAL = ["One of them", "Another", "A third", "A fourth", "A fifth"]


def tell_campaign(commits: list[CommitInfo], author: str, depth: int, d: Digest,
                  voice: Voice) -> list[Said]:
    """Who landed how many PRs in how long; what most of them are and the others (a big
    campaign); then its changes that explain themselves, each with its authors' sentences
    ("One of them locked ukernel registration tables. <why>") — every change of a small one."""
    n = len(commits)
    prs = sorted(c.pr for c in commits if c.pr is not None)
    whole = I.range_of(prs)
    span = f", {whole}" if len(prs) == n and "," not in whole and " and " not in whole else ""
    names = {tuple(I.names(c)[:3]) for c in commits}  # co-authors of every one of them too
    shared_names = next(iter(names)) if len(names) == 1 else ()
    who = join_words(list(shared_names)) if shared_names else I.person(author)
    bank = OPEN_HANDLE if is_handle(who) else OPEN
    first = voice.pick("campaign-open", bank, who=who, n=number_words(n),
                       n_cap=capitalize(number_words(n)), when=_when(_minutes(commits)), span=span)
    said: list[Said] = [(first, [c.sha for c in commits])]
    ranked = sorted(commits, key=lambda c: -I.score(c))
    if n <= SMALL:
        told = ranked  # each in turn
    else:
        said += _summed(ranked)
        told = [c for c in ranked if I.explanation(c)][:max(1, depth)]
    for k, c in enumerate(told[:len(ORDINAL)]):
        said.append((f"{ORDINAL[k]} {did(I.title(c))}", [c.sha]))
        said += [(x, [c.sha]) for x in I.explanation(c)[: max(1, depth - 1)]]
    return said


def _summed(ranked: list[CommitInfo]) -> list[Said]:
    """"Eight are removals: X, Y, Z, and five more." "The others: ..." (the first named are
    the most significant)."""
    n = len(ranked)
    verb, most, noun = _main_verb(ranked)
    said: list[Said] = []
    rest = ranked
    if noun and (most >= 3 or most * 2 >= n):
        mine = [c for c in ranked if _verb(c) == verb]
        share = "All" if most == n else capitalize(number_words(most))
        named = [_object(c) for c in mine[:NAMED]]
        said.append((f"{share} are {noun}: {_listed(named, most - len(named))}",
                     [c.sha for c in mine]))
        rest = [c for c in ranked if _verb(c) != verb]
    if rest:
        named = [doing(I.title(c)) for c in rest[:NAMED]]
        lead = "The others" if len(rest) < n else "Among them"
        said.append((f"{lead}: {_listed(named, len(rest) - len(named))}", [c.sha for c in rest]))
    return said


def _main_verb(commits: list[CommitInfo]) -> tuple[str, int, str]:
    """The verb most titles open with ("removing"), how many do, and what such changes are
    called ("removals"; "" when the verb has no such name)."""
    verb, most = Counter(_verb(c) for c in commits).most_common(1)[0]
    base = next((b for b in NOUNS if verb.startswith(b[:-1] if b.endswith("e") else b)), "")
    return verb, most, NOUNS.get(base, "")


def _named(commits: list[CommitInfo], author: str) -> str:
    """"six removals from iamzainhuda" when most of them are one kind; else "a run of twenty
    PRs from David Peter"."""
    n = len(commits)
    _, most, noun = _main_verb(commits)
    if noun and most == n:
        return f"{number_words(n)} {noun} from {I.person(author)}"
    return f"a run of {count(n, 'PR')} from {I.person(author)}"


def campaign_lead(commits: list[CommitInfo], author: str) -> str:
    return _named(commits, author)


def campaign_title(commits: list[CommitInfo], author: str, short) -> str:
    """"Six Removals From iamzainhuda"; else its biggest change and how many more: "Specialized
    Add Ufunc and Seven More From Joren Hammudoglu" (``short`` cuts a title to a phrase)."""
    n = len(commits)
    _, most, noun = _main_verb(commits)
    if noun and most == n:
        return capitalize(_named(commits, author))
    top = max(commits, key=I.score)
    lead = short(I.spoken(I.title(top)), 6)
    more = f"{number_words(n - 1)} more from {I.person(author)}"
    return f"{lead} and {more}" if lead else capitalize(_named(commits, author))


def campaign_learn(commits: list[CommitInfo], by: str) -> str:
    return f"what the run of {count(len(commits), 'PR')}{by} does"


def campaign_size(commits: list[CommitInfo]) -> list[Said]:
    """Their code lines together, rounded down so the figure stays true (500 and up)."""
    lines = sum(I.code_lines(c) for c in commits)
    if lines < 500:
        return []
    step = 1000 if lines >= 10_000 else 100
    return [(f"Together they change more than {number_words((lines - 1) // step * step)} lines "
             "of code", [c.sha for c in commits if I.code_lines(c)])]
