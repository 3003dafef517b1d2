"""`studio produce` as a daily job: one lock per show, one clear line on failure, a summary.

Cron and CI read exit codes and the last line on stderr: a failure is ``studio: error:
produce DATE of REPO failed: <reason>`` with exit 1 (75 when another run holds the show
folder), success ends with one summary line on stdout.
"""

from __future__ import annotations

import argparse
import datetime as dt
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .terminal import TerminalProgress


def push_wanted(show_dir: str | Path) -> bool | None:
    """For ``--publish``: push when show.toml names a [github] repo, else publish locally."""
    from ..publish.show import read_settings, show_file

    if not show_file(show_dir).is_file():
        return None
    return True if read_settings(show_dir).github.repo else None


def produce_and_publish(args: argparse.Namespace, spec: Any, date: dt.date,
                        report: Callable[[Path], None], **stage_options: Any) -> int:
    """Run ``produce`` for the CLI; with ``--publish``, also insist the episode is published."""
    from ..pipeline import produce
    from ..plumbing.errors import Cancelled, PublishStepFailed, StudioError
    from ..plumbing.showlock import ShowBusy
    from ..publish.gather import read_show_episode
    from ..publish.show import read_settings

    what = f"{date.isoformat()} of {spec.github or spec.git}"
    started = time.monotonic()
    progress = TerminalProgress(quiet=args.quiet)
    try:
        push = push_wanted(args.show_dir) if args.publish else None
        out = produce(spec, date, args.show_dir, args.profile, progress=progress, push=push,
                      lock_wait=args.lock_wait, **stage_options)
        if args.publish and read_show_episode(out) is None:
            raise StudioError("the episode has no audio yet, so it was not published")
    except (ShowBusy, Cancelled):
        raise
    except PublishStepFailed as exc:
        raise StudioError(f"produce {what}: {exc}") from None
    except StudioError as exc:
        raise StudioError(f"produce {what} failed: {exc}") from None
    finally:
        progress.done()
    report(out)
    if args.publish:
        settings = read_settings(args.show_dir)
        where = f" and pushed to {settings.github.repo}" if push else ""
        sent = [t for t in settings.publish.to if t != "github"]
        where += f" and sent to {', '.join(sent)}" if sent else ""
        print(f"published {what} in {time.monotonic() - started:.1f} s: "
              f"{settings.feed_url}{where}")
    return 0
