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
    """The sample day through script, narration, mastering, export and publishing; narrated
    by Piper where its extra is installed, unless the user or the show chose a voice."""
    from dataclasses import replace

    from .audio.settings import AudioSettings
    from .narration.engines import default_demo_voice
    from .publish.show import read_settings, show_file

    settings = settings or AudioSettings()
    show_chose = show_file(show_dir).exists() and bool(read_settings(show_dir).voice.engine)
    if "voice" not in settings.chosen and not show_chose:
        settings = replace(settings, voice=default_demo_voice())
    return make_episode(load_day(sample_day_path()), show_dir, None, settings, progress, cancel)
