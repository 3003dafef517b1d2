"""Push the published site to a GitHub Pages branch through the git data API (PyGithub).

One publish is one commit: the branch's current tree is read once, every file whose git
blob sha differs is uploaded as a blob, and a single tree, commit and ref update follow.
Files that did not change are never re-uploaded; ``dry_run`` only lists what would change.
The MP3s go on the Pages branch too (see the README's "Publishing" section for why).
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from ..jobs import CancelToken, Progress, no_progress
from ..plumbing.errors import StudioError
from ..textsafe import clean_line
from .gather import ShowEpisode
from .show import GithubPush, ShowSettings

log = logging.getLogger(__name__)

Content = bytes | Path


def github_token() -> str | None:
    """The token to push with. One place to swap in keyring or ``gh auth token`` lookups."""
    for name in ("GITHUB_TOKEN", "GH_TOKEN"):
        value = os.environ.get(name, "").strip()
        if value:
            return value
    return None


def git_blob_sha(data: bytes) -> str:
    """The sha git (and GitHub's API) gives a file with these bytes."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


@dataclass
class PushResult:
    repo: str
    branch: str
    changed: list[str] = field(default_factory=list)
    uploaded: int = 0
    commit: str | None = None
    dry_run: bool = False


def site_files(root: Path, settings: ShowSettings, episodes: list[ShowEpisode],
               rendered: dict[str, bytes]) -> dict[str, Content]:
    """What the public site is made of, by path: generated pages plus the episodes' media."""
    files: dict[str, Content] = {rel: rendered[rel] for rel in ("feed.xml", "index.html",
                                                                "style.css")}
    files[settings.cover] = rendered.get(settings.cover, root / settings.cover)
    files[".nojekyll"] = b""  # serve the files as they are, no Jekyll build
    for item in episodes:
        files[item.rel_dir + "index.html"] = rendered[item.rel_dir + "index.html"]
        for name in (item.audio_name, item.vtt, item.srt, item.chapters):
            if name:
                files[item.rel_dir + name] = item.folder / name
    return files


def read_content(content: Content) -> bytes:
    """A site file's bytes (given, or read from its path); an unreadable file is one line."""
    if isinstance(content, bytes):
        return content
    try:
        return content.read_bytes()
    except OSError as exc:
        raise StudioError(f"cannot read {content}: {exc.strerror or exc}") from exc


def _is_local_api(api_url: str) -> bool:
    host = urlsplit(api_url).hostname or ""
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _client(token: str, api_url: str):  # noqa: ANN202 - a github.Github, imported lazily
    from github import Auth, Github

    kwargs: dict = {"auth": Auth.Token(token), "lazy": True, "per_page": 100}
    if api_url:
        kwargs["base_url"] = api_url
        if _is_local_api(api_url):  # an API on this machine needs no politeness delay
            kwargs.update(retry=None, seconds_between_requests=None, seconds_between_writes=None)
    return Github(**kwargs)


def _failure(target: GithubPush, exc: Exception) -> StudioError:
    from github import BadCredentialsException, GithubException

    if isinstance(exc, BadCredentialsException):
        return StudioError(f"GitHub rejected the token when pushing to {target.repo}")
    if isinstance(exc, GithubException):
        data = exc.data if isinstance(exc.data, dict) else {}
        detail = clean_line(str(data.get("message", "")))[:200]
        return StudioError(f"push to {target.repo} failed: HTTP {exc.status} {detail}".strip())
    return StudioError(f"cannot reach the GitHub API for {target.repo}: {type(exc).__name__}")


def push_files(files: dict[str, Content], target: GithubPush, token: str, message: str,
               dry_run: bool = False, progress: Progress = no_progress,
               cancel: CancelToken | None = None) -> PushResult:
    """Make the branch hold ``files`` (other files on it stay) in one commit."""
    import requests
    from github import GithubException, InputGitTreeElement, UnknownObjectException

    cancel = cancel or CancelToken()
    result = PushResult(target.repo, target.branch, dry_run=dry_run)
    try:
        repo = _client(token, target.api_url).get_repo(target.repo)
        progress(0.0, f"reading {target.repo} {target.branch}")
        try:
            ref = repo.get_git_ref(f"heads/{target.branch}")
            head = repo.get_git_commit(ref.object.sha)
        except UnknownObjectException:
            ref = head = None  # the branch does not exist yet: its first commit has no parent
        existing: dict[str, str] = {}
        if head is not None:
            tree = repo.get_git_tree(head.tree.sha, recursive=True)
            if tree.raw_data.get("truncated"):
                log.warning("the tree of %s is truncated; unchanged files may be re-sent",
                            target.branch)
            existing = {e.path: e.sha for e in tree.tree if e.type == "blob"}
        shas = {path: git_blob_sha(read_content(content)) for path, content in files.items()}
        result.changed = sorted(p for p, sha in shas.items() if existing.get(p) != sha)
        if dry_run or not result.changed:
            return result
        elements = []
        for n, path in enumerate(result.changed):
            cancel.check()
            progress(n / len(result.changed), f"uploading {path}")
            data = base64.b64encode(read_content(files[path])).decode("ascii")
            blob = repo.create_git_blob(data, "base64")
            if blob.sha != shas[path]:
                raise StudioError(f"GitHub stored {path} with a different sha: upload corrupted")
            result.uploaded += 1
            elements.append(InputGitTreeElement(path, "100644", "blob", sha=blob.sha))
        cancel.check()
        if head is not None:
            new_tree = repo.create_git_tree(elements, base_tree=head.tree)
            commit = repo.create_git_commit(message, new_tree, [head])
            ref.edit(commit.sha)
        else:
            new_tree = repo.create_git_tree(elements)
            commit = repo.create_git_commit(message, new_tree, [])
            repo.create_git_ref(f"refs/heads/{target.branch}", commit.sha)
        result.commit = commit.sha
        progress(1.0, f"pushed {len(result.changed)} files to {target.branch}")
        return result
    except (GithubException, requests.RequestException) as exc:
        raise _failure(target, exc) from None


FILE_LIMIT = 100_000_000  # GitHub refuses files over 100 MiB; stay under it in decimal MB


def check_file_sizes(episodes: list[ShowEpisode], limit: int = FILE_LIMIT) -> None:
    """Refuse, before anything is sent, an episode MP3 GitHub Pages cannot hold."""
    for item in episodes:
        if item.audio_bytes > limit:
            raise StudioError(
                f"episode {item.date}: {item.audio_name} is {item.audio_bytes / 1e6:.1f} MB, over "
                f"GitHub Pages' {limit / 1e6:.0f} MB file limit; nothing was pushed. Shorten it "
                f"(trim long silences, a lower --bitrate) and export it again")


def push_show(root: Path, settings: ShowSettings, episodes: list[ShowEpisode],
              rendered: dict[str, bytes], dry_run: bool = False,
              progress: Progress = no_progress, cancel: CancelToken | None = None,
              token_lookup: Callable[[], str | None] | None = None) -> PushResult:
    """Push the site of ``root`` as configured under ``[github]`` in show.toml."""
    target = settings.github
    if not target.repo:
        raise StudioError("pushing is not configured: set repo under [github] in show.toml")
    check_file_sizes(episodes)
    token = (token_lookup or github_token)()
    if not token:
        raise StudioError("no GitHub token: set GITHUB_TOKEN or GH_TOKEN to push")
    prefix = f"{target.path}/" if target.path else ""
    files = {prefix + rel: content
             for rel, content in site_files(root, settings, episodes, rendered).items()}
    latest = clean_line(episodes[-1].episode.title)[:100] if episodes else ""
    message = f"Publish {clean_line(settings.title)[:80]}: {episodes[-1].date} {latest}".strip()
    return push_files(files, target, token, message, dry_run, progress, cancel)
