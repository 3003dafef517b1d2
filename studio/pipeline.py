"""`produce`: the stages in order, from a repository's day to the episode folder.

Each stage is a plain function of its inputs; this module only strings them together so the
command line and the desktop app run the very same sequence.
"""

from __future__ import annotations

import datetime as dt
import logging
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .humanize import plural
from .jobs import CancelToken, Progress, no_progress, scaled
from .plumbing.fsutil import check_writable_dir
from .plumbing.showlock import locks_show

if TYPE_CHECKING:  # kept out of start-up: `studio pull` never needs them
    from .audio.settings import AudioSettings
    from .episode import Episode
    from .script.llm.config import WriterSettings
    from .script.merge import Merged
    from .script.show_config import ScriptConfig
    from .sources.model import Day
    from .sources.upstream import FetchMode

log = logging.getLogger(__name__)
DAY_FILE = "day.json"

@dataclass
class SourceSpec:
    """Where the day comes from: a local clone (``git``) or GitHub (``github``)."""

    git: str | None = None
    github: str | None = None
    branch: str | None = None
    tz: str = "UTC"
    lookback_days: int = 14
    api_url: str | None = None
    max_wait: float = 120.0  # longest wait for GitHub's rate limit, in seconds
    # a local clone's remote: "always" (--fetch), "tracked", "never" (--no-fetch); None:
    # show.toml's [source] fetch for produce, never for a pull (studio.sources.upstream)
    fetch: str | None = None

    def fetch_mode(self) -> FetchMode:
        return self.fetch if self.fetch in ("always", "tracked", "never") else "never"  # type: ignore[return-value]


def pull_day(
    spec: SourceSpec,
    date: dt.date,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
) -> Day:
    from .sources.window import check_day, parse_zone

    check_day(date, parse_zone(spec.tz))  # no day in the future, none before 1970
    progress(0.0, "pulling the day's commits")
    if spec.github:
        from .sources.github import pull_github
        from .sources.github.transport import NetworkPolicy

        day = pull_github(spec.github, date, tz=spec.tz, branch=spec.branch,
                          lookback_days=spec.lookback_days, api_url=spec.api_url,
                          policy=NetworkPolicy(max_rate_wait=spec.max_wait),
                          progress=progress, cancel=cancel)
    elif spec.git:
        from .sources.gitlocal import pull_git

        day = pull_git(spec.git, date, tz=spec.tz, branch=spec.branch,
                       lookback_days=spec.lookback_days, fetch=spec.fetch_mode())
    else:
        from .plumbing.errors import StudioError

        raise StudioError("no source given: use --git PATH or --github OWNER/NAME")
    progress(1.0, f"pulled {plural(len(day.commits), 'commit')}")
    return day


def episode_dir_for(show_dir: str | Path, date: str) -> Path:
    return Path(show_dir) / "episodes" / date


def write_script_for(day: Day, profile_name: str | None = None,
                     minutes: float | None = None, writer: WriterSettings | None = None,
                     progress: Progress = no_progress, cancel: CancelToken | None = None,
                     bots: list[str] | None = None) -> Episode:
    """The day's script, aiming at ``minutes`` (default: the writer's own target), by the
    writer ``writer`` names (default: the story writer); ``bots``: the show's own bots
    (show.toml), counted as bots besides the profile's."""
    from .digest.build import build_digest
    from .profile import profile_for
    from .script.writer import write_script, writer_for
    from .sources.project_name import day_project

    profile = profile_for(day.repo, profile_name, project=day_project(day)).with_bots(bots or [])
    return write_script(build_digest(day, profile), profile,
                        writer_for(writer, minutes, progress, cancel), minutes=minutes)


def write_show_script(day: Day, config: ScriptConfig, profile_name: str | None = None,
                      progress: Progress = no_progress,
                      cancel: CancelToken | None = None) -> Episode:
    """The day's script as the show's settings say (see :mod:`studio.script.show_config`)."""
    episode = write_script_for(day, profile_name, config.minutes, config.writer, progress, cancel,
                               bots=list(config.bots))
    episode.writer_note = episode.writer_note or config.note
    return episode


def finish_episode(
    episode_dir: str | Path,
    profile_name: str | None = None,
    settings: AudioSettings | None = None,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
    episode: Episode | None = None,
    day: Day | None = None,
    feed: Path | None = None,
) -> Episode:
    """Narrate, master and export the scripted episode in ``episode_dir`` (or ``episode``,
    a new script for that folder, saved only with the export, and with it ``day``); ``feed``:
    the show folder published next (see :func:`studio.render.render_episode`)."""
    from .episode import load_episode
    from .plumbing.showlock import show_of
    from .profile import profile_for
    from .render import render_episode

    episode = episode or load_episode(episode_dir)
    profile = profile_for(episode.repo, profile_name)
    settings = run_voice(settings, show_of(episode_dir))
    return render_episode(episode_dir, settings, profile, progress=progress, cancel=cancel,
                          episode=episode, day=day, feed=feed)


