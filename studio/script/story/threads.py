"""What thread of the day a commit belongs to: the show's own theme where the profile names
one by tag or path, else the deepest code folder it shares with another of the day's commits
(the module both touch), else its title tag, else the profile's keyword theme."""

from __future__ import annotations

import posixpath
from collections import Counter

from ...digest.model import CommitInfo
from ...profile import Profile
from ..speakable import speakable

_NOT_CODE = ("test/", "tests/", "testing/", "docs/", "doc/", "resources/", "benchmarks/",
             "benches/", ".github/", "examples/", "mdtest/")
_GENERIC = {"src", "lib", "include", "core", "_core", "types", "utils", "util", "impl", "common",
            "internal", "native", "python", "csrc", "source", "main", "java", "cpp", "c",
            "private", "_private", "crates", "packages"}


def code_dirs(c: CommitInfo) -> set[str]:
    dirs: set[str] = set()
    for path in [f.path for f in c.changes] or c.files:
        low = path.lower()
        if any(f"/{part}" in f"/{low}" for part in _NOT_CODE) or low.endswith((".md", ".rst")):
            continue
        d = posixpath.dirname(path)
        while d.count("/") >= 1:  # folders at least two deep
            dirs.add(d)
            d = posixpath.dirname(d)
    return dirs


def spoken_module(path: str) -> str:
    """``numpy/_core/src/multiarray/stringdtype`` → "stringdtype"; generic folders are skipped
    upwards; a crate's name loses its project prefix (``crates/ty_python_semantic/src/types`` →
    "python semantic", ``crates/ruff_db`` → "DB"); a folder of one or two letters (``numpy/ma``)
    names no thread."""
    parts = path.split("/")
    while len(parts) > 1 and parts[-1].lower() in _GENERIC:
        parts.pop()
    if len(parts) < 2:  # only the root package is left: that names no thread
        return ""
    name = parts[-1].strip("_")
    if parts[-2] in ("crates", "packages") and "_" in name:
        name = name.split("_", 1)[1]
    return spoken_name(name) if len(name.strip("_-")) > 2 else ""


def spoken_name(name: str) -> str:
    """``annotate_snippets`` → "annotate snippets"; a short word of its own (``db``, ``ide``)
    as letters: "DB", "IDE"."""
    words = name.replace("_", " ").replace("-", " ").split()
    return " ".join(w.upper() if len(w) <= 3 and w.isalpha() and len(words) == 1 else w
                    for w in words)


def spoken_tag(tag: str, files: list[str]) -> str:
    """``nvfp4_training`` → "nvfp4 training"; "the nvfp4 training prototype" when the change's
    files sit in a folder of that name under a prototype folder."""
    name = " ".join(speakable(tag).replace("`", "").replace("_", " ").replace("-", " ").split())
    if any("/prototype/" in f"/{p.lower()}" and f"/{tag.lower()}/" in f"/{p.lower()}" for p in files):
        return f"the {name} prototype"
    return name


class Keys:
    """Thread keys for the day's commits."""

    def __init__(self, commits: list[CommitInfo], profile: Profile) -> None:
        self.themes = {t.id: t for t in profile.themes}
        self.fallback = profile.fallback_theme.id
        self.dirs = {c.sha: code_dirs(c) for c in commits}
        self.shared: Counter[str] = Counter(d for ds in self.dirs.values() for d in ds)

    def strong_theme(self, c: CommitInfo) -> bool:
        """The profile names this commit's theme by its title tag or by most of its files
        (a housekeeping theme never names a thread of work)."""
        theme = self.themes.get(c.theme)
        if theme is None or c.theme == self.fallback or theme.housekeeping:
            return False
        tags = {t.lower() for t in c.tags}
        on_path = sum(1 for p in c.files if theme.matches_path(p))
        return bool(tags & set(theme.tags)) or (bool(c.files) and on_path * 2 > len(c.files))

    def key(self, c: CommitInfo) -> tuple[str, str]:
        """(key, label) of the thread ``c`` belongs to: the label is a module's or tag's spoken
        name ("stringdtype"), "" for a theme (named by the profile)."""
        if self.strong_theme(c):
            return f"theme:{c.theme}", ""
        shared = [d for d in self.dirs.get(c.sha, ()) if self.shared[d] >= 2 and spoken_module(d)]
        if shared:
            top = min(shared, key=lambda d: (d.count("/"), -self.shared[d]))
            name = spoken_module(top)
            return f"module:{name}", name
        code = [p for p in c.files if not any(f"/{x}" in f"/{p.lower()}" for x in _NOT_CODE)]
        if code and all(p.endswith(".pyi") for p in code):  # stubs only: the typing work
            return "tag:typing", "typing"
        if c.tags:
            tag = c.tags[0]
            return f"tag:{tag.lower()}", spoken_tag(tag, c.files)
        theme = self.themes.get(c.theme)
        if theme is not None and not theme.housekeeping and c.theme != self.fallback:
            return f"theme:{c.theme}", ""
        return "other", "other changes"
