"""`produce`: the stages in order, from a repository's day to the episode folder.

Each stage is a plain function of its inputs; this module only strings them together so the
command line and the desktop app run the very same sequence.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .fsutil import check_writable_dir
from .jobs import CancelToken, Progress, no_progress, scaled
from .showlock import locks_show

if TYPE_CHECKING:  # kept out of start-up: `studio pull` never needs them
    from .audio.settings import AudioSettings
    from .episode import Episode
    from .sources.model import Day


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


def pull_day(
    spec: SourceSpec,
    date: dt.date,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
) -> Day:
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
                       lookback_days=spec.lookback_days)
    else:
        from .errors import StudioError

        raise StudioError("no source given: use --git PATH or --github OWNER/NAME")
    progress(1.0, f"pulled {len(day.commits)} commits")
    return day


def episode_dir_for(show_dir: str | Path, date: str) -> Path:
    return Path(show_dir) / "episodes" / date


def write_script_for(day: Day, profile_name: str | None = None) -> Episode:
    from .digest.build import build_digest
    from .profile import profile_for
    from .script.writer import write_script

    profile = profile_for(day.repo, profile_name)
    return write_script(build_digest(day, profile), profile)


def finish_episode(
    episode_dir: str | Path,
    profile_name: str | None = None,
    settings: AudioSettings | None = None,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
    episode: Episode | None = None,
    feed: Path | None = None,
) -> Episode:
    """Narrate, master and export the scripted episode in ``episode_dir`` (or ``episode``,
    a new script for that folder, saved only with the export); ``feed``: the show folder
    published next (see :func:`studio.render.render_episode`)."""
    from .episode import load_episode
    from .profile import profile_for
    from .render import render_episode

    episode = episode or load_episode(episode_dir)
    profile = profile_for(episode.repo, profile_name)
    return render_episode(episode_dir, settings, profile, progress=progress, cancel=cancel,
                          episode=episode, feed=feed)


def save_script(episode: Episode, episode_dir: Path) -> None:
    """Save a new script, unless the folder holds an exported episode: that one is replaced
    only by the next complete export, so a failed run leaves it intact."""
    from .episode import episode_path, save_episode

    if not episode_path(episode_dir).exists():
        save_episode(episode, episode_dir)


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
) -> Path:
    """Pull, digest, script, narrate, master, export and publish one day into
    ``show_dir/episodes/DATE/``; returns that folder.

    Holds the show folder's lock throughout (``lock_wait=SECONDS`` waits for another run);
    ``push`` as for :func:`publish_show` (None: show.toml's ``auto_push``). Running it again
    for the same day rewrites that day's folder and republishes: nothing is duplicated.
    """
    from .recovery import recover_show

    cancel = cancel or CancelToken()
    recover_show(show_dir)  # what a killed run left, before anything else
    check_writable_dir(episode_dir_for(show_dir, date.isoformat()))
    day = pull_day(spec, date, scaled(progress, 0.0, 0.15), cancel)
    cancel.check()
    return make_episode(day, show_dir, profile_name, settings, scaled(progress, 0.15, 1.0),
                        cancel, push=push)


@locks_show("studio episode")
def make_episode(
    day: Day,
    show_dir: str | Path,
    profile_name: str | None = None,
    settings: AudioSettings | None = None,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
    push: bool | None = None,
) -> Path:
    """A pulled day through script, narration, mastering, export and publishing, holding the
    show folder's lock (re-entered when ``produce`` holds it already)."""
    from .recovery import recover_show
    from .sources.model import save_day

    cancel = cancel or CancelToken()
    recover_show(show_dir)
    out = check_writable_dir(episode_dir_for(show_dir, day.date))
    save_day(day, out / "day.json")
    progress(0.02, "writing the script")
    episode = write_script_for(day, profile_name)
    cancel.check()
    save_script(episode, out)
    progress(0.05, "script written")
    finished = finish_episode(out, profile_name, settings, scaled(progress, 0.05, 0.97), cancel,
                              episode, feed=Path(show_dir))
    from .narration.takes import prune_synthesized

    prune_synthesized(finished, out)  # a re-produced day leaves no takes of its old script
    publish_step(show_dir, out, scaled(progress, 0.97, 1.0), cancel, push=push)
    return out


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
    return publish_show(show_dir, push=push, progress=progress, cancel=cancel)
