"""How much a change matters, read from the change itself: its files, their sizes, its words.

``assess`` weighs a commit by the code it touched outside tests and docs (log-scaled), the
modules it added or removed, public API it removed, deprecations, version bumps and release
cuts, and fixes of crashes and regressions. Housekeeping is only CI, typo, ownership-file,
test-only, docs-only and lock/bot-bump changes. A commit without per-file sizes (an old day
file) is judged from its paths and title alone.
"""

from __future__ import annotations

import math
import posixpath
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import paths as P

if TYPE_CHECKING:
    from ..sources.model import FileChange
    from .model import CommitInfo, Digest

HOUSEKEEPING = ("ci", "typo", "owners", "tests", "docs")
TYPO_MAX_LINES = 20  # a typo fix touches a handful of lines

_TYPO = re.compile(r"\b(typos?|spelling|misspell\w*|grammar|grammatical|punctuation)\b", re.I)
_DEP_BUMP = re.compile(
    r"^(?:(?:chore|build|ci|deps?)(?:\([^)]*\))?!?:\s*)?(?:bump|update|upgrade|pin)\b.*"
    r"(?:\bfrom\b.*\bto\b|\bpins?\b|\bpinned\b|\bdependenc|\block\s*file|\bnightly\b)", re.I)
_VERSION_NUMBER = r"v?\d+\.\d+(?:\.\d+)*(?:[-.]?(?:rc|a|b|alpha|beta|post|dev)\.?\d*)?"
_RELEASE = re.compile(
    rf"^\s*(?:\[?release\]?:?\s*)?(?:release|releasing|cut|publish|prepare(?:\s+for)?|bump)\b"
    rf"(?:\s+(?:the\s+)?(?:release|version|branch|to|for|of|\w+\s+release))*\s+{_VERSION_NUMBER}\b"
    rf"|\brelease\s+(?:candidate\s+)?{_VERSION_NUMBER}\b"
    rf"|\bv?\d+\.\d+(?:\.\d+)*(?:rc|-rc\.?|\.rc)\d+\b"
    rf"|\bcut\s+(?:the\s+)?(?:rc|release\s+branch|release)\b", re.I)
_RELEASE_NOT = re.compile(rf"\b(?:from\s+{_VERSION_NUMBER}\s+to|bump\s+\S+\s+(?:from|to))\b",
                          re.I)
_VERSION = re.compile(r"\b(?:bump|update|set|increment|advance)\w*\s+(?:the\s+)?(?:\w+\s+)?"
                      r"version\b|\bversion\s+(?:bump|to\s+v?\d)|\bbump\w*\s+to\s+v?\d", re.I)
_DEPRECATE = re.compile(r"\b(?:deprecate|deprecates|deprecating|deprecation|deprecations)\b"
                        r"|\b(?:is|are|now|be|been|as|mark\w*)\s+deprecated\b", re.I)
_REMOVE_DEPRECATED = re.compile(r"\b(?:remov|delet|drop)\w*\s+(?:the\s+|a\s+|all\s+)?deprecated\b",
                                re.I)
_REMOVAL_TITLE = re.compile(r"^\s*(?:remove|removes|removed|removing|delete|deletes|deleted|"
                            r"deleting|drop|drops|dropped|dropping|kill|retire|purge)\b", re.I)
_CRASH = re.compile(r"\b(?:crash\w*|segfault\w*|segmentation\s+fault|regressions?|regressed|"
                    r"deadlock\w*|hangs?|hanging|data\s+corruption|corrupt\w*|memory\s+leak|"
                    r"use[- ]after[- ]free|out[- ]of[- ]bounds|wrong\s+results?|incorrect\s+results?|"
                    r"silently\s+wrong|nan\b)", re.I)
_FIX = re.compile(r"^\s*(?:\w+(?:\([^)]*\))?!?:\s*)?(?:fix|fixes|fixed|fixing|bugfix|hotfix|"
                  r"correct|repair|resolve|handle|avoid|prevent|guard)\b|\bfix(?:es|ed)?\b|\bbug\b",
                  re.I)
