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

from . import change_words as W
from . import paths as P

if TYPE_CHECKING:
    from ..sources.model import FileChange
    from .model import CommitInfo, Digest

HOUSEKEEPING = ("ci", "typo", "owners", "tests", "docs")
TYPO_MAX_LINES = 20  # a typo fix touches a handful of lines

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


PACKAGE_MARKERS = {"__init__.py", "mod.rs", "lib.rs", "cargo.toml", "package.json", "go.mod",
                   "pyproject.toml", "setup.py", "build.gradle", "meson.build"}


def _packages(files: list[str], whole: list[str]) -> list[str]:
    return [name for name, _ in _package_list(files, whole)]


def _package_list(files: list[str], whole: list[str]) -> list[tuple[str, bool]]:
    """Files as modules, a whole package standing for its files: a directory whose package
    marker (``__init__.py``, ``mod.rs``, ``Cargo.toml`` …) is among ``whole`` — the paths added
    (or deleted) together — came (or went) as one. Module names, in first-seen order."""
    marked = sorted({posixpath.dirname(p) for p in whole
                     if posixpath.basename(p).lower() in PACKAGE_MARKERS and posixpath.dirname(p)},
                    key=len)
    tops: list[str] = []
    for d in marked:
        if not any(d == t or d.startswith(t + "/") for t in tops):
            tops.append(d)
    out: list[tuple[str, bool]] = []
    for f in files:
        top = next((t for t in tops if f.startswith(t + "/")), None)
        name = P.module_path(top + "/__init__.py") if top else P.module_path(f)
        if name and all(name != n for n, _ in out):
            out.append((name, top is not None))
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
                               and (W.DEP_BUMP.search(title) or (is_bot and P.LOCK in present))):
        return "ci"
    if present <= {P.TESTS}:
        return "tests"
    if present <= {P.DOCS}:
        return "docs"
    if present <= {P.TESTS, P.DOCS, P.CI, P.OWNERS}:
        said = {P.TESTS: "tests", P.DOCS: "docs", P.CI: "ci", P.OWNERS: "owners"}
        # most lines first; a tie (no line counts from a clone's file list) in this fixed
        # order, never a set's, which changes with the hash seed from run to run
        return said[min(present, key=lambda k: (-kinds[k], list(said).index(k)))]
    return ""


