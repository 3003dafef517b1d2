"""The episode project: ``episode.json``, versioned, saved atomically.

Everything an episode is lives here as plain data: the script (segments with the commits
behind each sentence), the facts it was written from, and, once narrated and exported, the
takes, their trims and the exported files. Edits are non-destructive: a trim is numbers here,
the take file on disk is never changed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .plumbing.errors import StudioError
from .plumbing.fsutil import atomic_write_json, read_json
from .schema import check, iso_date, one_of, optional_date
from .spoken_length import spoken_words

SCHEMA_VERSION = 1
# Segments an episode may have: a daily has 6-12, a recap a few dozen; 100,000 took a render
# over 180 s before this limit (issue 27).
MAX_SEGMENTS = 2_000
EPISODE_FILE = "episode.json"
EPISODE_KINDS = ("daily", "recap")
DEFAULT_RATE = 165  # the speaking rate Settings starts with (words a minute asked of the engine)
# espeak-ng speaks fewer words a minute of our scripts than the rate it is asked for: pauses at
# punctuation and identifiers take time. Counted in spoken words (numbers as said, camel-case
# identifiers as their parts: see studio.spoken_length), measured on the sample day's script as
# the default (editor) writer tells it (9 segments, 252 spoken words, shipped lexicon),
# synthesized with espeak-ng 1.51 through narration.takes.narrate at rates 120, 165 and 220:
# 0.924, 0.929 and 0.940 of the asked rate (spoken words / take seconds * 60 / rate). Single
# segments vary by a tenth or more either way (a short segment is mostly pauses): it is an
# estimate for whole episodes.
SPOKEN_PER_ASKED = 0.93


@dataclass
class Sentence:
    text: str
    commits: list[str] = field(default_factory=list)
    # Where a sentence came from (studio.script.llm, studio.draft_review): "drafted-verified"
    # (the model's, every fact found in its commits), "replaced: <reason>" (the story writer's,
    # standing in for a draft that failed the fact lock: written by studios before issue 28's
    # "never spliced"; read and marked still), "dropped: <reason>" (in
    # Episode.dropped only), "accepted" (a draft the host accepted), "story" (put in place by
    # rejecting a draft), "host" (edited or typed by the host); "" for the story writer's.
    provenance: str = ""
    draft: str = ""  # the model's sentence a "replaced" one stands in for


@dataclass
class Trim:
    """Non-destructive edits of a take, in seconds of the take file."""

    start: float = 0.0
    end: float | None = None  # None: to the end of the take
    fade_in: float = 0.0
    fade_out: float = 0.0
    auto: bool = False  # whether start/end came from silence detection
    # stretches cut out inside the take (a stumble, a cough): [start, end] seconds of the take
    # file, sorted and apart; the programme joins what is left with short fades
    cuts: list[list[float]] = field(default_factory=list)
    gain_db: float = 0.0  # the host's gain for this take, on top of the automatic levelling


@dataclass
class Take:
    path: str  # relative to the episode folder
    source: str  # "synthesized" | "recorded" | "imported"
    text_hash: str = ""  # hash of the spoken text the take was made from
    duration: float = 0.0  # seconds of the take file
    trim: Trim = field(default_factory=Trim)
    # What a synthesized take was made from besides the hash, so the window can say why it
    # went stale (empty in takes made before these were recorded).
    voice: str = ""
    rate: int = 0
    script_hash: str = ""


@dataclass
class Segment:
    id: str
    title: str
    text: str
    commits: list[str] = field(default_factory=list)
    sentences: list[Sentence] = field(default_factory=list)
    take: Take | None = None
    start: float | None = None  # seconds in the programme, after mastering
    end: float | None = None
    written: str = ""  # hash of title and text as the script writer wrote them ("" if not)
    # A drafted segment (studio.script.llm): the story writer's sentences for its commits,
    # what rejecting the draft puts in place (studio.draft_review); empty for any other.
    story: list[Sentence] = field(default_factory=list)

    @property
    def words(self) -> int:
        return len(self.text.split())


@dataclass
class Stats:
    commits: int = 0
    reverts: int = 0
    relands: int = 0
    authors: int = 0
    merged_prs: int | None = None


@dataclass
class RevertFact:
    sha: str
    reverted_sha: str
    reverted_title: str
    original_author: str
    reverted_by: str
    reason: str
    automatic: bool
    reverted_pr: int | None = None


@dataclass
class CommitRef:
    """A commit the script tells, with the link a listener can follow."""

    sha: str
    title: str
    author: str = ""
    pr: int | None = None
    url: str = ""  # the PR page where known, else the commit page, else empty


@dataclass
class Person:
    """One of the day's authors (bots never): the feed's podcast:person when the show wants."""

    name: str
    login: str = ""  # GitHub login, when known
    url: str = ""  # the account's profile page, when known


@dataclass
class AudioFile:
    file: str
    bytes: int
    sha256: str
    # the names earlier renders of a published episode had, oldest first: feeds have named
    # them, so they stay served (studio.publish.aliases)
    aliases: list[str] = field(default_factory=list)


@dataclass
class Episode:
    title: str
    summary: str
    date: str
    repo: str
    show: str = ""
    repo_url: str = ""  # e.g. https://github.com/pytorch/pytorch, empty when unknown
    stats: Stats = field(default_factory=Stats)
    reverts: list[RevertFact] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)
    commit_refs: list[CommitRef] = field(default_factory=list)
    people: list[Person] = field(default_factory=list)  # the day's authors, stats.authors of them
    transcript: str = ""
    estimated_seconds: float = 0.0
    writer: str = ""
    # Filled in by narration, mastering and export.
    duration_seconds: float | None = None
    duration: str | None = None
    loudness_target: float | None = None
    loudness_lufs: float | None = None
    true_peak_dbtp: float | None = None
    audio: AudioFile | None = None
    # sha256 of each exported file besides the MP3 (in ``audio``) and episode.json itself, so
    # a reader can tell that the files of the folder are of one export.
    files: dict[str, str] = field(default_factory=dict)
    published_at: str | None = None
    written: str = ""  # hash of title and summary as the script writer wrote them
    # A language-model writer's account: one line when it was not used (server down, garbage),
    # drafted sentences that failed the fact lock with nothing to stand in for them, and notes
    # on a replaced title or summary.
    writer_note: str = ""
    dropped: list[Sentence] = field(default_factory=list)
    writer_notes: list[str] = field(default_factory=list)
    # What the episode is: a day's ("daily"), or a span's ("recap": ``span_start`` to ``date``,
    # in a folder named for the span). The feed says the iTunes ``episode_type`` ("" = by kind:
    # full for a daily, bonus for a recap), and ``season``/``number`` when the show numbers them.
    kind: str = "daily"
    span_start: str = ""
    episode_type: str = ""
    season: int | None = None
    number: int | None = None
    schema: int = SCHEMA_VERSION

    @property
    def folder_name(self) -> str:
        """The episode's folder under ``SHOW/episodes/``: its date, or a recap's span
        (``2026-W05``, ``2026-01-26_2026-02-03``)."""
        if self.kind == "recap" and self.span_start:
            import datetime as dt

            from .sources.span import date_span

            return date_span(dt.date.fromisoformat(self.span_start),
                             dt.date.fromisoformat(self.date)).folder
        return self.date

    @property
    def itunes_type(self) -> str:
        return self.episode_type or ("bonus" if self.kind == "recap" else "full")

    def refresh_transcript(self) -> None:
        """Rebuild the transcript and the duration estimate from the segments."""
        self.transcript = "\n\n".join(s.text.strip() for s in self.segments if s.text.strip())
        pace = words_per_second(self.segments)
        self.estimated_seconds = round(estimate_seconds(self.transcript, pace), 1)

    def ref(self, sha: str) -> CommitRef | None:
        for ref in self.commit_refs:
            if ref.sha == sha:
                return ref
        return None

    def segment(self, segment_id: str) -> Segment:
        for seg in self.segments:
            if seg.id == segment_id:
                return seg
        known = ", ".join(s.id for s in self.segments)
        raise StudioError(f"no segment {segment_id!r} in this episode (segments: {known})")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], what: str = "episode file") -> Episode:
        data = migrate(dict(data))
        segments = data.get("segments")
        if isinstance(segments, list) and len(segments) > MAX_SEGMENTS:
            raise StudioError(f"{what} has {len(segments):,} segments, over the {MAX_SEGMENTS:,} "
                              "an episode may have (rendering it would take hours)")
        check(cls, data, what, {"date": iso_date, "kind": one_of(*EPISODE_KINDS),
                                "span_start": optional_date,
                                "episode_type": one_of("", "full", "bonus", "trailer")})
        try:
            return _episode_from(data)
        except (TypeError, KeyError, AttributeError, ValueError) as exc:
            raise StudioError(f"episode file is malformed: {exc}") from exc


def script_hash(text: str) -> str:
    """What a take was made from in the script (whitespace aside), to tell when it moved on."""
    return "script:" + hashlib.sha256(" ".join(text.split()).encode()).hexdigest()[:16]


def default_words_per_second(rate: int = DEFAULT_RATE) -> float:
    """How fast the synthesizer speaks a script at ``rate``, before any take measured it."""
    return rate * SPOKEN_PER_ASKED / 60.0


def measured_words_per_second(segments: list[Segment], rate: int | None = None) -> float | None:
    """Words a second the episode's synthesized takes took (segment words / take seconds),
    over the takes made at ``rate`` (any rate when None, or when takes do not record it);
    None when there are none to measure."""
    words = seconds = 0.0
    for seg in segments:
        take = seg.take
        if take is None or take.source != "synthesized" or take.duration <= 0 or not seg.words:
            continue
        if rate is not None and take.rate and take.rate != rate:
            continue
        words += spoken_words(seg.text)
        seconds += take.duration
    return words / seconds if seconds > 0 else None


def words_per_second(segments: list[Segment], rate: int | None = None) -> float:
    """The voice's measured pace when the episode has takes at ``rate`` (at any rate when
    None), else espeak-ng's pace at ``rate`` (or the default rate)."""
    return (measured_words_per_second(segments, rate)
            or default_words_per_second(rate or DEFAULT_RATE))


