"""The picture an episode's MP3 carries: the show's own cover (show.toml ``cover``, a regular
file inside the show folder), else the default cover drawn with the show's name — the one its
site and feed show — so a podcast app's library shows the show, not the studio's stock
picture. Outside a show, the stock picture."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from ..plumbing.errors import StudioError
from .artwork import default_cover
from .safe_files import inside
from .show import DEFAULT_COVER, read_settings, show_file

log = logging.getLogger(__name__)


def mp3_cover(show: Path | None, staged: Path) -> Path | None:
    """The cover to embed for an episode of ``show`` (None: the stock picture); a drawn
    default is written into ``staged``, the export's own folder."""
    if show is None or not show_file(show).is_file():
        return None
    try:
        settings = read_settings(show)
    except StudioError:
        return None  # the export goes on; publish will refuse the file
    path = show / settings.cover
    if os.path.lexists(path):
        try:
            return inside(show, path)
        except StudioError as exc:
            log.warning("%s: the MP3 carries the default cover", exc)
            return None
    if settings.cover != DEFAULT_COVER:
        log.warning("cover image %s is missing (show.toml: cover): the MP3 carries the default "
                    "cover", path)
    drawn = staged / ".cover.png"
    drawn.write_bytes(default_cover(settings.title))
    return drawn
