"""Respelling for speech: what the engine hears, never what the transcript shows.

A lexicon is TOML: ``[words]`` whole tokens matched exactly, ``[words_nocase]`` in any case,
and ``[[rule]]`` regular expressions (``match`` -> ``say``) applied first. Built-in rules then
read code the way a developer says it: ``#195303`` -> "PR 195303", ``torch.compile`` ->
"torch dot compile", ``view_as_complex`` -> "view as complex", ``CUDAEventPool`` -> "CUDA Event
Pool", ``v2.5.1`` -> "version 2 point 5 point 1", paths by their parts, URLs as "a link", and
commit shas dropped (a sha is never read out).

Where a respelling is not enough, an entry's value may be phonemes in espeak's notation,
``kubectl = "[[k'u:b@k,Ut@l]]"``: both engines say the sounds (espeak-ng reads them as they
are; Piper gets them as IPA, see :func:`studio.narration.piper_engine.to_piper_phonemes`).
Only the lexicon gives phonemes: the text it respells (a script made from commit messages)
never does. Its ``[[`` and ``]]`` are made single brackets first (:func:`text_only`), so a
``[[...]]`` in a commit is read as the characters it shows, and a long or unclosed block
cannot make espeak-ng say words the transcript lacks or drop the rest of the segment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import read_toml
from ..resources import resource_path

DEFAULT_LEXICON = "lexicon.toml"
USER_LEXICON = "lexicon.toml"  # the host's own entries, in the settings folder

_EDGE = "\"'`()[]{}<>,;:!?*“”‘’"
_URL = re.compile(r"^(?:https?://|www\.)\S+$", re.IGNORECASE)
_SHA = re.compile(r"^(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}$")
_PR = re.compile(r"^(?:[\w.-]+/[\w.-]+)?#(\d+)$")
_VERSION = re.compile(r"^(v)?(\d+(?:\.\d+)+)([a-z]+\d*)?$", re.IGNORECASE)
_DOTTED = re.compile(r"^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+(?:\(\))?$")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])")
_ACRONYM = re.compile(r"^[B-DF-HJ-NP-TV-Z]{2,6}\d*$")
_SPACES = re.compile(r"[ \t]+")
_ABBREVIATION = re.compile(r"^(?:[A-Za-z]\.){2,}[A-Za-z]?$")  # e.g., i.e., a.k.a.
_KEYWORD = re.compile(r"^([A-Za-z_][\w.]*)=([\w.-]+)$")
_DOUBLE_BRACKETS = re.compile(r"\[{2,}|\]{2,}")


def text_only(text: str) -> str:
    """``text`` with no phoneme input for either engine: runs of brackets (``[[``, ``]]]``)
    become one bracket, which espeak-ng and Piper read as punctuation."""
    return _DOUBLE_BRACKETS.sub(lambda m: m.group(0)[0], text)


@dataclass
class Lexicon:
    words: dict[str, str] = field(default_factory=dict)
    words_nocase: dict[str, str] = field(default_factory=dict)
    rules: list[tuple[re.Pattern[str], str]] = field(default_factory=list)

    def merge(self, other: Lexicon) -> Lexicon:
        """A lexicon where ``other``'s entries win over this one's."""
        return Lexicon(
            words={**self.words, **other.words},
            words_nocase={**self.words_nocase, **other.words_nocase},
            rules=other.rules + self.rules,
        )

    def respell(self, text: str) -> str:
        """The text as the speech engine should read it: ``text``'s own characters as text
        (see :func:`text_only`), with phonemes only where the lexicon gives them."""
        text = text_only(text)
        for pattern, say in self.rules:
            text = pattern.sub(say, text)
        lines = []
        for line in text.splitlines():
            spoken = " ".join(self._token(tok) for tok in line.split())
            # brackets left empty once shas are dropped: "(5adb334 to fa944ef)"
            spoken = re.sub(r"\s*\((?:\s|,|\bto\b|\band\b)*\)|\[\s*\]", "", spoken)
            spoken = re.sub(r"\s+([.,;:!?])", r"\1", spoken)
            lines.append(_SPACES.sub(" ", spoken).strip())
        return "\n".join(lines).strip()

    def _lookup(self, word: str) -> str | None:
        if word in self.words:
            return self.words[word]
        return self.words_nocase.get(word.lower())

    def _token(self, token: str) -> str:
        core = token.strip(_EDGE)
        if not core:
            return token
        start = token.find(core)
        lead, trail = token[:start], token[start + len(core):]
        # A sentence-ending dot is punctuation, not part of the name.
        if core.endswith(".") and not _VERSION.match(core) and not _ABBREVIATION.match(core):
            core, trail = core.rstrip("."), "." + trail
            inner = core.strip(_EDGE)  # "fa944ef)." : the sha inside the parenthesis
            trail = core[core.rfind(inner) + len(inner):] + trail if inner else trail
            core = inner
        if not core:
            return token
        return lead.replace("`", "") + self._say(core) + trail.replace("`", "")

    def _say(self, word: str) -> str:
        known = self._lookup(word)
        if known is not None:
            return known
        if _URL.match(word):
            return "a link"
        if _SHA.match(word):
            return ""
        if m := _PR.match(word):
            return f"PR {m.group(1)}"
        if m := _VERSION.match(word):
            spoken = m.group(2).replace(".", " point ")
            suffix = f" {m.group(3)}" if m.group(3) else ""
            return ("version " if m.group(1) else "") + spoken + suffix
        if _ABBREVIATION.match(word):
            return word  # "e.g.", "i.e.": the voice says "for example", "that is"
        if "::" in word.strip(":"):  # Rust's Files::try_system: "Files try system"
            return " ".join(self._say(p) for p in word.split("::") if p)
        if m := _KEYWORD.match(word):  # where=False
            return f"{self._say(m.group(1))} equals {self._say(m.group(2))}"
        if "/" in word.strip("/"):
            parts = [p for p in word.split("/") if p]
            return " slash ".join(self._say(p) for p in parts)
        if _DOTTED.match(word):
            return " dot ".join(self._say(p) for p in word.removesuffix("()").split("."))
        if "_" in word.strip("_") or word.startswith("__"):
            parts = [p for p in word.split("_") if p]
            return " ".join(self._say(p) for p in parts)
        if "_" in word:
            return self._say(word.strip("_"))
        pieces = [p for p in _CAMEL.split(word) if p]
        if len(pieces) > 1:
            return " ".join(self._say(p) for p in pieces)
        if _ACRONYM.match(word):
            letters = re.sub(r"\d+$", "", word)
            digits = word[len(letters):]
            return " ".join(letters) + (f" {digits}" if digits else "")
        return word


def load_lexicon(path: str | Path) -> Lexicon:
    """Read a lexicon file; a bad file is a StudioError naming it."""
    p = Path(path)
    data = read_toml(p, "lexicon")
    words = _table(data, "words", p)
    nocase = {k.lower(): v for k, v in _table(data, "words_nocase", p).items()}
    listed = data.get("rule", [])
    if not isinstance(listed, list):
        raise StudioError(f"lexicon {p}: 'rule' must be a list of [[rule]] tables")
    if len(listed) > MAX_RULES:
        raise StudioError(f"lexicon {p}: {len(listed)} rules, over the {MAX_RULES} a lexicon "
                          "may have")
    rules = []
    for i, rule in enumerate(listed):
        if not isinstance(rule, dict) or not isinstance(rule.get("match"), str):
            raise StudioError(f"lexicon {p}: rule {i + 1} needs a 'match' string")
        say = rule.get("say", "")
        if not isinstance(say, str):
            raise StudioError(f"lexicon {p}: rule {i + 1}'s 'say' must be a string")
        rules.append((checked_pattern(rule["match"], say, f"lexicon {p}: rule {i + 1}"), say))
    return Lexicon(words=words, words_nocase=nocase, rules=rules)


MAX_RULES = 1_000
MAX_PATTERN = 500  # characters of one rule's pattern
MAX_OPEN_REPEATS = 4  # unbounded repeats (+, *, {n,}) in one pattern


def checked_pattern(match: str, say: str, what: str) -> re.Pattern[str]:
    """A rule's pattern compiled, when it runs in time linear in the text (about): a complexity
    limit, since Python's ``re`` has no time limit and a backtracking pattern such as
    ``(a+)+$`` takes minutes on a line of 30 a's. Refused, each in one line naming the rule:
    a pattern over :data:`MAX_PATTERN` characters, a repeat inside an unbounded repeat (or an
    alternation inside one: ``(a|aa)+``), more than :data:`MAX_OPEN_REPEATS` unbounded
    repeats, and a ``say`` that names a group the pattern lacks."""
    from re import _parser as sre_parse  # the stdlib's own parser of what re.compile takes

    if len(match) > MAX_PATTERN:
        raise StudioError(f"{what}: the pattern is {len(match)} characters, over the "
                          f"{MAX_PATTERN} a rule may have")
    try:
        pattern = re.compile(match)
        tree = sre_parse.parse(match)
        sre_parse.parse_template(say, pattern)
    except (re.error, IndexError, OverflowError, RecursionError) as exc:
        raise StudioError(f"{what} is not a valid pattern and replacement: {exc}") from None
    if (problem := _complexity(tree)) is not None:
        raise StudioError(f"{what}: the pattern {problem}, which can take minutes on a long "
                          "line; write it without that")
    return pattern


def _complexity(tree: object) -> str | None:
    from re import _constants as sre

    unbounded = 0

    def walk(items: object, inside: bool) -> str | None:
        nonlocal unbounded
        for op, av in items:  # type: ignore[attr-defined]
            if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
                low, high, sub = av
                if inside and high > 1:
                    return "repeats inside an unbounded repeat, like (a+)+"
                if high == sre.MAXREPEAT:
                    unbounded += 1
                    if unbounded > MAX_OPEN_REPEATS:
                        return f"has over {MAX_OPEN_REPEATS} unbounded repeats"
                if found := walk(sub, inside or high == sre.MAXREPEAT or high > 100):
                    return found
            elif op == sre.BRANCH:
                if inside:
                    return "has alternatives inside an unbounded repeat, like (a|aa)+"
                for branch in av[1]:
                    if found := walk(branch, inside):
                        return found
            elif op == sre.SUBPATTERN:
                if found := walk(av[3], inside):
                    return found
            elif op in (sre.ASSERT, sre.ASSERT_NOT):
                if found := walk(av[1], inside):
                    return found
            elif op == sre.GROUPREF_EXISTS:
                for sub in av[1:]:
                    if sub is not None and (found := walk(sub, inside)):
                        return found
            elif op in (sre.ATOMIC_GROUP,):
                if found := walk(av, inside):
                    return found
        return None

    return walk(tree, False)


def _table(data: dict, name: str, path: Path) -> dict[str, str]:
    table = data.get(name, {})
    if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
        raise StudioError(f"lexicon {path}: [{name}] must map words to strings")
    return dict(table)


def lexicon_for(show_lexicon: str | Path | None = None) -> Lexicon:
    """The default lexicon shipped in ``resources/``, with the show's file on top."""
    lexicon = load_lexicon(resource_path(DEFAULT_LEXICON))
    if show_lexicon:
        lexicon = lexicon.merge(load_lexicon(show_lexicon))
    return lexicon


def user_lexicon_path() -> Path:
    """The host's own lexicon (what the desktop's lexicon editor writes)."""
    from ..settings import config_dir

    return config_dir() / USER_LEXICON


def host_lexicon(show_lexicon: str | Path | None = None) -> Lexicon:
    """What every synthesis uses, in the desktop and on the command line alike: the shipped
    lexicon, the show's, then the host's own on top."""
    lexicon = lexicon_for(show_lexicon)
    user = user_lexicon_path()
    if user.exists():
        lexicon = lexicon.merge(load_lexicon(user))
    return lexicon
