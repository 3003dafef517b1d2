"""Small edits of an episode, each undoable: what the desktop's undo commands call.

Every function changes the :class:`~studio.episode.Episode` in place and returns what its
inverse needs, so an undo command is two calls and no logic of its own. Nothing here knows
about Qt; the command line could use the same functions.
"""

from __future__ import annotations

import copy
import difflib
import re
from dataclasses import dataclass

from .episode import Episode, Segment, Sentence, Take, Trim, estimate_seconds
from .humanize import plural
from .plumbing.errors import StudioError

HOST = "host"  # a sentence's provenance once the host edited it (see studio.draft_review)

_SENTENCE_END = re.compile(r"(?:(?<=[.!?…])|(?<=[.!?…][\"')\]]))\s+")
_MATCH_RATIO = 0.6


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text`` in order, each stripped; empty text gives none."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def resync_sentences(old: list[Sentence], text: str) -> list[Sentence]:
    """Sentences for edited ``text``, each keeping the commits of the old sentence it came from.

    An unchanged sentence keeps its commits and where it came from (its provenance); an
    edited one takes the commits of the most similar old sentence (if similar enough); a new
    one has none. Edited and new sentences are the host's.
    """
    result: list[Sentence] = []
    by_text: dict[str, list[Sentence]] = {}  # a text said twice (two reverts, one reason):
    for s in old:                            # each keeps its own commits, in order
        by_text.setdefault(s.text.strip(), []).append(s)
    for piece in split_sentences(text):
        same = by_text[piece].pop(0) if by_text.get(piece) else None
        if same is not None:
            result.append(Sentence(piece, list(same.commits), same.provenance, same.draft))
            continue
        best, ratio = None, 0.0
        for s in old:
            r = difflib.SequenceMatcher(None, s.text, piece).ratio()
            if r > ratio:
                best, ratio = s, r
        commits = list(best.commits) if best is not None and ratio >= _MATCH_RATIO else []
        result.append(Sentence(piece, commits, provenance=HOST))
    return result


def _words(text: str) -> str:
    return " ".join(text.split())


def follows_text(segment: Segment) -> bool:
    """Whether the segment's sentences say its text (what is narrated), word for word."""
    said = " ".join(s.text for s in segment.sentences)
    return _words(said) == _words(segment.text) or not segment.sentences and not segment.text


def sentences_follow_text(episode: Episode) -> list[str]:
    """Give each segment whose text was edited outside the studio (episode.json by hand) the
    sentences of its text, keeping commit links as the editor does (:func:`resync_sentences`);
    returns the titles of the segments resynced. The page and transcripts are built from the
    sentences, the narration from the text: they must agree."""
    changed = []
    for seg in episode.segments:  # one without sentences is told whole, with its commits
        if seg.sentences and not follows_text(seg):
            seg.sentences = resync_sentences(seg.sentences, seg.text)
            changed.append(seg.title)
    if changed:
        episode.refresh_transcript()
    return changed


def set_segment_text(episode: Episode, segment_id: str, text: str) -> tuple[str, list[Sentence]]:
    """Replace a segment's text; returns the old text and sentences (for undo)."""
    seg = episode.segment(segment_id)
    old = (seg.text, copy.deepcopy(seg.sentences))
    seg.sentences = resync_sentences(seg.sentences, text)
    seg.text = text
    episode.refresh_transcript()
    return old


def restore_segment_text(episode: Episode, segment_id: str, text: str,
                         sentences: list[Sentence]) -> None:
    """Put back a segment's text and sentences exactly as they were."""
    seg = episode.segment(segment_id)
    seg.text = text
    seg.sentences = copy.deepcopy(sentences)
    episode.refresh_transcript()


def set_segment_title(episode: Episode, segment_id: str, title: str) -> str:
    seg = episode.segment(segment_id)
    old, seg.title = seg.title, " ".join(title.split()) or seg.title
    return old


def move_segment(episode: Episode, index: int, new_index: int) -> None:
    """Move the segment at ``index`` so that it ends up at ``new_index``."""
    n = len(episode.segments)
    if not (0 <= index < n and 0 <= new_index < n):
        raise StudioError(f"cannot move segment {index + 1} to {new_index + 1}: only {n} segments")
    seg = episode.segments.pop(index)
    episode.segments.insert(new_index, seg)
    episode.refresh_transcript()


