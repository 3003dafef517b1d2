"""Pure-Python stages (pull parsing, digest, script, day rows) run in a child process.

A worker thread that crunches Python holds the GIL and starves the UI thread (on a big day,
pauses of 100-250 ms were measured); a child process has its own interpreter, so the UI thread
only ever waits for the final unpickling. The worker thread waits on a pipe, relays progress
and kills the child on cancel. No Qt here: the child imports only the core.
"""

from __future__ import annotations

import dataclasses
import gc
import multiprocessing as mp
import traceback
from collections.abc import Callable
from typing import Any

from ..jobs import CancelToken, Progress
from ..plumbing.errors import Cancelled, StudioError

POLL_SECONDS = 0.05


def _child(conn, target: Callable[..., Any], args: tuple) -> None:
    def progress(fraction: float, message: str) -> None:
        conn.send(("progress", fraction, message))

    try:
        result = target(*args, progress)
    except StudioError as exc:
        conn.send(("error", str(exc)))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent as one line
        traceback.print_exc()
        conn.send(("error", f"unexpected error: {type(exc).__name__}: {exc}"))
    else:
        if dataclasses.is_dataclass(result) and not isinstance(result, type):
            # field by field: the parent unpickles in small steps, never holding the GIL long
            for f in dataclasses.fields(result):
                conn.send(("field", f.name, getattr(result, f.name)))
            conn.send(("built", type(result), None))
        else:
            conn.send(("done", result))
    finally:
        conn.close()


def run_in_child(target: Callable[..., Any], args: tuple, progress: Progress,
                 cancel: CancelToken) -> Any:
    """``target(*args, progress)`` in a fresh interpreter; its result, or its error raised."""
    ctx = mp.get_context("spawn")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, target, args), daemon=True)
    proc.start()
    child.close()
    fields: dict[str, Any] = {}
    try:
        while True:
            if cancel.cancelled:
                raise Cancelled()
            if not parent.poll(POLL_SECONDS):
                if not proc.is_alive() and not parent.poll(0):
                    raise StudioError(f"the background job stopped unexpectedly "
                                      f"(exit code {proc.exitcode})")
                continue
            message = _receive(parent)
            kind = message[0]
            if kind == "progress":
                progress(message[1], message[2])
            elif kind == "error":
                raise StudioError(message[1])
            elif kind == "field":
                fields[message[1]] = message[2]
            elif kind == "built":
                result = object.__new__(message[1])
                for name, value in fields.items():
                    object.__setattr__(result, name, value)
                return result
            else:
                return message[1]
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join(5)
        parent.close()


