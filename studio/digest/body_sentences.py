"""Turning a body's prose pieces into sentences a host can read: speakable, complete, not too
long, in the author's words. First person becomes the author's view only where that is safe
("This PR adds" → "The change adds", "We now record" → "The change now records", "I measured"
→ "The author measured"); any other "I" or "we" keeps the sentence out."""

from __future__ import annotations

import re

from ..script.draft import VERBS
from ..script.slashes import say_slashes
from ..script.speakable import speakable
from .body_text import Piece

MAX_WORDS = 40
MIN_WORDS = 5

_TEST_TALK = re.compile(
    r"^(?:the )?(?:added |new |existing |updated |extended )?(?:unit |md)?tests?\b|"
    r"\b(?:\d+ passed|passed, \d+|tests? (?:pass|passed|fail|failed)|mdtests?|clippy|"
    r"test suite|test plan|test modules|pre-commit|ci (?:is|was) green|(?:manual|manually) test\w*|"
    r"verified on|verified coverage|all pass|suggestions from code review|(?:address|resolve)\w* "
    r"(?:the )?review\w* (?:comments|feedback)|fix review issues|add review|[\w.-]+/[\w.-]+#\d+)\b",
    re.I,
)
_DANGLING = re.compile(
    r"\b(?:the following|as follows|see (?:above|below)|shown (?:above|below)|below|above|"
    r"here is|here's|this one|like so|this (?:small |simple |minimal )?example|"
    r"(?:this|the following|that) (?:table|snippet|diagram|screenshot|image|graph|chart)|e\.g\.$)\b",
    re.I,
)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|we|we're|we've|we'd|we'll|us|our|ours|"
                           r"my|mine|me|let's)\b", re.I)
_PAST_MEASURE = ("measured", "benchmarked", "found", "observed", "saw", "tested", "ran", "timed",
                 "profiled", "verified", "confirmed", "checked")
_CODE_TOKEN = re.compile(
    r"[{};]|==|::|\w\(|\)\.|\w=\w|\w\.\w+\(|^[\w.]*_[\w.]*$|^__\w+__$|^[a-z]+[A-Z]\w*$|^\w+\.\w+\.\w+"
)
_THIS_PR = re.compile(r"^(?:This|The) (?:PR|pull request|change|commit|patch|diff|MR)\b", re.I)
_WE_NOW = re.compile(r"^(?:We|I) now ((?:\w+ly )?)(\w+)\b(.*)$", re.S)
_CHANGED = {"replaced": "replaces", "added": "adds", "changed": "changes", "moved": "moves",
            "removed": "removes", "switched": "switches", "rewrote": "rewrites",
            "introduced": "introduces", "updated": "updates", "reworked": "reworks",
            "renamed": "renames", "simplified": "simplifies", "dropped": "drops",
            "implemented": "implements", "extracted": "extracts", "made": "makes"}
_WE_CHANGED = re.compile(rf"^(?:(?:So|Instead|Then),?\s+)?(?:I|[Ww]e) ({'|'.join(_CHANGED)})\b(.*)$",
                         re.S)
_WE_PAST = re.compile(rf"^(?:We|I) ({'|'.join(_PAST_MEASURE)})\b(.*)$", re.S)
_SOMEDAY = re.compile(r"\b(?:follow-?ups?|later|future|eventually|someday|once|then)\b", re.I)
# "We can make this faster by checking …": what the author proposes is what the change does
_WE_CAN = re.compile(r"^(?:(?:So|Instead|Here),?\s+)?(?:We|I) can (?:instead |now )?([a-z]+)\b(.*)$",
                     re.S)
_AI_MENTION = re.compile(
    r"\b(?:claude|copilot|codex|chatgpt|gpt-?\d|cursor agent|devin|llm|ai[- ]generated|"
    r"ai assistan\w+|generated with|prepared with|written by an? ai|coding agent)\b",
    re.I,
)
_INTRODUCES = re.compile(r"\b(?:following|follows|this|these|example|below|here|e\.g\.?|like|such as|"
                         r"are|is|include|includes|was|were|to|shape|shapes|call|error)\s*:$", re.I)
