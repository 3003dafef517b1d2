"""The weekly recap's stages: pull a span once, script it, and make its episode.

``pull_span`` reads the days a show folder already holds (``episodes/DATE/day.json`` of the same
repository, branch, time zone and look-back, pulled after the day was over) and pulls the rest
with one history walk (git) or one listing (GitHub). ``make_recap`` scripts the span with the
recap writer and narrates, masters, exports and publishes it into ``episodes/<span folder>/``
(``2026-W05``), beside the dailies. The app and the command line share these functions.
"""

from __future__ import annotations

import datetime as dt
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from .humanize import plural
from .jobs import CancelToken, Progress, no_progress, scaled
from .pipeline import DAY_FILE, SourceSpec
from .plumbing.fsutil import check_writable_dir
from .plumbing.showlock import locks_show

if TYPE_CHECKING:
    from .audio.settings import AudioSettings
    from .episode import Episode
    from .sources.model import Day
    from .sources.span import Span, SpanDates

log = logging.getLogger(__name__)
SPAN_FILE = "span.json"
RECAP_MINUTES = 5.0  # a week holds more than a day: the recap's length unless show.toml says


def recap_dir_for(show_dir: str | Path, dates: SpanDates) -> Path:
    return Path(show_dir) / "episodes" / dates.folder


def reusable_day(path: Path, spec: SourceSpec, repo: str | None) -> Day | None:
    """The day file at ``path`` when it holds the day ``spec`` would pull (same source,
    repository, branch, time zone and look-back, pulled complete), else None."""
    from .plumbing.errors import StudioError
    from .sources.model import load_day

    if not path.is_file():
        return None
    try:
        day = load_day(path)
    except StudioError:
        return None
    source = "github" if spec.github else "git"
    same = (day.source == source and day.tz == spec.tz and day.lookback_days == spec.lookback_days
            and (spec.branch is None or day.branch == spec.branch)
            and (repo is None or day.repo.lower() == repo.lower()))
    if not same:
        return None
    try:  # a day pulled before it was over may lack its last commits
        pulled_complete = path.stat().st_mtime >= dt.datetime.fromisoformat(day.end).timestamp()
    except (OSError, ValueError):
        return None
    return day if pulled_complete else None


def pull_span(spec: SourceSpec, dates: SpanDates, show_dir: str | Path | None = None,
              progress: Progress = no_progress, cancel: CancelToken | None = None) -> Span:
    """One Day for each date of ``dates``: those ``show_dir`` holds already, read; the rest
    pulled at once (the first missing date to the last, one walk or listing). ``cancel`` is
    checked between the steps (a GitHub listing also checks it page by page); a git walk of a
    week takes seconds and runs to its end."""
    from .plumbing.errors import StudioError
    from .sources.span import Span, check_span
    from .sources.window import parse_zone

    cancel = cancel or CancelToken()

    check_span(dates, parse_zone(spec.tz))
    if not (spec.git or spec.github):
        raise StudioError("no source given: use --git PATH or --github OWNER/NAME")
    have: dict[str, Day] = {}
    if show_dir is not None:
        repo = spec.github if spec.github else _git_repo_name(spec.git or "")
        for date in dates.dates:
            day = reusable_day(Path(show_dir) / "episodes" / date.isoformat() / DAY_FILE,
                               spec, repo)
            if day is not None:
                have[day.date] = day
    missing = [d for d in dates.dates if d.isoformat() not in have]
    requests = None
    authors = None
    if spec.git:  # who wrote anything before the span, listed beside the span's own pull
        from .sources.gitspan import start_authors
        from .sources.window import day_bounds

        authors = start_authors(spec.git, day_bounds(dates.first, parse_zone(spec.tz))[0],
                                spec.branch)
    if missing:
        progress(0.0, f"pulling {len(missing)} of {dates.length} days in one go")
        try:
            cancel.check()
            pulled = _pull_range(spec, missing[0], missing[-1], progress, cancel)
            cancel.check()
        except BaseException:
            if authors is not None:
                authors.kill()
                authors.wait()
            raise
        for day in pulled:
            if day.date not in have:
                have[day.date] = day
        requests = pulled[0].requests if pulled and spec.github else None
    reused = sorted(d for d in have if d not in {m.isoformat() for m in missing})
    days = [have[d.isoformat()] for d in dates.dates]
    from .sources.gitspan import newcomers

    found = newcomers(authors, [c for d in days for c in d.commits])
    progress(1.0, f"{sum(len(d.commits) for d in days)} commits in {dates.label}"
                  + (f" ({plural(len(reused), 'day')} from the show folder)" if reused else ""))
    return Span(dates, days, reused, requests, found)


def _pull_range(spec: SourceSpec, first: dt.date, last: dt.date, progress: Progress,
                cancel: CancelToken | None) -> list[Day]:
    if spec.github:
        from .sources.github import pull_github_span
        from .sources.github.transport import NetworkPolicy

        return pull_github_span(spec.github, first, last, tz=spec.tz, branch=spec.branch,
                                lookback_days=spec.lookback_days, api_url=spec.api_url,
                                policy=NetworkPolicy(max_rate_wait=spec.max_wait),
                                progress=progress, cancel=cancel)
    from .sources.gitspan import pull_git_span

    return pull_git_span(spec.git or "", first, last, tz=spec.tz, branch=spec.branch,
                         lookback_days=spec.lookback_days, fetch=spec.fetch_mode())


def _git_repo_name(path: str) -> str | None:
    """owner/name as the git source names the repository (None when it cannot tell)."""
    from .sources.gitspan import repo_name

    return repo_name(path)


