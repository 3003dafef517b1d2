"""What a change's words say: typo fixes, dependency bumps, releases and version bumps,
deprecations, removed exports — regular expressions over titles and bodies, kept apart from
the sizes that ``significance`` weighs."""

from __future__ import annotations

import re

TYPO = re.compile(r"\b(typos?|spelling|misspell\w*|grammar|grammatical|punctuation)\b", re.I)
DEP_BUMP = re.compile(
    r"^(?:[\w/-]+(?:\([^)]*\))?!?:\s*)?(?:\[[^\]]*\]\s*)*"
    r"(?:bump|update|upgrade|pin|roll)\b.*"
    r"(?:\bfrom\b.*\bto\b|\bto\s+v?\d|\bpins?\b|\bpinned\b|\bdependenc|\block\s*file|\bnightly\b|"
    r"\bsubmodules?\b|\bto\s+(?:the\s+)?latest\b)",
    re.I)
VERSION_NUMBER = r"v?\d+\.\d+(?:\.\d+)*(?:[-.]?(?:rc|a|b|alpha|beta|post|dev)\.?\d*)?"
RELEASE = re.compile(
    rf"^\s*(?:\[?release\]?:?\s*)?(?:release|releasing|cut|publish|prepare(?:\s+for)?|bump)\b"
    rf"(?:\s+(?:the\s+)?(?:release|version|branch|to|for|of|\w+\s+release))*\s+{VERSION_NUMBER}\b"
    rf"|\brelease\s+(?:candidate\s+)?{VERSION_NUMBER}\b"
    rf"|\bv?\d+\.\d+(?:\.\d+)*(?:rc|-rc\.?|\.rc)\d+\b"
    rf"|\bcut\s+(?:the\s+)?(?:rc|release\s+branch|release)\b"
    # a title that is only a name and its version: "Git 2.55", "v2.56.0-rc1" (the tag's commit)
    rf"|^\s*(?:[A-Z][\w+-]*\s+)?{VERSION_NUMBER}\s*$", re.I)
RELEASE_NOT = re.compile(rf"\b(?:from\s+{VERSION_NUMBER}\s+to|bump\s+\S+\s+(?:from|to))\b",
                          re.I)
VERSION = re.compile(r"\b(?:bump|update|set|increment|advance)\w*\s+(?:the\s+)?(?:package\s+|project\s+|"
                      r"crate\s+|library\s+|our\s+)?version\b|\bversion\s+bump\b|^\W*bump\s+to\s+v?\d", re.I)
DEPRECATE_TITLE = re.compile(
    r"^\W*(?:\[[^\]]*\]\s*)*(?:\w+(?:\([^)]*\))?!?:\s*)?deprecat\w*\b|\bdeprecat(?:e|es|ing)\s+\S"
    r"|\b(?:is|are|now)\s+deprecated\b|\bmark\w*\s.*\bas\s+deprecated\b"
    r"|\badd\w*\s+(?:a\s+)?deprecation\s+warning", re.I)
DEPRECATE_BODY = re.compile(
    r"^(?:this\s+(?:pr|change|commit|diff|patch)\s+|we\s+)?deprecates?\s+\S"
    r"|\b(?:is|are)\s+now\s+deprecated\b|\bmarks?\s+\S+(?:\s+\S+){0,3}\s+as\s+deprecated\b"
    r"|\bwill\s+be\s+removed\s+in\s+(?:a\s+future|the\s+next|v?\d)"
    r"|\b(?:emits?|raises?|warns?\s+with)\s+a\s+(?:Deprecation|Future)Warning\b"
    r"|\badd\w*\s+(?:a\s+)?deprecation\s+warning", re.I)
REMOVE_DEPRECATED = re.compile(r"\b(?:remov|delet|drop)\w*\s+(?:the\s+|a\s+|all\s+)?deprecated\b",
                                re.I)
REMOVAL_TITLE = re.compile(r"^\s*(?:remove|removes|removed|removing|delete|deletes|deleted|"
                            r"deleting|drop|drops|dropped|dropping|kill|retire|purge)\b", re.I)
CRASH = re.compile(r"\b(?:crash\w*|segfault\w*|segmentation\s+fault|regressions?|regressed|"
                    r"deadlock\w*|hangs?|hanging|data\s+corruption|corrupt\w*|memory\s+leak|"
                    r"use[- ]after[- ]free|out[- ]of[- ]bounds|wrong\s+results?|incorrect\s+results?|"
                    r"silently\s+wrong|panics?|stack\s+overflow|abort(?:s|ed)?|infinite\s+(?:loop|"
                    r"recursion)|out\s+of\s+memory|oom|null[- ]pointer|nan)\b", re.I)
