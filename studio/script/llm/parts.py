"""A day too long for the model's context window, drafted part by part and joined.

The plan's units (:mod:`.plan_brief`: each rollback, each story, the sentence-each items with
the rest) are packed in order into requests that fit the window, each with the records of its
own commits only (the one-line rest by title: a count needs no record); one more short request
writes the frame — the opening with the day's numbers, Today's focus from the findings, the
sign-off, the title and summary — from the plan and the titles. The draft is the frame's
opening, the parts in the plan's order, then the frame's closing segments. A unit that alone
does not fit has its longest records cut, at a sentence, until it does (logged).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from .facts import DayFacts
from .plan_brief import DayBrief, Unit, join_units
from .prompt import frame_messages, part_messages
from .schema import DraftScript
from .window import answer_tokens, estimate_tokens

log = logging.getLogger(__name__)

Ask = Callable[[list[dict[str, str]], int, str], DraftScript]  # (messages, words, what)
MARGIN = 256  # tokens kept free beyond the estimate
MIN_RECORD = 400  # characters of a record kept however tight the window


def frame_words(facts: DayFacts) -> int:
    return 70 + 30 * min(len({f.sha for f in facts.findings}), 4)


def _cards(facts: DayFacts, unit: Unit) -> list[dict]:
    wanted = {s[:7] for s in unit.shas}
    rest = set(unit.plan.get("covered_in_one_line", []))
    out = []
    for card in facts.cards:
        if card["sha"] not in wanted:
            continue
        if card["sha"] in rest:
            card = {k: v for k, v in card.items() if k not in ("record", "some_files", "release_note")}
        out.append(card)
    return out


def _fits(msgs: list[dict[str, str]], words: int, window: int) -> bool:
    return estimate_tokens(msgs) + answer_tokens(words) + MARGIN <= window


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit]
    stop = max(cut.rfind(". "), cut.rfind(".\n"))
    return (cut[:stop + 1] if stop > limit // 2 else cut.rstrip()) + " [...]"


def fitted(facts: DayFacts, brief: DayBrief, unit: Unit, words: int,
           window: int) -> list[dict[str, str]]:
    """The part's messages, its longest records cut until they fit ``window``."""
    cards = _cards(facts, unit)
    msgs = part_messages(facts, brief, unit.plan, cards, words)
    while not _fits(msgs, words, window):
        longest = max(cards, key=lambda c: len(c.get("record", "")), default=None)
        size = len(longest.get("record", "")) if longest else 0
        if longest is None or size <= MIN_RECORD:
            break  # the server will say if it still does not fit
        over = (estimate_tokens(msgs) + answer_tokens(words) + MARGIN - window) * 4
        keep = max(MIN_RECORD, min(size - over, size * 3 // 4))
        log.info("record of %s cut from %d to %d characters to fit a %d-token window",
                 longest["sha"], size, keep, window)
        cards = [dict(c, record=_cut(c["record"], keep)) if c is longest else c for c in cards]
        msgs = part_messages(facts, brief, unit.plan, cards, words)
    return msgs


def pack(facts: DayFacts, brief: DayBrief, words: int, window: int) -> list[tuple[Unit, int]]:
    """The units joined, in order, into as few requests as fit; each with its words."""
    total = sum(u.words for u in brief.units) or 1.0

    def share(u: Unit) -> int:
        return max(40, round(words * u.words / total))

    groups: list[tuple[Unit, int]] = []
    for unit in brief.units:
        if groups:
            joined = join_units([groups[-1][0], unit])
            w = groups[-1][1] + share(unit)
            msgs = part_messages(facts, brief, joined.plan, _cards(facts, joined), w)
            if _fits(msgs, w, window):
                groups[-1] = (joined, w)
                continue
        groups.append((unit, share(unit)))
    return groups


def draft_in_parts(ask: Ask, facts: DayFacts, brief: DayBrief, words: int,
                   window: int) -> DraftScript:
    """The day drafted in parts that each fit ``window`` tokens, joined into one draft."""
    fw = frame_words(facts)
    groups = pack(facts, brief, max(80, words - fw), window)
    n = len(groups) + 1
    log.info("the day is drafted in %d requests to fit a %d-token context window", n, window)
    frame = ask(frame_messages(facts, brief, fw), fw, f"part 1 of {n} (opening and focus)")
    parts = [ask(fitted(facts, brief, unit, w, window), w, f"part {i + 2} of {n}")
             for i, (unit, w) in enumerate(groups)]
    opening, closing = frame.segments[:1], frame.segments[1:]
    middle = [seg for part in parts for seg in part.segments]
    return DraftScript(frame.title, frame.summary, opening + middle + closing)
