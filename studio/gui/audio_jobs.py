"""The audio work the desktop runs in workers: synthesize segments, import a recording, the
waveform of a take, a voice preview, and export + publish. No Qt here; each function takes
the core's progress callback and cancel token and returns plain data for the UI thread.
"""

from __future__ import annotations

import copy
import logging
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..episode import Episode, Take, script_hash
from ..jobs import CancelToken, Progress, scaled
from ..plumbing.errors import StudioError
from ..settings import Settings

log = logging.getLogger(__name__)

NONE, FRESH, STALE, MISSING = "none", "ready", "stale", "missing"


# Not QtMultimedia: its library logs from a static initializer while the dynamic loader's
# lock is held, and a Python Qt message handler (pytest-qt installs one) then needs the GIL:
# a worker importing it deadlocked against another thread's import. Loaded on first play.
WARM_MODULES = ("studio.narration.takes", "studio.narration.lexicon", "studio.audio.trim",
                "studio.render", "studio.publish.site")


def warm_imports(progress: Progress, cancel: CancelToken) -> list[str]:
    """Import the audio and publishing stages in a worker right after start-up: a first
    import on the UI thread (numpy, and PySide's import hook reading each module's source)
    was measured to stall the event loop for 100-250 ms. The show profiles too: read on the
    UI thread when the first episode opened, they took 20-40 ms of it."""
    import importlib

    done = []
    for name in WARM_MODULES:
        cancel.check()
        try:
            importlib.import_module(name)
            done.append(name)
        except ImportError as exc:
            log.info("not warmed up: %s (%s)", name, exc)
    cancel.check()
    try:  # the bundled show profiles, read once here (each episode opened asks for one)
        from ..profile import profile_for

        profile_for("")
        done.append("profiles")
    except StudioError as exc:
        log.info("profiles not read ahead: %s", exc)
    return done


def user_lexicon_path() -> Path:
    from ..narration.lexicon import user_lexicon_path as path

    return path()


def lexicon_for_episode(episode: Episode):
    """The shipped lexicon, the show profile's, then the user's own on top: the very one
    the export's render uses (see :func:`studio.narration.lexicon.host_lexicon`)."""
    from ..narration.lexicon import host_lexicon
    from ..profile import profile_for

    return host_lexicon(profile_for(episode.repo).lexicon or None)


def audio_settings(settings: Settings):
    from ..audio.settings import AudioSettings

    return AudioSettings(voice=settings.voice, rate=settings.rate,
                         loudness_target=settings.loudness_target).validate()


def stale_reasons(episode: Episode, settings: Settings, lexicon,
                  ids: list[str], identity: str | None = None) -> dict[str, str]:
    """Why the takes of the segments ``ids`` are stale (see ``takes.stale_reason``);
    ``identity``: the voice's (``identity_of(settings.voice)``), when the caller has it."""
    from ..narration.engines import identity_of
    from ..narration.takes import stale_reason

    out = {}
    identity = identity_of(settings.voice) if identity is None else identity
    for sid in ids:
        seg = episode.segment(sid)
        if seg.take is not None:
            out[sid] = stale_reason(seg.take, seg.text, lexicon.respell(seg.text),
                                    identity, settings.rate)
    return out


def take_status(episode: Episode, folder: Path | None, settings: Settings, lexicon,
                ids: list[str] | None = None, identity: str | None = None) -> dict[str, str]:
    """Each segment's take (or those in ``ids``): none, ready, stale (the script, voice or
    lexicon changed since it was made), missing (its file is gone)."""
    from ..narration.engines import identity_of
    from ..narration.takes import take_key

    out = {}
    identity = identity_of(settings.voice) if identity is None else identity
    for seg in episode.segments:
        if ids is not None and seg.id not in ids:
            continue
        take = seg.take
        if take is None:
            out[seg.id] = NONE if seg.text.strip() else FRESH
            continue
        if folder is not None and not (folder / take.path).is_file():
            out[seg.id] = MISSING
            continue
        if take.source == "synthesized":
            key = take_key(lexicon.respell(seg.text), identity, settings.rate)
            out[seg.id] = FRESH if take.text_hash == key else STALE
        else:
            out[seg.id] = FRESH if take.text_hash in ("", script_hash(seg.text)) else STALE
    return out


