"""The host's own takes (recorded or imported) and the rule that guards them.

A recording is the host's work: no batch synthesis (the window's "Synthesize all stale", an
export's missing takes, ``studio render``) ever replaces one, stale or not. Only the host's
explicit choice for one segment does (``replace``). A recording whose script changed is
stale; the host either says it still matches the script (:func:`matching_take`) or records
it again.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from ..episode import Episode, Segment, Take, script_hash
from ..humanize import plural

KEPT_SOURCES = ("recorded", "imported")


def is_recording(take: Take | None) -> bool:
    return take is not None and take.source in KEPT_SOURCES


def recording_stale(seg: Segment) -> bool:
    """A recording made from other words than the segment's text now."""
    take = seg.take
    return is_recording(take) and take.text_hash not in ("", script_hash(seg.text))


@dataclass
class SynthesisPlan:
    """Which segments synthesis makes takes for, and which recordings it keeps."""

    synthesize: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # recordings left as they are
    kept_stale: list[str] = field(default_factory=list)  # of those, the ones whose script changed

    def kept_line(self) -> str:
        """``kept 2 recordings (1 stale: keep or re-record it)``, or "" when none."""
        if not self.kept:
            return ""
        stale = (f" ({len(self.kept_stale)} stale: keep or re-record "
                 f"{'it' if len(self.kept_stale) == 1 else 'them'})" if self.kept_stale else "")
        return f"kept {plural(len(self.kept), 'recording')}{stale}"


def synthesis_plan(episode: Episode, ids: Iterable[str] | None = None,
                   replace: Collection[str] = ()) -> SynthesisPlan:
    """The segments among ``ids`` (default: all) that synthesis may give a new take: every one
    with text, except those holding a recording, which are kept unless the host chose to
    replace that very segment's recording (its id in ``replace``)."""
    wanted = None if ids is None else set(ids)
    plan = SynthesisPlan()
    for seg in episode.segments:
        if wanted is not None and seg.id not in wanted:
            continue
        if is_recording(seg.take) and seg.id not in replace:
            plan.kept.append(seg.id)
            if recording_stale(seg):
                plan.kept_stale.append(seg.id)
            continue
        if seg.text.strip():
            plan.synthesize.append(seg.id)
    return plan


def matching_take(take: Take, text: str) -> Take:
    """The host's "Keep — it matches the script": the same recording, now made from ``text``
    (no longer stale). The file and trims stay as they are."""
    kept = copy.deepcopy(take)
    kept.text_hash = script_hash(text)
    return kept
