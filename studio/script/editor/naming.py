"""What a change is called when a host names it rather than tells it: in the welcome's
teaser ("indexes by name, a fix for relative indexes in PEP 723 scripts, and version
0.12.5"), a segment's title and the episode's.

A commit title is an imperative ("Support referencing indexes by name via --index"); named,
it becomes the thing it brings: "support for referencing indexes by name". The verb decides
the noun phrase; a verb with no noun form is said "a change that ..." and a title that is a
noun phrase already stays one.
"""

from __future__ import annotations

import re

from lemminflect import getInflection

from ...digest.change_words import VERSION_NUMBER
from ...digest.model import CommitInfo
from ...editorial.titles import PART
from ..words import a_or_an
from .clauses import area_and_rest, base_verb, clause, code_last, gerund_base, past_form, statement
from .ear import for_ear

_AS_NOUN = {  # verb → how what it brings is named; "{}" is the rest of the title
    "add": "{}", "introduce": "{}", "implement": "{}", "ship": "{}", "expose": "{}",
    "publish": "{}", "land": "{}", "create": "{}", "build": "{}",
    "support": "support for {}", "enable": "support for {}",
    "fix": "a fix for {}", "correct": "a fix for {}", "repair": "a fix for {}",
    "resolve": "a fix for {}", "handle": "handling of {}",
    "improve": "better {}", "optimize": "faster {}", "optimise": "faster {}",
    "speed": "faster {}", "accelerate": "faster {}",
    "rename": "a rename of {}", "remove": "the removal of {}", "drop": "the removal of {}",
    "delete": "the removal of {}", "deprecate": "the deprecation of {}",
    "document": "documentation for {}", "test": "tests for {}", "refactor": "a refactor of {}",
    "simplify": "simpler {}", "update": "an update to {}", "upgrade": "an upgrade of {}",
    "uplift": "an upgrade of {}", "bump": "a bump of {}", "migrate": "a migration of {}",
    "port": "a port of {}", "allow": "support for {}", "avoid": "a fix for {}",
    "prevent": "a fix for {}", "account": "{}",
}
_CUT = re.compile(r"\s+(?:via|by(?= \w+ing\b)|when|so that|so|because|since|instead of|rather than|"
                  r"without|after|before|using|through)\s+",
                  re.I)
_PREPS = {"in", "for", "on", "with", "to", "of", "at", "from", "into", "across", "under"}
_LOWER_WORDS = {"a", "an", "the", "and", "or", "of", "for", "in", "on", "to", "by", "via",
                "with", "at", "from", "as", "into", "but", "nor"}
_RELEASE = re.compile(rf"^(?:bump|update|set|increment|advance|release|prepare)\w*\s+"
                      rf"(?:the\s+)?(?:package\s+|project\s+|crate\s+)?(?:version|release)?\s*"
                      rf"(?:to|for)?\s*(?P<v>{VERSION_NUMBER})\s*$|"
                      rf"^(?:release|version)\s+(?P<w>{VERSION_NUMBER})\s*$", re.I)


def _rest_of(title: str) -> str:
    _, rest = area_and_rest(title)
    return PART.sub("", rest).strip(" -–—:,.")


def noun_phrase(title: str) -> str:
    """The change named by what it brings: "support for referencing indexes by name via
    --index and --default-index", "a fix for relative indexes in PEP 723 scripts"."""
    rest = _rest_of(title)
    first, _, tail = rest.partition(" ")
    low = first.lower()
    # "Document and test X", "Remove X, add Y": no one noun for it
    two_verbs = re.match(r"and (\w+) ", tail) or re.search(r", (?:and )?([a-z]+) ", tail) or \
        re.search(r" and ([a-z]+) (?=[`'\"-])", tail)  # "Add --no-proxy-env and support --proxy"
    if low in _AS_NOUN and tail and (base_verb(low) or low in ("optimise", "uplift")) and \
            not (two_verbs and base_verb(two_verbs.group(1))):
        tail = re.sub(r"^up\s+(?=\w)", "", tail) if low == "speed" else tail
        if _AS_NOUN[low].split()[0] in ("better", "faster", "simpler") and \
                re.match(r"(?:the|a|an) ", tail, re.I):  # "Speed up the widget cache":
            # "a faster widget cache", not "faster the widget cache"
            return for_ear(_lower_first("a " + _AS_NOUN[low].format(tail.split(" ", 1)[1])))
        if low == "allow" and re.match(r"[a-z]+ing\b", tail):  # "Allow locking with an
            # invalid project environment": "locking with …", not "permission for locking"
            return for_ear(tail)
        m = re.match(r"(.+?) from ([a-z]+)ing (.+)$", tail) if low in ("prevent", "stop") else None
        if m and base_verb(gerund_base(m.group(2) + "ing")):  # "Prevent sub-commands from accepting
            # --version": "sub-commands that no longer accept --version"
            return f"{for_ear(m.group(1))} that no longer {gerund_base(m.group(2) + 'ing')} " \
                f"{for_ear(m.group(3))}"  # (the object said alone: "--version" is "the
            # version flag", not "accept with the version flag")
        if low in ("avoid", "prevent") and re.match(r"[a-z]+ing\b", tail):
            return f"a change that {clause(title, 'present')[0]}"  # "a fix for replacing
            # the waker" would say the opposite of "Avoid replacing the waker"
        if low == "enable" and tail.endswith(" by default"):  # "Enable strict_bytes by
            return for_ear(f"{tail.removesuffix(' by default')} on by default")  # default"
        if low == "document" and re.match(r"(?:that|how|why|when|what|which) ", tail):
            # "Document that --strict-bytes is enabled by default": what the docs now say
            return for_ear(f"documentation saying {tail}" if tail.startswith("that ")
                           else f"documentation of {tail}")
        if low == "account" and tail.startswith("for "):  # "Account for launcher overrides
            return for_ear(tail[4:])  # in cache keys": what it now takes into account
        head = re.split(r"\s+(?:on|in|of|for|with|when|while|during|at|from|to|by|after|"
                        r"before|if)\b", tail)[0].split()[-1]  # the noun the fix is for
        if low in ("avoid", "prevent") and re.match(r"[a-z]+\b(?<!s)(?: |$)", tail) and \
                not re.fullmatch(r"[a-z]+(?:tion|sion|ment|ness|ity|ing|age|s)", head) and \
                not re.match(r"(?:the|a|an|any|all|some|every|each|no)\b", tail):
            # "Avoid deadlock when …": "a fix for a deadlock when …" ("an uninitialized
            # memory access", never "a uninitialized", numpy 2026-08-12)
            tail = f"{a_or_an(tail)} {tail}"
        m = re.match(r"(.+?) to (v?\d+(?:\.\d+)+\S*)$", tail) \
            if low in ("update", "upgrade", "bump", "uplift") else None
        if m:  # "Update vendored Requests to 2.34.2": "vendored Requests 2.34.2", not "an
            return for_ear(f"{m.group(1)} {m.group(2)}")  # update to … to 2.34.2" (a listener)
        if low == "support":  # "Support for X" is named as it is
            tail = tail.removeprefix("for ")
        if low in ("add", "introduce"):  # "Add packed W4 execution to ROCm AOTI"
            tail = re.sub(r" to (?=(?:the )?[A-Z])", " for ", tail, count=1)
        return for_ear(_lower_first(_AS_NOUN[low].format(tail)))
    said, verb = clause(title, "present")
    if verb or past_form(first):
        return f"a change that {said}"
    return for_ear(_lower_first(code_last(rest)))


