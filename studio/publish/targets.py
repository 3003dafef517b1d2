"""Where a publish sends the site besides the show folder: ``--to`` and show.toml ``[publish]``.

A target is written as ``folder:/srv/www/show`` (a folder a web server serves),
``s3://bucket/prefix`` (an S3-compatible bucket; ``[s3]`` names the endpoint and region) or
``github`` (the GitHub Pages branch of ``[github]``, the same as ``--push``). Anything else is
a one-line error before anything is written.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..plumbing.errors import StudioError

log = logging.getLogger(__name__)

SCHEMES = "folder:PATH, s3://BUCKET/PREFIX or github"


@dataclass
class PublishTargets:
    """``[publish]``: targets every publish sends the site to (also the one ending produce)."""

    to: list[str] = field(default_factory=list)


@dataclass
class S3Settings:
    """``[s3]``: the S3-compatible service. Credentials never live here: they come from the
    environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE) or ~/.aws."""

    endpoint_url: str = ""  # empty: AWS itself
    region: str = ""  # empty: the AWS configuration's region


@dataclass(frozen=True)
class FolderTarget:
    path: Path

    def __str__(self) -> str:
        return f"folder:{self.path}"


@dataclass(frozen=True)
class S3Target:
    bucket: str
    prefix: str  # "" or ending in "/"

    def __str__(self) -> str:
        return f"s3://{self.bucket}/{self.prefix}"


@dataclass(frozen=True)
class GithubTarget:
    def __str__(self) -> str:
        return "github"


Target = FolderTarget | S3Target | GithubTarget


def parse_target(text: str) -> Target:
    """One target from its written form; a StudioError naming the known forms otherwise."""
    raw = (text or "").strip()
    if raw == "github":
        return GithubTarget()
    if raw.startswith("folder:"):
        path = raw[len("folder:"):]
        if not path.strip():
            raise StudioError(f"publish target {raw!r} names no folder (folder:/srv/www/show)")
        return FolderTarget(Path(path).expanduser().absolute())
    if raw.startswith("s3://"):
        parts = urlsplit(raw)
        bucket = parts.netloc
        if not bucket:
            raise StudioError(f"publish target {raw!r} names no bucket (s3://BUCKET/PREFIX)")
        if parts.query or parts.fragment or "@" in bucket or ":" in bucket:
            raise StudioError(f"publish target {raw!r} is not s3://BUCKET/PREFIX")
        prefix = parts.path.strip("/")
        if ".." in prefix.split("/"):
            raise StudioError(f"publish target {raw!r}: the prefix must not contain '..'")
        return S3Target(bucket, prefix + "/" if prefix else "")
    scheme = raw.split(":", 1)[0] if ":" in raw else raw
    raise StudioError(f"unknown publish target {scheme[:40]!r}: use {SCHEMES}")


def parse_publish(data: dict[str, Any], where: str) -> PublishTargets:
    """``[publish]`` of show.toml: ``to`` is a list of target strings, each checked now."""
    _unknown(data, {"to"}, where)
    to = data.get("to", [])
    if isinstance(to, str):
        to = [to]
    if not isinstance(to, list) or not all(isinstance(t, str) for t in to):
        raise StudioError(f"{where}: publish.to must be a list of targets ({SCHEMES})")
    for text in to:
        parse_target(text)
    return PublishTargets(to=list(to))


def parse_s3(data: dict[str, Any], where: str) -> S3Settings:
    _unknown(data, {"endpoint_url", "region"}, where)
    out = S3Settings()
    for name in ("endpoint_url", "region"):
        value = data.get(name, "")
        if not isinstance(value, str):
            raise StudioError(f"{where}: s3.{name} must be a string")
        setattr(out, name, value.strip())
    if out.endpoint_url:
        parts = urlsplit(out.endpoint_url)
        if parts.username or parts.password:
            raise StudioError(f"{where}: s3.endpoint_url must not hold credentials; they come "
                              "from the environment or ~/.aws")
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise StudioError(f"{where}: s3.endpoint_url must be an http:// or https:// URL, "
                              f"not {out.endpoint_url[:80]!r}")
    return out


@dataclass
class SendResult:
    """What one target got: the files that differed (sent, or would be in a dry run)."""

    target: str
    changed: list[str] = field(default_factory=list)
    sent: int = 0
    unchanged: int = 0
    dry_run: bool = False
    notes: list[str] = field(default_factory=list)  # one line each, for the host


def in_send_order(paths: list[str]) -> list[str]:
    """Media first, then the episode pages, the show page, and the feed last: a client that
    reads the feed mid-publish finds every file it points at already in place."""
    def rank(rel: str) -> tuple[int, str]:
        if rel == "feed.xml":
            return 3, rel
        if rel == "index.html":
            return 2, rel
        return (1 if rel.endswith(".html") else 0), rel
    return sorted(paths, key=rank)


def _unknown(data: dict[str, Any], known: set[str], where: str) -> None:
    if set(data) - known:
        log.warning("%s: ignoring unknown keys %s", where, ", ".join(sorted(set(data) - known)))
