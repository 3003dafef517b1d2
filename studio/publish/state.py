"""``published.json``: the first publish time of each episode folder, kept across re-exports
(a re-produced day has a new episode.json; its date and its MP3's name stay)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

log = logging.getLogger(__name__)

STATE_FILE = "published.json"


def read_published(show_dir: Path) -> dict[str, str]:
    """{episode folder: RFC 3339 time} of the show's published episodes; {} when none."""
    path = Path(show_dir) / STATE_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in data.get("published", {}).items()}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, AttributeError) as exc:
        log.warning("ignoring unreadable %s (%s)", path, exc)
        return {}
