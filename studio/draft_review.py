"""Reviewing a language model's draft, segment by segment: what each sentence's mark is, what
it says to the host, and the two decisions (accept, reject) the app puts on its undo stack.

A sentence's ``provenance`` (see :class:`~studio.episode.Sentence`) tells where it came from.
Rejecting a drafted segment puts in place the story writer's sentences for its commits, kept
in ``Segment.story`` when the script was written; accepting keeps the text and clears the
draft marks. Editing a sentence makes it the host's (:func:`studio.editing.resync_sentences`).
Each decision returns the segment as it was, for :func:`studio.editing.replace_segment` to put
back. No Qt here.
"""

from __future__ import annotations

import copy

from .episode import Episode, Segment, Sentence
from .plumbing.errors import StudioError

VERIFIED = "drafted-verified"
REPLACED = "replaced"  # provenance "replaced: <why>"
ACCEPTED = "accepted"
STORY = "story"
HOST = "host"  # = studio.editing.HOST


def mark(sentence: Sentence) -> str:
    """The mark a sentence shows: VERIFIED, REPLACED or HOST; "" for none (the story writer's,
    an accepted draft, a rejected draft's stand-in)."""
    p = sentence.provenance
    if p == VERIFIED:
        return VERIFIED
    if p.startswith(REPLACED):
        return REPLACED
    if p == HOST:
        return HOST
    return ""


def replaced_reason(sentence: Sentence) -> str:
    p = sentence.provenance
    return p.split(":", 1)[1].strip() if p.startswith(REPLACED + ":") else ""


def describe(sentence: Sentence) -> str:
    """One or two plain sentences for the host on where ``sentence`` came from ("" for the
    story writer's own)."""
    p = sentence.provenance
    if p == VERIFIED:
        return "Drafted by the language model; every fact verified against its commits."
    if p.startswith(REPLACED):
        why = replaced_reason(sentence) or "it failed the fact check"
        said = f" The draft said: “{sentence.draft}”" if sentence.draft else ""
        return f"The story writer's sentence, replacing the model's draft ({why}).{said}"
    if p == ACCEPTED:
        return "Drafted by the language model and accepted by the host."
    if p == STORY:
        return "The story writer's sentence: the host rejected the model's draft."
    if p == HOST:
        return "Written by the host."
    return ""


def is_drafted(segment: Segment) -> bool:
    """Whether the segment still holds draft marks to decide on (verified or replaced)."""
    return any(mark(s) in (VERIFIED, REPLACED) for s in segment.sentences)


def accept_segment(episode: Episode, segment_id: str) -> Segment:
    """Keep the drafted segment as it reads, its marks cleared; returns it as it was."""
    seg = episode.segment(segment_id)
    if not is_drafted(seg):
        raise StudioError(f"“{seg.title}” is not a drafted segment waiting for a decision")
    old = copy.deepcopy(seg)
    for s in seg.sentences:
        if mark(s) in (VERIFIED, REPLACED):
            s.provenance = ACCEPTED
    return old


def story_segment(episode: Episode, segment_id: str) -> Segment:
    """A drafted segment as the story writer tells its commits (what Regenerate gives it:
    the day's script written again would not know a drafted segment), its take kept."""
    seg = episode.segment(segment_id)
    if not seg.story:
        raise StudioError(f"the story writer told nothing of the commits behind “{seg.title}”")
    new = copy.deepcopy(seg)
    new.sentences = [Sentence(s.text, list(s.commits), provenance=STORY) for s in seg.story]
    new.text = " ".join(s.text for s in new.sentences)
    return new


def reject_segment(episode: Episode, segment_id: str) -> Segment:
    """Put the story writer's sentences for the segment's commits in place of the draft;
    returns the segment as it was. The take stays (and reads stale: the text changed)."""
    seg = episode.segment(segment_id)
    if not is_drafted(seg):
        raise StudioError(f"“{seg.title}” is not a drafted segment waiting for a decision")
    if not seg.story:
        raise StudioError(f"the story writer told nothing of the commits behind “{seg.title}”: "
                          "edit or delete the segment instead")
    old = copy.deepcopy(seg)
    told = story_segment(episode, segment_id)
    seg.sentences, seg.text = told.sentences, told.text
    episode.refresh_transcript()
    return old


def summary(episode: Episode) -> str:
    """One line for the host over the script: why the language model was not used, or what
    its draft came to and how many segments are left to review ("" for the story writer's)."""
    if episode.writer_note:
        note = episode.writer_note.strip()
        return note[:1].upper() + note[1:] + ("" if note.endswith(".") else ".")
    if not episode.writer.startswith("llm"):
        return ""
    model = episode.writer.partition("(")[2].rstrip(")") or "the language model"
    said = [s for seg in episode.segments for s in seg.sentences]
    verified = sum(mark(s) == VERIFIED for s in said)
    replaced = sum(mark(s) == REPLACED for s in said)  # (an episode from an older studio)
    waiting = sum(is_drafted(seg) for seg in episode.segments)
    line = f"Drafted by {model}: {_count(verified, 'sentence')} verified"
    if replaced:
        line += f", {replaced} replaced by the story writer's"
    if episode.dropped:  # what the fact check left out, and the first reason
        first = episode.dropped[0].provenance.removeprefix("dropped: ")
        line += f", {len(episode.dropped)} left out (the fact check: {first})"
    if waiting:
        return f"{line}; {_count(waiting, 'segment')} to review (accept or reject each)."
    return f"{line}; every segment reviewed."


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
