"""The sample episode: the day shipped in ``resources/sample`` through every stage."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .jobs import CancelToken, Progress, no_progress
from .pipeline import make_episode
from .resources import resource_path
from .sources.model import load_day

if TYPE_CHECKING:
    from .audio.settings import AudioSettings


def sample_day_path() -> Path:
    return resource_path("sample", "day.json")


def make_demo(
    show_dir: str | Path,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
    settings: AudioSettings | None = None,
) -> Path:
    """The sample day through script, narration, mastering, export and publishing."""
    return make_episode(load_day(sample_day_path()), show_dir, None, settings, progress, cancel)
