"""What a show's ``show.toml`` says about writing its scripts — ``[writer]``, ``[script] minutes``
and the show's own ``bots`` — read in one place, so `studio script`, `studio produce` and the
desktop app write the same script for the same day.

The caller's own choices (the command line's ``--minutes``/``--writer``) win over the show's; a
folder without a show.toml takes ``default_minutes`` (the app's setting; the writer's own target
when None) and the story writer.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..plumbing.errors import StudioError

if TYPE_CHECKING:
    from .llm.config import WriterSettings


@dataclass(frozen=True)
class ScriptConfig:
    writer: WriterSettings | None = None  # None: the story writer
    minutes: float | None = None  # None: the writer's own target
    bots: tuple[str, ...] = ()  # the show's own bots, besides the profile's
    note: str = ""  # why the show's show.toml was not used (see :func:`app_script_config`)


def script_config(show_dir: str | Path | None, minutes: float | None = None,
                  writer: WriterSettings | None = None,
                  default_minutes: float | None = None) -> ScriptConfig:
    """How to write a script for the show in ``show_dir`` (None: no show); a show.toml that
    cannot be read is a one-line StudioError."""
    from ..publish.show import read_settings, show_file

    if show_dir and show_file(show_dir).is_file():
        show = read_settings(show_dir)
        return ScriptConfig(writer or show.writer, minutes or show.script.minutes,
                            tuple(show.bots))
    return ScriptConfig(writer, minutes or default_minutes)


def app_script_config(show_dir: str | Path | None, default_minutes: float | None) -> ScriptConfig:
    """:func:`script_config` for the desktop app, which always has a script to show: a show.toml
    that cannot be read gives the story writer at ``default_minutes``, and says why in ``note``."""
    try:
        return script_config(show_dir, default_minutes=default_minutes)
    except StudioError as exc:
        return ScriptConfig(minutes=default_minutes, note=f"{exc}; this script is the story writer's")
