"""`studio pull`, `studio script`, `studio produce`, `studio demo`: the text half of an episode."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from .argtypes import days, seconds
from .cmd_audio import add_audio_arguments, audio_settings, report
from .terminal import TerminalProgress


def register(sub: argparse._SubParsersAction) -> None:
    pull = sub.add_parser("pull", help="pull one day's commits into a day file")
    _source_arguments(pull)
    pull.add_argument("-o", "--output", required=True, metavar="DAY.json",
                      help="day file to write ('-': standard output)")
    pull.set_defaults(handler=cmd_pull)

    script = sub.add_parser("script", help="write an episode script from a day file")
    script.add_argument("day", metavar="DAY.json")
    script.add_argument("-o", "--output", required=True, metavar="EPISODE_DIR")
    script.add_argument("--profile", help="show profile: a built-in name or a .toml file")
    add_minutes_argument(script)
    add_writer_arguments(script)
    add_force_argument(script)
    add_lock_argument(script)
    script.set_defaults(handler=cmd_script)

    produce = sub.add_parser("produce", help="pull a day (or a week: its recap) and make its "
                             "episode in a show folder")
    _source_arguments(produce, span=True)
    produce.add_argument("--show-dir", required=True, metavar="DIR")
    produce.add_argument("--profile", help="show profile: a built-in name or a .toml file")
    add_minutes_argument(produce)
    add_writer_arguments(produce)
    add_audio_arguments(produce)
    add_run_arguments(produce, "episode")
    produce.set_defaults(handler=cmd_produce)

    demo = sub.add_parser("demo", help="make the sample episode from the day shipped with studio")
    demo.add_argument("--out", default="demo-output", metavar="DIR", help="show folder to write")
    add_audio_arguments(demo)
    demo.add_argument("-q", "--quiet", action="store_true", help="no progress output")
    demo.set_defaults(handler=cmd_demo)


def _minutes(text: str) -> float:
    from ..plumbing.errors import StudioError
    from ..publish.show import check_minutes

    try:
        return check_minutes(float(text), "--minutes")
    except (ValueError, StudioError) as exc:
        raise argparse.ArgumentTypeError(str(exc) if isinstance(exc, StudioError)
                                         else f"{text!r} is not a number of minutes") from None


def add_minutes_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--minutes", type=_minutes, metavar="N",
                        help="target length of the script in minutes (default: show.toml's "
                             "[script] minutes, else 3); a quiet day stays short")


def add_writer_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("script writer (default: show.toml's [writer], else story)")
    group.add_argument("--writer", choices=("story", "llm", "auto"),
                       help="story: the built-in writer; llm: a language model's draft, every "
                            "fact checked against the day; auto: the configured model, else "
                            "one a local Ollama or llama-server offers, else story")
    group.add_argument("--llm-base-url", metavar="URL", help="OpenAI-compatible server, e.g. "
                       "http://localhost:11434/v1 (Ollama) or http://localhost:8080/v1 "
                       "(llama-server); the API key comes from STUDIO_LLM_API_KEY or the keyring")
    group.add_argument("--llm-model", metavar="NAME", help="the model to ask, e.g. qwen2.5:7b")
    group.add_argument("--llm-temperature", type=float, metavar="T", help="0 to 2 (default 0.4)")
    group.add_argument("--llm-timeout", type=float, metavar="SECONDS",
                       help="give up on a silent server after this long (default 120)")
    group.add_argument("--llm-context", type=int, metavar="TOKENS",
                       help="the model's context window (default: asked of the server, else "
                            "8192); a day that does not fit is drafted story by story")


def writer_choice(args: argparse.Namespace, base):
    """The show's writer ``base`` (show.toml's [writer], None without one) with the command
    line's choices, or None when neither chose anything."""
    from ..script.llm.config import WriterSettings, with_overrides

    chosen = {"kind": args.writer, "base_url": args.llm_base_url, "model": args.llm_model,
              "temperature": args.llm_temperature, "timeout": args.llm_timeout,
              "context": args.llm_context}
    if all(v is None for v in chosen.values()):
        return base
    return with_overrides(base or WriterSettings(), **chosen)