_PERF = re.compile(r"\b(?:faster|speed\s*up|speedups?|perf|performance|optimi[sz]\w*|latency|"
                   r"throughput|vectori[sz]\w*|fast\s+path|\d+(?:\.\d+)?\s*[x×]\s+(?:faster|speed))\b",
                   re.I)
_FEATURE = re.compile(r"^\s*(?:\w+(?:\([^)]*\))?!?:\s*)?(?:add|adds|added|adding|support|supports|"
                      r"introduce\w*|implement\w*|enable\w*|new|create|expose\w*|allow\w*)\b", re.I)
_REFACTOR = re.compile(r"\b(?:refactor\w*|clean\s*up|cleanup|rename\w*|move[sd]?|moving|"
                       r"simplif\w*|reorgani[sz]\w*|unif(?:y|ies|ied)|share\s+code|split|"
                       r"consolidat\w*|restructur\w*|dedup\w*)\b", re.I)
_BACKTICKED = re.compile(r"`([^`\n]{1,120})`")
_EXPORT_SENTENCE = re.compile(r"\b(?:remov|delet|drop)\w*\b.*\b(?:exports?|exported|__all__|"
                              r"public\s+api|apis?)\b|\b(?:exports?|__all__|apis?)\b.*\b(?:remov|"
                              r"delet|drop)\w*", re.I)
_IDENT = re.compile(r"^[A-Za-z_][\w.]*(?:\(\))?$")


@dataclass
class Significance:
    score: float
    code_lines: int = 0
    test_lines: int = 0
    doc_lines: int = 0
    new_modules: list[str] = field(default_factory=list)
    removed_modules: list[str] = field(default_factory=list)
    api_removed: list[str] = field(default_factory=list)
    deprecations: list[str] = field(default_factory=list)
    housekeeping: str = ""  # "ci" | "typo" | "owners" | "tests" | "docs" | "" (not housekeeping)
    kind: str = "change"  # feature|fix|perf|removal|deprecation|release|version|refactor|change
    reasons: list[str] = field(default_factory=list)


def _log(n: int) -> float:
    return math.log2(1 + max(n, 0))


