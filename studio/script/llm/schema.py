"""The draft's shape: a JSON schema for servers that enforce one, a strict parser for all.

A draft is ``{"title", "summary", "segments": [{"title", "sentences": [{"text", "commits"}]}]}``
where ``commits`` lists the (short) shas a sentence tells, empty only for a stock line
(greeting, transition, sign-off). Anything else — prose around the JSON, a missing field, a
wrong type, an empty script — is garbage: :class:`DraftInvalid`, one line saying what.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

MAX_SEGMENTS = 20
MAX_SENTENCES = 40  # per segment
MAX_TEXT = 1200  # characters of one sentence

SENTENCE = {
    "type": "object",
    "properties": {"text": {"type": "string"},
                   "commits": {"type": "array", "items": {"type": "string"}}},
    "required": ["text", "commits"],
    "additionalProperties": False,
}
DRAFT_SCHEMA = {
    "type": "object",
    "properties": {
        "title": {"type": "string"},
        "summary": {"type": "string"},
        "segments": {"type": "array", "items": {
            "type": "object",
            "properties": {"title": {"type": "string"},
                           "sentences": {"type": "array", "items": SENTENCE}},
            "required": ["title", "sentences"],
            "additionalProperties": False,
        }},
    },
    "required": ["title", "summary", "segments"],
    "additionalProperties": False,
}
RESPONSE_FORMAT = {"type": "json_schema",
                   "json_schema": {"name": "episode_draft", "strict": True,
                                   "schema": DRAFT_SCHEMA}}


class DraftInvalid(ValueError):
    """The model's answer is not a draft; the message says why, in one line."""


@dataclass
class DraftSentence:
    text: str
    commits: list[str] = field(default_factory=list)


@dataclass
class DraftSegment:
    title: str
    sentences: list[DraftSentence] = field(default_factory=list)


@dataclass
class DraftScript:
    title: str
    summary: str
    segments: list[DraftSegment] = field(default_factory=list)


_THINK = re.compile(r"<think>.*?</think>", re.S | re.I)


def without_thinking(text: str) -> str:
    """``text`` without a reasoning model's ``<think>…</think>`` blocks; an unclosed leading
    ``<think>`` (the answer cut or never given) leaves only what follows a line that starts
    a JSON object, and a closing ``</think>`` without its opening (the template sent it)
    drops all before it."""
    text = _THINK.sub("", text)
    low = text.lower()
    if "</think>" in low:
        text = text[low.rindex("</think>") + len("</think>"):]
    elif low.lstrip().startswith("<think>"):
        m = re.search(r"(?m)^\s*(?:```(?:json)?\s*\n\s*)?\{", text)
        text = text[m.start():] if m else ""
    return text


_FENCE = re.compile(r"^\s*```(?:json)?\s*\n(.*)\n\s*```\s*$", re.S)


def _str(value: object, where: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise DraftInvalid(f"{where} must be text, not {type(value).__name__}")
    text = " ".join(value.split())
    if len(text) > limit:
        raise DraftInvalid(f"{where} is longer than {limit} characters")
    return text


def _obj(value: object, where: str, keys: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise DraftInvalid(f"{where} must be an object")
    missing = [k for k in keys if k not in value]
    if missing:
        raise DraftInvalid(f"{where} has no {missing[0]!r}")
    return value


def parse_draft(content: str) -> DraftScript:
    """The draft in ``content`` (a JSON object, optionally in one ```json fence, after any
    ``<think>`` block), strictly."""
    text = without_thinking(content or "").strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1)
    if not text:
        raise DraftInvalid("the answer is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DraftInvalid(f"the answer is not JSON ({exc.msg} at character {exc.pos})") from None
    data = _obj(data, "the draft", ("title", "summary", "segments"))
    segments = data["segments"]
    if not isinstance(segments, list) or not segments:
        raise DraftInvalid("the draft has no segments")
    if len(segments) > MAX_SEGMENTS:
        raise DraftInvalid(f"the draft has more than {MAX_SEGMENTS} segments")
    script = DraftScript(_str(data["title"], "title", 200), _str(data["summary"], "summary", 2000))
    for i, raw in enumerate(segments):
        seg = _obj(raw, f"segments[{i}]", ("title", "sentences"))
        sentences = seg["sentences"]
        if not isinstance(sentences, list) or len(sentences) > MAX_SENTENCES:
            raise DraftInvalid(f"segments[{i}].sentences must be a list of at most "
                               f"{MAX_SENTENCES} sentences")
        out = DraftSegment(_str(seg["title"], f"segments[{i}].title", 200))
        for j, s in enumerate(sentences):
            where = f"segments[{i}].sentences[{j}]"
            s = _obj(s, where, ("text", "commits"))
            shas = s["commits"]
            if not isinstance(shas, list) or not all(isinstance(x, str) for x in shas):
                raise DraftInvalid(f"{where}.commits must be a list of shas")
            text = _str(s["text"], f"{where}.text")
            if text:
                out.sentences.append(DraftSentence(text, [x.strip().lower() for x in shas]))
        if out.sentences:
            script.segments.append(out)
    if not script.segments:
        raise DraftInvalid("the draft has no sentences")
    return script
