"""What the episode player renders and when it must render again: the render runs in a
child process (assembling and measuring are seconds of numpy and Python that, on a thread,
would contend with the window for the GIL), from a snapshot of the episode."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...episode import Episode


def render_key(episode: Episode, folder: Path | None, settings: Any) -> tuple:
    """Everything the rendered programme depends on: the running order, each take's file
    (and its size and time, a take re-recorded in place), trims, fades, cuts and gains, and the audio
    settings. The same key: the last render is what the export would make."""
    takes = []
    for seg in episode.segments:
        take = seg.take
        if take is None:
            continue
        stamp: tuple = ()
        if folder is not None:
            try:
                st = (folder / take.path).stat()
                stamp = (st.st_size, st.st_mtime_ns)
            except OSError:
                stamp = ("missing",)
        t = take.trim
        takes.append((seg.id, take.path, stamp, t.start, t.end, t.fade_in, t.fade_out,
                      tuple(tuple(c) for c in t.cuts), t.gain_db))
    return (str(folder), tuple(takes), repr(settings))


def render_in_child(episode_data: dict, folder: str, out: str, settings_data: dict,
                    progress) -> Any:
    """In the child: :func:`studio.audio.preview.render_preview` of the snapshot."""
    from ...audio.preview import render_preview
    from ...audio.settings import AudioSettings

    episode = Episode.from_dict(episode_data)
    return render_preview(episode, Path(folder), Path(out), AudioSettings.from_dict(settings_data),
                          progress)