def _lower_first(text: str) -> str:
    """"Pass migration" → "pass migration"; a name ("CuteDSL", "KV", "OpenVINO") stays."""
    first = text.split(" ", 1)[0]
    if first[:1].isupper() and first[1:].islower():
        return text[:1].lower() + text[1:]
    return text


def short(phrase: str, most: int = 9) -> str:
    """A name cut where its first qualifier starts ("support for referencing indexes by name
    via --index" → "support for referencing indexes by name"), at most ``most`` words."""
    words = phrase.split()
    m = _CUT.search(phrase)
    if m and len(phrase[:m.start()].split()) >= 3:
        words = phrase[:m.start()].split()
    if len(words) > most:  # cut before a preposition, never inside a name
        cuts = [i for i, w in enumerate(words[:most + 1]) if i >= 3 and w.lower() in _PREPS
                and not re.fullmatch(r"[a-z]{3,}(?:ed|ing)", words[i - 1])]  # (not "… pylock
        # files fetched": a participle is cut with its phrase, pip's "… fetched from a URL";
        # uv's "Not treating a URL ending" was "… ending in .py as a script path")
        words = words[:cuts[-1]] if cuts else words if len(words) <= most + 4 else words[:most]
    said = " ".join(words).rstrip(",;:")
    if said.count("(") > said.count(")"):  # "removal of mypy plugin (deprecated": the aside
        said = said[:said.rfind("(")].rstrip(" ,;:")  # cut open, left out
    return said


def headline_case(phrase: str) -> str:
    """Title case as a headline sets it: small words lower, names as they are."""
    out = []
    for i, w in enumerate(phrase.split()):
        if i and w.lower() in _LOWER_WORDS:
            out.append(w.lower())
        elif w[:1].islower() and w.rstrip(",;:").isalpha():  # "comebacks," in a list too
            out.append(w[:1].upper() + w[1:])
        else:
            out.append(w)
    return " ".join(out)


def segment_title(c: CommitInfo) -> str:
    """A story's segment title from its commit: "Support for referencing indexes by name"."""
    phrase = short(noun_phrase(c.title), 8)
    phrase = re.sub(r"^(?:a|an|the) ", "", phrase) if not phrase.startswith("a change") else \
        _doing(short(for_ear(_rest_of(c.title)), 8))
    return phrase[:1].upper() + phrase[1:]


def _doing(title: str) -> str:
    """"Infer XNNPACK conv dimensionality …" → "Inferring XNNPACK conv dimensionality …": a
    segment titled by what the change does, never an order to the listener (round 26's
    read-aloud: "sounds like an order, not a headline")."""
    first, _, rest = title.partition(" ")
    if first.lower() == "do" and rest.startswith("not "):  # "Do not remove nested caches":
        verb, _, more = rest[4:].partition(" ")  # "Not removing nested caches"
        forms = getInflection(verb.lower(), tag="VBG") if base_verb(verb.lower()) else ()
        return f"not {forms[0]} {more}".strip() if forms else title
    if not first.isalpha() or not base_verb(first.lower()) or re.match(r"[a-z]+ing\b", rest) \
            or first.lower() in ("do", "does") or statement(title):
        return title  # ("Avoid replacing the waker": no "Avoiding replacing")
    forms = getInflection(first.lower(), tag="VBG")
    return f"{forms[0]} {rest}".strip() if forms else title


def release_of(commits: list[CommitInfo]) -> str:
    """The project's own new version when one of ``commits`` sets it ("0.12.5"), else ""."""
    for c in commits:
        m = _RELEASE.match(_rest_of(c.title))
        if m:
            return (m.group("v") or m.group("w") or "").lstrip("v")
    return ""
