"""The script as plain text a host edits in any editor (``studio edit``), and back.

Each segment is a heading line ``=== [id] Title`` followed by its text, wrapped for reading;
lines starting with ``#`` before the first heading are notes and are ignored (inside a
segment every line is its text: a commit's ``#123`` may start one). Applying the text back goes through the
same edit functions as the desktop's undo commands (:mod:`studio.editing`): a sentence whose
text did not change keeps its commits and provenance, an edited one takes the commits of the
sentence it came from. Text whose words did not change (only re-wrapped) is left exactly as it
was. Anything the text does not make sense as is refused as a whole, naming the line.
"""

from __future__ import annotations

import copy
import re
import textwrap
from dataclasses import dataclass, field

from . import editing
from .episode import MAX_SEGMENTS, Episode, Segment
from .humanize import plural
from .plumbing.errors import StudioError

NEW = "new"  # the id a host writes for a segment they add
_HEADING = re.compile(r"^===\s*(?:\[([^\]\n]*)\])?\s*(.*?)\s*$")
WIDTH = 88


def _words(text: str) -> str:
    return " ".join(text.split())


def script_as_text(episode: Episode) -> str:
    """The episode's script as the text ``studio edit`` opens."""
    lines = [
        f"# {_words(episode.title)} ({episode.date})",
        "# Edit the titles and text below, then save and quit the editor; these lines",
        "# are ignored. Each segment starts with a line '=== [id] Title': keep its [id]",
        "# (it ties the text to its commits and take); move a segment by moving its heading",
        "# and text, delete one by deleting both, add one with '=== [new] Its title'.",
        "# Save an empty file (or quit without saving) to change nothing.",
        "",
    ]
    for seg in episode.segments:
        lines.append(f"=== [{seg.id}] {_words(seg.title)}")
        for n, para in enumerate(p for p in re.split(r"\n\s*\n", seg.text) if p.strip()):
            if n:
                lines.append("")
            lines.extend(_wrapped(para))
        lines.append("")
    return "\n".join(lines)


def _wrapped(para: str) -> list[str]:
    """A paragraph's lines for reading; none but the first starts like a heading."""
    lines: list[str] = []
    for line in textwrap.wrap(_words(para), WIDTH, break_long_words=False,
                              break_on_hyphens=False):
        if lines and line.startswith("==="):
            lines[-1] += " " + line
        else:
            lines.append(line)
    return lines


@dataclass
class _Part:
    line: int
    id: str
    title: str
    body: list[str] = field(default_factory=list)

    def text(self) -> str:
        paras = re.split(r"\n\s*\n", "\n".join(self.body).strip())
        return "\n\n".join(_words(p) for p in paras if p.strip())


def _parse(text: str) -> list[_Part]:
    parts: list[_Part] = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("#") and not parts:
            continue
        if line.startswith("==="):
            m = _HEADING.match(line)
            sid = (m.group(1) or "").strip() if m else ""
            title = _words(m.group(2)) if m else ""
            if not sid:
                raise StudioError(f"line {n}: a heading needs its segment's [id] "
                                  f"('=== [id] Title'; [{NEW}] for a new segment)")
            if not title:
                raise StudioError(f"line {n}: segment [{sid}] has no title")
            parts.append(_Part(n, sid, title))
        elif parts:
            parts[-1].body.append(line)
        elif line.strip():
            raise StudioError(f"line {n}: text before the first '=== [id] Title' heading")
    return parts


@dataclass
class Applied:
    """What applying the text changed."""

    episode: Episode
    retitled: int = 0
    rewritten: list[str] = field(default_factory=list)  # ids whose text changed
    added: int = 0
    removed: int = 0
    moved: bool = False

    @property
    def changed(self) -> bool:
        return bool(self.retitled or self.rewritten or self.added or self.removed or self.moved)

    def line(self) -> str:
        if not self.changed:
            return "no changes"
        said = [plural(n, what) + " " + how for n, what, how in (
            (len(self.rewritten), "segment", "rewritten"), (self.retitled, "title", "changed"),
            (self.added, "segment", "added"), (self.removed, "segment", "removed")) if n]
        if self.moved:
            said.append("segments reordered")
        return ", ".join(said)


def apply_script_text(episode: Episode, text: str) -> Applied:
    """A copy of ``episode`` with the script ``text`` says (see :func:`script_as_text`);
    raises StudioError, changing nothing, for text that is not a script of this episode."""
    parts = _parse(text)
    if not parts:
        raise StudioError("the script has no segments left ('=== [id] Title' headings); "
                          "nothing was changed")
    if len(parts) > MAX_SEGMENTS:
        raise StudioError(f"{len(parts):,} segments: an episode has at most {MAX_SEGMENTS:,}")
    known = {seg.id for seg in episode.segments}
    seen: set[str] = set()
    for part in parts:
        if part.id == NEW:
            pass
        elif part.id not in known:
            raise StudioError(f"line {part.line}: no segment [{part.id}] in this episode (keep "
                              f"each heading's [id] as it was; [{NEW}] adds a segment)")
        elif part.id in seen:
            raise StudioError(f"line {part.line}: segment [{part.id}] appears twice")
        seen.add(part.id)
        if not part.text():
            raise StudioError(f"line {part.line}: segment {part.title!r} has no text (delete "
                              f"its heading too to remove it)")
    edited = copy.deepcopy(episode)
    result = Applied(edited, removed=len(known - seen))
    order = [p.id for p in parts if p.id != NEW]
    result.moved = order != [s.id for s in episode.segments if s.id in seen]
    segments: list[Segment] = []
    for part in parts:
        if part.id == NEW:
            seg = Segment(editing.new_segment_id(edited), part.title, "")
            edited.segments.append(seg)  # for the id's uniqueness; placed below
            result.added += 1
        else:
            seg = edited.segment(part.id)
            if part.title != _words(seg.title):
                editing.set_segment_title(edited, seg.id, part.title)
                result.retitled += 1
        if _words(part.text()) != _words(seg.text):
            editing.set_segment_text(edited, seg.id, part.text())
            if part.id != NEW:
                result.rewritten.append(seg.id)
        segments.append(seg)
    edited.segments = segments
    edited.refresh_transcript()
    return result