def merge_with_existing(fresh: Episode, episode_dir: Path, force: bool = False,
                        profile_name: str | None = None, minutes: float | None = None) -> Merged:
    """``fresh`` with the host's work in the folder's episode.json kept where the commits
    allow (see :mod:`studio.script.merge`); refuses to drop any unless ``force``."""
    from .episode import episode_path, load_episode
    from .plumbing.errors import StudioError
    from .script.merge import check_merge
    from .sources.model import load_day

    path = episode_path(episode_dir)
    old = None
    if path.exists():
        try:
            old = load_episode(episode_dir)
        except StudioError as exc:
            if not force:
                raise StudioError(f"cannot read the earlier {path} to keep the host's work in it "
                                  f"({exc}); nothing was written. Pass --force to replace it"
                                  ) from None
    earlier = None
    if old is not None and not old.written and (Path(episode_dir) / DAY_FILE).is_file():
        try:
            earlier = load_day(Path(episode_dir) / DAY_FILE)
        except StudioError:
            earlier = None
    merged = merge_update(fresh, old, earlier, profile_name, minutes)
    check_merge(merged, str(path), force)
    return merged


def merge_update(fresh: Episode, old: Episode | None, earlier: Day | None,
                 profile_name: str | None = None, minutes: float | None = None) -> Merged:
    """``fresh`` (a new script of a day) over ``old``, the host's episode of it: their work
    kept where the commits did not change (see :mod:`studio.script.merge`). ``earlier``:
    the day ``old`` was written from, whose script tells the host's edits in an episode saved
    before scripts were stamped. What cannot be kept is listed in ``lost``, not refused:
    the caller decides (``studio script`` refuses unless forced, the window asks)."""
    from .script.merge import merge_script, stamp_from

    if old is not None and not old.written and earlier is not None:
        old = stamp_from(old, _earlier_script(earlier, profile_name, minutes))
    return merge_script(fresh, old)


def _earlier_script(day: Day, profile_name: str | None, minutes: float | None = None) -> Episode:
    """The script the writer makes of the episode's own earlier day (the baseline of an
    episode saved before scripts were stamped); a day it cannot write gives an empty one."""
    from .episode import Episode
    from .plumbing.errors import StudioError

    try:
        return write_script_for(day, profile_name, minutes)
    except StudioError:
        return Episode(title="", summary="", date="", repo="")


def save_script(episode: Episode, episode_dir: Path, day: Day | None = None) -> bool:
    """Save a new script (with its ``day``, together), unless the folder holds an exported
    episode: that one is replaced only by the next complete export, so a failed run leaves
    it intact. Returns whether it saved."""
    from .episode import episode_path, save_episode
    from .sources.model import save_day

    path = episode_path(episode_dir)
    if path.exists() and load_exported(episode_dir):
        return False
    if day is None:
        save_episode(episode, episode_dir)
        return True
    save_beside(episode, episode_dir, DAY_FILE, lambda p: save_day(day, p))
    return True


def save_beside(episode: Episode, folder: Path, name: str, write: Callable[[Path], None]) -> None:
    """Save episode.json and the file ``name`` it was written from (day.json, span.json)
    together: both are staged, then published into ``folder`` in one step."""
    from .episode import EPISODE_FILE, save_episode
    from .export.fileset import publish_files, staging_dir

    staged = staging_dir(folder, "script")
    try:
        write(staged / name)
        save_episode(episode, staged)
        publish_files(folder, staged, [name, EPISODE_FILE])
    finally:
        shutil.rmtree(staged, ignore_errors=True)


def load_exported(episode_dir: Path) -> bool:
    """Whether the folder's episode.json describes an export (unreadable counts as one)."""
    from .episode import load_episode
    from .plumbing.errors import StudioError

    try:
        return load_episode(episode_dir).audio is not None
    except StudioError:
        return True


@locks_show("studio produce")
def produce(
    spec: SourceSpec,
    date: dt.date,
    show_dir: str | Path,
    profile_name: str | None = None,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
    settings: AudioSettings | None = None,
    push: bool | None = None,
    force: bool = False,
    minutes: float | None = None,
    writer: WriterSettings | None = None,
) -> Path:
    """Pull, digest, script, narrate, master, export and publish one day into
    ``show_dir/episodes/DATE/``; returns that folder.

    Holds the show folder's lock throughout (``lock_wait=SECONDS`` waits for another run);
    ``push`` as for :func:`publish_show` (None: show.toml's ``auto_push``). Running it again
    for the same day rewrites that day's folder and republishes: nothing is duplicated.
    """
    from .narration.engines import warmed
    from .recovery import recover_show

    cancel = cancel or CancelToken()
    recover_show(show_dir)  # what a killed run left, before anything else
    spec = with_show_source(spec, show_dir)
    check_writable_dir(episode_dir_for(show_dir, date.isoformat()))
    voice = run_voice(settings, show_dir)
    # The speech workers start loading now, beside the pull and the script.
    with warmed(voice.voice, voice.rate, voice.synth_timeout, voice.workers):
        day = pull_day(spec, date, scaled(progress, 0.0, 0.15), cancel)
        cancel.check()
        return make_episode(day, show_dir, profile_name, settings, scaled(progress, 0.15, 1.0),
                            cancel, push=push, force=force, minutes=minutes, writer=writer)