def add_lock_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lock-wait", type=seconds(), default=0.0, metavar="SECONDS",
                        help="wait this long for another run writing the same show folder "
                             "(default 0: refuse at once, exit code 75)")


def add_force_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--force", action="store_true",
                        help="replace the host's work (recorded takes, edits) on segments whose "
                             "commits changed; without it such a run is refused")


def add_run_arguments(parser: argparse.ArgumentParser, what: str) -> None:
    """--publish, --lock-wait, --force and -q of a command that makes a whole ``what``
    (produce's episode, recap's recap)."""
    parser.add_argument("--publish", action="store_true",
                        help=f"fail unless the {what} is published; push the site when "
                             "show.toml has a [github] repo (for cron and CI)")
    add_lock_argument(parser)
    add_force_argument(parser)
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress output")


def _source_arguments(parser: argparse.ArgumentParser, span: bool = False) -> None:
    src = parser.add_mutually_exclusive_group(required=True)
    src.add_argument("--git", metavar="PATH", help="a local clone or bare repository")
    src.add_argument("--github", metavar="OWNER/NAME", help="a repository on GitHub")
    parser.add_argument("--api-url", metavar="URL",
                        help="GitHub API base URL (GitHub Enterprise: https://HOST/api/v3)")
    parser.add_argument("--max-wait", type=seconds(), default=120.0, metavar="SECONDS",
                        help="longest wait for GitHub's rate limit (default 120)")
    if span:  # --date D, or a span's recap: --week W | --from D --to D
        from .cmd_recap import add_span_arguments

        add_span_arguments(parser, required=True, date=True)
    else:
        parser.add_argument("--date", required=True, help="YYYY-MM-DD, today or yesterday")
    parser.add_argument("--tz", default="UTC", help="time zone of the day (default UTC)")
    parser.add_argument("--branch", help="branch to follow (default: the repository's HEAD)")
    parser.add_argument("--lookback-days", type=days, default=14, metavar="N",
                        help="days before the date pulled to pair reverts (default 14)")
    add_fetch_argument(parser, show=span)


def add_fetch_argument(parser: argparse.ArgumentParser, show: bool) -> None:
    """--fetch/--no-fetch; ``show``: a command with a show folder, whose show.toml decides."""
    default = ("show.toml's [source] fetch, else true: fetch when the branch follows a "
               "remote-tracking branch" if show else "no fetch")
    parser.add_argument("--fetch", action=argparse.BooleanOptionalAction, default=None,
                        help=f"with --git: fetch the clone's remote before reading it (default: "
                             f"{default}); a day the clone cannot see is refused either way")


def fetch_choice(args: argparse.Namespace) -> str | None:
    """The SourceSpec's ``fetch`` from --fetch/--no-fetch (None: neither was given)."""
    return {True: "always", False: "never"}.get(getattr(args, "fetch", None))


def _spec(args: argparse.Namespace):
    from ..pipeline import SourceSpec

    return SourceSpec(
        git=getattr(args, "git", None),
        github=getattr(args, "github", None),
        branch=args.branch,
        tz=args.tz,
        lookback_days=args.lookback_days,
        api_url=getattr(args, "api_url", None),
        max_wait=getattr(args, "max_wait", 120.0),
        fetch=fetch_choice(args),
    )


def _date(args: argparse.Namespace) -> dt.date:
    from ..sources.window import check_day, parse_date, parse_zone

    zone = parse_zone(args.tz)
    date = parse_date(args.date, today=dt.datetime.now(zone).date())
    check_day(date, zone)  # before anything is written: no future day, none before 1970
    return date


