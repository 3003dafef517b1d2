"""Findings: what listeners must act on, found in the record with the sentence it came from.

A finding is a breaking change, a rename or removal of something public (a module, function,
option or build target) with its replacement when given, a new requirement (a dependency, a
minimum version of a tool or platform), a migration or workaround, a deprecation, an opt-in
and how to enable it, a regression or limit the author states, or a platform dropped.
"Today's focus" is built from these alone, by both writers; with none, nothing stock may claim
there is nothing to do beyond what :func:`nothing_to_change` allows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..digest.model import CommitInfo
from .record import commit_record

KINDS = ("break", "removal", "rename", "requirement", "migration", "workaround", "deprecation",
         "opt-in", "limitation", "platform")


@dataclass(frozen=True)
class Finding:
    kind: str  # one of KINDS
    sha: str  # the commit whose record says it
    sentence: str  # the record's sentence, as written
    subject: str = ""  # what it is about, as written ("_portable_lib", "CMake 3.24"), if found
    replacement: str = ""  # what to use instead, when the record says


_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("break", re.compile(r"\b(?:compatibility break|breaking change|BC[- ]breaking|"
                         r"(?:does|will|would) break\b|no longer (?:configures|compiles|builds|"
                         r"works|accepts|supports)|is (?:now )?an error)", re.I)),
    ("removal", re.compile(r"\b(?:is|are|was|were) (?:now )?(?:gone|removed|deleted)\b|"
                           r"\bremov(?:e|es|ed|ing) (?:the )?(?:deprecated|public|old)\b", re.I)),
    ("rename", re.compile(r"\brenam(?:e|es|ed|ing)\b.*\bto\b", re.I)),
    ("requirement", re.compile(r"\b(?:now )?requires?\b|\bminimum (?:supported )?(?:version|"
                               r"cmake|python)\b|\bnew (?:runtime )?dependenc(?:y|ies)\b", re.I)),
    ("migration", re.compile(r"\b(?:should|must|need to) (?:now )?(?:use|link|import|switch|"
                             r"move|migrate|update|call|pass|set)\b|\bmigrat(?:e|ion)\b|"
                             r"\binstead\b.*\b(?:use|link|import)\b", re.I)),
    ("workaround", re.compile(r"\bwork ?around\b|\bon (?:an )?older\b.*\bset\b", re.I)),
    ("deprecation", re.compile(r"\bdeprecat(?:e|es|ed|ion)\b", re.I)),
    ("opt-in", re.compile(r"\bopt[- ]in\b|\bdisabled by default\b|\boff by default\b|"
                          r"\benable (?:it )?(?:with|via|by)\b", re.I)),
    ("limitation", re.compile(r"\b(?:currently|for now|still) (?:slower|not supported|"
                              r"unsupported|limited)\b|\bslower than (?:the )?baseline\b|"
                              r"\bknown (?:issue|limitation)s?\b", re.I)),
    ("platform", re.compile(r"\b(?:drop(?:s|ped)?|no longer supports?) (?:support for )?"
                            r"(?:python|windows|macos|linux|cuda|rocm|android|ios)\b", re.I)),
]
_SUBJECT = re.compile(r"`([^`]{1,80})`")
_INSTEAD = re.compile(r"\b(?:use|link|import|call)\s+`([^`]{1,80})`\s+instead\b|"
                      r"\binstead of\b.*?\buse\s+`([^`]{1,80})`", re.I)


def _finding(kind: str, sha: str, sentence: str) -> Finding:
    names = _SUBJECT.findall(sentence)
    instead = _INSTEAD.search(sentence)
    replacement = next((g for g in instead.groups() if g), "") if instead else ""
    subject = next((n for n in names if n != replacement), "")
    return Finding(kind, sha, sentence, subject, replacement)


def commit_findings(c: CommitInfo) -> list[Finding]:
    if c.revert is not None or c.is_bot:
        return []
    out: list[Finding] = []
    for sentence in commit_record(c).sentences:
        for kind, pattern in _PATTERNS:
            if pattern.search(sentence):
                out.append(_finding(kind, c.sha, sentence))
                break
    return out


def find_findings(commits: Iterable[CommitInfo]) -> list[Finding]:
    """The findings of ``commits`` (the day's landed ones), in the commits' order."""
    return [f for c in commits for f in commit_findings(c)]


def nothing_to_change(findings: list[Finding]) -> bool:
    """Whether a script may say that nothing today asks listeners to change their code."""
    return not findings
