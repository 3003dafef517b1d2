"""What the story writer reads about each commit, in one place: its significance (the digest's
``sig``), its explaining sentences (the body reader), its title and people as they are spoken."""

from __future__ import annotations

import re
from functools import lru_cache

from ...bots import looks_like_bot
from ...digest.bodies import Explanation, explain
from ...digest.model import CommitInfo, Digest, StackStory
from ...digest.paths import NOT_API_PARTS
from ..speakable import heard, people, person_name, pr_range, spoken_title
from ..words import join_words

_OBJECT_STARTS = {"the", "a", "an", "its", "their", "this", "that", "these", "those", "all", "any",
                  "each", "every", "some", "it", "them", "our", "both", "more", "support", "up",
                  "out", "away", "several", "two", "three", "many", "most", "one"}
_BOT = re.compile(r"\[bot\]$")  # "dependabot[bot]" is said "dependabot"
_NOT_PUBLIC = {"test", "tests", "testing", "src", "crates", "private", "internal", "vendor",
               "third_party"}
_CHORES = {"ci": "CI", "typo": "typo fixes", "owners": "code ownership", "tests": "tests",
           "docs": "docs"}


def score(c: CommitInfo | None) -> float:
    return c.sig.score if c is not None and c.sig is not None else 0.0


def is_housekeeping(c: CommitInfo, d: Digest) -> bool:
    if c.sig is not None and (c.changes or not c.files):
        return bool(c.sig.housekeeping)
    return any(c in g.commits for g in d.groups if g.housekeeping)


def housekeeping_kind(c: CommitInfo, d: Digest) -> str:
    if c.sig is not None and c.sig.housekeeping:
        return _CHORES.get(c.sig.housekeeping, c.sig.housekeeping)
    return d.theme_names.get(c.theme, "upkeep")


@lru_cache(maxsize=512)
def _explain(title: str, body: str, pr_body: str, branch_bodies: tuple[str, ...] = ()
             ) -> Explanation:
    return explain(title, body, pr_body, branch_bodies)


def explained(c: CommitInfo) -> Explanation:
    return _explain(c.raw_title, c.body, c.pr_body, tuple(c.branch_bodies))


def explanation(c: CommitInfo) -> list[str]:
    """The one to three sentences from its bodies that explain the change, in spoken order
    (one that starts with a bare "Renames …" or "Drop the …" is given its subject: "It renames
    …", "It drops the …"; one that tells users what to do stays as written)."""
    e = explained(c)
    return [s if s in e.user_action else with_subject(s) for s in e.sentences]


# verbs that, first in a sentence, tell the reader what to do rather than say what changed
_INSTRUCTIONS = {"use", "set", "pass", "install", "migrate", "import", "upgrade", "switch", "run",
                 "see", "try", "make", "export", "enable", "disable", "call", "add", "replace",
                 "update", "remove", "rename", "change", "check", "note", "read"}


def with_subject(sentence: str) -> str:
    from ...digest.body_sentences import third_person
    from .verbs import split_verb, third_person_verb

    clause = _LEAD_CLAUSE.match(sentence)
    if clause:  # "When X is caused by Y, point directly to Z" → "..., it points directly to Z"
        verb, tail = clause.group(2), clause.group(3)
        said = with_subject(f"{verb[:1].upper()}{verb[1:]} {tail}")
        if said.startswith("It "):
            return f"{clause.group(1)}, it {said[3:]}"
        return sentence
    first, _, rest = sentence.partition(" ")
    second = rest.split(" ", 1)[0]
    # the object starts with a determiner, or is a gerund ("Skip checking scripts with ..."), or
    # a known verb opens a sentence with no verb of its own after it ("Fix NewType disjointness")
    if not rest or second not in _OBJECT_STARTS and not re.fullmatch(r"[a-z]{2,}ing", second) \
            and not _bare_imperative(first, rest):
        return sentence
    if third_person_verb(first):
        return f"It {first.lower()} {rest}"
    verb = split_verb(sentence)[0] or (first.lower() if _bare_imperative(first, rest) else "")
    # "Use the new API instead" speaks to the listener; "Add a CodSpeed baseline for ..." says
    # what the change does
    if first[:1].isupper() and verb == first.lower() and \
            (verb not in _INSTRUCTIONS or not _ADDRESSES_READER.search(sentence)):
        # "Drop the two kwargs" → "It drops the two kwargs"; "..., and publish them" → "publishes"
        return f"It {third_person(verb)} {_agreeing(rest)}"
    return sentence


_LEAD_CLAUSE = re.compile(r"^((?:When|If|Once|Where|Whenever|Unless)\b[^,]{3,80}), ([a-z]+) (.+)$")


