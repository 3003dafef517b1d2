"""A release note's sentence as the story writer takes it from the record: the note is the
project's word to users about one change, written in its own conventions (towncrier's "Fixed
JUnit XML report: …", "Reduced the default number of …", code spans around plain words), each
made a sentence about the change before it is said (pytest 2026-05-24: both notes of the day
were left untold for their form)."""

from __future__ import annotations

import re

from lemminflect import getLemma

from .clauses import base_verb, past_form, third_person

# "This can noticeably speed up test suites …": its "This" is the change
_THIS = re.compile(r"^This (?=(?:can|could|will|should|may|might|makes|means|allows|lets|"
                   r"fixes|improves|avoids|prevents|reduces|speeds)\b)")
# "Fixed JUnit XML report: the `tests` attribute … now always matches …": a label, then the
# point, which is a whole clause
_FIXED_LABEL = re.compile(r"^Fixed (?:the |a )?(?P<what>[^:]{3,40}):\s+(?P<rest>[a-z].{20,})$")
_ELEMENT = re.compile(r"`<([a-z][a-z0-9-]{2,19})>`(?= (?:elements?|tags?|nodes?)\b)")
_PLAIN_SPAN = re.compile(r"`([a-z]{3,24})`")  # "the `tests` attribute": a plain word


def note_sentence(raw: str) -> str:
    """``raw``, a sentence of a release note, as a sentence about the change."""
    text = _ELEMENT.sub(r"\1", raw)
    text = _PLAIN_SPAN.sub(r"\1", text)
    text = _THIS.sub("The change ", text)
    m = _FIXED_LABEL.match(text)
    if m:
        return f"In the {m.group('what')}, {m.group('rest')}"
    m = re.match(r"^No longer ([a-z]+) (.+)$", text)
    if m and base_verb(m.group(1)):  # "No longer provide mypyc-accelerated wheels for macOS"
        return f"The project no longer {third_person(m.group(1))} {m.group(2)}"
    first, _, rest = text.partition(" ")
    if rest and first[:1].isupper() and past_form(first) and rest[:1].islower():
        # "Reduced the default number of passes …": what the change does, said so
        lemma = (getLemma(first.lower(), upos="VERB") or ("",))[0]
        if lemma and lemma != first.lower():
            return f"The change {third_person(lemma)} {rest}"
    return text
