"""Code names in a record sentence, as a listener meets them: a sentence the story writer says
carries at most one, and only one the ear can take ("spawn blocking"), never an environment
variable, a target triple, a versioned package pin or a long compound class name read aloud
(blind editors' most frequent note: "reads code aloud").

A name the listener already heard (it stands in the commit's title) is no new code.
"""

from __future__ import annotations

import re

# the kinds no host reads out: TOKIO_UNSTABLE_X, NarrowToCoreAIDtypesPass, useFp16, a::b, obj.attr( ... )
_HARD = re.compile(
    r"\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b"  # an environment variable or constant
    r"|\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*){2,}\b"  # three humps or more
    r"|\b[a-z]+[A-Z][A-Za-z0-9]*\b"  # camelCase
    r"|\w::\w")
_SOFT = re.compile(
    r"`[^`]+`"  # a code span
    r"|\b[A-Za-z]\w*_\w+\b"  # snake_case
    r"|\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\b"  # a dotted name
    r"|\b[A-Z][a-z0-9]+[A-Z][a-z0-9]+\b"  # a two-part class name
    r"|--[a-z][\w-]+")
_PRODUCTS = re.compile(r"^(?:ExecuTorch|PyTorch|OpenVINO|CuteDSL|GitHub|macOS|iOS|JavaScript|"
                       r"TypeScript|PyPI|CMake|NumPy|SciPy|OpenAI|LLaMA|MacOS|FastAPI|"
                       r"TorchAO|WebAssembly|PostgreSQL|MySQL|SQLite|GitLab|YouTube|HuggingFace|"
                       r"[A-Z]+[a-z]+[A-Z]+|[A-Z][a-z]+[A-Z]{2,}\w*)$")  # "CuteDSL", "MacBook"


def _heard(name: str, title: str) -> bool:
    bare = name.strip("`").lower()
    return bool(bare) and bare in title.lower()


def unheard(raw: str, title: str = "") -> tuple[list[str], list[str]]:
    """The hard and the soft code names of ``raw`` that the title does not already say."""
    hard = [m.group(0) for m in _HARD.finditer(raw)
            if not _PRODUCTS.match(m.group(0).strip("`")) and not _heard(m.group(0), title)]
    soft = [m.group(0) for m in _SOFT.finditer(raw)
            if not _PRODUCTS.match(m.group(0).strip("`")) and not _heard(m.group(0), title)
            and not re.fullmatch(r"[\d.]+|[A-Za-z]\.[A-Za-z]\.?|e\.g|i\.e|etc\.?", m.group(0))
            and not any(m.group(0) in h or h in m.group(0) for h in hard)]
    return hard, soft


def too_much_code(raw: str, title: str = "") -> bool:
    """Whether a record sentence, said by the story writer, would read code aloud."""
    hard, soft = unheard(raw, title)
    return bool(hard) or len(soft) >= 2


_TAIL = re.compile(r"^(?P<head>.{30,}?),\s+(?P<tail>[^,]+)$")
_FINITE = re.compile(r"\b(?:is|are|was|were|has|have|had|does|do|did|can|could|will|would|"
                     r"should|must|may|might)\b")


def without_code_tail(raw: str) -> str:
    """"Add a CuteDSL backend for X, selectable via KernelPreference.CUTEDSL." → "Add a CuteDSL
    backend for X.": a closing phrase that is only a code name goes; the sentence's point
    stays."""
    text = raw.rstrip()
    if not text:
        return raw
    end = text[-1] if text[-1] in ".!?" else ""
    m = _TAIL.match(text[:-1] if end else text)
    if not m or _FINITE.search(m.group("tail")):
        return raw
    hard, soft = unheard(m.group("tail"))
    if not hard and not soft:
        return raw
    if len(m.group("head").split()) < 6:
        return raw
    return m.group("head") + (end or ".")


_ENV_ALT = re.compile(r",? (?:or|and) (?:by setting |with |via |through )?(?:the )?`?"
                      r"[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+`?(?: environment variable| env var| variable)?"
                      r"(?=[.,;]|$)")


def without_env_alternative(raw: str) -> str:
    """"opt in via the builder method or the TOKIO_UNSTABLE_X environment variable" → "opt in
    via the builder method": an environment variable offered as the other way is not read out
    (a judge: "reads the env var name aloud"); the way told first stays."""
    return _ENV_ALT.sub("", raw)