def _agreeing(rest: str) -> str:
    """The other verbs of an order's list agree with "It": "and publish them", ", and avoid
    recursively forcing" → "publishes", "avoids"."""
    from ...digest.body_sentences import third_person
    from .verbs import split_verb

    def one(m: re.Match[str]) -> str:
        word = m.group(2)
        base = split_verb(f"{word} x")[0]
        return m.group(1) + (third_person(word) if word.islower() and base == word else word)

    return re.sub(r"((?:,\s+(?:and\s+)?|\s+and\s+)(?:therefore\s+|then\s+|also\s+|[a-z]+ly\s+)?)"
                  r"([a-z]+)\b(?=\s+\w)", one, rest)


_FINITE = re.compile(r"^(?:is|are|was|were|will|would|can|could|has|have|had|gets?|does|do|did|"
                     r"should|may|must|might|remains?|becomes?|seems?|stays?)$")
_AFTER_VERB = {"by", "to", "in", "on", "for", "with", "from", "at", "and", "the", "a", "an", "over"}


def _bare_imperative(first: str, rest: str) -> bool:
    """"Fix NewType disjointness ...", "Avoid hangs or ...": a known verb, capitalised, whose
    next words carry no verb of their own ("Release pipeline gets longer", "Cache misses dropped
    by a third" start with a noun)."""
    from .verbs import _base

    # a known verb's own form ("Resolve synthesized members": the participle is not its subject)
    if not first[:1].isupper() or not first[1:].islower() or _base(first) != first.lower():
        return False
    after = [w.strip(",.;:()").lower() for w in rest.split()[:3]]
    if not after or after[0] in ("and", "or") or any(_FINITE.match(w) for w in after):
        return False  # "Release and profiling settings are ...": a noun
    return not any(w.endswith("ed") and i + 1 < len(after) and after[i + 1] in _AFTER_VERB
                   for i, w in enumerate(after[:2]))


_ADDRESSES_READER = re.compile(r"\b(?:you|your|instead|users?|callers?|please)\b", re.I)


def user_actions(c: CommitInfo) -> list[str]:
    return list(explained(c).user_action)


def _public(name: str) -> bool:
    """A module a user could import: not under benchmarks, examples, scripts or tests."""
    parts = name.lower().replace("/", ".").split(".")
    return not any(p in NOT_API_PARTS or p in _NOT_PUBLIC or p.startswith("_")
                   for p in parts[:-1]) and not parts[-1].startswith("test")


def removed_api(c: CommitInfo) -> list[str]:
    """Public modules and names the change removes (not benchmark or example scripts)."""
    sig = c.sig
    if sig is None:
        return []
    return [n for n in dict.fromkeys([*sig.removed_modules, *sig.api_removed]) if _public(n)]


def deprecations(c: CommitInfo) -> list[str]:
    return list(c.sig.deprecations) if c.sig else []


def new_modules(c: CommitInfo) -> list[str]:
    return [n for n in c.sig.new_modules if _public(n)] if c.sig else []


_VERSION = re.compile(r"\bv?(\d+\.\d+(?:\.\d+)?(?:[.-]?(?:rc|a|b|alpha|beta|dev|post)\d*)?)\b")


def release(c: CommitInfo) -> str:
    """The version a release cut names ("0.16.4"), "" when the change is not one."""
    if c.sig is None or c.sig.kind != "release":  # not "version": main moving to the next one
        return ""
    match = _VERSION.search(c.title)
    return match.group(1) if match else ""


def version_bump(c: CommitInfo) -> bool:
    """Main's own version moved on (after a release branch was cut): news, but not a release."""
    return c.sig is not None and c.sig.kind == "version"


def code_lines(c: CommitInfo) -> int:
    return c.sig.code_lines if c.sig else 0


def builds_on(s: StackStory) -> list[int]:
    return list(s.builds_on)


def title(c: CommitInfo) -> str:
    """The title as said inside a sentence (its first letter as the author wrote it)."""
    return heard(spoken_title(c.title, capital=False)) or c.title


def spoken(text: str) -> str:
    return heard(spoken_title(text, capital=False)) or " ".join(text.split())


def person(name: str) -> str:
    return _BOT.sub("", person_name(name))


AUTOMATED = "an automated update"  # a bot's change, with no person named beside it


def names(c: CommitInfo) -> list[str]:
    """The people a change is credited to: its author and co-authors, never a bot (a bot's
    change is its co-authors', when the record names any)."""
    named = [n for n in c.co_authors if not looks_like_bot(n)]
    return list(dict.fromkeys(_BOT.sub("", n) for n in people(named if c.is_bot
                                                            else [c.author, *named])))


def credit(c: CommitInfo) -> str:
    """Who a change is told as from: its people (at most three), else "an automated update"
    for a bot's change, else ""."""
    return join_words(names(c)[:3]) or (AUTOMATED if c.is_bot else "")


def range_of(prs: list[int]) -> str:
    return pr_range(prs)
