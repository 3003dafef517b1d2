"""Chapters: one per segment, as Podcasting 2.0 JSON and as the times the MP3 tags carry.

The first chapter starts at 0 so that the intro belongs to it; every other chapter starts
where its segment starts. A chapter's ``url`` is the PR or commit page of the first commit
the segment tells that has a link.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from ..episode import Episode, Segment
from ..plumbing.errors import StudioError
from ..plumbing.fsutil import SMALL_JSON_LIMIT, read_json
from ..textsafe import clean_line

CHAPTERS_VERSION = "1.2.0"


@dataclass
class Chapter:
    start: float
    end: float
    title: str
    url: str = ""


def segment_url(episode: Episode, seg: Segment) -> str:
    shas = list(seg.commits) + [sha for s in seg.sentences for sha in s.commits]
    for sha in shas:
        ref = episode.ref(sha)
        if ref and ref.url.startswith(("https://", "http://")):
            return ref.url
    return ""


def episode_chapters(episode: Episode, total: float) -> list[Chapter]:
    placed = [s for s in episode.segments if s.start is not None and s.end is not None]
    chapters: list[Chapter] = []
    for i, seg in enumerate(placed):
        start = 0.0 if i == 0 else float(seg.start or 0.0)
        end = float(placed[i + 1].start or total) if i + 1 < len(placed) else total
        title = clean_line(seg.title) or f"Part {i + 1}"
        chapters.append(Chapter(round(start, 3), round(end, 3), title, segment_url(episode, seg)))
    return chapters


def read_chapters(path: Path) -> list[Chapter]:
    """The chapters of a Podcasting 2.0 chapters file (as :func:`chapters_json` writes it);
    a file that is not one is a StudioError."""
    try:
        data = read_json(path, "chapters", limit=SMALL_JSON_LIMIT)
        items = data["chapters"]
        chapters = [Chapter(float(c["startTime"]), float(c.get("endTime") or c["startTime"]),
                            str(c.get("title") or ""), str(c.get("url") or ""))
                    for c in items]
        for ch in chapters:
            if not (math.isfinite(ch.start) and math.isfinite(ch.end) and ch.start >= 0):
                raise ValueError(f"a chapter starts at {ch.start}")
    except (StudioError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise StudioError(f"{path} is not a chapters file ({exc})") from None
    return chapters


def chapters_json(chapters: list[Chapter]) -> str:
    items = []
    for ch in chapters:
        item: dict[str, object] = {"startTime": ch.start, "endTime": ch.end, "title": ch.title}
        if ch.url:
            item["url"] = ch.url
        items.append(item)
    return json.dumps({"version": CHAPTERS_VERSION, "chapters": items}, ensure_ascii=False,
                      indent=2) + "\n"
