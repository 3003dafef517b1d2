"""A finding's parts, read from its sentence as written: what it is about (the subject), what
to use instead (the replacement) and the words telling what to do (the action).

Nothing is rewritten: each part is a span of the record ("`_portable_lib`", "CMake 3.24",
"should link `executorch::runtime` instead"). Where the sentence names its subject only by
pointing back ("The CMake target of that name is also gone"), the subject is the old name the
record gave ("was called `_portable_lib`"), else the paragraph's first named thing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_CODE = re.compile(r"`([^`]{1,80})`")
_ENV = re.compile(r"\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+){1,}\b")
_FLAG = re.compile(r"(?<![\w-])--[a-z][\w-]+(?:=\S+)?")
_TOOL_VERSION = re.compile(
    r"\b(?:CMake|cmake|GCC|gcc|Clang|clang|Python|python|Rust|rustc|MSRV|CUDA|ROCm|Xcode|"
    r"macOS|iOS|Android(?: API)?|glibc|Node(?:\.js)?|Java|JDK|NumPy|numpy|PyTorch|torch|"
    r"[A-Z][\w.+-]*|[a-z][\w.+]*[-_][\w.+-]+)\s+v?\d+(?:\.\d+)*\+?"
    r"(?:\s+or\s+(?:newer|later|above))?")
_QUOTED = re.compile(r"\"([^\"]{2,60})\"|'([^'\s]{2,60})'")
_INSTEAD = [
    re.compile(r"\b(?:use|link|import|call|pass|set|depend on|switch to|move to|migrate to)\s+"
               r"(`[^`]{1,80}`|[\w.:-]+(?:\s+[\w.:-]+){0,3}?)\s+instead\b", re.I),
    re.compile(r"\binstead of\b[^,.;]*?,?\s*\b(?:use|call|link|import)\s+(`[^`]{1,80}`)", re.I),
    re.compile(r"\bin favou?r of\s+(`[^`]{1,80}`|[\w.:-]+)", re.I),
    re.compile(r"\b(?:replaced|superseded) (?:by|with)\s+(`[^`]{1,80}`|[\w.:-]+)", re.I),
    re.compile(r"\brenamed?\b.{0,80}?\bto\s+(`[^`]{1,80}`|\"[^\"]{1,60}\"|[\w.:-]+)", re.I),
    re.compile(r"\b(?:moves?|switch(?:es)?|migrates?) to\s+(`[^`]{1,80}`|the [\w -]{2,40}?)"
               r"(?=[.,;]|$)", re.I),
]
_ACTION = re.compile(
    r"\b(?:should|must|needs? to|has to|have to|will need to|can)\s+(?:now\s+|also\s+|instead\s+)?"
    r"(?:use|link|import|switch|move|migrate|update|call|pass|set|name|replace|add|enable|opt|"
    r"install|upgrade|specify|be (?:re-?)?enabled)\b[^.;]*|"
    r"\b(?:opt in|enable (?:it|this))\s+(?:via|with|by|using|through)\b[^.;]*|"
    r"\bmoves? to\b[^.;]*|\bplease (?:use|migrate|switch|update)\b[^.;]*|"
    r"\bset\s+`[^`]+`[^.;]*|\bby passing\b[^.;]*", re.I)
# the sentence points back at a name it does not repeat
_POINTS_BACK = re.compile(r"\b(?:that|this|the old|the same|its old) name\b|\bthe private "
                          r"module\b|\b(?:it|they|them)\b|\bthe old (?:one|module|target)\b", re.I)
_OLD_NAME = re.compile(r"\b(?:was|were) (?:called|named)\s+`([^`]+)`|\brenam\w*\s+`([^`]+)`|"
                       r"`([^`]+)`\s+(?:is|was|has been) renamed", re.I)


def _clean(span: str) -> str:
    return span.strip().rstrip(".,;:").strip()


def replacement_of(sentence: str) -> str:
    """What the sentence says to use instead, as written (backticks and all), or ""."""
    for pattern in _INSTEAD:
        m = pattern.search(sentence)
        if m:
            return _clean(m.group(1)).strip("`")
    return ""


def action_of(sentence: str) -> str:
    """The sentence's own words telling what to do ("should link `x` instead"), or ""."""
    m = _ACTION.search(sentence)
    return _clean(m.group(0)) if m else ""


_SHORT_FLAG = re.compile(r"(?<![\w-])-[a-zA-Z](?![\w-])")


def _names(sentence: str, kind: str) -> list[str]:
    names = [n for n in _CODE.findall(sentence)]
    names += _ENV.findall(re.sub(r"`[^`]*`", "", sentence))
    names += _FLAG.findall(re.sub(r"`[^`]*`", "", sentence))
    if kind == "break":  # "an unparsable file to -c": the short option it breaks
        names += _SHORT_FLAG.findall(re.sub(r"`[^`]*`", "", sentence))
    if kind in ("requirement", "platform", "limitation"):
        names += [m.group(0) for m in _TOOL_VERSION.finditer(re.sub(r"`[^`]*`", "", sentence))
                  if re.search(r"[A-Za-z]{2}", m.group(0).split()[0])
                  and not re.match(r"(?:of|to|and|or|in|on|at|by|for|from|than|is|are|was|the|"
                                   r"with|only|about|roughly|approximately|version)\s",
                                   m.group(0), re.I)]
    names += [a or b for a, b in _QUOTED.findall(sentence)]
    return [n for n in names if n.strip()]


def subject_of(sentence: str, paragraph: Sequence[str], record: Sequence[str],
               replacement: str, kind: str) -> str:
    """What the finding is about, as written: a name in the sentence other than its
    replacement; where the sentence points back, the record's old name, else the paragraph's
    first name; "" when the record names nothing."""
    own = [n for n in _names(sentence, kind) if n != replacement]
    renamed_back = kind == "rename" and re.search(r"\brenam\w*\s+(?:it|them|this|that)\b",
                                                  sentence, re.I)
    if own and not renamed_back:
        return own[0]
    if _POINTS_BACK.search(sentence):
        for earlier in record:
            m = _OLD_NAME.search(earlier)
            if m:
                return next(g for g in m.groups() if g)
        for other in paragraph:
            names = [n for n in _names(other, kind) if n != replacement]
            if names:
                return names[0]
    return ""