@locks_show("studio episode")
def make_episode(
    day: Day,
    show_dir: str | Path,
    profile_name: str | None = None,
    settings: AudioSettings | None = None,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
    push: bool | None = None,
    force: bool = False,
    minutes: float | None = None,
    writer: WriterSettings | None = None,
) -> Path:
    """A pulled day through script, narration, mastering, export and publishing, holding the
    show folder's lock (re-entered when ``produce`` holds it already)."""
    from .recovery import recover_show

    cancel = cancel or CancelToken()
    recover_show(show_dir)
    out = check_writable_dir(episode_dir_for(show_dir, day.date))
    settings = run_voice(settings, show_dir)
    progress(0.02, "writing the script")
    from .script.show_config import script_config

    # the command line's --minutes and writer, else show.toml's [script], [writer] and bots
    config = script_config(show_dir, minutes, writer)
    fresh = write_show_script(day, config, profile_name, scaled(progress, 0.02, 0.05), cancel)
    merged = merge_with_existing(fresh, out, force, profile_name, config.minutes)
    if merged.replaced:  # a warning only when the host had work in it
        log.log(logging.WARNING if merged.kept or merged.lost else logging.INFO, "%s",
                merged.line())
    episode = merged.episode
    cancel.check()
    save_script(episode, out, day)  # day.json only ever with its episode.json
    progress(0.05, "script written")
    finished = finish_episode(out, profile_name, settings, scaled(progress, 0.05, 0.97), cancel,
                              episode, day, feed=Path(show_dir))
    from .narration.takes import prune_synthesized

    prune_synthesized(finished, out)  # a re-produced day leaves no takes of its old script
    publish_step(show_dir, out, scaled(progress, 0.97, 1.0), cancel, push=push)
    return out


def with_show_source(spec: SourceSpec, show_dir: str | Path) -> SourceSpec:
    """``spec`` with show.toml's ``[source] fetch`` (default true: fetch a clone's remote when
    its branch follows one) where the command line did not choose."""
    from dataclasses import replace

    from .publish.show import read_settings, show_file

    if spec.fetch is not None or not spec.git:
        return spec
    fetch = read_settings(show_dir).source.fetch if show_file(show_dir).is_file() else True
    return replace(spec, fetch="tracked" if fetch else "never")


def with_show_voice(settings: AudioSettings | None, show_dir: str | Path) -> AudioSettings:
    """``settings`` with show.toml's ``[voice]`` where the user did not choose on the command
    line (``settings.chosen``); a show without the section keeps them as they are."""
    from dataclasses import replace

    from .audio.settings import AudioSettings
    from .narration.engine import VoiceChoice, speed_to_rate
    from .publish.show import read_settings, show_file

    settings = settings or AudioSettings()
    if not show_file(show_dir).exists():
        return settings
    voice = read_settings(show_dir).voice
    changes: dict = {}
    if voice.engine and "voice" not in settings.chosen:
        changes["voice"] = VoiceChoice(voice.engine, voice.voice).spec
    if voice.speed != 1.0 and "rate" not in settings.chosen:
        changes["rate"] = speed_to_rate(voice.speed)
    return replace(settings, **changes).validate() if changes else settings


def run_voice(settings: AudioSettings | None, show_dir: str | Path | None) -> AudioSettings:
    """The voice a command-line run narrates with: ``--voice``, else show.toml's ``[voice]``,
    else the default (:func:`studio.narration.engines.default_voice`: the voice the show's
    earlier episodes were narrated with, else Piper where it and a voice are installed, else
    pyttsx3's default)."""
    from dataclasses import replace

    from .audio.settings import AudioSettings
    from .narration.engines import default_voice
    from .publish.show import read_settings, show_file

    settings = settings or AudioSettings()
    if show_dir is not None:
        settings = with_show_voice(settings, show_dir)
        if show_file(show_dir).exists() and read_settings(show_dir).voice.engine:
            return settings
    if "voice" in settings.chosen or settings.voice:
        return settings
    spec = default_voice(show_dir).spec
    return replace(settings, voice=spec).validate() if spec else settings


def publish_step(
    show_dir: str | Path,
    episode_dir: Path,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
    push: bool | None = None,
) -> object | None:
    """The last step of produce and demo: publish the show once the episode has its audio.

    Returns the PublishResult, or None while the episode is only a script (nothing exported).
    """
    from .publish.gather import read_show_episode
    from .publish.site import publish_show

    if read_show_episode(Path(episode_dir)) is None:
        progress(1.0, "not published: the episode has no audio yet")
        return None
    from .publish.step_failed import saved_unless_published

    return saved_unless_published(
        lambda: publish_show(show_dir, push=push, progress=progress, cancel=cancel), "made",
        episode_dir, "its publish step", f"publish it with `studio publish --show-dir {show_dir}`")