FIX = re.compile(r"^\s*(?:\w+(?:\([^)]*\))?!?:\s*)?(?:fix|fixes|fixed|fixing|bugfix|hotfix|"
                  r"correct|repair|resolve|handle|avoid|prevent|guard)\b|\bfix(?:es|ed)?\b|\bbug\b",
                  re.I)
PERF = re.compile(r"\b(?:faster|speed\s*up|speedups?|perf|performance|optimi[sz]\w*|latency|"
                   r"throughput|vectori[sz]\w*|fast\s+path|\d+(?:\.\d+)?\s*[x×]\s+(?:faster|speed))\b",
                   re.I)
FEATURE = re.compile(r"^\s*(?:\w+(?:\([^)]*\))?!?:\s*)?(?:add|adds|added|adding|support|supports|"
                      r"introduce\w*|implement\w*|enable\w*|new|create|expose\w*|allow\w*)\b", re.I)
REFACTOR = re.compile(r"\b(?:refactor\w*|clean\s*up|cleanup|rename\w*|move[sd]?|moving|"
                       r"simplif\w*|reorgani[sz]\w*|unif(?:y|ies|ied)|share\s+code|split|"
                       r"consolidat\w*|restructur\w*|dedup\w*)\b", re.I)
BACKTICKED = re.compile(r"`([^`\n]{1,120})`")
EXPORT_SENTENCE = re.compile(r"\b(?:remov|delet|drop)\w*\b.*\b(?:exports?|exported|__all__|"
                              r"public\s+api|apis?)\b|\b(?:exports?|__all__|apis?)\b.*\b(?:remov|"
                              r"delet|drop)\w*", re.I)
IDENT = re.compile(r"^[A-Za-z_][\w.]*(?:\(\))?$")


def sentences(text: str) -> list[str]:
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    out = []
    for line in text.splitlines():
        line = line.strip(" \t-*>#")
        if not line:
            continue
        out.extend(s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z`])", line) if s.strip())
    return out


def api_names(text: str) -> list[str]:
    """Public names a body says it removes from exports / ``__all__`` / the API."""
    names: list[str] = []
    for sentence in sentences(text):
        if not EXPORT_SENTENCE.search(sentence):
            continue
        for raw in BACKTICKED.findall(sentence):
            name = raw.strip().removesuffix("()")
            last = name.rsplit(".", 1)[-1]
            if IDENT.match(name) and not last.startswith("_") and name not in names \
                    and name not in ("__all__",):
                names.append(name)
    return names[:12]


def deprecations(title: str, body: str) -> list[str]:
    found: list[str] = []
    for i, text in enumerate([title, *sentences(body)]):
        bare = BACKTICKED.sub("it", text)
        pattern = DEPRECATE_TITLE if i == 0 else DEPRECATE_BODY
        if pattern.search(bare) and not REMOVE_DEPRECATED.search(bare):
            found.append(text if len(text) <= 200 else text[:197].rstrip() + "...")
        if len(found) >= 3:
            break
    return found


# a change whose object is a test ("Fix interpreter cache invalidation test", "Add regression
# test for uv#21062", "Add test coverage for ..."): the maintainers' safety net, not a change a
# user meets, even when the test sits in a source file (Rust's unit tests); a test tool's own
# machinery ("fix test collection", "test runner") is the product and stays news
TEST_TITLE = re.compile(
    r"^(?:\W*[\w-]+(?: [\w-]+)?\s*:\s*)?(?:fix|add|update|improve|repair|extend|strengthen|"
    r"expand|rework|tighten)\w*\s+(?:(?:a|an|the|more|missing|new)\s+)?(?:[\w#-]+\s+){0,4}?"
    r"(?:(?:regression |unit |integration |smoke )?tests?|test coverage|coverage)\b"
    r"(?!\s+(?:runner|harness|framework|collection|discovery|ids?|outcomes?|reports?|"
    r"selection)\b)", re.I)
# the record's own word that nothing a user runs changed
NO_PRODUCTION = re.compile(r"\b(?:does not|doesn't|do not|don't|no|without) chang\w* "
                           r"(?:any )?(?:production|runtime|user-facing|public) (?:behaviou?r|code)"
                           r"|\btest[- ]only (?:change|fix)\b", re.I)


def title_housekeeping(title: str, is_bot: bool) -> str:
    """For a commit with no paths at all: the title's word, as the old guesses had it."""
    if DEP_BUMP.search(title) and (is_bot or re.search(r"\bfrom\b.*\bto\b", title)):
        return "ci"
    if re.match(r"^\s*(?:\[?(?:docs?|documentation)\]?[:(\s])|\bREADME\b", title, re.I):
        return "docs"
    if re.match(r"^\s*\[?ci\]?[:(\s]", title, re.I):
        return "ci"
    return ""
