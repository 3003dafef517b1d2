"""The sample episode: the day shipped in ``resources/sample`` through every stage."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .fsutil import atomic_write_json, check_writable_dir
from .jobs import CancelToken, Progress, no_progress, scaled
from .pipeline import (
    episode_dir_for,
    finish_episode,
    publish_step,
    save_script,
    write_script_for,
)
from .resources import resource_path
from .showlock import locks_show
from .sources.model import load_day

if TYPE_CHECKING:
    from .audio.settings import AudioSettings


def sample_day_path() -> Path:
    return resource_path("sample", "day.json")


@locks_show("studio demo")
def make_demo(
    show_dir: str | Path,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
    settings: AudioSettings | None = None,
) -> Path:
    """The sample day through script, narration, mastering and export; returns its folder."""
    cancel = cancel or CancelToken()
    day = load_day(sample_day_path())
    out = check_writable_dir(episode_dir_for(show_dir, day.date))
    atomic_write_json(out / "day.json", day.to_dict())
    progress(0.02, "writing the script")
    episode = write_script_for(day)
    cancel.check()
    save_script(episode, out)
    progress(0.05, "script written")
    finish_episode(out, None, settings, scaled(progress, 0.05, 0.97), cancel, episode)
    publish_step(show_dir, out, scaled(progress, 0.97, 1.0), cancel)
    return out
