"""Draft sentences that read code aloud: sent back in the revision round to be said in words.

Round 29's judges on a strong model's drafts: "reads raw C identifiers aloud: 'PyDict Get
Item Ref instead of PyDict Get Item With Error'", and "supports --proxy=\"\"" came out as
"supports with the proxy flag=\"\"". The prompt asks for plain words; a sentence that still
holds code gets one more chance in the revision round, with the reason. Only code no listener
can take in is asked about: a C-style name that joins capitals and underscores, a call, a
path through "::", an option given a value in quotes. A type or option a user types
("ParamSpec", "strict_bytes", "--no-proxy-env") is said as written, as the prompt allows.
"""

from __future__ import annotations

import re

from .factlock import check_resolved, resolve
from .facts import DayFacts
from .revise import Rejected
from .schema import DraftScript, DraftSentence

READS_CODE = "for the ear"  # what every reason of this module starts with
_NUMBER = re.compile(r"\b(?:pull request|PR|issue)|#\d")

_CODE = re.compile(
    r"\b[A-Za-z]*[A-Z][a-z0-9]+[A-Za-z0-9]*_[A-Za-z0-9_]*[A-Z][A-Za-z0-9_]*\b|"  # PyDict_GetItemRef
    r"\b\w+(?:\.\w+)*\([^)]*\)|"  # snap(), obj.call(x)
    r"\w::\w|"  # std::vector
    r"(?<![\w-])--?[a-z][\w-]*=(?:\"\"|''|\"[^\"]*\"|'[^']*')|"  # --proxy=""
    r"`[^`]+`|"
    # "That's pull request 14057", "issue 21578": a number a listener cannot use (round 29
    # and 30's judges, of every strong draft); a stack's range ("… 20 to 24") is left alone
    r"\b(?:pull request|PR|issue)s? (?:number )?#?\d{3,}\b(?! (?:to|through|and) \d)|"
    r"(?<![\w/])#\d{3,}\b|"
    # "from commit 5adb334 to fa944ef": a hash is for a terminal, not an ear (round 33)
    r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
_HASH = re.compile(r"^[0-9a-f]{7,40}$")
# "The record doesn't give a reason, so we won't guess": the writer's sources named, which
# the prompt forbids (round 33's judges: "a meta voice")
_SOURCES = re.compile(r"\b(?:the|its|their) (?:records?|commit messages?|(?:PR|pull request) "
                      r"descriptions?|release notes?)\b(?= (?:says?|said|doesn'?t|does not|"
                      r"don'?t|do not|gives?|shows?|states?|mentions?|notes?|is silent|"
                      r"only)\b)|\bwe won'?t guess\b", re.I)


def unsaid_code(text: str) -> list[str]:
    """The code in ``text`` a listener could not take in by ear, as written."""
    return [m.group(0) for m in _CODE.finditer(text)]


def unsayable(draft: DraftScript, verdicts: list[list[tuple[list[str], str]]]) -> list[Rejected]:
    """The sentences the lock keeps that read code aloud, as revision requests."""
    out = []
    for i, (dseg, row) in enumerate(zip(draft.segments, verdicts, strict=True)):
        for j, (ds, (shas, why)) in enumerate(zip(dseg.sentences, row, strict=True)):
            code = unsaid_code(ds.text)
            if not code and not why and shas and (m := _SOURCES.search(ds.text)):
                why = (f"{READS_CODE}: names its source ({m.group(0)}): say what is known, "
                       "without the record, or leave it out")
                out.append(Rejected(i, j, ds.text, ds.commits, shas, why))
                continue
            if code and not why and shas:
                names = ", ".join(dict.fromkeys(code))
                why = (f"{READS_CODE}: says a number a listener cannot use ({names}): leave it out"
                       if all(_NUMBER.search(x) or _HASH.match(x) for x in code) else
                       f"{READS_CODE}: reads code aloud that a listener cannot follow ({names}): "
                       "say what it is or does in plain words")
                out.append(Rejected(i, j, ds.text, ds.commits, shas, why))
    return out


def keeps(answer: DraftSentence, facts: DayFacts) -> bool:
    """Whether the lock keeps a rewording (an empty one is none: the sentence stays)."""
    if not answer.text or unsaid_code(answer.text) or _SOURCES.search(answer.text):
        return False
    shas, why = resolve(answer.commits, facts)
    return bool(shas) and not why and not check_resolved(answer.text, shas, facts)
