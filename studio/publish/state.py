"""``published.json``: the first publish time of each episode folder, kept across re-exports
(a re-produced day has a new episode.json; its date and its MP3's name stay)."""

from __future__ import annotations

import logging
from pathlib import Path

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import SMALL_JSON_LIMIT, read_json_if_any

log = logging.getLogger(__name__)

STATE_FILE = "published.json"


def read_published(show_dir: Path) -> dict[str, str]:
    """{episode folder: RFC 3339 time} of the show's published episodes; {} when none."""
    path = Path(show_dir) / STATE_FILE
    try:
        data = read_json_if_any(path, "publish state", limit=SMALL_JSON_LIMIT)
        if data is None:
            return {}
        return {str(k): str(v) for k, v in data.get("published", {}).items()}
    except (StudioError, ValueError, AttributeError) as exc:
        log.warning("ignoring unreadable %s (%s)", path, exc)
        return {}
