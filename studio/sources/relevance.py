"""Which look-back commits a day needs: the look-back window is there only for pairing.

Kept: every revert in the window, and every commit that some revert (of the day or of the
window) names — by sha, by PR number or by title. (A reland of a look-back revert is paired
through that revert, which is kept.) Also kept, for the script's arcs: the earlier parts of a
numbered series the day continues (``[XPU][8/N]`` before today's ``[XPU][9/N]``) and the PRs a
day's commit names as its base (``ghstack dependencies: #N``, "follow-up to #N"). Everything
else is counted, not stored, so a day file stays small however busy the repository is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..digest.messages import normalize_title, parse_revert, split_tags, strip_pr_suffix
from .model import Commit

_PR_IN_BODY = re.compile(rb"/pull/(\d+)")
_PR_SUFFIX = re.compile(rb"\(#(\d+)\)\s*$")
_SERIES = re.compile(r"[\[(]\s*(\d+)\s*/\s*(?:\d+|[nN])\s*[\])]")
_BASES = re.compile(r"(?:ghstack dependencies:|follow[- ]up (?:to|of|on)|stacked on|builds on)"
                    r"\s*((?:[\w.-]+/[\w.-]+)?#\d+(?:\s*,\s*#\d+)*)", re.I)


class References:
    """Shas, PR numbers and title keys that reverts point at."""

    def __init__(self) -> None:
        self.shas: set[str] = set()
        self.prs: set[int] = set()
        self.titles: set[str] = set()
        self._anchor_cache: set[str] | None = None
        self._anchor_n = 0

    def add_revert(self, title: str, body: str) -> bool:
        notice = parse_revert(title, body)
        if notice is None:
            return False
        if notice.reverted_sha:
            self.shas.add(notice.reverted_sha.lower())
        if notice.reverted_pr is not None:
            self.prs.add(notice.reverted_pr)
        inner = notice.inner_title
        while True:  # Revert "Revert "X"" names X too
            self.titles.add(normalize_title(inner))
            _, pr = strip_pr_suffix(inner)
            if pr is not None:
                self.prs.add(pr)
            nested = parse_revert(inner, "This reverts commit 0000000.")
            if nested is None:
                break
            inner = nested.inner_title
        return True

    def empty(self) -> bool:
        return not (self.shas or self.prs or self.titles)

    def names(self, sha: str, title: str, message: bytes) -> bool:
        if self.shas and any(sha.startswith(s) for s in self.shas):
            return True
        for match in (_PR_SUFFIX.search(message.split(b"\n", 1)[0]),
                      *_PR_IN_BODY.finditer(message)):
            if match and int(match.group(1)) in self.prs:
                return True
        # normalising is costly: only for titles that share a word with a wanted one
        folded = title.casefold()
        if not any(w in folded for w in self._anchors()):
            return False
        return normalize_title(title) in self.titles

    def _anchors(self) -> set[str]:
        if self._anchor_cache is None or self._anchor_n != len(self.titles):
            self._anchor_cache = {max(k.split(), key=len) for k in self.titles if k}
            self._anchor_n = len(self.titles)
        return self._anchor_cache


def _series_key(title: str) -> tuple[tuple[str, ...], int] | None:
    """``[XPU][9/N] Add X`` → (("xpu",), 9); None for a title without a series marker."""
    tags, _ = split_tags(title)
    match = _SERIES.search(title)
    if not match or not tags:
        return None
    return tuple(t.lower() for t in tags), int(match.group(1))


def _continued(day: list[Commit], lookback: list[tuple[str, str, bytes]]) -> set[str]:
    """Look-back commits the day's work continues: earlier parts of its series, named bases."""
    parts: dict[tuple[str, ...], int] = {}
    bases: set[int] = set()
    for c in day:
        key = _series_key(c.title)
        if key is not None:
            parts[key[0]] = max(parts.get(key[0], 0), key[1])
        for match in _BASES.finditer(c.body):
            bases.update(int(n) for n in re.findall(r"#(\d+)", match.group(1)))
    keep = set()
    for sha, title, message in lookback:
        key = _series_key(title) if parts else None
        if key is not None and key[0] in parts and key[1] < parts[key[0]]:
            keep.add(sha)
            continue
        if bases:
            match = _PR_SUFFIX.search(message.split(b"\n", 1)[0]) or _PR_IN_BODY.search(message)
            if match and int(match.group(1)) in bases:
                keep.add(sha)
    return keep


def keep_lookback(day: Iterable[Commit], lookback: list[tuple[str, str, bytes]]) -> set[str]:
    """Shas of the look-back commits worth keeping. ``lookback`` holds (sha, title, message)."""
    day = list(day)
    refs = References()
    for c in day:
        refs.add_revert(c.title, c.body)
    keep: set[str] = _continued(day, lookback)
    for sha, title, message in lookback:
        if title.startswith("Revert") and refs.add_revert(title, message.decode("utf-8", "replace")):
            keep.add(sha)
    if refs.empty():
        return keep
    for sha, title, message in lookback:
        if sha not in keep and refs.names(sha, title, message):
            keep.add(sha)
    return keep


def prune_lookback(day: list[Commit], lookback: list[Commit]) -> list[Commit]:
    """The look-back commits pairing needs, in their order (for sources that parsed them all)."""
    keep = keep_lookback(day, [(c.sha, c.title, c.message.encode("utf-8")) for c in lookback])
    return [c for c in lookback if c.sha in keep]