def cmd_pull(args: argparse.Namespace) -> int:
    from ..pipeline import pull_day
    from ..plumbing.outfile import check_output, is_stdout, write_output
    from ..sources.model import day_text

    date = _date(args)
    out = Path(args.output)
    check_output(out)  # before the pull: a folder or a block device is refused
    # GitHub pulls can wait on a rate limit: show that countdown on stderr.
    progress = TerminalProgress(quiet=not getattr(args, "github", None))
    try:
        day = pull_day(_spec(args), date, progress=progress)
    finally:
        progress.done()
    write_output(args.output, day_text(day).encode("utf-8"))
    spent = f" ({day.requests} GitHub requests)" if day.requests is not None else ""
    where = "standard output" if is_stdout(args.output) else out
    print(f"{len(day.commits)} commits on {day.repo} {day.branch} for {day.date}{spent} -> "
          f"{where}", file=sys.stderr if is_stdout(args.output) else sys.stdout)
    for note in day.notes:
        print(f"note: {note}", file=sys.stderr)
    return 0


def cmd_script(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from ..episode import save_episode
    from ..new_folders import missing_ancestors, remove_if_empty
    from ..pipeline import merge_with_existing, write_show_script
    from ..plumbing.fsutil import check_writable_dir
    from ..plumbing.showlock import episode_lock, show_of
    from ..recovery import recover_episode
    from ..script.show_config import script_config
    from ..sources.model import load_day

    recover_episode(args.output)
    day = load_day(args.day)
    made = missing_ancestors(Path(args.output))  # removed again if the run fails
    try:
        out = check_writable_dir(args.output)
        config = script_config(show_of(out), args.minutes)  # --minutes, else show.toml's
        writer = writer_choice(args, config.writer)
        config = replace(config, writer=writer)
        progress = TerminalProgress(quiet=writer is None or not writer.drafts)
        try:
            fresh = write_show_script(day, config, args.profile, progress)
        finally:
            progress.done()
        with episode_lock(out, args.lock_wait, "studio script"):
            merged = merge_with_existing(fresh, out, args.force, args.profile, config.minutes)
            path = save_episode(merged.episode, out)
    except BaseException:
        remove_if_empty(made)  # a failed run leaves no empty folder it made
        raise
    episode = merged.episode
    minutes = episode.estimated_seconds / 60
    print(f"{episode.title}\n{len(episode.segments)} segments, about {minutes:.1f} min -> {path}")
    if merged.replaced:
        print(merged.line())
    if episode.writer.startswith("llm") and not episode.writer_note:
        from ..script.llm.assemble import provenance_counts

        n = provenance_counts(episode)
        model = episode.writer.partition("(")[2].rstrip(")") or episode.writer
        print(f"drafted by {model}: {n['verified']} sentences verified, {n['dropped']} left "
              f"out by the fact check (reasons in episode.json)")
    return 0


def cmd_produce(args: argparse.Namespace) -> int:
    from ..script.show_config import script_config
    from .unattended import produce_and_publish

    if args.span_to and not args.span_from:
        from ..plumbing.errors import StudioError

        raise StudioError("--to goes with --from (the first day of a span)")
    if not args.date:  # --week or --from/--to: the span's recap
        from ..plumbing.errors import StudioError
        from .cmd_recap import run_recap, span_dates

        if args.writer == "llm":
            raise StudioError("a recap is written by the story writer only: drop --writer llm")
        return run_recap(args, _spec(args), span_dates(args))

    return produce_and_publish(args, _spec(args), _date(args), report,
                               settings=audio_settings(args), force=args.force,
                               minutes=args.minutes,
                               writer=writer_choice(args, script_config(args.show_dir).writer))


def cmd_demo(args: argparse.Namespace) -> int:
    from ..demo import make_demo

    progress = TerminalProgress(quiet=args.quiet)
    try:
        out = make_demo(args.out, progress=progress, settings=audio_settings(args))
    finally:
        progress.done()
    report(out)
    return 0
