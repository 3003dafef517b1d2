"""A local store of GitHub responses and their ETags, for conditional requests.

Each GET response that carries an ``ETag`` is kept as one JSON file, keyed by the URL and a
fingerprint of the token identity (never the token). The next identical request sends
``If-None-Match``; GitHub answers ``304 Not Modified`` at no rate-limit cost and the stored body
is used. Entries hold only the body and a few response headers (``Link`` for pagination).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ...plumbing.errors import StudioError
from ...plumbing.fsutil import read_json_if_any

log = logging.getLogger(__name__)

CACHE_ENV = "STUDIO_CACHE_DIR"
# Response headers worth replaying on a 304; nothing that could identify the caller.
KEPT_HEADERS = ("etag", "link", "content-type", "last-modified")


def default_cache_dir() -> Path:
    """``$STUDIO_CACHE_DIR/github`` if set, else the user cache dir of the studio."""
    override = os.environ.get(CACHE_ENV, "").strip()
    if override:
        return Path(override) / "github"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("commitcast-studio", appauthor=False)) / "github"


@dataclass
class CachedResponse:
    etag: str
    headers: dict[str, str]
    body: bytes


class EtagCache:
    """Response bodies with their ETags, one file per (token identity, URL)."""

    def __init__(self, directory: str | os.PathLike[str], identity: str) -> None:
        self.directory = Path(directory)
        self.identity = identity

    def prune(self, max_entries: int = 5000) -> int:
        """Drop the least recently written entries beyond ``max_entries``; returns how many."""
        try:
            entries = [e for e in os.scandir(self.directory) if e.name.endswith(".json")]
        except OSError:
            return 0
        if len(entries) <= max_entries:
            return 0
        entries.sort(key=lambda e: e.stat().st_mtime)
        dropped = 0
        for entry in entries[: len(entries) - max_entries]:
            try:
                os.unlink(entry.path)
                dropped += 1
            except OSError:
                pass
        return dropped

    def _path(self, url: str, accept: str) -> Path:
        key = f"{self.identity}\0{accept}\0{url}".encode()
        return self.directory / f"{hashlib.sha256(key).hexdigest()}.json"

    def get(self, url: str, accept: str = "") -> CachedResponse | None:
        path = self._path(url, accept)
        try:
            data = read_json_if_any(path, "cache entry")
            if data is None:
                return None
            return CachedResponse(
                etag=str(data["etag"]),
                headers={str(k): str(v) for k, v in dict(data["headers"]).items()},
                body=str(data["body"]).encode("utf-8"),
            )
        except (StudioError, OSError, ValueError, KeyError, TypeError, UnicodeError):
            log.info("ignoring a damaged cache entry %s", path.name)
            return None

    def put(self, url: str, headers: dict[str, str], body: bytes, accept: str = "") -> None:
        """Store a 200 response; a cache that cannot be written only costs rate limit later."""
        lower = {k.lower(): v for k, v in headers.items()}
        etag = lower.get("etag")
        if not etag:
            return
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            return
        entry = {
            "url": url,
            "etag": etag,
            "headers": {k: lower[k] for k in KEPT_HEADERS if k in lower},
            "body": text,
        }
        path = self._path(url, accept)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".entry.", suffix=".tmp", dir=self.directory)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(entry, fh, ensure_ascii=False)
            os.replace(tmp, path)
        except OSError as exc:
            log.info("cannot write the GitHub cache in %s: %s", self.directory, exc.strerror)
            try:
                os.unlink(tmp)
            except (OSError, UnboundLocalError):
                pass
