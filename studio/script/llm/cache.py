"""Drafts kept by a hash of (model, prompt, facts): writing the same day again costs nothing.

The prompt holds the facts (every commit's card), so the key is a hash of the model, the
messages, the temperature and the draft format. Only answers that parsed as drafts and whose
locked episode was usable (:mod:`.usable`) are kept; the API key and the server's address are
not part of the key or the file.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from pathlib import Path

from ...plumbing.errors import StudioError
from ...plumbing.fsutil import SMALL_JSON_LIMIT, atomic_write_bytes, read_json_if_any

log = logging.getLogger(__name__)

CACHE_ENV = "STUDIO_CACHE_DIR"
FORMAT = 2  # bump when the draft format or the prompt's meaning changes


def default_cache_dir() -> Path:
    override = os.environ.get(CACHE_ENV, "").strip()
    if override:
        return Path(override) / "drafts"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("commitcast-studio", appauthor=False)) / "drafts"


def draft_key(model: str, messages: list[dict[str, str]], temperature: float) -> str:
    blob = json.dumps({"format": FORMAT, "model": model, "messages": messages,
                       "temperature": round(temperature, 3)}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()


class DraftCache:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or default_cache_dir()

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> str | None:
        try:
            data = read_json_if_any(self._path(key), "draft cache entry",
                                    limit=SMALL_JSON_LIMIT)
        except StudioError:
            return None
        content = data.get("content") if isinstance(data, dict) else None
        return content if isinstance(content, str) else None

    def put(self, key: str, content: str) -> None:
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(path, json.dumps({"content": content}).encode())
        except OSError as exc:  # a cache that cannot be written only costs a re-draft later
            log.info("draft not cached: %s", exc.strerror or type(exc).__name__)

    def forget(self, key: str) -> None:
        """Drop an entry (a draft found unusable): the next run asks the server again."""
        try:
            self._path(key).unlink(missing_ok=True)
        except OSError as exc:
            log.info("cached draft not removed: %s", exc.strerror or type(exc).__name__)