def _receive(conn) -> tuple:
    """One message, unpickled with the cyclic collector paused; what arrived is then frozen
    (left to reference counting), so no collector pass over it stalls the UI thread."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return conn.recv()
    except EOFError:
        raise StudioError("the background job stopped unexpectedly") from None
    finally:
        gc.freeze()
        from .collector import note_frozen  # here: the children never import Qt

        note_frozen()  # the collector frees what died among the frozen at the next idle
        if enabled:
            gc.enable()


# --- the jobs ------------------------------------------------------------------------------

def pull_and_write(spec, date, profile: str | None, minutes: float | None, show_dir: str,
                   recent: list[str], progress: Progress):
    """Pull a day, write its script as the show's show.toml says (writer, length, bots; the
    story writer at ``minutes`` for a folder without one), digest it for the day list: a
    :class:`Loaded`. A day the host already has an episode of (in the show, or a ``recent``
    project) opens that episode instead (``existing``): a new draft is never started over it."""
    from ..pipeline import pull_day
    from ..projects import existing_episode
    from .loaded import Loaded, digest_of

    day = pull_day(spec, date, lambda f, m: progress(0.8 * f, m))
    folder = existing_episode(day.date, day.repo, show_dir, recent)
    if folder is not None:
        progress(0.9, f"opening your episode of {day.date}")
        loaded = open_folder(folder, profile, progress)
        loaded.existing = True
        return loaded
    episode = write_with_show_writer(day, profile, minutes, show_dir, progress)
    progress(0.95, "reading the day")
    return Loaded(episode, day, digest_of(day, profile))


def pull_and_merge(spec, date, profile: str | None, minutes: float | None, show_dir: str,
                   old, earlier, progress: Progress):
    """"Update from the repository": pull the day of ``old`` (the host's episode, written
    from the day ``earlier``) again and write its script, keeping the host's takes and edits
    where the commits did not change (:func:`studio.pipeline.merge_update`, as ``studio
    script`` does): an :class:`Updated`."""
    from ..pipeline import merge_update, pull_day
    from ..plumbing.errors import StudioError
    from .loaded import Loaded, Updated, digest_of

    day = pull_day(spec, date, lambda f, m: progress(0.7 * f, m))
    if day.repo != old.repo:
        raise StudioError(f"the pull bar's repository is {day.repo}, not this episode's "
                          f"{old.repo}: choose {old.repo} there to update the episode from it")
    fresh = write_with_show_writer(day, profile, minutes, show_dir, progress)
    merged = merge_update(fresh, old, earlier, profile, minutes)
    progress(0.95, "reading the day")
    return Updated(Loaded(merged.episode, day, digest_of(day, profile)), merged.kept,
                   merged.lost)


def write_with_show_writer(day, profile: str | None, minutes: float | None, show_dir: str,
                           progress: Progress):
    """The day's script as ``studio script`` writes it in the show (progress from 0.8 to
    0.95); a show.toml that cannot be read gives the story writer's script and says why in
    ``writer_note``."""
    from ..pipeline import write_show_script
    from ..script.show_config import app_script_config

    config = app_script_config(show_dir, minutes)
    llm = config.writer is not None and config.writer.llm
    progress(0.8, f"drafting with {config.writer.model}" if llm else "writing the script")
    return write_show_script(day, config, profile, lambda f, m: progress(0.8 + 0.15 * f, m))


def sample_day(progress: Progress):
    from ..demo import sample_day_path
    from ..pipeline import write_script_for
    from ..sources.model import load_day
    from .loaded import Loaded, digest_of

    day = load_day(sample_day_path())
    progress(0.5, "writing the script")
    return Loaded(write_script_for(day), day, digest_of(day, None))


def pull_span_and_write(spec, dates, show_dir: str, profile: str | None, progress: Progress):
    """Pull a span of days at once (reusing the show folder's day files), write its recap,
    group its commits by story for the span list: a :class:`Loaded` with its ``span``."""
    from ..recap import pull_span, write_recap
    from .loaded import span_loaded

    span = pull_span(spec, dates, show_dir or None, lambda f, m: progress(0.75 * f, m))
    progress(0.8, "writing the recap")
    episode = write_recap(span, profile, show_dir or None)
    progress(0.95, "grouping the span's stories")
    return span_loaded(episode, span, profile)


def open_folder(path, profile: str | None, progress: Progress):
    from ..projects import open_project, open_span
    from .loaded import Loaded, digest_of, span_loaded

    episode, day, folder = open_project(path)
    progress(0.5, "reading the day")
    span = open_span(folder) if day is None else None
    if span is not None:
        return span_loaded(episode, span, profile, folder)
    return Loaded(episode, day, digest_of(day, profile), folder)


def rewrite(day, profile: str | None, minutes: float | None, show_dir: str, progress: Progress):
    """The story writer's script of ``day`` at the show's length and with its bots (a segment
    is written again from it)."""
    from dataclasses import replace

    from ..pipeline import write_show_script
    from ..script.show_config import app_script_config

    return write_show_script(day, replace(app_script_config(show_dir, minutes), writer=None),
                             profile)


def list_voices(progress: Progress):
    """Every engine's voices (Settings lists them by name)."""
    from ..narration.engines import all_voices

    return all_voices()


def rewrite_recap(span, profile: str | None, show_dir: str, progress: Progress):
    from ..recap import write_recap

    return write_recap(span, profile, show_dir or None)
