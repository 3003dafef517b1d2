"""The takes of an episode: synthesized (cached by what was said and how), or imported.

A synthesized take lives at ``takes/tts-<key>.wav`` where the key hashes the spoken text, the
voice and the rate, so after an edit only the changed segments are synthesized again.
Recorded and imported takes are kept as they are. Every take gets its length and, unless the
user set the trims by hand, automatic in/out points around the speech.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Collection
from pathlib import Path

from ..audio.pcm import audio_info
from ..audio.settings import AudioSettings
from ..audio.tools import ffmpeg_cmd, last_line, media_path
from ..audio.trim import analyze, auto_trim
from ..episode import Episode, Segment, Take, Trim, load_episode, save_episode, script_hash
from ..jobs import CancelToken, Progress, no_progress
from ..plumbing.children import run as run_child
from ..plumbing.diskspace import no_space, require_space
from ..plumbing.errors import StudioError
from ..plumbing.fsutil import check_writable_dir, safe_filename
from .cached import cached_take_problem
from .engine import voice_name
from .engines import engine_for
from .lexicon import Lexicon
from .recordings import KEPT_SOURCES, synthesis_plan
from .tts import SynthJob

log = logging.getLogger(__name__)

TAKES_DIR = "takes"
MIN_TAKE_SECONDS = 0.1  # shorter takes are clicks, not speech: render cannot trim or fade them


def take_key(spoken: str, voice: str, rate: int) -> str:
    """The cache key of a synthesized take: what was said, by which voice, how fast.

    ``voice`` is the engine's identity of the voice (``NarrationEngine.identity``): a pyttsx3
    voice id as it always was, ``piper:NAME#MODELHASH`` for Piper, so switching engine, voice
    or model re-synthesizes exactly the takes it changes."""
    digest = hashlib.sha256(f"{voice}\x00{rate}\x00{spoken}".encode())
    return digest.hexdigest()[:20]


RATES = range(80, 401)  # the speaking rates Settings allows


def stale_reason(take: Take, text: str, spoken: str, voice: str, rate: int) -> str:
    """Why ``take`` no longer fits its segment's ``text`` (``spoken``: the text after the
    lexicon), in a host's words; empty when it still fits.

    A synthesized take records its voice, rate and script hash next to its cache key, so
    the reason is read off them: other settings, other words in the script, or (same script,
    same settings, other spoken words) the pronunciation lexicon. Older takes have only the
    key: a rate that reproduces it is found by trying them all; otherwise the reason is
    unknown. A recorded or imported take is stale only when its script changed.
    """
    if take.source != "synthesized":
        if take.text_hash in ("", script_hash(text)):
            return ""
        return f"the script text changed since it was {take.source}"
    if take.text_hash == take_key(spoken, voice, rate):
        return ""
    if not take.script_hash:
        for old in RATES:
            if take_key(spoken, voice, old) == take.text_hash:
                return f"the speaking rate changed ({old} → {rate} words a minute)"
        return "the script, voice, rate or lexicon changed since it was made"
    reasons = []
    if take.script_hash != script_hash(text):
        reasons.append("the script text changed")
    elif take.text_hash != take_key(spoken, take.voice, take.rate):
        reasons.append("the pronunciation lexicon changed")
    if take.voice != voice:
        old, new = voice_name(take.voice), voice_name(voice)
        if old == new:  # the same voice, its model file changed
            reasons.append(f"the voice model of {new} changed")
        else:
            reasons.append(f"the voice changed from {old} to {new}")
    if take.rate != rate:
        reasons.append(f"the speaking rate changed ({take.rate} → {rate} words a minute)")
    return _joined(reasons) + " since it was made"


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def narrate(
    episode: Episode,
    episode_dir: str | Path,
    settings: AudioSettings,
    lexicon: Lexicon,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
    replace: Collection[str] = (),
) -> list[str]:
    """Give every segment with text a take; returns the ids of segments synthesized now.

    A recorded or imported take is kept as it is, stale or not (see
    :mod:`studio.narration.recordings`), unless its segment's id is in ``replace``: the host
    chose synthesis over that recording."""
    cancel = cancel or CancelToken()
    folder = Path(episode_dir)
    takes = check_writable_dir(folder / TAKES_DIR)
    jobs: list[SynthJob] = []
    made: list[str] = []
    checked: dict[Path, bool] = {}  # cached take -> cut short (deleted, to be made again)
    engine, choice = engine_for(settings.voice)
    identity: str | None = None
    plan = synthesis_plan(episode, replace=replace)
    voiced = set(plan.synthesize)
    for seg in episode.segments:
        if seg.id in plan.kept:
            _check_file(folder, seg)
            continue
        if seg.id not in voiced:  # no text: nothing to say
            seg.take = None
            continue
        if seg.take is not None and seg.take.source in KEPT_SOURCES:
            seg.take = None  # the host chose synthesis over this recording
        spoken = lexicon.respell(seg.text)
        if not spoken.strip():
            seg.take = None
            continue
        if identity is None:
            try:
                identity = engine.identity(choice.voice)
            except StudioError as exc:
                raise StudioError(f"cannot synthesize segment {seg.id!r}: {exc}") from None
        key = take_key(spoken, identity, settings.rate)
        path = takes / f"tts-{key}.wav"
        old = seg.take
        if old is not None and old.source == "synthesized" and old.text_hash == key:
            seg.take = old  # same words, voice and rate: the take and its trims stand
        else:
            seg.take = Take(path=f"{TAKES_DIR}/{path.name}", source="synthesized",
                            text_hash=key, trim=Trim(auto=True))
        seg.take.voice, seg.take.rate = identity, settings.rate
        seg.take.script_hash = script_hash(seg.text)
        if path not in checked:
            checked[path] = path.exists() and _broken(path, seg, len(spoken.split()),
                                                      settings.rate)
        if checked[path]:  # made again: measure it again
            seg.take.duration = 0.0
            if seg.take.trim.auto:
                seg.take.trim = Trim(auto=True)
        if not path.exists() and all(j.path != path for j in jobs):
            jobs.append(SynthJob(spoken, path, f"segment {seg.id!r}"))
            made.append(seg.id)
    log.info("%d takes to synthesize, %d cached", len(jobs), len(episode.segments) - len(jobs))
    if plan.kept:
        log.info("%s: recordings are never replaced by synthesis", plan.kept_line())
    for sid in plan.kept_stale:
        log.warning("segment %r: its %s take was kept though the script changed since; keep "
                    "it if it still matches the script, or record it again", sid,
                    episode.segment(sid).take.source)
    if jobs:
        engine.synthesize(jobs, choice.voice, settings.rate, settings.synth_timeout,
                          settings.workers, progress, cancel)
    for seg in episode.segments:
        cancel.check()
        if seg.take:
            measure_take(folder, seg)
    return made


def _broken(path: Path, seg: Segment, words: int, rate: int) -> bool:
    """Delete a cached take that is cut short, so it is made again; True when it was."""
    problem = cached_take_problem(path, words, rate)
    if problem:
        log.warning("the cached take %s of segment %r is %s; making it again",
                    path.name, seg.id, problem)
        path.unlink(missing_ok=True)
    return bool(problem)


def _check_file(folder: Path, seg: Segment) -> Path:
    assert seg.take is not None
    path = folder / seg.take.path
    if not path.is_file():
        raise StudioError(f"segment {seg.id!r}: its take {seg.take.path} is missing")
    return path


def measure_take(folder: Path, seg: Segment) -> None:
    """Fill in the take's length and, for automatic trims, its in/out points."""
    assert seg.take is not None
    path = _check_file(folder, seg)
    take = seg.take
    if take.trim.auto and (take.trim.end is None or take.duration <= 0):
        try:
            analysis = analyze(path)
        except StudioError as exc:
            raise StudioError(f"segment {seg.id!r}: {exc}") from None
        take.duration = round(analysis.duration, 3)
        take.trim = auto_trim(analysis)
    elif take.duration <= 0:
        info = audio_info(path)
        if info.duration <= 0:
            raise StudioError(f"segment {seg.id!r}: {path.name} is a zero-length take")
        take.duration = round(info.duration, 3)
    if take.duration < MIN_TAKE_SECONDS:
        raise StudioError(f"segment {seg.id!r}: its take {take.path} is {take.duration * 1000:.0f} ms "
                          f"long; a take must last at least {MIN_TAKE_SECONDS} s: record or "
                          "import it again")