def synthesize_segments(episode: Episode, folder: Path, settings: Settings, ids: list[str],
                        progress: Progress, cancel: CancelToken,
                        replace: tuple[str, ...] = (),
                        on_take: Callable[[str], None] | None = None) -> dict[str, Take]:
    """New takes for the segments ``ids`` (a copy of the episode is narrated; the caller
    applies the returned takes on the UI thread, as one undoable step). A recording among
    them is kept unless its id is in ``replace`` (see :mod:`studio.narration.recordings`).
    ``on_take(segment_id)`` (called on this thread) as each segment's take file is there."""
    from ..narration.recordings import synthesis_plan
    from ..narration.takes import narrate

    chosen = set(synthesis_plan(episode, ids, replace).synthesize)
    work = copy.deepcopy(episode)
    work.segments = [s for s in work.segments if s.id in chosen]
    if not work.segments:
        return {}
    told: set[str] = set()

    def tell_made() -> None:
        """The segments whose take file has landed since the last look (files are written
        whole or not at all); a few stat calls per take made."""
        for seg in work.segments:
            if seg.id not in told and seg.take is not None and (folder / seg.take.path).is_file():
                told.add(seg.id)
                on_take(seg.id)

    def watched(fraction: float, message: str) -> None:
        progress(fraction, message)
        tell_made()

    narrate(work, folder, audio_settings(settings), lexicon_for_episode(episode),
            watched if on_take else progress, cancel, replace=replace)
    if on_take:
        tell_made()
    return {seg.id: seg.take for seg in work.segments if seg.take is not None}


def import_recording(episode: Episode, folder: Path, segment_id: str, source: Path,
                     progress: Progress, cancel: CancelToken) -> Take:
    """Decode ``source`` into a take for one segment (the episode on disk is not touched)."""
    from ..narration.takes import import_take
    from ..projects import save_project

    progress(0.1, f"importing {source.name}")
    with tempfile.TemporaryDirectory(dir=folder, prefix=".import-") as tmp:
        scratch = Path(tmp)
        save_project(episode, scratch)
        take = import_take(scratch, segment_id, source)
        (folder / "takes").mkdir(exist_ok=True)
        (scratch / take.path).replace(folder / take.path)
    take.text_hash = script_hash(episode.segment(segment_id).text)
    progress(1.0, "imported")
    return take


@dataclass
class Waveform:
    path: str
    duration: float
    levels: list[float]  # dBFS per 10 ms frame
    threshold: float


# the waveforms read last (an episode's takes and then some): a day of new takes, exports
# and re-syntheses must not keep every waveform ever drawn
WAVEFORMS_KEPT = 48
_WAVEFORMS: OrderedDict[tuple[str, float], Waveform] = OrderedDict()
_WAVEFORMS_LOCK = threading.Lock()  # two workers may read waveforms at once


def waveform(path: Path, progress: Progress, cancel: CancelToken) -> Waveform:
    """The take's level per 10 ms, cached by file and modification time."""
    from ..audio.trim import analyze

    key = (str(path), path.stat().st_mtime if path.exists() else 0.0)
    with _WAVEFORMS_LOCK:
        if key in _WAVEFORMS:
            _WAVEFORMS.move_to_end(key)
            return _WAVEFORMS[key]
    analysis = analyze(path)
    wave = Waveform(str(path), analysis.duration, [float(x) for x in analysis.levels],
                    float(analysis.threshold()))
    with _WAVEFORMS_LOCK:
        _WAVEFORMS[key] = wave
        while len(_WAVEFORMS) > WAVEFORMS_KEPT:
            _WAVEFORMS.popitem(last=False)
    return wave


def auto_trim_of(path: Path):
    from ..audio.trim import analyze, auto_trim

    return auto_trim(analyze(path))


def preview_voice(voice: str, rate: int, progress: Progress, cancel: CancelToken) -> Path:
    """A short sentence in ``voice`` at ``rate``, as a WAV file in the temp folder."""
    from ..narration.engines import speak_jobs
    from ..narration.tts import SynthJob

    out = Path(tempfile.mkdtemp(prefix="commitcast-preview-")) / "preview.wav"
    speak_jobs([SynthJob("This is how your episodes will sound.", out, "preview")],
               voice, rate, progress, cancel)
    return out


def say_it(text: str, episode: Episode | None, settings: Settings,
           progress: Progress, cancel: CancelToken, words: dict[str, str] | None = None) -> Path:
    """A word or phrase as the engine will say it, with the lexicon applied; ``words``, when
    given, stand for the host's own lexicon (the editor's unsaved table), which stays as it is."""
    from ..narration.engines import speak_jobs
    from ..narration.lexicon import Lexicon, host_lexicon, lexicon_for
    from ..narration.tts import SynthJob
    from ..profile import profile_for

    if words is not None:
        show = (profile_for(episode.repo).lexicon or None) if episode is not None else None
        lexicon = lexicon_for(show).merge(Lexicon(words=dict(words)))
    else:
        lexicon = lexicon_for_episode(episode) if episode is not None else host_lexicon(None)
    spoken = lexicon.respell(text)
    if not spoken.strip():
        raise StudioError("nothing to say")
    out = Path(tempfile.mkdtemp(prefix="commitcast-say-")) / "say.wav"
    speak_jobs([SynthJob(spoken, out, "say it")], settings.voice, settings.rate, progress, cancel)
    return out