_DOCS_KIND = re.compile(r"^\s*\[?(?:DOCS?|docs?|documentation)\]?(?:\([^)]{1,40}\))?\s*:\s")


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
    is_typo = bool(W.TYPO.search(title) or W.TYPO.search(raw)) and (
        total <= TYPO_MAX_LINES if changes else len(commit.files) <= 3)
    if is_typo:
        sig.housekeeping = "typo"
    elif lines:
        sig.housekeeping = _housekeeping_of_kinds(lines, raw, commit.is_bot) \
            or (_housekeeping_of_kinds(lines, title, commit.is_bot) if title != raw else "")
    elif not changes:
        sig.housekeeping = W.title_housekeeping(raw, commit.is_bot)
    if not sig.housekeeping and sig.code_lines < 300 and (
            W.TEST_TITLE.match(title) or W.NO_PRODUCTION.search(body)):
        sig.housekeeping = "tests"  # a test fixed or added, in whatever file it lives
    if not sig.housekeeping and sig.code_lines < 60 and (_DOCS_KIND.match(raw) or
                                                         _DOCS_KIND.match(title)):
        sig.housekeeping = "docs"  # "DOC: Fix full name of chebinterpolate in the …
        # docstring" (numpy 2026-07-22): a docstring in a source file, planned as a story
    if sig.code_lines >= 300 and sig.housekeeping != "":
        sig.housekeeping = ""  # never call a change of hundreds of lines of code a chore
    own_version = bool(W.VERSION.search(title))
    if own_version and sig.housekeeping in ("ci", "docs"):
        sig.housekeeping = ""  # the project's own version moving is news, not a chore

    added = [c.path for c in changes if c.status == "added" and P.is_module(c.path)]
    deleted = [c.path for c in changes if c.status == "deleted" and P.is_module(c.path)]
    all_added = [c.path for c in changes if c.status == "added"]
    all_deleted = [c.path for c in changes if c.status == "deleted"]
    sig.new_modules = sorted(_packages(added, all_added), key=_aside)  # all: their count is said
    # a native source or header is a module a user imports only as a public header: a deleted
    # vendored allocator ("compat/nedmalloc/malloc.c.h") is no "compat.nedmalloc.malloc.c" to
    # move away from
    sig.removed_modules = _packages([p for p in deleted if not P.is_native(p) or P.is_public_module(p)],
                                    all_deleted)
    public_gone = _packages([p for p in deleted if P.is_public_module(p)], all_deleted)
    code_deleted = sum(c.deleted for c in changes if P.kind_of_path(c.path) == P.CODE)
    code_added = sum(c.added for c in changes if P.kind_of_path(c.path) == P.CODE)
    sig.api_removed = list(public_gone)
    if code_deleted and not is_typo:
        for name in W.api_names(body):
            if name not in sig.api_removed:
                sig.api_removed.append(name)
    removal_title = bool(W.REMOVAL_TITLE.search(title))
    if not is_typo and (sig.code_lines or not changes) and not removal_title:
        sig.deprecations = W.deprecations(title, body)
    code_or_unknown = bool(sig.code_lines) or not changes
    is_release = bool(W.RELEASE.search(title)) and not W.RELEASE_NOT.search(title) \
        and not W.VERSION.search(title) and sig.housekeeping in ("", "docs", "ci") \
        and not W.DEP_BUMP.search(raw) and not W.DEP_BUMP.search(title)
    if is_release and sig.housekeeping:
        sig.housekeeping = ""  # a release cut is news, even when only docs and lock files move
    version_files = [c.path for c in changes if P.is_version_file(c.path)]
    only_version = bool(version_files) and total <= 40 and all(
        P.is_version_file(c.path) or P.kind_of_path(c.path) in (P.BUILD, P.DOCS, P.LOCK)
        for c in changes)
    is_version = not is_release and sig.housekeeping == "" and (own_version or only_version)
    crash = bool(W.CRASH.search(title)) and bool(W.FIX.search(title))  # "add crash reports" is not

    # the score
    other = lines.get(P.BUILD, 0) + lines.get(P.OTHER, 0)
    chores = lines.get(P.CI, 0) + lines.get(P.OWNERS, 0) + lines.get(P.LOCK, 0)
    stubs = sum(c.added + c.deleted for c in changes
                if c.path.endswith(".pyi") and P.kind_of_path(c.path) == P.CODE)
    score = 1.5 * _log(sig.code_lines - stubs // 2) + 0.4 * _log(sig.test_lines) + 0.3 * _log(sig.doc_lines) \
        + 0.5 * _log(other) + 0.3 * _log(chores)
    if not changes:
        score += 1.5 * _log(len([f for f in commit.files if P.kind_of_path(f) == P.CODE]))
    reasons: list[str] = []
    if sig.code_lines:
        reasons.append(f"{sig.code_lines:,} lines of code")
    if sig.new_modules:
        new_pkgs = [n for n, pkg in _package_list(added, all_added) if pkg]
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
        score += 6.0  # a crash, hang or wrong result fixed: users feel it whatever its size
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
    if crash or W.FIX.match(title):
        return "fix"
    if W.PERF.search(title):
        return "perf"
    if W.FEATURE.match(title) or sig.new_modules:
        return "feature"
    if W.REFACTOR.search(title):
        return "refactor"
    if W.FIX.search(title):
        return "fix"
    return "change"


def ranked(digest: Digest) -> list[CommitInfo]:
    """The day's commits, most significant first, housekeeping last and typo fixes last of all
    (ties oldest first)."""
    def key(c: CommitInfo) -> tuple[bool, bool, float, str]:
        sig = c.sig
        chore = sig.housekeeping if sig else ""
        return (bool(chore), chore == "typo", -(sig.score if sig else 0.0), c.committed_at)
    return sorted(digest.commits, key=key)