def estimate_seconds(text: str, words_per_second: float | None = None) -> float:
    """How long ``text`` takes to say at ``words_per_second`` (the default voice's pace)."""
    return spoken_words(text) / (words_per_second or default_words_per_second())


def _only(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k in cls.__dataclass_fields__}


def _take_from(data: dict[str, Any] | None) -> Take | None:
    if not data:
        return None
    fields = _only(Take, data)
    fields["trim"] = Trim(**_only(Trim, data.get("trim") or {}))
    return Take(**fields)


def _segment_from(data: dict[str, Any]) -> Segment:
    fields = _only(Segment, data)
    fields["sentences"] = [Sentence(**_only(Sentence, s)) for s in data.get("sentences", [])]
    fields["story"] = [Sentence(**_only(Sentence, s)) for s in data.get("story", [])]
    fields["take"] = _take_from(data.get("take"))
    return Segment(**fields)


def _episode_from(data: dict[str, Any]) -> Episode:
    fields = _only(Episode, data)
    fields["stats"] = Stats(**_only(Stats, data.get("stats") or {}))
    fields["reverts"] = [RevertFact(**_only(RevertFact, r)) for r in data.get("reverts", [])]
    fields["segments"] = [_segment_from(s) for s in data.get("segments", [])]
    fields["commit_refs"] = [CommitRef(**_only(CommitRef, c)) for c in data.get("commit_refs", [])]
    fields["people"] = [Person(**_only(Person, p)) for p in data.get("people", [])]
    fields["dropped"] = [Sentence(**_only(Sentence, s)) for s in data.get("dropped", [])]
    audio = data.get("audio")
    if audio:
        audio = _only(AudioFile, audio)
        raw = audio.get("aliases")
        audio["aliases"] = [a for a in raw if isinstance(a, str)] if isinstance(raw, list) else []
    fields["audio"] = AudioFile(**audio) if audio else None
    fields["files"] = {str(k): str(v) for k, v in (data.get("files") or {}).items()}
    return Episode(**fields)


# Migrations: MIGRATIONS[n] turns a schema-n dict into a schema-(n+1) dict.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("schema", 1)
    if not isinstance(version, int) or version < 1:
        raise StudioError(f"episode file has an invalid schema version: {version!r}")
    if version > SCHEMA_VERSION:
        raise StudioError(
            f"episode file schema {version} is newer than this studio ({SCHEMA_VERSION}): upgrade"
        )
    while version < SCHEMA_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
        data["schema"] = version
    return data


def episode_path(episode_dir: str | Path) -> Path:
    return Path(episode_dir) / EPISODE_FILE


def save_episode(episode: Episode, episode_dir: str | Path) -> Path:
    path = episode_path(episode_dir)
    atomic_write_json(path, episode.to_dict())
    return path


def load_episode(episode_dir: str | Path) -> Episode:
    path = Path(episode_dir)
    if path.is_dir():
        path = path / EPISODE_FILE
    data = read_json(path, missing=f"no episode at {path}")
    if not isinstance(data, dict):
        raise StudioError(f"{path} is not an episode file")
    return Episode.from_dict(data, f"episode file {path}")
