"""Listenability faults of a script, counted as a listener would hear them (issue 23), for
bench/bench_script.py. Written apart from the writers (no studio import but lemminflect, the
dictionary the bench shares with nobody's rules):

- an unresolved opener: a segment's first sentence (past the greeting) that opens with a
  reference the listener never heard ("It", "This", "These", "They", "Both", "That", "Such";
  "This is <show>" greets);
- a title pasted after a verb: "landed", "merged", "shipped" followed by a capitalised verb in
  its base form ("landed Ship the ...", "landed Wake DelayQueue");
- a prefix used as a verb: a word of a title's area prefix ("Qualcomm AI Engine Direct -",
  "Graph pass:") said with "-ed" ("qualcommed", "graphed");
- an identifier spoken: ``a_b``, ``a::b``, a dotted lower-case name (``torch.compile``) or a
  call ``f(``;
- bot or template text spoken: the merge bot's paragraph, ghstack, trailers, an AI tool;
- a person counted twice: a list of names where two share a first name's first four letters or
  a surname (one person under two spellings), or an AI assistant named as a person.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lemminflect import getAllLemmas

OPENERS = re.compile(r"^(?:It|Its|This|These|They|Them|Both|That|Those|Such)\b(?! is \w+[,.])")
PASTED = re.compile(r"\b(?:landed|merged|shipped|pushed)\s+([A-Z][a-z]+)\b")
IDENT = re.compile(r"\w_\w|\w::\w|\b[a-z][a-z0-9]+\.[a-z_][a-z0-9_]+\b|\b[a-z_]\w*\(")
BOT_TEXT = re.compile(r"merge ?bot|help merge the original|ghstack|signed-off-by|co-authored|"
                      r"dependabot|renovate|generated with|pull request resolved|"
                      r"differential revision", re.I)
_ASSISTANT = r"(?:Claude|Copilot|ChatGPT|Codex|Gemini|Cursor|Devin)"
# an assistant credited as a person: "from Claude", "by Codex", "Ann Lee and Claude", "Claude
# landed" (not a tool a change is about: "loaded root Codex automation threads", "reviewed
# pull requests with Codex")
ASSISTANTS = re.compile(rf"(?:\b(?:from|by)\s+|, (?:and )?|\band\s+){_ASSISTANT}\b(?! \w+ing\b)"
                        rf"(?!\s+(?:automation|threads?|prompts?|review|agents?|hooks?)\b)|"
                        rf"\b{_ASSISTANT}(?:'s change|\s+(?:landed|added|fixed|made|wrote))\b")
NAME_LIST = re.compile(r"((?:[A-Z][\w'-]+ [A-Z][\w'-]+, )+(?:and )?[A-Z][\w'-]+ [A-Z][\w'-]+)")
PREFIX = re.compile(r"^(?:\[[^\]]*\]\s*)*([A-Za-z][\w .+/-]{1,40}?)\s*(?::|\s[-–—])\s")
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'])")
GREETING = ("intro", "welcome", "sign-off", "signoff", "outro")


# verbs developers use that the dictionary lacks: "Sync latest Python releases: 3.10.21" has
# a verb, not an area, before its colon, and "synced" is no prefix made a verb
DEV_VERBS = {"sync", "resync", "bump", "lint", "dedupe", "inline", "plumb", "unify"}


def _base_verb(word: str) -> bool:
    w = word.lower()
    return w in DEV_VERBS or w in getAllLemmas(w, upos="VERB").get("VERB", ())


def prefix_words(titles: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for t in titles:
        m = PREFIX.match(t)
        if m:
            out |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", m.group(1))}
    return out


def faults(segments: list[dict], titles: list[str]) -> dict[str, list[str]]:
    """Each kind of fault with the sentences that have it."""
    found: dict[str, list[str]] = {k: [] for k in (
        "unresolved opener", "title pasted after a verb", "prefix used as a verb",
        "identifier spoken", "bot or template text", "person counted twice")}
    prefixes = prefix_words(titles)
    for seg in segments:
        text = seg.get("text", "")
        said = [s for s in SENTENCE.split(text) if s]
        if said and not seg.get("id", "").startswith(GREETING) and OPENERS.match(said[0]):
            found["unresolved opener"].append(said[0])
        for s in said:
            for m in PASTED.finditer(s):
                if _base_verb(m.group(1)):
                    found["title pasted after a verb"].append(s)
            low = s.lower()
            if any(re.search(rf"\b{re.escape(p)}(?:e)?d\b", low) and not _base_verb(p)
                   for p in prefixes):
                found["prefix used as a verb"].append(s)
            if IDENT.search(s):
                found["identifier spoken"].append(s)
            if BOT_TEXT.search(s):
                found["bot or template text"].append(s)
            if ASSISTANTS.search(s):
                found["person counted twice"].append(s)
            for m in NAME_LIST.finditer(s):
                names = [n.strip() for n in re.split(r", (?:and )?| and ", m.group(1))]
                firsts = [n.split()[0][:4].lower() for n in names]
                lasts = [n.split()[-1].lower() for n in names]
                if len(set(firsts)) < len(firsts) or len(set(lasts)) < len(lasts):
                    found["person counted twice"].append(s)
    return found