@dataclass
class ExportResult:
    folder: Path
    duration: str
    loudness: float | None
    true_peak: float | None
    files: list[str]
    page: Path | None
    feed_url: str = ""
    synthesized: list[str] | None = None  # segments whose take the export had to make
    kept: str = ""  # the recordings it kept as they are ("kept 2 recordings"), "" for none
    warnings: list[str] = field(default_factory=list)  # what the core logged as a warning


def save_for_export(snapshot: dict, day, here: Path | None, target: Path, span=None,
                    new_day: bool = False) -> None:
    """Write the episode (a snapshot taken on the UI thread) into ``target``, bringing its
    takes along when it lived elsewhere; ``new_day``: its day was pulled again, and replaces
    the folder's day.json."""
    import shutil

    from ..projects import save_project

    if here is not None and here.resolve() != target.resolve() and (here / "takes").is_dir():
        shutil.copytree(here / "takes", target / "takes", dirs_exist_ok=True)
    save_project(Episode.from_dict(snapshot), target, day, span, new_day)


def prepare_show(show_dir: Path, episode: Episode, settings: Settings,
                 cover: Path | None) -> Path | None:
    """The show folder's ``show.toml`` (created with the user's show defaults), and the cover
    the user chose copied in and named there; returns the cover to embed, if any."""
    import shutil
    from dataclasses import replace

    from ..publish.show import load_or_create, write_settings

    show, created = load_or_create(show_dir, settings.show_title or episode.show, episode.repo)
    changed = {}
    if created and settings.show_title:
        changed["title"] = settings.show_title
    if created and settings.show_author:
        changed["author"] = settings.show_author
    if cover is not None:
        if cover.suffix.lower() not in (".png", ".jpg", ".jpeg") or not cover.is_file():
            raise StudioError(f"the cover must be an existing .png or .jpg file: {cover.name}")
        name = "cover.png" if cover.suffix.lower() == ".png" else "cover.jpg"
        if cover.resolve() != (show_dir / name).resolve():
            shutil.copyfile(cover, show_dir / name)
        changed["cover"] = name
    if changed:
        write_settings(replace(show, **changed), show_dir)
    return show_dir / changed["cover"] if "cover" in changed else None


def export_and_publish(folder: Path, show_dir: Path, settings: Settings, publish: bool,
                       progress: Progress, cancel: CancelToken,
                       cover: Path | None = None) -> ExportResult:
    """Master and export the saved episode in ``folder``, then publish the show folder."""
    from ..episode import load_episode
    from ..narration.recordings import synthesis_plan
    from ..notices import collected_warnings
    from ..render import render_episode

    saved = load_episode(folder)
    with collected_warnings() as warnings:
        embedded = prepare_show(show_dir, saved, settings, cover)
        # the lexicon, voice and rate of the window's own synthesis: its takes are used as they are
        episode = render_episode(folder, audio_settings(settings), lexicon=lexicon_for_episode(saved),
                                 progress=scaled(progress, 0, 0.8), cancel=cancel, cover=embedded,
                                 feed=show_dir if publish else None,
                                 episode=numbered_recap(saved, show_dir))
        cancel.check()
        page, feed = None, ""
        if publish:
            from ..publish.site import publish_show

            result = publish_show(show_dir, progress=scaled(progress, 0.8, 1.0), cancel=cancel)
            feed = result.feed_url
            candidate = show_dir / "episodes" / episode.folder_name / "index.html"
            page = candidate if candidate.is_file() else None
    files = sorted(p.name for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
    progress(1.0, "done")
    return ExportResult(folder, episode.duration or "", episode.loudness_lufs,
                        episode.true_peak_dbtp, files, page, feed,
                        synthesized=changed_takes(saved, episode), warnings=warnings,
                        kept=synthesis_plan(saved).kept_line())


def numbered_recap(episode: Episode, show_dir: Path) -> Episode | None:
    """A recap numbered by the show it is exported into (show.toml's ``[recap]``: iTunes
    bonus, or a season and episode number), as ``studio recap`` numbers it; None for a daily.
    The show folder may be chosen only now, after the recap was pulled."""
    if episode.kind != "recap":
        return None
    from ..recap import with_recap_numbering

    return with_recap_numbering(copy.deepcopy(episode), show_dir)


def changed_takes(before: Episode, after: Episode) -> list[str]:
    """Titles of the segments whose take ``after`` holds is not the one ``before`` had."""
    old = {s.id: s.take.path if s.take else None for s in before.segments}
    return [s.title for s in after.segments if (s.take.path if s.take else None) != old.get(s.id)]
