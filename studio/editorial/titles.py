"""A commit title's parts: its area prefix ("Arm backend:", "Qualcomm AI Engine Direct - ",
"runtime:", "[ExecuTorch][MLX]") and the rest, as written."""

from __future__ import annotations

import re

_TAGS = re.compile(r"^\s*(?:\[[^\]]{1,40}\]\s*)+")
_COLON_AREA = re.compile(r"^\s*([A-Za-z][\w .+/-]{0,40}?)(?:\(([^)]{1,40})\))?!?\s*:\s+(?=\S)")
_DASH_AREA = re.compile(r"^\s*([A-Z][\w.+/]*(?: [\w.+/]+){0,4})\s+[-–—]\s+(?=\S)")
_PR = re.compile(r"\s*\((?:#|gh-)\d+\)\s*$")
PART = re.compile(r"\s*[-–—,]?\s*\bpart\s+(\d+)\s*$|\s*[\[(]\s*(\d+)\s*/\s*(?:\d+|n)\s*[\])]",
                   re.I)
# conventional-commit kinds are not places
_KINDS = {"fix", "feat", "feature", "chore", "docs", "doc", "refactor", "perf", "test",
          "tests", "build", "ci", "style", "deps", "bugfix", "hotfix", "revert", "wip", "rfc",
          "periodic", "nit", "minor", "misc", "types", "typing", "security", "release",
          # NumPy's and SciPy's kinds ("MAINT: Bump ...", "TYP: ..."): what, not where
          "maint", "mnt", "enh", "bug", "typ", "tst", "bld", "dep", "rel", "sty", "bench",
          "dev", "rev", "depr", "deprecation", "deprecate", "breaking", "break"}
# a kind's scope that names the language a change is written in ("fix(rust): …", "depr(python):
# …", polars): no place in the project ("in the rust module" was said of every title)
_LANGUAGES = {"rust", "python", "py", "js", "javascript", "ts", "typescript", "go", "golang",
              "java", "kotlin", "c", "cpp", "c++", "cxx", "swift", "ruby", "node", "wasm"}


def split_area(title: str) -> tuple[str, str]:
    """``"Arm backend: Add X"`` → ("Arm backend", "Add X"); tags and a PR suffix dropped."""
    t = PART.sub("", _PR.sub("", _TAGS.sub("", title))).strip(" -–—:,")
    joined = _KIND_HEAD.match(t)  # "MAINT, DEV: …" (the colon-area pattern takes no comma)
    if joined and "(" not in joined.group(0) and _kinds_only(joined.group(1)):
        t = t[joined.end():]
    area = ""
    for _ in range(3):  # "Arm backend: Arm evaluator - Support X": both heads are places
        t = _TAGS.sub("", t)
        for pattern in (_COLON_AREA, _DASH_AREA):
            m = pattern.match(t)
            if m and len(m.group(1).split()) <= 5:
                head = m.group(1).strip()
                scope = m.group(2) if pattern is _COLON_AREA else None
                if re.fullmatch(r"(?:PR|part|step)\s?\d+", head, re.I):
                    pass  # "PR3: Pipeline Orchestrator": a number in a series, no place
                elif head.lower() in _KINDS and scope and not area and \
                        scope.strip().lower() not in _LANGUAGES:
                    area = scope.strip()  # "fix(mlx): ..." is about mlx
                elif _kinds_only(head):
                    pass  # "DEP/TYP: Remove mypy plugin", "MAINT, DEV: …": kinds, no place
                elif head.lower() not in _KINDS and not area:
                    area = head
                t = t[m.end():]
                break
        else:
            break
    return area, t.strip()


def _kinds_only(head: str) -> bool:
    """Whether an area head is kinds joined ("DEP/TYP", "MAINT, DEV", "BUG+TST")."""
    parts = [x for x in re.split(r"[/,+&\s]+", head.lower()) if x]
    return len(parts) > 1 and all(x in _KINDS for x in parts)


_KIND_HEAD = re.compile(r"^\s*([A-Za-z]+(?:\s*[/,+&]\s*[A-Za-z]+)*)(?:\([^)]{1,40}\))?!?\s*:\s+")


def without_kind(title: str) -> str:
    """The title without a leading kind ("BUG: ", "DEP/TYP: ", "fix(io): "): a kind is no
    subject two changes share (numpy 2026-07-09: two "BUG:" fixes told as "two BUG changes",
    one "TYP:" and one "DEP/TYP:" change as a series)."""
    m = _KIND_HEAD.match(title)
    if m and all(x in _KINDS for x in re.split(r"[\s/,+&]+", m.group(1).lower()) if x):
        return title[m.end():]
    return title


def kind_of(title: str) -> str:
    """The title's leading kind, lower case ("TYP: …" → "typ", "MAINT, DEV: …" → "maint dev"),
    or "" (no kind, or a head that names a place)."""
    m = _KIND_HEAD.match(title)
    parts = [x for x in re.split(r"[\s/,+&]+", m.group(1).lower()) if x] if m else []
    return " ".join(parts) if parts and all(x in _KINDS for x in parts) else ""