def _sentences(text: str) -> list[str]:
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    out = []
    for line in text.splitlines():
        line = line.strip(" \t-*>#")
        if not line:
            continue
        out.extend(s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z`])", line) if s.strip())
    return out


def _packages(files: list[str]) -> list[str]:
    """Files as packages: a directory with an ``__init__.py`` or two or more of the files stands
    for them all; a lone file stands for itself. Module names, in first-seen order."""
    by_dir: dict[str, list[str]] = {}
    for f in files:
        by_dir.setdefault(posixpath.dirname(f), []).append(f)
    pkg_dirs = sorted((d for d, fs in by_dir.items() if d and (
        len(fs) >= 2 or any(posixpath.basename(x) == "__init__.py" for x in fs))), key=len)
    tops: list[str] = []
    for d in pkg_dirs:
        if not any(d == t or d.startswith(t + "/") for t in tops):
            tops.append(d)
    out: list[str] = []
    for f in files:
        top = next((t for t in tops if f.startswith(t + "/")), None)
        name = P.module_path(top + "/__init__.py") if top else P.module_path(f)
        if name and name not in out:
            out.append(name)
    return out


def _aside(module: str) -> bool:
    """Examples, scripts and benchmarks come after the library's own modules."""
    return any(part.lower() in P.NOT_API_PARTS for part in module.split("."))


def _housekeeping_of_kinds(kinds: dict[str, int], title: str, is_bot: bool) -> str:
    present = {k for k in kinds}
    if not present:
        return ""
    if present <= {P.OWNERS}:
        return "owners"
    if present <= {P.CI}:
        return "ci"
    if present <= {P.LOCK} or (present <= {P.LOCK, P.BUILD, P.CI, P.OTHER}
                               and (_DEP_BUMP.search(title) or (is_bot and P.LOCK in present))):
        return "ci"
    if present <= {P.TESTS}:
        return "tests"
    if present <= {P.DOCS}:
        return "docs"
    if present <= {P.TESTS, P.DOCS, P.CI, P.OWNERS}:
        ranked = sorted(present, key=lambda k: -kinds[k])
        return {P.TESTS: "tests", P.DOCS: "docs", P.CI: "ci", P.OWNERS: "owners"}[ranked[0]]
    return ""


def _api_names(text: str) -> list[str]:
    """Public names a body says it removes from exports / ``__all__`` / the API."""
    names: list[str] = []
    for sentence in _sentences(text):
        if not _EXPORT_SENTENCE.search(sentence):
            continue
        for raw in _BACKTICKED.findall(sentence):
            name = raw.strip().removesuffix("()")
            last = name.rsplit(".", 1)[-1]
            if _IDENT.match(name) and not last.startswith("_") and name not in names \
                    and name not in ("__all__",):
                names.append(name)
    return names[:12]


def _deprecations(title: str, body: str) -> list[str]:
    found: list[str] = []
    for text in [title, *_sentences(body)]:
        bare = _BACKTICKED.sub("it", text)
        if _DEPRECATE.search(bare) and not _REMOVE_DEPRECATED.search(bare):
            found.append(text if len(text) <= 200 else text[:197].rstrip() + "...")
        if len(found) >= 3:
            break
    return found


def assess(commit: CommitInfo) -> Significance:
    title = commit.pr_title or commit.title or commit.raw_title
    raw = commit.raw_title or title
    body = "\n".join(x for x in (commit.body, getattr(commit, "pr_body", "")) if x)
    changes: list[FileChange] = list(getattr(commit, "changes", []) or [])
    sig = Significance(score=0.0)
    lines: dict[str, int] = {}
    if changes:
        for ch in changes:
            kind = P.kind_of_path(ch.path)
            lines[kind] = lines.get(kind, 0) + ch.added + ch.deleted
    else:
        for path in commit.files:
            kind = P.kind_of_path(path)
            lines.setdefault(kind, 0)
    sig.code_lines = lines.get(P.CODE, 0)
    sig.test_lines = lines.get(P.TESTS, 0)
    sig.doc_lines = lines.get(P.DOCS, 0)
    total = sum(lines.values())
    is_typo = bool(_TYPO.search(title) or _TYPO.search(raw)) and (
        total <= TYPO_MAX_LINES if changes else len(commit.files) <= 3)
    if is_typo:
        sig.housekeeping = "typo"
    elif lines:
        sig.housekeeping = _housekeeping_of_kinds(lines, raw, commit.is_bot)
    elif not changes:
        sig.housekeeping = _title_housekeeping(raw, commit.is_bot)
    if sig.code_lines >= 300 and sig.housekeeping != "":
        sig.housekeeping = ""  # never call a change of hundreds of lines of code a chore

    added = [c.path for c in changes if c.status == "added" and P.is_module(c.path)]
    deleted = [c.path for c in changes if c.status == "deleted" and P.is_module(c.path)]
    sig.new_modules = sorted(_packages(added), key=_aside)[:10]
    sig.removed_modules = _packages(deleted)[:10]
    public_gone = _packages([p for p in deleted if P.is_public_module(p)])
    code_deleted = sum(c.deleted for c in changes if P.kind_of_path(c.path) == P.CODE)
    code_added = sum(c.added for c in changes if P.kind_of_path(c.path) == P.CODE)
    sig.api_removed = public_gone[:10]
    if code_deleted and not is_typo:
        for name in _api_names(body):
            if name not in sig.api_removed:
                sig.api_removed.append(name)
    removal_title = bool(_REMOVAL_TITLE.search(title))
    if not is_typo and (sig.code_lines or not changes) and not removal_title:
        sig.deprecations = _deprecations(title, body)
    code_or_unknown = bool(sig.code_lines) or not changes
    is_release = bool(_RELEASE.search(title)) and not _RELEASE_NOT.search(title) \
        and not _VERSION.search(title) and sig.housekeeping in ("", "docs", "ci") \
        and not _DEP_BUMP.search(raw)
    if is_release and sig.housekeeping:
        sig.housekeeping = ""  # a release cut is news, even when only docs and lock files move
    version_files = [c.path for c in changes if P.is_version_file(c.path)]
    is_version = not is_release and sig.housekeeping == "" and (
        bool(_VERSION.search(title)) or (bool(version_files) and total <= 40))
    crash = bool(_CRASH.search(title)) and bool(_FIX.search(title) or _CRASH.search(title))

    # the score
    other = lines.get(P.BUILD, 0) + lines.get(P.OTHER, 0)
    chores = lines.get(P.CI, 0) + lines.get(P.OWNERS, 0) + lines.get(P.LOCK, 0)
    score = 1.5 * _log(sig.code_lines) + 0.4 * _log(sig.test_lines) + 0.3 * _log(sig.doc_lines) \
        + 0.5 * _log(other) + 0.3 * _log(chores)
    if not changes:
        score += 1.5 * _log(len([f for f in commit.files if P.kind_of_path(f) == P.CODE]))
    reasons: list[str] = []
    if sig.code_lines:
        reasons.append(f"{sig.code_lines:,} lines of code")
    if sig.new_modules:
        new_pkgs = [m for m in sig.new_modules if m not in {P.module_path(a) for a in added}]
        score += min(3.0 * len(new_pkgs) + 1.0 * (len(sig.new_modules) - len(new_pkgs)), 6.0)
        reasons.append("adds " + ", ".join(sig.new_modules[:3]))
    if sig.api_removed:
        score += min(4.0 + len(sig.api_removed) - 1, 7.0)
        reasons.append("removes public " + ", ".join(sig.api_removed[:3]))
    elif sig.removed_modules:
        score += min(1.5 * len(sig.removed_modules), 3.0)
        reasons.append("deletes " + ", ".join(sig.removed_modules[:3]))
    if sig.deprecations and code_or_unknown:
        score += 3.0
        reasons.append("deprecates: " + sig.deprecations[0])
    if is_release:
        score += 6.0
        reasons.append("a release cut")
    elif is_version:
        score += 3.0
        reasons.append("a version bump")
    if crash and sig.housekeeping == "":
        score += 2.5
        reasons.append("fixes a crash or regression")
    if commit.is_bot:
        score -= 3.0
    if sig.housekeeping:
        score *= 0.1 if sig.housekeeping == "typo" else 0.3
        reasons.append(f"housekeeping ({sig.housekeeping})")
    sig.score = round(max(score, 0.0), 3)
    sig.reasons = reasons
    sig.kind = _kind(sig, title, is_release, is_version, crash, removal_title,
                     code_deleted, code_added, is_typo)
    return sig


def _kind(sig: Significance, title: str, release: bool, version: bool, crash: bool,
          removal_title: bool, code_deleted: int, code_added: int, typo: bool) -> str:
    if typo:
        return "fix"
    if release:
        return "release"
    if version:
        return "version"
    if sig.deprecations and not removal_title:
        return "deprecation"
    if sig.api_removed or sig.removed_modules and removal_title \
            or (removal_title and code_deleted >= code_added) \
            or (code_deleted >= 50 and code_deleted >= 3 * max(code_added, 1)):
        return "removal"
    if crash or _FIX.match(title):
        return "fix"
    if _PERF.search(title):
        return "perf"
    if _FEATURE.match(title) or sig.new_modules:
        return "feature"
    if _REFACTOR.search(title):
        return "refactor"
    if _FIX.search(title):
        return "fix"
    return "change"


def _title_housekeeping(title: str, is_bot: bool) -> str:
    """For a commit with no paths at all: the title's word, as the old guesses had it."""
    if _DEP_BUMP.search(title) and (is_bot or re.search(r"\bfrom\b.*\bto\b", title)):
        return "ci"
    if re.match(r"^\s*(?:\[?(?:docs?|documentation)\]?[:(\s])|\bREADME\b", title, re.I):
        return "docs"
    if re.match(r"^\s*\[?ci\]?[:(\s]", title, re.I):
        return "ci"
    return ""


def ranked(digest: Digest) -> list[CommitInfo]:
    """The day's commits, most significant first, housekeeping last (then oldest first)."""
    def key(c: CommitInfo) -> tuple[bool, float, str]:
        sig = c.sig
        return (bool(sig and sig.housekeeping), -(sig.score if sig else 0.0), c.committed_at)
    return sorted(digest.commits, key=key)
