"""Words joined by a slash, said the way a listener hears them.

``reshape/casts`` is "reshape and casts", ``a TypeIs/TypeGuard call`` "a TypeIs or TypeGuard
call", ``apache/airflow`` (a repository) "apache airflow", ``bokeh/bokeh`` "bokeh",
``torchao/kernel`` "the kernel folder", LSP's ``textDocument/implementation`` "implementation".
What a reader keeps as written stays: ``and/or``, ``I/O``, ``A/B``, ``1/2``, units (``MB/s`` is
said by :func:`studio.script.speakable.speakable`). Paths are said before this step (by
``speakable``), so what is left here are names and words.

Only the words of the pair are said, with "and" or "or" between them (and "the", "folder",
"module" for a folder) — nothing the text did not say.
"""

from __future__ import annotations

import re

_PART = r"[A-Za-z][\w'’-]*(?:\.[\w-]+)*"
_PAIR = re.compile(rf"(?<![\w./@-])({_PART}(?:/{_PART})+)(?![\w/@])")
_SPACED = re.compile(r"(?<![\w/])([A-Za-z][\w'’.-]*) / ([A-Za-z][\w'’.-]*)(?![\w/])")
_KEEP = {"and/or", "i/o", "a/b", "n/a", "w/o", "w/", "y/n", "s/n"}
# after these the pair names one of two: "a TypeIs/TypeGuard call", "for ROCm/HIP runs"
_EITHER = {"a", "an", "any", "each", "every", "either", "one", "single", "in", "on", "for",
           "whether", "per", "or"}
_REPO_TALK = re.compile(r"\b(?:ecosystem|repo|repos|repository|repositories|upstream|fork|forks|"
                        r"github|primer|clone|vendored)\b", re.I)
_OWNER_REPO = re.compile(r"^[a-z0-9][a-z0-9._-]*$", re.I)
_METHOD = re.compile(r"^[a-z]+[A-Z]\w*$")  # textDocument/implementation: an LSP method


def _joined(items: list[str], word: str) -> str:
    if len(items) == 2:
        return f"{items[0]} {word} {items[1]}"
    return ", ".join(items[:-1]) + f" {word} {items[-1]}"


def _owner_repo(parts: list[str], sentence: str) -> str | None:
    """``sphinx-doc/sphinx`` → "sphinx", ``apache/airflow`` → "apache airflow" when the text
    talks about repositories; None when the pair is not an owner and a repository."""
    if len(parts) != 2 or not all(_OWNER_REPO.match(p) for p in parts):
        return None
    owner, repo = (p.lower() for p in parts)
    if owner == repo or repo in re.split(r"[-_.]", owner) or owner in re.split(r"[-_.]", repo):
        return parts[1]
    if _REPO_TALK.search(sentence):
        return f"{parts[0]} {parts[1]}"
    return None


def _say(parts: list[str], text: str, start: int, spaced: bool = False) -> str | None:
    """The spoken form of ``parts`` (a slash pair at ``start`` of ``text``); None to keep it."""
    token = "/".join(parts)
    if token.lower() in _KEEP or any(len(p) < 2 for p in parts):
        return None
    from .speakable import _TOP_DIRS, package_path_words

    if len(parts) == 2 and _METHOD.match(parts[0]):
        return parts[1]
    if parts[0] in _TOP_DIRS and len(parts) == 2 and parts[0] != parts[1]:  # "CI/config" is not
        return package_path_words(parts[0], parts[1], text[:start],
                                  text[start + len(token):])
    said = _owner_repo(parts, text)
    if said is not None:
        return said
    before = text[:start].split()
    # "DDP / accelerate": spaced out, a slash offers a choice
    word = "or" if spaced or (before and before[-1].lower().strip("(\"'") in _EITHER) else "and"
    said = _joined(parts, word)
    # "gcd/lcm and bitwise ufuncs": "gcd and lcm, and bitwise ufuncs", never "and ... and"
    return said + "," if re.match(r"\s+(?:and|or)\b", text[start + len(token):]) else said


def say_slashes(text: str) -> str:
    """``text`` with every word/word said in words (see the module's notes)."""
    def pair(match: re.Match[str]) -> str:
        said = _say(match.group(1).split("/"), match.string, match.start())
        return match.group(0) if said is None else said

    def spaced(match: re.Match[str]) -> str:
        said = _say([match.group(1), match.group(2)], match.string, match.start(), spaced=True)
        return match.group(0) if said is None else said

    text = _SPACED.sub(spaced, text)
    return _PAIR.sub(pair, text)
