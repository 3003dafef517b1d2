"""The user's settings: one typed dataclass, saved as JSON in the platform's config folder.

A corrupt or half-written file never stops the app: unreadable files are set aside as
``settings.json.bad`` and defaults are used; unknown keys are dropped and values of the wrong
type fall back to their default one by one. Secrets are not settings: the GitHub token lives in
the OS keyring (:mod:`studio.credentials`).
"""

from __future__ import annotations

import logging
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from .plumbing.errors import StudioError
from .plumbing.fsutil import SMALL_JSON_LIMIT, atomic_write_json, read_json_if_any

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
MAX_RECENT = 10


@dataclass
class Settings:
    voice: str = ""  # the speech engine's voice id, e.g. "gmw/en-us"; "" = its default
    rate: int = 165  # words per minute the synthesizer speaks
    loudness_target: float = -16.0  # LUFS
    show_dir: str = ""  # default show folder for exports and publishing
    show_title: str = ""
    show_author: str = ""
    profile: str = ""  # default show profile ("" = by repository)
    script_minutes: float = 3.0  # target length of a busy day's script
    tz: str = "UTC"
    github_api_url: str = ""  # GitHub Enterprise API URL; "" = github.com
    recent_repos: list[str] = field(default_factory=list)
    recent_projects: list[str] = field(default_factory=list)

    def validated(self) -> Settings:
        """A copy with out-of-range numbers brought back into range."""
        s = Settings(**asdict(self))
        s.rate = max(80, min(400, int(s.rate)))
        s.loudness_target = max(-30.0, min(-10.0, float(s.loudness_target)))
        s.script_minutes = max(1.0, min(15.0, float(s.script_minutes)))
        s.recent_repos = [str(r) for r in s.recent_repos][:MAX_RECENT]
        s.recent_projects = [str(p) for p in s.recent_projects][:MAX_RECENT]
        return s


def config_dir() -> Path:
    """Where settings live: ``$COMMITCAST_CONFIG_DIR`` if set (tests), else the platform's."""
    override = os.environ.get("COMMITCAST_CONFIG_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir("commitcast-studio", appauthor=False))


def state_dir() -> Path:
    """Where autosaves live: ``$COMMITCAST_STATE_DIR`` if set, else the platform's state folder."""
    override = os.environ.get("COMMITCAST_STATE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_state_dir("commitcast-studio", appauthor=False))


def _coerce(value: Any, default: Any) -> Any:
    if isinstance(default, bool):
        return value if isinstance(value, bool) else default
    if isinstance(default, int):
        return int(value) if isinstance(value, int | float) and not isinstance(value, bool) \
            else default
    if isinstance(default, float):
        return float(value) if isinstance(value, int | float) and not isinstance(value, bool) \
            else default
    if isinstance(default, str):
        return value if isinstance(value, str) else default
    if isinstance(default, list):
        return [v for v in value if isinstance(v, str)] if isinstance(value, list) else default
    return default


def settings_from(data: Any) -> Settings:
    """Settings from parsed JSON, keeping every field that has the right type."""
    base = Settings()
    if not isinstance(data, dict):
        return base
    values = {f.name: _coerce(data.get(f.name, getattr(base, f.name)), getattr(base, f.name))
              for f in fields(Settings)}
    return Settings(**values).validated()


def load_settings(directory: Path | None = None) -> Settings:
    path = (directory or config_dir()) / SETTINGS_FILE
    try:
        data = read_json_if_any(path, "settings file", limit=SMALL_JSON_LIMIT)
        if data is None:
            return Settings()
    except StudioError as exc:
        log.warning("settings file %s is unreadable (%s); using defaults", path, exc)
        try:
            os.replace(path, path.with_name(SETTINGS_FILE + ".bad"))
        except OSError:
            pass
        return Settings()
    return settings_from(data)


def save_settings(settings: Settings, directory: Path | None = None) -> Path:
    path = (directory or config_dir()) / SETTINGS_FILE
    atomic_write_json(path, asdict(settings.validated()))
    return path


def remember(items: list[str], item: str, limit: int = MAX_RECENT) -> list[str]:
    """``items`` with ``item`` moved (or added) to the front, at most ``limit`` long."""
    return [item, *[i for i in items if i != item]][:limit]