_FINITE = re.compile(r"\b(?:is|are|was|were|can|could|will|would|should|may|might|must|has|have|had|"
                     r"does|do|did|now|previously|currently)\b", re.I)
_FRAGMENT_START = re.compile(r"^(?:the|a|an|and|or|but|to|of|in|for|with|which|that|so|as|is|are|"
                             r"by|on)\b")
_UNSPEAKABLE = re.compile(r"[`|<>\[\]{}@]|\s[=*#]\s|\w=\w|\w\(\w|https?:|\bD\d{6,}\b|"
                          r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
# code, not a name: a call, an assignment, a statement, a callable type "((...) -> Unknown)"
_CODE_IN_SPAN = re.compile(r"\w\([^)]+\)|[=;{}]|\w \w+ \w|\(\(|\.\.\.|->|=>|~\(")
_ENV_SETTING = re.compile(r"[A-Z][A-Z0-9_]{2,}=[\w.-]+")
_POINTER_LINK = re.compile(r"\[(?:this|here|link|these|that|it|this (?:pr|issue|comment|one|run|page))\]\(",
                           re.I)
_HTML_TAG = re.compile(r"</?[a-zA-Z][^>]{0,200}>")
# "MAINT: Bump ...", "fix: use ...", "docs(api): ...": a commit title inside the body
_TITLE_LIKE = re.compile(r"^[A-Z]{2,8}(?:\s*[,/+&]\s*[A-Z]{2,8})*:\s|"
                         r"^(?:feat|feature|fix|bugfix|hotfix|docs?|chore|refactor|perf|tests?|build|ci|"
                         r"style|deps)(?:\([^)]{0,40}\))?!?:\s", re.I)
# "for AMD: callers can now ...": an upper-case word before a colon reads as a label; a pause
_LABEL_COLON = re.compile(r"(?<=\s)([A-Z][A-Z0-9]{1,7}):(?=\s+[a-z])")


def third_person(verb: str) -> str:
    low = verb.lower()
    if low in {"be", "have", "do"}:
        return {"be": "is", "have": "has", "do": "does"}[low]
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


def _agree(m: re.Match[str]) -> str:
    """A verb of the list after "we now ..." agrees with "the change": ", and point" → ", and
    points". After a bare "and" only a known verb or one before "the"/"its"... counts."""
    joint, word, after = m.group(1), m.group(2), m.group(3).lower()
    if "and" in joint and "," in joint:
        verb = _base_verb(word)
    elif "," in joint:
        verb = word.lower() in VERBS or word.lower() in MORE_VERBS
    else:
        verb = word.lower() in VERBS or (_base_verb(word) and after in _DETERMINERS)
    return joint + (third_person(word) if verb else word)


_DETERMINERS = {"the", "a", "an", "each", "every", "all", "its", "their", "any", "this", "that",
                "these", "those", "both", "it", "them"}


def _base_verb(word: str) -> bool:
    """A bare verb in a "we now A, B and C the ..." list (not "were", "tests", "mostly")."""
    if word.lower() in VERBS:
        return True
    return word.isalpha() and word.islower() and len(word) > 2 and \
        not word.endswith(("s", "ed", "ing", "ly", "ion")) and word not in _NOT_VERBS


_NOT_VERBS = {"the", "and", "not", "then", "also", "only", "all", "any", "more", "most", "other",
              "both", "each", "new", "old", "every", "some", "many", "few", "its", "their", "our",
              "after", "before", "while", "when", "where", "which", "whose", "unless", "until",
              "since", "because", "without", "with", "into", "onto", "over", "under", "per", "via",
              "even", "but", "than", "instead", "rather", "though", "although", "once"}
MORE_VERBS = {"cast", "promote", "gate", "defer", "collapse", "emit", "take", "give", "treat",
              "stop", "start", "teach", "model", "recognize", "recognise", "report", "flag",
              "lower", "narrow", "widen", "infer", "compute", "derive", "fold", "extract", "factor",
              "select", "point", "keep", "accept", "reject", "reuse", "retain", "expand", "collect",
              "apply", "resolve", "refresh", "bind", "consume", "substitute", "propagate"}


def authors_view(text: str) -> str | None:
    """``This PR adds`` → "The change adds"; ``We now record`` → "The change now records";
    ``I measured`` → "The author measured"; any other first person: None (left out)."""
    text = _THIS_PR.sub("The change", text, count=1)
    match = _WE_NOW.match(text)
    if match and not match.group(2).endswith(("ed", "s")):
        # "and track X", ", select the Y": the other verbs of the list agree as well
        rest = re.sub(r"(,\s+(?:and\s+)?|\s+and\s+)(\w+)(?=\s+(\w+))", _agree, match.group(3))
        text = f"The change now {match.group(1)}{third_person(match.group(2))}{rest}"
    match = _WE_PAST.match(text)
    if match:
        text = f"The author {match.group(1)}{match.group(2)}"
    match = _WE_CAN.match(text)
    if match and _base_verb(match.group(1)) and not _FIRST_PERSON.search(match.group(2)) and \
            not _SOMEDAY.search(match.group(2)):
        # "…, and only resolve the PATH entries if …": the list's verbs agree too
        rest = re.sub(r"(,?\s+and\s+(?:only\s+|then\s+|also\s+)?)([a-z]+)(?=\s+(\w+))",
                      lambda m: m.group(1) + (third_person(m.group(2))
                                              if _base_verb(m.group(2)) else m.group(2)),
                      match.group(2))
        text = f"The change {third_person(match.group(1))}{rest}"
    match = _WE_CHANGED.match(text)
    if match and not _FIRST_PERSON.search(match.group(2)):
        # "So I replaced the guard with an assertion ...": what the change does, told by the
        # author in the past (uv 2026-07-12: the fix itself was left out as first person)
        text = f"The change {_CHANGED[match.group(1)]}{match.group(2)}"
    if _FIRST_PERSON.search(text):
        # "Previously, we did not model X, so slotted attributes were ..." keeps what follows "so"
        head, sep, tail = text.partition(", so ")
        if not sep or _FIRST_PERSON.search(tail) or len(tail.split()) < 6:
            return None
        lead = "Previously, " if head.startswith("Previously,") else ""
        text = lead + (tail if lead else tail[:1].upper() + tail[1:])
    return text


def _has_code_span(text: str) -> bool:
    return any(_CODE_IN_SPAN.search(span) and not _ENV_SETTING.fullmatch(span.strip())
               for span in re.findall(r"`+([^`]+)`+", text))


# "So gate them ..." / "As a result, valid ..." lean on a sentence that may not be said
_LEADING_LINK = re.compile(r"^(?:So|And|But|Also|Thus|Hence|Therefore|Then|As a result|"
                           r"Consequently)\b,?\s+(?=\S)")


def _unlinked(text: str) -> str:
    rest = _LEADING_LINK.sub("", text, count=1)
    if rest == text:
        return text
    first = rest.split(" ", 1)[0].rstrip(",;:")  # "But also, it turns out" → "Also, it turns out"
    if first.isalpha() and first == first.lower() and first not in _KEEP_CASE:
        return rest[:1].upper() + rest[1:]  # an ordinary word, not a lowercase name
    return rest


_KEEP_CASE = {"ty", "uv", "npm", "pip", "git", "numpy", "torchao", "ruff"}


def code_share(text: str) -> float:
    """The share of words that are code; a slash list of identifiers (``num_warps/num_stages``)
    counts each of its parts."""
    words = text.split()
    if not words:
        return 1.0
    code = 0
    for w in words:
        parts = [p for p in w.strip(".,;:()`'\"").split("/") if p] or [""]
        code += sum(1 for p in parts if _CODE_TOKEN.search(p)) if len(parts) > 1 else \
            bool(_CODE_TOKEN.search(parts[0]))
    return code / len(words)


_CODE_ASIDE = re.compile(r"\s*\(([^()]*)\)")
_SNAKE = re.compile(r"^_?[a-z][a-z0-9]*_[a-z0-9_]+$|^[A-Z][A-Z0-9]*_[A-Z0-9_]+$")
_CODEY = re.compile(_SNAKE.pattern + r"|^[a-z]+\d+$")  # rng_state, BLOCK_M, int64


def _drop_code_asides(text: str) -> str:
    """``helpers (_nvfp4_quantize/_pack_fp4/ _store) from`` → "helpers from": a parenthesis
    that is mostly code is dropped, the sentence around it kept."""
    return _CODE_ASIDE.sub(lambda m: "" if code_share(m.group(1)) > 0.5 else m.group(0), text)


def _code_subject(text: str) -> bool:
    """"Caller-owned int64 rng_state keeps ...": a snake_case name in the first three words is
    the sentence's subject, which the ear cannot follow."""
    return sum(1 for w in text.split()[:3] if _CODEY.match(w.strip(".,;:()`'\""))) >= 2


def _identifier_list(text: str) -> bool:
    """``num_warps/num_stages``, ``BLOCK_M/BLOCK_N``: names joined by slashes."""
    return any(len(parts) > 1 and any(_SNAKE.match(p) for p in parts)
               for parts in (w.strip(".,;:()`'\"").split("/") for w in text.split()))


def _split_long(text: str) -> list[str]:
    if len(text.split()) <= MAX_WORDS:
        return [text]
    parts = [p.strip() for p in re.split(r";\s+|\s+--\s+|\s+—\s+", text) if p.strip()]
    out = []
    for part in parts:
        if MIN_WORDS <= len(part.split()) <= MAX_WORDS and part[:1].isalpha():
            part = part[:1].upper() + part[1:]
            out.append(part if part[-1] in ".!?" else part.rstrip(",:") + ".")
    return out if len(out) == len(parts) else []


def _fragment(text: str, listed: bool) -> bool:
    """A list item's words, not a sentence: "same-named methods defined directly on ..." (a list
    item that starts lowercase, with a plain word rather than a name such as "ty" or "torchao's"),
    "Deduplicate targets + preserve discovery order" (steps joined with "+")."""
    first = text.split(" ", 1)[0].lstrip("\"'(").rstrip(",.:;")
    lowercase = listed and bool(re.fullmatch(r"[a-z]+(?:-[a-z]+)*", first)) and first not in _KEEP_CASE
    return lowercase or bool(re.search(r"\s\+\s", text))


def spoken_sentences(piece: Piece) -> list[str]:
    """The piece as one or two speakable sentences; [] when it cannot or should not be said."""
    raw = piece.text.replace("™", "").replace("®", "")
    if raw.endswith(":"):
        # "X could panic when ...:" before a snippet is a whole sentence; "Results:" is not
        if len(raw.split()) < 8 or _INTRODUCES.search(raw) or not _FINITE.search(raw):
            return []
        raw = raw[:-1] + "."
    if _TITLE_LIKE.match(raw) or _FRAGMENT_START.match(raw):
        return []  # "MAINT: Bump ..." is a title; "the" starts a fragment of a cut sentence
    if any(p.search(raw) for p in (_POINTER_LINK, _AI_MENTION, _DANGLING, _TEST_TALK)):
        return []
    raw = _drop_code_asides(raw)
    if code_share(raw) > 0.25 or _has_code_span(raw) or _code_subject(raw) or _identifier_list(raw):
        return []
    said = authors_view(say_slashes(speakable(_HTML_TAG.sub("", raw))))
    if said is not None:
        said = _LABEL_COLON.sub(r"\1;", said)
    if said is None:
        return []
    said = _unlinked(re.sub(r"^\((.*)\)([.!?]?)$", r"\1\2", said))
    out = []
    for part in _split_long(said):
        if len(part.split()) < MIN_WORDS or not re.match(r"^[\"'(]?[A-Za-z_]", part):
            continue
        if _UNSPEAKABLE.search(part) or _fragment(part, piece.listed):
            continue
        if re.search(r"\b(?:at|to|in|from|see|on|here|of|by|via|under|with|for|the|a|this|these|"
                     r"include|includes|including|following|such as|like)\W*$", part):
            continue  # the sentence pointed at a link, a snippet or a list we took out
        out.append(part if part[-1] in ".!?" else part + ".")
    return out