def import_take(episode_dir: str | Path, segment_id: str, source: str | Path) -> Take:
    """Decode any audio file ffmpeg reads into a WAV take for one segment, and save."""
    folder = Path(episode_dir)
    episode = load_episode(folder)
    seg = episode.segment(segment_id)
    src = Path(source)
    info = audio_info(src)  # a clear error for missing, empty or non-audio files
    takes = check_writable_dir(folder / TAKES_DIR)
    channels = min(info.channels, 2)
    what = f"importing {src.name}"
    # a 16-bit WAV at the source's rate, and a margin
    require_space(takes, int(info.duration * max(info.rate, 1) * channels * 2) + (1 << 20), what)
    digest = _file_digest(src)
    name = f"import-{safe_filename(segment_id, 'segment', 40)}-{digest[:12]}.wav"
    out = takes / name
    tmp = takes / f".{name}.part"
    cmd = ffmpeg_cmd("-y", "-i", media_path(src), "-vn", "-map_metadata", "-1", "-c:a", "pcm_s16le",
                     "-ac", str(channels), "-f", "wav", media_path(tmp))
    proc = run_child(cmd, capture_output=True, text=True, errors="replace")
    if proc.returncode != 0:
        tmp.unlink(missing_ok=True)
        if "No space left on device" in proc.stderr:
            raise no_space(takes, 0, what)
        log.info("ffmpeg on %s: %s", src, last_line(proc.stderr))
        raise StudioError(f"cannot import: not an audio file we can read: {src.name}")
    try:
        analysis = analyze(tmp)
    except StudioError:
        tmp.unlink(missing_ok=True)
        require_space(takes, 1 << 20, what)  # a full disk leaves ffmpeg's output empty
        raise StudioError(f"cannot import {src.name}: it holds no audio (zero length)") from None
    if analysis.duration < MIN_TAKE_SECONDS:
        tmp.unlink(missing_ok=True)
        raise StudioError(f"cannot import {src.name}: it is {analysis.duration * 1000:.0f} ms long; "
                          f"a take must last at least {MIN_TAKE_SECONDS} s")
    tmp.replace(out)
    seg.take = Take(path=f"{TAKES_DIR}/{name}", source="imported", text_hash="",
                    duration=round(analysis.duration, 3), trim=auto_trim(analysis))
    save_episode(episode, folder)
    return seg.take


def _file_digest(path: Path) -> str:
    h = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
    except OSError as exc:
        raise StudioError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return h.hexdigest()


def prune_synthesized(episode: Episode, episode_dir: str | Path) -> list[str]:
    """Delete synthesized takes that no segment uses any more (the old wording of a day that
    was produced again), so re-runs do not pile up WAVs. Recorded and imported takes are
    never touched; returns the names removed."""
    folder = Path(episode_dir) / TAKES_DIR
    used = {Path(seg.take.path).name for seg in episode.segments if seg.take}
    removed = []
    for path in sorted(folder.glob("tts-*.wav")):
        if path.name not in used:
            path.unlink(missing_ok=True)
            removed.append(path.name)
    if removed:
        log.info("removed %d synthesized takes no segment uses", len(removed))
    return removed
