"""Where a repository lives on the web: its name and page from a remote URL, and the links of
its changes, in the forge's own URL scheme (GitHub's ``/pull/N``, GitLab's
``/-/merge_requests/N``)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

_REMOTE = re.compile(
    r"^(?:(?P<scheme>https?|ssh|git)://(?:[^@/]+@)?(?P<host>[^/:]+)(?::\d+)?/"
    r"|(?:[^@/]+@)?(?P<scphost>[^/:]+):)(?P<path>[^?#]+?)(?:\.git)?/?$"
)
_SAFE = re.compile(r"[A-Za-z0-9_.-]+")


def remote_identity(url: str) -> tuple[str, str] | None:
    """(name, web URL) of a remote URL: the name is the whole project path (GitLab's
    ``group/subgroup/project``, GitHub's ``owner/name``); the URL is empty when a part holds
    characters a link should not carry. None when the URL names no project."""
    match = _REMOTE.match(url)
    if not match:
        return None
    parts = [p for p in match.group("path").split("/") if p]
    if len(parts) < 2:
        return None
    name = "/".join(parts)
    host = match.group("host") or match.group("scphost")
    safe = all(_SAFE.fullmatch(p) and p not in (".", "..") for p in (host, *parts))
    return name, f"https://{host}/{name}" if safe else ""


def is_gitlab(repo_url: str) -> bool:
    host = (urlsplit(repo_url).hostname or "") if repo_url else ""
    return "gitlab" in host.split(".")[0] or host.startswith("gitlab.")


def change_url(repo_url: str, number: int) -> str:
    """The page of pull (merge) request ``number``; empty without a repository page."""
    if not repo_url:
        return ""
    if is_gitlab(repo_url):
        return f"{repo_url}/-/merge_requests/{number}"
    return f"{repo_url}/pull/{number}"


def commit_url(repo_url: str, sha: str) -> str:
    if not repo_url:
        return ""
    return f"{repo_url}/-/commit/{sha}" if is_gitlab(repo_url) else f"{repo_url}/commit/{sha}"
