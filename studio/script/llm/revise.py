"""One revision round: the sentences the fact lock rejects go back to the model once, each
with the lock's reason, its neighbours and the records of the commits it names; the answer
is locked again, and a sentence that still fails is dropped, its neighbours joined — never
replaced by another writer's sentence (issue 28: a story writer's sentence pasted into a
model's prose is what a blind editor marked as broken).

The request stands alone (a short brief and only the commits the rejected sentences name), so
it fits a small model's window whatever the day's size.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .facts import DayFacts
from .schema import MAX_TEXT, DraftInvalid, DraftScript, DraftSegment, DraftSentence, without_thinking

MAX_REVISED = 24  # sentences sent back in one request; a draft with more is not worth it

REVISION_SCHEMA = {
    "type": "object",
    "properties": {"sentences": {"type": "array", "items": {
        "type": "object",
        "properties": {"id": {"type": "integer"}, "text": {"type": "string"},
                       "commits": {"type": "array", "items": {"type": "string"}}},
        "required": ["id", "text", "commits"],
        "additionalProperties": False}}},
    "required": ["sentences"],
    "additionalProperties": False,
}
RESPONSE_FORMAT = {"type": "json_schema",
                   "json_schema": {"name": "revised_sentences", "strict": True,
                                   "schema": REVISION_SCHEMA}}

BRIEF = """You wrote a script for a spoken podcast about a software repository. A fact check
compared every sentence with the records of the commits it names (their commit messages and
pull-request descriptions) and could not verify the sentences below; each comes with the
reason, the sentences around it, and the commits it names.

Rewrite each sentence so that everything it says (every number, name, version, identifier,
date and claim) is written in the records of the commits it lists, and so that it still fits
between its neighbours: same meaning where the records support it, less where they do not.
A sentence that explains something in general (what a release branch is for, what a ufunc
is) may stay if you make it general: in the present tense, with no "this", "now" or "today"
and no claim about the project. Keep it spoken English, one sentence, no markdown: never a
file path, a file name or a count read out to make a sentence checkable, and never a repeat
of what the sentences around it already say. List in "commits" the short shas of the commits
it tells (only commits given below). If nothing new of it can be said from those records,
answer an empty "text": the sentence is then left out, and that is better than a repeat.

Answer with one JSON object only: {"sentences": [{"id": int, "text": str, "commits": [str]}]},
one entry per sentence you were given, with its id."""


@dataclass
class Rejected:
    seg: int  # where the sentence is in the draft
    index: int
    text: str
    commits: list[str]  # as drafted (short shas)
    shas: list[str]  # resolved (full shas) of the day
    why: str


def revision_messages(draft: DraftScript, rejected: list[Rejected],
                      facts: DayFacts) -> list[dict[str, str]]:
    """The request: the brief, then the rejected sentences and the records they may use."""
    items = []
    for n, r in enumerate(rejected):
        sentences = draft.segments[r.seg].sentences
        items.append({
            "id": n, "text": r.text, "commits": r.commits, "reason": r.why,
            "before": sentences[r.index - 1].text if r.index > 0 else "",
            "after": sentences[r.index + 1].text if r.index + 1 < len(sentences) else ""})
    named = {sha for r in rejected for sha in r.shas}
    cards = [card for card in facts.cards
             if any(full.startswith(card["sha"]) for full in named)]
    body = {"show": facts.digest.show, "date": facts.digest.date, "sentences": items,
            "commits": cards}
    return [{"role": "system", "content": BRIEF},
            {"role": "user", "content": json.dumps(body, ensure_ascii=False)}]


def parse_revision(content: str, count: int) -> dict[int, DraftSentence]:
    """The revised sentences by id (an empty text: leave the sentence out); ids outside the
    request and malformed entries are ignored, an answer that is no JSON object raises."""
    text = without_thinking(content or "").strip()
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DraftInvalid(f"the revision is not JSON ({exc.msg})") from None
    items = data.get("sentences") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise DraftInvalid("the revision has no sentences")
    out: dict[int, DraftSentence] = {}
    for item in items:
        if not isinstance(item, dict):
            continue
        n, said, shas = item.get("id"), item.get("text"), item.get("commits", [])
        if not isinstance(n, int) or not 0 <= n < count or not isinstance(said, str) or \
                not isinstance(shas, list) or not all(isinstance(x, str) for x in shas):
            continue
        out[n] = DraftSentence(" ".join(said.split())[:MAX_TEXT],
                               [x.strip().lower() for x in shas])
    return out


def _same_commit(a: str, b: str) -> bool:
    return bool(a) and bool(b) and (a.startswith(b) or b.startswith(a))


def _own(answer: DraftSentence | None, r: Rejected) -> DraftSentence | None:
    """``answer`` when it tells a commit of the sentence it revises; an answer of another
    sentence's commits (ids mixed up) is no revision of this one: put in its place it told
    "konsti's fix splits such mixed markers" inside the riscv64 crash story (uv 2026-08-18)."""
    if answer is None or not answer.text:
        return answer
    mine = [x.lower() for x in r.commits + r.shas]
    return answer if any(_same_commit(c, m) for c in answer.commits for m in mine) else None


def revised(draft: DraftScript, rejected: list[Rejected],
            answers: dict[int, DraftSentence]) -> tuple[DraftScript, set[tuple[int, int]]]:
    """``draft`` with each answered sentence in place of the rejected one (an empty answer
    leaves it out), and where the revised sentences now stand (segment, index) — the ones a
    second rejection drops instead of replacing."""
    by_place = {(r.seg, r.index): _own(answers.get(n), r) for n, r in enumerate(rejected)}
    out = DraftScript(draft.title, draft.summary)
    places: set[tuple[int, int]] = set()
    for i, seg in enumerate(draft.segments):
        new = DraftSegment(seg.title)
        for j, s in enumerate(seg.sentences):
            if (i, j) not in by_place:
                new.sentences.append(s)
                continue
            answer = by_place[(i, j)]
            if answer is None:  # not answered: the sentence as drafted, still rejected
                answer = s
            if answer.text:
                places.add((len(out.segments), len(new.sentences)))
                new.sentences.append(answer)
        out.segments.append(new)
    return out, places
