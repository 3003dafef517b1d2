"""`studio recap`: one episode for a span of days (an ISO week, or --from/--to), its stories
told across days, in the show folder's ``episodes/<span>/`` beside the dailies."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from pathlib import Path

from .argtypes import days, seconds
from .cmd_audio import add_audio_arguments, audio_settings, report
from .terminal import TerminalProgress


def register(sub: argparse._SubParsersAction) -> None:
    from .cmd_text import add_run_arguments

    recap = sub.add_parser("recap", help="make the recap episode of a week (or a span of days)")
    src = recap.add_mutually_exclusive_group(required=True)
    src.add_argument("--git", metavar="PATH", help="a local clone or bare repository")
    src.add_argument("--github", metavar="OWNER/NAME", help="a repository on GitHub")
    add_span_arguments(recap, required=True)
    recap.add_argument("--api-url", metavar="URL",
                       help="GitHub API base URL (GitHub Enterprise: https://HOST/api/v3)")
    recap.add_argument("--max-wait", type=seconds(), default=120.0, metavar="SECONDS",
                       help="longest wait for GitHub's rate limit (default 120)")
    recap.add_argument("--tz", default="UTC", help="time zone of the days (default UTC)")
    recap.add_argument("--branch", help="branch to follow (default: the repository's HEAD)")
    recap.add_argument("--lookback-days", type=days, default=14, metavar="N",
                       help="days before each date to pair reverts (default 14)")
    from .cmd_text import add_fetch_argument

    add_fetch_argument(recap, show=True)
    recap.add_argument("--show-dir", required=True, metavar="DIR")
    recap.add_argument("--profile", help="show profile: a built-in name or a .toml file")
    from .cmd_text import _minutes

    recap.add_argument("--minutes", type=_minutes, metavar="N",
                       help="target length of the recap in minutes (default: show.toml's "
                            "[recap] minutes, else 5); a quiet week stays short")
    recap.add_argument("--script-only", action="store_true",
                       help="write the recap's script (episode.json, span.json) and stop")
    add_audio_arguments(recap)
    add_run_arguments(recap, "recap")
    recap.set_defaults(handler=cmd_recap)


def add_span_arguments(parser: argparse.ArgumentParser, required: bool,
                       date: bool = False) -> None:
    """--week W | --from D --to D (and --date D, for commands that make a day or a span)."""
    group = parser.add_mutually_exclusive_group(required=required)
    if date:
        group.add_argument("--date", help="YYYY-MM-DD, today or yesterday")
    group.add_argument("--week", metavar="YYYY-Www", help="an ISO week, e.g. 2026-W05, or 'last' "
                       "(the week before this one): its recap")
    group.add_argument("--from", dest="span_from", metavar="DATE",
                       help="first day of a span to recap (with --to)")
    parser.add_argument("--to", dest="span_to", metavar="DATE",
                        help="last day of the span (with --from; at most 31 days)")


def span_dates(args: argparse.Namespace):
    """The span the arguments name, checked: one line and exit 2 on bad input."""
    from ..plumbing.errors import StudioError
    from ..sources.span import check_span, date_span, week_span
    from ..sources.window import parse_zone

    zone = parse_zone(args.tz)
    today = dt.datetime.now(zone).date()
    if getattr(args, "week", None):
        if getattr(args, "span_to", None):
            raise StudioError("--to goes with --from, not with --week")
        if args.week.strip().lower() == "last":  # for cron: the ISO week before this one
            year, week, _ = (today - dt.timedelta(days=7)).isocalendar()
            dates = week_span(f"{year}-W{week:02d}")
        else:
            dates = week_span(args.week)
    else:
        if not getattr(args, "span_to", None):
            raise StudioError("--from needs --to (the span's last day)")
        dates = date_span(_day(args.span_from, today, "--from"), _day(args.span_to, today, "--to"))
    check_span(dates, zone)
    return dates


def _day(text: str, today: dt.date, option: str) -> dt.date:
    from ..plumbing.errors import StudioError
    from ..sources.window import parse_date

    try:
        return parse_date(text, today=dt.date.max if text.strip()[:1].isdigit() else today)
    except StudioError as exc:
        raise StudioError(f"{option}: {exc}") from None


def _spec(args: argparse.Namespace):
    from ..pipeline import SourceSpec
    from .cmd_text import fetch_choice

    return SourceSpec(git=args.git, github=args.github, branch=args.branch, tz=args.tz,
                      lookback_days=args.lookback_days, api_url=args.api_url,
                      max_wait=args.max_wait, fetch=fetch_choice(args))


def cmd_recap(args: argparse.Namespace) -> int:
    return run_recap(args, _spec(args), span_dates(args), audio=not args.script_only)


def run_recap(args: argparse.Namespace, spec, dates, audio: bool = True) -> int:  # noqa: ANN001
    """Pull the span (reusing the show's day files), write the recap and, with ``audio``,
    narrate, export and publish it; one summary on stdout."""
    from ..episode import load_episode
    from ..plumbing.errors import Cancelled, StudioError
    from ..plumbing.showlock import ShowBusy
    from ..publish.gather import read_show_episode
    from ..publish.show import read_settings
    from ..recap import produce_recap
    from .unattended import push_wanted

    what = f"the recap of {dates.label} of {spec.github or spec.git}"
    started = time.monotonic()
    progress = TerminalProgress(quiet=args.quiet)
    try:
        push = push_wanted(args.show_dir) if args.publish else None
        out = produce_recap(spec, dates, args.show_dir, args.profile, progress=progress,
                            settings=audio_settings(args), push=push, force=args.force,
                            minutes=args.minutes, audio=audio, lock_wait=args.lock_wait)
        if args.publish and read_show_episode(Path(out)) is None:
            raise StudioError("the recap has no audio yet, so it was not published")
    except (ShowBusy, Cancelled):
        raise
    except StudioError as exc:
        raise StudioError(f"{what} failed: {exc}") from None
    finally:
        progress.done()
    if audio:
        report(Path(out))
    else:
        episode = load_episode(out)
        print(f"{episode.title}\n{len(episode.segments)} segments, about "
              f"{episode.estimated_seconds / 60:.1f} min -> {Path(out) / 'episode.json'}")
    if args.publish:
        settings = read_settings(args.show_dir)
        where = f" and pushed to {settings.github.repo}" if push else ""
        print(f"published {what} in {time.monotonic() - started:.1f} s: "
              f"{settings.feed_url}{where}", file=sys.stdout)
    return 0