def new_segment_id(episode: Episode, base: str = "segment") -> str:
    used = {s.id for s in episode.segments}
    n = 1
    while f"{base}-{n}" in used:
        n += 1
    return f"{base}-{n}"


def insert_segment(episode: Episode, index: int, segment: Segment) -> None:
    if any(s.id == segment.id for s in episode.segments):
        raise StudioError(f"a segment {segment.id!r} already exists")
    index = max(0, min(index, len(episode.segments)))
    episode.segments.insert(index, segment)
    episode.refresh_transcript()


def remove_segment(episode: Episode, segment_id: str) -> tuple[int, Segment]:
    """Delete a segment; returns its place and itself (for undo)."""
    seg = episode.segment(segment_id)
    index = episode.segments.index(seg)
    episode.segments.pop(index)
    episode.refresh_transcript()
    return index, seg


def replace_segment(episode: Episode, segment_id: str, new: Segment) -> Segment:
    """Swap a segment for ``new`` (same place); returns the old one. The take is kept."""
    old = episode.segment(segment_id)
    index = episode.segments.index(old)
    episode.segments[index] = new
    episode.refresh_transcript()
    return old


def replace_script(episode: Episode, new: Episode) -> Episode:
    """Make ``episode`` (the open one, in place) the script ``new`` holds: every field, its
    segments and their takes; returns what it was (a copy), to put back."""
    import dataclasses

    old = copy.deepcopy(episode)
    for f in dataclasses.fields(episode):
        setattr(episode, f.name, copy.deepcopy(getattr(new, f.name)))
    return old


def regenerated_from(episode: Episode, fresh: Episode, segment_id: str) -> Segment:
    """Segment ``segment_id`` as ``fresh`` (the script written again from the same day) has it,
    keeping the current segment's take so its narration status can tell it is now stale."""
    current = episode.segment(segment_id)
    for seg in fresh.segments:
        if seg.id == segment_id:
            seg = copy.deepcopy(seg)
            seg.take = copy.deepcopy(current.take)
            return seg
    raise StudioError(f"the day's data has nothing for segment {current.title!r} any more")


MAX_GAIN_DB = 12.0  # a take's own gain, either way: more is a different recording


def check_trim(trim: Trim, duration: float | None = None) -> None:
    """Raise StudioError for a trim that makes no sense (before an undo command is pushed)."""
    if trim.start < 0 or (trim.end is not None and trim.end <= trim.start):
        raise StudioError("a trim must start before it ends")
    if duration is not None and trim.start >= duration:
        raise StudioError("a trim cannot start after the end of the take")
    if trim.fade_in < 0 or trim.fade_out < 0:
        raise StudioError("fades cannot be negative")
    if not -MAX_GAIN_DB <= trim.gain_db <= MAX_GAIN_DB:
        raise StudioError(f"a take's gain must be between -{MAX_GAIN_DB:g} and "
                          f"+{MAX_GAIN_DB:g} dB")
    last = float("-inf")  # (a cut the in or out point has moved past is simply not heard)
    for cut in trim.cuts:
        if len(cut) != 2 or not cut[0] < cut[1]:
            raise StudioError("a cut must start before it ends")
        if cut[0] < last - 1e-6:
            raise StudioError("cuts must be in order and apart")
        last = cut[1]
    end = trim.end if trim.end is not None else duration
    if trim.cuts and end is not None and \
            sum(max(0.0, min(b, end) - max(a, trim.start)) for a, b in trim.cuts) >= \
            end - trim.start - 1e-3:
        raise StudioError("the cuts would leave nothing of the take")


def set_trim(episode: Episode, segment_id: str, trim: Trim) -> Trim:
    """Set the trim of a segment's take; returns the old trim."""
    seg = episode.segment(segment_id)
    if seg.take is None:
        raise StudioError(f"segment {seg.title!r} has no take to trim")
    check_trim(trim)
    old = seg.take.trim
    seg.take.trim = copy.deepcopy(trim)
    return old


