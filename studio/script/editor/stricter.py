"""A change that makes the software refuse what it used to take ("Prevent sub-commands from
accepting --version", "Reject unknown keys"), told in the focus as what to check: "Sub-commands
no longer accept the version flag. Anything you run that relied on the old behaviour will need
a change" (pip 2026-08-08: the editor's focus; ours had none)."""

from __future__ import annotations

import re

from lemminflect import getLemma

from ...editorial.titles import split_area
from .ear import for_ear
from .no_longer import agreeing

_PREVENT = re.compile(r"^(?:Prevent|Stop|Disallow|Forbid)\s+(?P<who>.+?)\s+from\s+"
                      r"(?P<verb>[a-z]+ing)\b(?P<rest>.*)$")
_REFUSE = re.compile(r"^(?P<verb>Reject|Disallow|Forbid|Refuse|Error on|Raise on|Fail on|"
                     r"Warn on)\s+(?P<rest>.+)$")
_NOW = {"reject": "now rejects", "disallow": "no longer allows", "forbid": "no longer allows",
        "refuse": "now refuses", "error on": "now gives an error on",
        "raise on": "now raises an error on", "fail on": "now fails on",
        "warn on": "now warns on"}
AFTER = "Anything you run that relied on the old behaviour will need a change"


def stricter_claim(title: str, project: str) -> str:
    """"sub-commands no longer accept the version flag" of a stricter change's title; ""
    when the title is no such change."""
    text = " ".join(split_area(title)[1].replace("`", "").split()).rstrip(".")
    text = text[:1].upper() + text[1:]  # ("reject cross-location paths …", pip's lower case)
    text = re.sub(r"(?<![\w-])--([a-z][\w-]*)(?= (?:flags?|options?)\b)", r"\1", text)
    text = re.sub(r"(?<![\w-])(?:the )?--([a-z][\w-]*)", lambda m: f"the {m.group(1)} flag", text)
    m = _PREVENT.match(text)
    if m:
        lemma = (getLemma(m.group("verb"), upos="VERB") or ("",))[0]
        who = m.group("who")
        form = agreeing(lemma, who)
        if not form:
            return ""
        return for_ear(f"{who} no longer {form}{m.group('rest')}")
    m = _REFUSE.match(text)
    if m and project:
        return for_ear(f"{project} {_NOW[m.group('verb').lower()]} {m.group('rest')}")
    return ""
