"""What one drafted sentence may draw on (:class:`Scope`): the evidence of the commits it names,
its words in every form the fact lock (:mod:`.factlock`) and the content-word check
(:mod:`.support`) accept, its dates and numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from .facts import Evidence
from .numbers import numbers_in
from .words_common import DTYPE_ALIASES

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]
_MONTH = "(?:" + "|".join(m.capitalize() for m in MONTHS) + ")"

DATE_WORDS = re.compile(rf"\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(\d{{4}}))?")
DATE_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


def words_of(joined: str) -> set[str]:
    """``joined``'s words, lower case, whole and in their parts (an identifier's pieces)."""
    found = set(re.findall(r"\w+", joined.lower()))
    for ident in re.findall(r"\w+", joined):
        for piece in re.split(r"_+|(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", ident):
            if piece:
                found.add(piece.lower())
    return found


def _lemma_words(words: set[str]) -> set[str]:
    from .support import SHORT, lemmas

    out: set[str] = set()
    for w in words:
        out |= lemmas(w)
        if w in SHORT:
            for said in SHORT[w].split():
                out |= lemmas(said)
    return out


@dataclass
class Scope:
    """What one sentence may draw on."""

    evidence: Evidence
    other_people: set[str]  # words of the day's other commits' authors and handles
    counts: dict[str, set[float]]  # "commits" -> the values "N commits" may take here
    # the commits' own text, lower case, without the day's (the show's name, its section
    # labels: "performance" is a label of every show, no evidence of a speed-up)
    own_text: str = ""

    @cached_property
    def text(self) -> str:
        return "\n".join(self.evidence.texts).lower()

    @cached_property
    def numbers(self) -> set[float]:
        return self.evidence.numbers | numbers_in("\n".join(self.evidence.texts))

    @cached_property
    def dates(self) -> set[str]:
        found = set(self.evidence.dates)
        joined = "\n".join(self.evidence.texts)
        for m in DATE_ISO.finditer(joined):
            found.add(m.group(0))
        for m in DATE_WORDS.finditer(joined):
            month = MONTHS.index(m.group(1).lower()) + 1
            found.add(f"{m.group(3) or '????'}-{month:02d}-{int(m.group(2)):02d}")
        return found

    @cached_property
    def words(self) -> set[str]:
        """The evidence's words, lower case, whole and in their parts: an identifier as
        written ("qat_config", "numHeads", "int4") and its pieces ("qat", "num", "heads")."""
        return words_of("\n".join(self.evidence.texts))

    @cached_property
    def lemma_words(self) -> set[str]:
        """The evidence's words (:attr:`words`) and their lemmas, for :mod:`.support`."""
        from .support import implied_words

        return _lemma_words(self.words | implied_words("\n".join(self.evidence.texts)))

    @cached_property
    def own_lemma_words(self) -> set[str]:
        """The commits' own words and their lemmas, without the day's: what a claim credited
        to them must be told in (:mod:`.support`)."""
        from .support import implied_words

        if not self.own_text:
            return self.lemma_words
        return _lemma_words(words_of(self.own_text) | implied_words(self.own_text))

    def has(self, word: str) -> bool:
        """Whether the evidence writes ``word`` (any case), as a whole word or phrase, or a
        form of it: singular or plural ("heads" for "head"), hyphenated or not."""
        w = word.lower().strip()
        if not w:
            return True
        if re.fullmatch(r"\w+", w):
            return any(f in self.words for f in forms(w))
        if re.search(rf"(?<![\w]){re.escape(w)}(?![\w])", self.text) is not None:
            return True
        squeezed = re.sub(r"[\s_-]+", "", w)
        return len(squeezed) >= 4 and re.fullmatch(r"[\w\s-]+", w) is not None and \
            squeezed in self.joined_pieces

    def has_sha(self, sha: str) -> bool:
        return any(full.startswith(sha) for full in self.evidence.shas) or sha in self.text

    def has_identifier(self, word: str) -> bool:
        """An identifier in the evidence as written, in another case, or spelled with or
        without its separators ("TaskMeta" for "task_meta", "KVCache" for "kv-cache")."""
        if self.has(word) or any(self.has(a) for a in DTYPE_ALIASES.get(word.lower(), ())):
            return True
        squeezed = re.sub(r"[\W_]+", "", word.lower())
        return len(squeezed) >= 5 and squeezed in self.joined_pieces

    @cached_property
    def joined_pieces(self) -> set[str]:
        """Every run of one to four consecutive word pieces of the evidence, lower case and
        joined without separators ("qat_config" and "qat config" both give "qatconfig")."""
        out: set[str] = set()
        for line in "\n".join(self.evidence.texts).splitlines():
            pieces = [p.lower() for p in re.split(
                r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", line) if p]
            for i in range(len(pieces)):
                for n in range(1, 5):
                    if i + n <= len(pieces):
                        out.add("".join(pieces[i:i + n]))
        return out


def forms(word: str) -> set[str]:
    """``word`` (lower case) and its other number: "head"/"heads", "patch"/"patches",
    "library"/"libraries"; an apostrophe's "s" dropped."""
    w = re.sub(r"['’]s?$", "", word)
    out = {w, w + "s", w + "es"}
    if w.endswith("ies") and len(w) > 4:
        out.add(w[:-3] + "y")
    if w.endswith("y") and len(w) > 2:
        out.add(w[:-1] + "ies")
    if w.endswith("es") and len(w) > 3:
        out.add(w[:-2])
    if w.endswith("s") and len(w) > 2:
        out.add(w[:-1])
    return out