def write_recap_for(span: Span, profile_name: str | None = None,
                    minutes: float | None = None) -> Episode:
    """The recap's script: the span's stories across days (see :mod:`studio.digest.span`)."""
    from .digest.span import build_span_digest
    from .profile import profile_for
    from .script.merge import stamp_written
    from .script.recap import RecapWriter
    from .sources.project_name import day_project

    profile = profile_for(span.repo, profile_name, project=day_project(span.days[-1]))
    return stamp_written(RecapWriter(minutes).write_span(build_span_digest(span, profile),
                                                         profile))


def write_recap(span: Span, profile_name: str | None = None, show_dir: str | Path | None = None,
                minutes: float | None = None) -> Episode:
    """The recap's script as ``make_recap`` writes it: the length ``minutes``, else the show's
    ``[recap]`` minutes, else RECAP_MINUTES (or the dailies' length when longer), numbered by the
    show's ``[recap]`` scheme. Without a show folder: RECAP_MINUTES, an iTunes bonus episode."""
    if show_dir is None:
        return write_recap_for(span, profile_name, minutes or RECAP_MINUTES)
    return with_recap_numbering(write_recap_for(span, profile_name,
                                                recap_length(show_dir, minutes)), show_dir)


def recap_length(show_dir: str | Path, minutes: float | None = None) -> float:
    """``minutes``, else the show's ``[recap]`` minutes, else RECAP_MINUTES (or the dailies'
    length when longer)."""
    from .publish.show import script_minutes

    return minutes or recap_minutes(show_dir) or max(RECAP_MINUTES, script_minutes(show_dir) or 0)


def save_recap_script(episode: Episode, folder: Path, span: Span, over_export: bool = False
                      ) -> bool:
    """The recap's script and its span file, together; over an exported recap only with
    ``over_export`` (a script-only run: the merged script keeps the export's fields, as
    `studio script` does; a full run replaces it with the next complete export instead)."""
    from .episode import EPISODE_FILE
    from .pipeline import load_exported, save_beside
    from .sources.span import save_span

    if not over_export and (folder / EPISODE_FILE).exists() and load_exported(folder):
        return False
    save_beside(episode, folder, SPAN_FILE, lambda p: save_span(span, p))
    return True


@locks_show("studio recap")
def make_recap(span: Span, show_dir: str | Path, profile_name: str | None = None,
               settings: AudioSettings | None = None, progress: Progress = no_progress,
               cancel: CancelToken | None = None, push: bool | None = None,
               force: bool = False, minutes: float | None = None, audio: bool = True) -> Path:
    """The span's recap through script (and, with ``audio``, narration, mastering, export and
    publishing) into ``show_dir/episodes/<span folder>/``; returns that folder."""
    from .pipeline import finish_episode, merge_with_existing, publish_step, run_voice
    from .recovery import recover_show

    cancel = cancel or CancelToken()
    recover_show(show_dir)
    out = check_writable_dir(recap_dir_for(show_dir, span.dates))
    progress(0.02, "writing the recap")
    minutes = recap_length(show_dir, minutes)
    fresh = write_recap(span, profile_name, show_dir, minutes)
    merged = merge_with_existing(fresh, out, force, profile_name, minutes)
    if merged.replaced:  # a warning only when the host had work in it
        log.log(logging.WARNING if merged.kept or merged.lost else logging.INFO, "%s",
                merged.line())
    episode = merged.episode
    cancel.check()
    save_recap_script(episode, out, span, over_export=not audio)
    progress(0.05, "recap written")
    if not audio:
        return out
    settings = run_voice(settings, show_dir)
    finished = finish_episode(out, profile_name, settings, scaled(progress, 0.05, 0.97), cancel,
                              episode, None, feed=Path(show_dir))
    from .narration.takes import prune_synthesized

    prune_synthesized(finished, out)
    publish_step(show_dir, out, scaled(progress, 0.97, 1.0), cancel, push=push)
    return out


def recap_minutes(show_dir: str | Path) -> float | None:
    from .publish.recap_settings import read_recap

    return read_recap(show_dir).minutes


def with_recap_numbering(episode: Episode, show_dir: str | Path) -> Episode:
    """show.toml's ``[recap]`` scheme on the episode: iTunes ``bonus`` by default, or a
    season and episode number (``episode_type = "full"``, ``season = N``)."""
    from .publish.recap_settings import read_recap

    recap = read_recap(show_dir)
    episode.episode_type = recap.episode_type
    episode.season = recap.season
    episode.number = recap.number_of(episode)
    return episode


@locks_show("studio produce")
def produce_recap(spec: SourceSpec, dates: SpanDates, show_dir: str | Path,
                  profile_name: str | None = None, progress: Progress = no_progress,
                  cancel: CancelToken | None = None, settings: AudioSettings | None = None,
                  push: bool | None = None, force: bool = False,
                  minutes: float | None = None, audio: bool = True) -> Path:
    """Pull (reusing the show's day files) and make the span's recap, holding the show's lock."""
    from .recovery import recover_show

    cancel = cancel or CancelToken()
    from .pipeline import with_show_source

    recover_show(show_dir)
    spec = with_show_source(spec, show_dir)
    check_writable_dir(recap_dir_for(show_dir, dates))
    span = pull_span(spec, dates, show_dir, scaled(progress, 0.0, 0.15), cancel)
    cancel.check()
    return make_recap(span, show_dir, profile_name, settings, scaled(progress, 0.15, 1.0),
                      cancel, push=push, force=force, minutes=minutes, audio=audio)
