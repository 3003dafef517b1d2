"""A new script over an episode the host already worked on: keep their work where it fits.

Writing the script again (``studio script``, ``studio produce`` re-run for a day) must not
discard what the host did by hand. Host work is a recorded or imported take, trims set by
hand, or a title or text that differs from what the writer wrote (the writer stamps a hash
of it). A segment whose commits are unchanged keeps all of it; a segment the host added
stays where it was. Work on a segment whose commits changed (or which the new day no longer
has) cannot be kept: :func:`merge_script` lists it, and the caller refuses unless forced.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ..episode import Episode, Segment, script_hash
from ..humanize import plural
from ..plumbing.errors import StudioError

EXPORT_FIELDS = ("duration_seconds", "duration", "loudness_target", "loudness_lufs",
                 "true_peak_dbtp", "audio", "published_at")


def written_hash(title: str, text: str) -> str:
    return script_hash(f"{title}\n{text}")


def stamp_written(episode: Episode) -> Episode:
    """Mark every segment (and the title) as the writer wrote it, to tell host edits later."""
    for seg in episode.segments:
        seg.written = written_hash(seg.title, seg.text)
    episode.written = written_hash(episode.title, episode.summary)
    return episode


def stamp_from(old: Episode, baseline: Episode) -> Episode:
    """Give an episode saved before the writer stamped its text the stamps of ``baseline``
    (its own day's script written again), segment by segment where the commits match."""
    by_id = {s.id: s for s in baseline.segments}
    for seg in old.segments:
        base = by_id.get(seg.id)
        if not seg.written and base is not None and set(base.commits) == set(seg.commits):
            seg.written = base.written
    old.written = old.written or baseline.written
    return old


def host_work(seg: Segment, fresh: Segment | None) -> list[str]:
    """What the host did to ``seg`` by hand, in words (empty: nothing)."""
    work = []
    if seg.take is not None and seg.take.source in ("recorded", "imported"):
        work.append(f"{seg.take.source} take")
    elif seg.take is not None and not seg.take.trim.auto:
        work.append("hand trims")
    if seg.written:
        edited = written_hash(seg.title, seg.text) != seg.written
    else:  # written before the stamp: any difference from the new script may be the host's
        edited = fresh is None or (fresh.title, fresh.text) != (seg.title, seg.text)
    if edited:
        work.append("edited text")
    return work


@dataclass
class Merged:
    episode: Episode
    kept: list[str] = field(default_factory=list)  # segment ids (or "title") carried over
    lost: list[str] = field(default_factory=list)  # host work the new script cannot keep
    replaced: bool = False  # an earlier episode was there

    def line(self) -> str:
        """What happened, in one line."""
        if not self.replaced:
            return "new script"
        kept = (f"kept the host's work on {plural(len(self.kept), 'part')} "
                f"({', '.join(self.kept)})" if self.kept else "no host work to keep")
        if self.lost:
            return f"{kept}; replaced (--force) {'; '.join(self.lost)}"
        return f"{kept}; the rest of the script is new"


def _added_by_host(seg: Segment, fresh_ids: set[str]) -> bool:
    return seg.id not in fresh_ids and not seg.written and not seg.commits


def merge_script(fresh: Episode, old: Episode | None) -> Merged:
    """``fresh`` (a new script) with the host's work from ``old`` kept where it fits."""
    if old is None:
        return Merged(fresh)
    result = copy.deepcopy(fresh)
    merged = Merged(result, replaced=True)
    by_id = {s.id: s for s in fresh.segments}
    previous: str | None = None
    for seg in old.segments:
        new = by_id.get(seg.id)
        work = host_work(seg, new)
        if work and new is not None and set(new.commits) == set(seg.commits):
            index = next(i for i, s in enumerate(result.segments) if s.id == seg.id)
            result.segments[index] = copy.deepcopy(seg)
            merged.kept.append(seg.id)
        elif work and _added_by_host(seg, set(by_id)):
            ids = [s.id for s in result.segments]
            at = ids.index(previous) + 1 if previous in ids else 0
            result.segments.insert(at, copy.deepcopy(seg))
            merged.kept.append(seg.id)
        elif work:
            why = "its commits changed" if new is not None else "the day no longer has it"
            merged.lost.append(f"segment {seg.id!r} ({', '.join(work)}: {why})")
        previous = seg.id
    if old.written:
        title_edited = written_hash(old.title, old.summary) != old.written
    else:
        title_edited = (old.title, old.summary) != (fresh.title, fresh.summary)
    if title_edited:
        result.title, result.summary, result.written = old.title, old.summary, old.written
        merged.kept.append("title")
    for name in EXPORT_FIELDS:  # they describe the files still in the folder
        setattr(result, name, copy.deepcopy(getattr(old, name)))
    result.refresh_transcript()
    return merged


def check_merge(merged: Merged, where: str, force: bool) -> None:
    """Refuse a merge that would drop host work, unless ``force``."""
    if merged.lost and not force:
        raise StudioError(f"{where} holds the host's work that the new script cannot keep: "
                          f"{'; '.join(merged.lost)}; nothing was written. Pass --force to "
                          f"replace it")
