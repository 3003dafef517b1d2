"""Mastering an episode: its takes in order with pauses and the sting, to the loudness target,
encoded as MP3. Segment starts and ends in the programme are written back to the episode.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from pathlib import Path

from ..episode import Episode
from ..humanize import clock, plural
from ..jobs import CancelToken, Progress, no_progress, scaled
from ..plumbing.diskspace import mastering_bytes, require_space
from ..plumbing.errors import StudioError
from ..resources import resource_path
from .assemble import Clip, Programme, Silence, assemble, assembly_rate
from .bs1770 import profile_raw
from .cuts import JOIN_FADE, kept, regions
from .leveling import matching_gains, speech_level
from .loudness import Loudness, master_to_file
from .pcm import AudioInfo, audio_info
from .settings import AudioSettings
from .silences import KEEP, LONG, long_silences, removed_seconds
from .tools import media_path
from .trim import analyze, effective

log = logging.getLogger(__name__)


@dataclass
class Mastered:
    mp3: Path
    loudness: Loudness  # measured on the MP3
    programme_seconds: float


def sting_paths() -> tuple[Path, Path]:
    return (resource_path("audio", "sting-intro.wav"),
            resource_path("audio", "sting-outro.wav"))


def encode_args(settings: AudioSettings) -> list[str]:
    """ffmpeg output options of the episode MP3 (tags are written afterwards, by mutagen)."""
    return ["-map_metadata", "-1", "-c:a", "libmp3lame", "-b:a", f"{settings.bitrate_kbps}k",
            "-ar", str(settings.sample_rate), "-ac", str(settings.channels),
            "-id3v2_version", "0", "-write_xing", "1"]


def programme_pieces(episode: Episode, folder: Path,
                     settings: AudioSettings) -> list[Clip | Silence]:
    """The running order: intro sting, segments with pauses between them, outro sting."""
    pieces: list[Clip | Silence] = []
    spoken = [s for s in episode.segments if s.take is not None]
    if not spoken:
        raise StudioError("no segment has a take: nothing to master")
    intro, outro = sting_paths()
    if settings.sting:
        pieces += [Clip(intro, key="sting-intro"), Silence(settings.sting_pause)]
    for i, seg in enumerate(spoken):
        take = seg.take
        assert take is not None
        try:
            start, end = effective(take.trim, take.duration)
        except StudioError as exc:
            raise StudioError(f"segment {seg.id!r}: {exc}") from None
        if i:
            pieces.append(Silence(settings.segment_pause))
        pieces.append(Clip(folder / take.path, start, end, take.trim.fade_in,
                           take.trim.fade_out, key=f"segment:{seg.id}"))
    if settings.sting:
        pieces += [Silence(settings.sting_pause), Clip(outro, key="sting-outro")]
    _match_levels([p for p in pieces if isinstance(p, Clip) and p.key.startswith("segment:")])
    trims = {f"segment:{seg.id}": seg.take.trim for seg in spoken if seg.take is not None}
    for piece in pieces:  # the host's own gain, on top of the levelling (issue 26 item 12)
        if isinstance(piece, Clip) and piece.key in trims:
            piece.gain_db = round(piece.gain_db + trims[piece.key].gain_db, 2)
    cuts = {key: trim.cuts for key, trim in trims.items()}
    return [part for piece in pieces for part in _shortened(piece, cuts)]


def _shortened(piece: Clip | Silence, cuts: dict[str, list[list[float]]]) -> list[Clip | Silence]:
    """A segment's clip in parts around the host's cuts (removed, joined with short fades)
    and its long silences (shortened; see audio.silences and audio.cuts)."""
    if isinstance(piece, Silence) or not piece.key.startswith("segment:"):
        return [piece]
    end = piece.end if piece.end is not None else audio_info(piece.path).duration
    silences = long_silences(analyze(piece.path), piece.start, end)
    removed = regions(cuts.get(piece.key, []), silences, piece.start, end)
    if not removed:
        return [piece]
    quiet = [(a, b) for a, b, keep in removed if keep]
    if quiet:
        log.warning("%s: shortened %s of over %g s to %g s each (%s cut; the "
                    "take file is unchanged)", piece.key.replace(":", " ", 1),
                    plural(len(quiet), "silence"), LONG, KEEP, clock(removed_seconds(quiet)))
    parts = kept(piece.start, end, removed)
    if not parts:
        raise StudioError(f"{piece.key.replace(':', ' ', 1)}: the cuts leave no audio")
    return [replace(piece, start=a, end=b, key=piece.key if n == 0 else f"{piece.key}#{n}",
                    fade_in=piece.fade_in if n == 0 else JOIN_FADE if cut_before else 0.0,
                    fade_out=piece.fade_out if n == len(parts) - 1
                    else JOIN_FADE if cut_after else 0.0)
            for n, (a, b, cut_before, cut_after) in enumerate(parts)]


def _match_levels(clips: list[Clip]) -> None:
    """Synthesized, recorded and imported takes at one speech level (see audio.leveling)."""
    levels = {c.key: speech_level(c.path, c.start, c.end) for c in clips}
    gains = matching_gains(levels)
    for clip in clips:
        clip.gain_db = round(gains[clip.key], 2)


def master_episode(
    episode: Episode,
    folder: Path,
    work: Path,
    out_mp3: Path,
    settings: AudioSettings,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
) -> Mastered:
    """Assemble, normalise and encode into ``out_mp3``; fills segments' start/end."""
    cancel = cancel or CancelToken()
    pieces = programme_pieces(episode, folder, settings)
    infos = [audio_info(p.path) for p in pieces if isinstance(p, Clip)]
    require_space(folder, mastering_bytes(programme_seconds(pieces, infos), assembly_rate(infos),
                                          settings.channels, settings.bitrate_kbps),
                  "mastering and export")
    progress(0.0, "assembling the programme")
    programme = assemble(pieces, work / "programme.f32", settings.channels,
                         progress=scaled(progress, 0.0, 0.3), cancel=cancel)
    cancel.check()
    times = segment_times(episode, programme.placed)
    for seg in episode.segments:
        start, end = times.get(seg.id, (None, None))
        seg.start = None if start is None else round(start, 3)
        seg.end = None if end is None else round(end, 3)
    progress(0.35, "measuring loudness")
    profile = profile_raw(programme.path, programme.rate, programme.channels, cancel)
    progress(0.4, "encoding")
    result = master_to_file(raw_input_args(programme), out_mp3, encode_args(settings),
                            settings.loudness_target, settings.true_peak, profile,
                            settings.sample_rate, cancel)
    progress(1.0, f"mastered at {result.loudness.integrated:.1f} LUFS")
    programme.path.unlink(missing_ok=True)
    return Mastered(out_mp3, result.loudness, programme.duration)


def segment_times(episode: Episode,
                  placed: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """Where each segment with a take starts and ends in the programme (a segment cut in
    parts around its long silences: from its first part's start to its last part's end)."""
    times: dict[str, tuple[float, float]] = {}
    for seg in episode.segments:
        key = f"segment:{seg.id}"
        if key in placed:
            end = max((v[1] for k, v in placed.items() if k.startswith(key + "#")),
                      default=placed[key][1])
            times[seg.id] = (placed[key][0], end)
    return times


def programme_seconds(pieces: list[Clip | Silence], infos: list[AudioInfo]) -> float:
    """How long the programme will be: silences, and each clip's part of its file
    (``infos``: the clips' files, in order)."""
    files = iter(infos)
    total = 0.0
    for piece in pieces:
        if isinstance(piece, Silence):
            total += piece.seconds
        else:
            info = next(files)
            total += max(0.0, (piece.end if piece.end is not None else info.duration)
                         - piece.start)
    return total


def raw_input_args(programme: Programme) -> list[str]:
    return ["-f", "f32le", "-ar", str(programme.rate), "-ac", str(programme.channels),
            "-i", media_path(programme.path)]