def set_take(episode: Episode, segment_id: str, take: Take | None) -> Take | None:
    """Give a segment a new take (or none); returns the old one. Files are never deleted."""
    seg = episode.segment(segment_id)
    old, seg.take = seg.take, copy.deepcopy(take)
    return old


@dataclass
class Metadata:
    title: str
    summary: str


def set_metadata(episode: Episode, meta: Metadata) -> Metadata:
    old = Metadata(episode.title, episode.summary)
    title = " ".join(meta.title.split())
    if not title:
        raise StudioError("an episode needs a title")
    episode.title, episode.summary = title, meta.summary.strip()
    return old


def search_pattern(needle: str, case: bool = False, whole_word: bool = False) -> re.Pattern[str]:
    """``needle`` taken literally; with ``whole_word`` it must not sit inside a longer word."""
    body = re.escape(needle)
    if whole_word:
        body = rf"(?<!\w){body}(?!\w)"
    return re.compile(body, 0 if case else re.IGNORECASE)


def find_all(episode: Episode, needle: str, case: bool = False,
             whole_word: bool = False) -> list[tuple[str, int]]:
    """Every match as (segment id, character offset), in episode order."""
    if not needle:
        return []
    pattern = search_pattern(needle, case, whole_word)
    return [(seg.id, m.start()) for seg in episode.segments for m in pattern.finditer(seg.text)]


def match_from(matches: list[tuple[str, int]], segment_ids: list[str], here: tuple[str, int],
               backwards: bool = False) -> int:
    """The index in ``matches`` of the first match at or after ``here`` (segment id, offset),
    or with ``backwards`` the last one before it; wrapping round the script. -1 when none."""
    if not matches:
        return -1
    order = {sid: i for i, sid in enumerate(segment_ids)}
    key = (order.get(here[0], 0), here[1])
    places = [(order.get(sid, 0), offset) for sid, offset in matches]
    if backwards:
        before = [i for i, p in enumerate(places) if p < key]
        return before[-1] if before else len(matches) - 1
    return next((i for i, p in enumerate(places) if p >= key), 0)


def replaced_texts(episode: Episode, needle: str, replacement: str,
                   case: bool = False, whole_word: bool = False) -> dict[str, str]:
    """The new text of each segment that ``needle`` occurs in, with every match replaced."""
    if not needle:
        return {}
    pattern = search_pattern(needle, case, whole_word)
    out = {}
    for seg in episode.segments:
        new = pattern.sub(lambda _m: replacement, seg.text)
        if new != seg.text:
            out[seg.id] = new
    return out


def sentence_spans(segment: Segment) -> list[tuple[int, int, Sentence]]:
    """Where each sentence sits in the segment's text: (start, end, sentence), in order;
    a sentence no longer found in the text is left out."""
    spans, pos = [], 0
    for s in segment.sentences:
        found = segment.text.find(s.text, pos)
        if found < 0 or not s.text:
            continue
        pos = found + len(s.text)
        spans.append((found, pos, s))
    return spans


def sentence_at(segment: Segment, offset: int) -> Sentence | None:
    """The sentence under character ``offset`` of the segment's text, if any."""
    for _start, end, s in sentence_spans(segment):
        if offset <= end:
            return s
    return segment.sentences[-1] if segment.sentences else None


def word_count(text: str) -> int:
    return len(text.split())


def duration_label(seconds: float) -> str:
    seconds = int(round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def estimate_label(text: str, words_per_second: float | None = None) -> str:
    """``120 words · ~0:57`` at the given pace (see :func:`studio.episode.words_per_second`)."""
    return (f"{plural(word_count(text), 'word')} · "
            f"~{duration_label(estimate_seconds(text, words_per_second))}")


def take_heading(segment: Segment, status: str, reason: str = "") -> str:
    """``Rollbacks · synthesized take · ready``; a stale take says why and what to do."""
    if segment.take is None:
        return segment.title
    text = f"{segment.title} · {segment.take.source} take"
    if reason:
        again = ("synthesize it again (Ctrl+Enter)" if segment.take.source == "synthesized"
                 else "keep it if it still matches the script, or record it again")
        return f"{text} · {status}: {reason}; {again}"
    return f"{text} · {status}" if status else text
