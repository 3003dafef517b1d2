"""A publish that follows an episode's own work (produce, render): when only the publish
fails, the host is told that the episode is saved and how to publish it again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def saved_unless_published(call: Callable[[], T], made: str, episode_dir: Path,
                           step: str, again: str) -> T:
    """``call()``; a StudioError from it becomes PublishStepFailed: "the episode is ``made``
    and saved in ``episode_dir``; only ``step`` failed: why (``again``)", its exit code kept.
    A cancel stays a cancel."""
    from ..plumbing.errors import Cancelled, PublishStepFailed, StudioError

    try:
        return call()
    except Cancelled:
        raise
    except StudioError as exc:
        failed = PublishStepFailed(f"the episode is {made} and saved in {episode_dir}; only "
                                   f"{step} failed: {exc} ({again})")
        failed.exit_code = getattr(exc, "exit_code", 1)
        raise failed from exc
