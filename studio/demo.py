"""The sample episode: the day shipped in ``resources/sample`` through every stage."""

from __future__ import annotations

from pathlib import Path

from .episode import save_episode
from .fsutil import atomic_write_json, check_writable_dir
from .jobs import CancelToken, Progress, no_progress
from .pipeline import episode_dir_for, publish_step, write_script_for
from .resources import resource_path
from .showlock import locks_show
from .sources.model import load_day


def sample_day_path() -> Path:
    return resource_path("sample", "day.json")


@locks_show("studio demo")
def make_demo(
    show_dir: str | Path, progress: Progress = no_progress, cancel: CancelToken | None = None
) -> Path:
    cancel = cancel or CancelToken()
    day = load_day(sample_day_path())
    out = check_writable_dir(episode_dir_for(show_dir, day.date))
    atomic_write_json(out / "day.json", day.to_dict())
    progress(0.1, "writing the script")
    episode = write_script_for(day)
    cancel.check()
    save_episode(episode, out)
    progress(1.0, "script written")
    publish_step(show_dir, out, progress, cancel)
    return out
