"""The episode's title and summary held to the record like sentences.

They are published in the feed, the pages and the MP3 tags, but the model names no commits for
them. So they are credited here: each sentence of the summary (and the title) goes to the few
commits whose records hold most of its content words (its nouns, verbs and adjectives, in any
form: "switched" for a record's "switch"); see :func:`check_headline` for how many must be
there. A title that names nothing of the day ("The 2026-08-10"), or a summary made of words
no record wrote, is replaced by the story writer's.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .factlock import check_resolved, headline_words
from .facts import DayFacts
from .words_common import COMMON_WORDS, STOCK_NAMES

MIN_SUPPORT = 0.5  # share of a summary's content words its credited commits must write
MIN_SENTENCE = 1 / 3  # and of each of its sentences
MAX_CREDITED = 6  # commits one title or summary sentence may be credited to
WORD = re.compile(r"[A-Za-z][A-Za-z0-9+]*")
# words of the show's own telling: what any day's title or summary may say
PLAIN = frozenset("""
new its has have had get gets got way ways lot lots thing things work works worked land lands
landed people show listener listeners developer developers project team code day's week
episode story stories headline today's change's commit commits pull request requests author
authors contributor contributors release releases rollback rollbacks revert reverts reland
relands merged landed plus more fewer also along main master branch trunk opt opt-in
""".split())


@lru_cache(maxsize=20_000)
def _lemmas(word: str) -> frozenset[str]:
    from lemminflect import getAllLemmas

    w = word.lower()
    found = {w}
    for forms in getAllLemmas(w).values():
        found |= set(forms)
    if w.endswith("s") and len(w) > 3:
        found.add(w[:-1])
    return frozenset(found)


@lru_cache(maxsize=20_000)
def _says_what(word: str) -> bool:
    """Whether ``word`` names a thing or a quality (a noun, an adjective, or a word no English
    dictionary knows: a name, an identifier); verbs and adverbs tell how ("comes home",
    "quietly") and a title's may be figurative."""
    from lemminflect import getAllLemmas

    kinds = set(getAllLemmas(word.lower()))
    return not kinds or bool(kinds & {"NOUN", "ADJ", "PROPN"})


def content_words(text: str, facts: DayFacts) -> list[str]:
    """The words of ``text`` that say something: not function words, the show's own words,
    the show's name or the date's."""
    from .numbers import numbers_in

    show = {w.lower() for w in WORD.findall(f"{facts.digest.show} {facts.digest.branch}")}
    out = []
    for w in WORD.findall(re.sub(r"['’]s\b", "", text)):
        low = w.lower()
        if len(low) < 3 and not w.isupper():
            continue
        if low in COMMON_WORDS or low in STOCK_NAMES or low in PLAIN or low in show:
            continue
        if numbers_in(low) or not _says_what(low):
            continue
        out.append(low)
    return list(dict.fromkeys(out))


def _record_lemmas(sha: str, facts: DayFacts) -> frozenset[str]:
    key = ("lemmas", sha)
    if key not in facts.scopes:
        words = set(re.findall(r"[a-z][a-z0-9+]*", "\n".join(facts.by_sha[sha].texts).lower()))
        for ident in re.findall(r"\w+", "\n".join(facts.by_sha[sha].texts)):
            words |= {p.lower() for p in re.split(
                r"_+|\d+|(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", ident) if p}
        out: set[str] = set()
        for w in words:
            out |= _lemmas(w)
        facts.scopes[key] = frozenset(out)
    return facts.scopes[key]


def credit(text: str, facts: DayFacts) -> tuple[list[str], float]:
    """(the commits ``text`` is credited to, the share of its content words they write)."""
    words = content_words(text, facts)
    if not words:
        return [], 0.0
    wanted = {w: _lemmas(w) for w in words}
    left = set(words)
    chosen: list[str] = []
    while left and len(chosen) < MAX_CREDITED:
        best, got = None, set()
        for sha in facts.by_sha:
            if sha in chosen:
                continue
            lemmas = _record_lemmas(sha, facts)
            hit = {w for w in left if wanted[w] & lemmas}
            if len(hit) > len(got):
                best, got = sha, hit
        if best is None:
            break
        chosen.append(best)
        left -= got
    return chosen, (len(words) - len(left)) / len(words)


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text.strip()) if s.strip()]


def check_headline(text: str, facts: DayFacts, title: bool) -> tuple[str, list[str]]:
    """(why the episode's title or summary ``text`` fails, "" when it passes; the commits it is
    credited to).

    Its facts (numbers, names, identifiers, dates) are checked as a sentence's against the
    whole day, as a title or summary may tell any of it. Its content words must be in the
    commits it is credited to: a title must name at least one thing of the day; each summary
    sentence must have :data:`MIN_SENTENCE` of its content words there, and the summary
    :data:`MIN_SUPPORT` of all of them (a sentence of the day's numbers alone has none)."""
    if not text.strip():
        return "empty", []
    said = headline_words(text) if title else text
    why = check_resolved(said, list(facts.by_sha), facts)
    if why:
        return why, []
    credited: list[str] = []
    found = total = 0
    for sentence in [said] if title else _sentences(said):
        words = content_words(sentence, facts)
        if not words:
            continue
        shas, share = credit(sentence, facts)
        if share < (1e-9 if title else MIN_SENTENCE):
            return (f"{sentence[:60]!r} is not in the record (only {share:.0%} of its words "
                    "are in the commits it matches)"), []
        found += round(share * len(words))
        total += len(words)
        credited += [s for s in shas if s not in credited]
    if not credited:
        return "it names nothing of the day's commits", []
    if not title and found / total < MIN_SUPPORT:
        return f"only {found / total:.0%} of its words are in the commits it matches", []
    return "", credited


def kept_summary(text: str, facts: DayFacts) -> str:
    """A summary whose first sentence passes, less its sentences that do not ("… and the
    rechunk parameter is deprecated on every read and scan function", of a day that says
    "all"), as long as what is left passes as a whole; "" when its first sentence fails (the
    story writer's summary is used). A one-word claim cost the whole of a strong model's
    summary, replaced by the story writer's pasted titles (round 26's judges)."""
    sentences = _sentences(text)
    if len(sentences) < 2:
        return ""
    kept = [s for s in sentences if not check_headline(s, facts, title=False)[0]]
    if not kept or kept[0] != sentences[0]:
        return ""
    out = " ".join(kept)
    return out if not check_headline(out, facts, title=False)[0] else ""
