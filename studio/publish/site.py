"""The whole publish: gather the episodes, render the feed and pages, replace what changed.

Everything is rendered in memory first; only when every page and the feed have been built
are files replaced, each atomically and only when its bytes differ. A failure anywhere
before that leaves the published site exactly as it was; publishing the same episodes
again writes nothing.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import json
import logging
import os
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from ..episode import save_episode
from ..jobs import CancelToken, Progress, no_progress, scaled
from ..plumbing.diskspace import is_no_space, no_space_kept
from ..plumbing.errors import StudioError
from ..plumbing.fsutil import atomic_write_bytes, published_mode
from ..plumbing.showlock import locks_show
from ..resources import resource_path
from .aliases import link_aliases
from .artwork import default_cover, site_icon
from .feed import build_feed, parse_published
from .gather import ShowEpisode, gather_episodes
from .pages import render_episode_page, render_index, stylesheet
from .podcast_ns import podcast_guid
from .read_only import check_read_only, is_read_only
from .release import ReleaseSettings, release_time
from .safe_files import inside
from .show import (
    DEFAULT_COVER,
    ShowSettings,
    check_base_url,
    default_settings,
    load_or_create,
    show_file,
    validate,
    write_settings,
)
from .state import STATE_FILE, read_published
from .tag_sync import sync_tags

log = logging.getLogger(__name__)

NEARBY = 3  # episodes listed on each side under "Nearby episodes"
ICON_FILE = "icon.png"  # the pages' icon (tab, home screen): the cover made small


def _stock_cover() -> bytes:  # the studio's own cover, which names no show
    return resource_path("art", "cover.png").read_bytes()


@dataclass
class PublishResult:
    show_dir: Path
    feed_url: str
    episodes: list[str]
    drafts: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)  # written, or would be in a dry run
    unchanged: int = 0
    dry_run: bool = False
    push: object | None = None  # a github_pages.PushResult when pushed
    sent: list = field(default_factory=list)  # a targets.SendResult per folder / S3 target
    notes: list[str] = field(default_factory=list)  # what the host should do next


def _is_local(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _show_guid(settings: ShowSettings) -> tuple[str, bool]:
    """The show's podcast:guid and whether it is newly pinned in show.toml."""
    if settings.podcast_guid:
        try:
            return str(uuid.UUID(settings.podcast_guid)), False
        except ValueError:
            raise StudioError(f"show.toml: podcast_guid {settings.podcast_guid!r} is not a UUID")\
                from None
    guid = podcast_guid(settings.feed_url)
    if _is_local(settings.base_url):
        return guid, False  # a preview address: do not pin the show to it
    settings.podcast_guid = guid
    return guid, True


def _published_times(episodes: list[ShowEpisode], state: dict[str, str], now: dt.datetime,
                     release: ReleaseSettings, release_at: dict[str, str]) -> dict[str, str]:
    """Each episode's publish time: the host's ``release_at``, else the one stamped at its
    first publish, else its release time (studio.publish.release)."""
    unknown = sorted(set(release_at) - {item.date for item in episodes})
    if unknown:
        raise StudioError(f"--release-at: no published episode {unknown[0]!r} in this show")
    times = {}
    for item in episodes:
        value = (release_at.get(item.date) or item.episode.published_at or state.get(item.date)
                 or release_time(item.episode, release, now))
        try:
            parse_published(value)
        except ValueError:
            raise StudioError(f"episode {item.date}: published_at {value!r} is not RFC 3339")\
                from None
        times[item.date] = value
    return times


def _settings(root: Path, newest: ShowEpisode, base_url: str | None, dry_run: bool
              ) -> tuple[ShowSettings, bool, bool]:
    """The show's settings (created on first use, except in a dry run), with ``base_url``
    applied; returns them, whether show.toml is new, and whether it needs saving."""
    if base_url is not None:
        base_url = check_base_url(base_url)  # before anything is written
    ep = newest.episode
    if dry_run and not show_file(root).exists():
        settings, created = default_settings(ep.show, ep.repo), True
        validate(settings)
    else:
        settings, created = load_or_create(root, ep.show, ep.repo)
    changed = False
    if base_url is not None and base_url != settings.base_url:
        if settings.podcast_guid and not _is_local(settings.base_url):  # public before: a move
            settings.moved_from = settings.feed_url
        settings.base_url, changed = base_url, True
    if not settings.owner.email:
        log.warning("show.toml: owner.email is empty; Apple Podcasts mails it to verify the "
                    "show: add [owner] email = \"you@example.com\" to %s (in the app: "
                    "Settings ▸ Show ▸ Owner e-mail)", show_file(root))
    return settings, created, changed


def render_site(settings: ShowSettings, guid: str, episodes: list[ShowEpisode],
                published: dict[str, str], progress: Progress = no_progress,
                cancel: CancelToken | None = None) -> dict[str, bytes]:
    """Every generated file of the site, by path relative to the show folder."""
    cancel = cancel or CancelToken()
    files: dict[str, bytes] = {}
    for n, item in enumerate(episodes):
        cancel.check()
        progress(n / max(1, len(episodes)), f"rendering the page of {item.date}")
        older = episodes[max(0, n - NEARBY):n][::-1]
        newer = episodes[n + 1:n + 1 + NEARBY]
        files[item.rel_dir + "index.html"] = render_episode_page(
            settings, item, published[item.date], older, newer, covering_recap(item, episodes))
    files["index.html"] = render_index(settings, episodes)
    files["style.css"] = stylesheet()
    files["feed.xml"] = build_feed(settings, guid, episodes, published)
    progress(1.0, "rendered the feed and pages")
    return files


def covering_recap(item: ShowEpisode, episodes: list[ShowEpisode]) -> ShowEpisode | None:
    """The published recap whose span holds the daily ``item``'s day (None for a recap)."""
    if item.episode.kind == "recap":
        return None
    day = item.episode.date
    return next((r for r in episodes if r.episode.kind == "recap"
                 and r.episode.span_start <= day <= r.episode.date), None)


def readable(path: Path) -> None:
    """Give a published file the read bits the umask grants, if it lacks them (a site
    published before by a studio that wrote 0600 files)."""
    wanted = published_mode()
    try:
        mode = path.stat().st_mode & 0o777
        if wanted & ~mode & 0o444:
            os.chmod(path, mode | (wanted & 0o444))
    except OSError as exc:
        log.warning("cannot make %s readable: %s", path, exc.strerror or exc)


def _served_files(root: Path, cover: Path, episodes: list[ShowEpisode]) -> list[Path]:
    """The show folder's own files a web server serves: the cover and each episode's MP3,
    transcripts and chapters (each already checked to be a regular file in the folder)."""
    paths = [cover] if os.path.lexists(cover) else []
    for item in episodes:
        names = [item.audio_name, item.vtt, item.srt, item.chapters]
        paths += [item.folder / name for name in names if name]
    return paths


def _differs(path: Path, data: bytes) -> bool:
    try:
        return path.read_bytes() != data
    except OSError:
        return True


@locks_show("studio publish", create=False, unless="dry_run")
def publish_show(
    show_dir: str | Path,
    base_url: str | None = None,
    *,
    push: bool | None = None,
    dry_run: bool = False,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
    token_lookup: Callable[[], str | None] | None = None,
    targets: list[str] | None = None,
    release_at: dict[str, str] | None = None,
) -> PublishResult:
    """Publish ``show_dir``: feed.xml, index.html, style.css and a page per episode;
    with ``push`` (default: show.toml's ``github.auto_push``), also send the site to the
    GitHub Pages branch set in show.toml; then to each of ``targets`` (default: show.toml's
    ``[publish] to``), e.g. ``folder:/srv/www/show`` or ``s3://bucket/prefix``.
    ``release_at``: the host's publish times by episode folder, replacing the stamped ones."""
    from ..export.journal import feed_written
    from ..recovery import recover_show
    from .targets import GithubTarget, parse_target

    cancel = cancel or CancelToken()
    asked = None if targets is None else [parse_target(t) for t in targets]  # before any write
    root = Path(show_dir)
    read_only = not dry_run and is_read_only(root)  # published elsewhere only (read_only)
    if read_only and asked is not None:
        check_read_only(root, bool(asked) or bool(push))
    if not dry_run and not read_only:
        recover_show(root, publish_feed=False)  # the feed written here is the one owed
    progress(0.0, "reading the episodes")
    gathered = gather_episodes(root)
    episodes = gathered.episodes
    settings, created, settings_changed = _settings(root, episodes[-1], base_url,
                                                    dry_run or read_only)
    moved = settings_changed and settings.moved_from not in ("", settings.feed_url)
    if read_only and asked is None:
        check_read_only(root, bool(settings.publish.to) or bool(push) or (
            push is None and settings.github.auto_push and bool(settings.github.repo)))
    guid, pinned = _show_guid(settings)
    settings_changed |= pinned

    files: dict[str, bytes] = {}
    cover = root / settings.cover
    if not os.path.lexists(cover):
        if settings.cover != DEFAULT_COVER:
            raise StudioError(f"cover image {cover} is missing (show.toml: cover)")
        files[DEFAULT_COVER] = default_cover(settings.title)  # names the show
        cover_bytes = files[DEFAULT_COVER]
    else:
        inside(root, cover)  # a regular file in the show folder, never a link out of it
        cover_bytes = cover.read_bytes()
        if settings.cover == DEFAULT_COVER and cover_bytes == _stock_cover():
            files[DEFAULT_COVER] = cover_bytes = default_cover(settings.title)  # an old default
    icon = site_icon(cover_bytes)
    if icon is not None:
        files[ICON_FILE] = icon

    # before the feed reads sizes; a read-only show's MP3s are sent with the tags they have
    retagged = sync_tags(root, settings, episodes, dry_run or read_only)
    state = read_published(root)
    published = _published_times(episodes, state, dt.datetime.now(dt.UTC), settings.release,
                                 release_at or {})
    files.update(render_site(settings, guid, episodes, published, scaled(progress, 0.1, 0.7),
                             cancel))
    new_state = {**state, **published}
    files[STATE_FILE] = (json.dumps({"published": dict(sorted(new_state.items()))}, indent=2)
                         + "\n").encode("utf-8")
    cancel.check()

    changed = [rel for rel, data in files.items() if _differs(root / rel, data)]
    stamped = [item for item in episodes if item.episode.published_at != published[item.date]]
    changed += [item.rel_dir + "episode.json" for item in stamped] + retagged
    if settings_changed or created:
        changed.append(show_file(root).name)
    result = PublishResult(root, settings.feed_url, [e.date for e in episodes], gathered.drafts,
                           sorted(set(changed)), len(files) - len(set(changed) & set(files)),
                           dry_run)
    if moved:
        result.notes.append(
            f"the show moved from {settings.moved_from}: the feed says itunes:new-feed-url "
            f"{settings.feed_url}; make the old address answer 301 to it (docs/hosting.md)")
    if read_only:
        log.warning("show folder %s is read-only: the site goes to the publish targets only "
                    "(its own feed, pages and publish times are left as they are)", root)
    if not dry_run and not read_only:
        progress(0.75, "writing the site")
        try:
            if settings_changed:
                write_settings(settings, root)
            for item in stamped:
                item.episode.published_at = published[item.date]
                save_episode(item.episode, item.folder)
            for rel, data in files.items():
                if rel in changed:
                    atomic_write_bytes(root / rel, data, public=rel != STATE_FILE)
                elif rel != STATE_FILE:
                    readable(root / rel)
            for path in _served_files(root, cover, episodes):
                readable(path)  # a self-hosted show serves them from here
        except StudioError as exc:
            if not is_no_space(exc):
                raise
            raise no_space_kept(root, "the site was not updated in full") from exc
        for item in episodes:
            link_aliases(item.folder, item.episode)  # old URLs: after the new feed is in place
            feed_written(item.folder)  # the feed now follows each episode's last export
    chosen = asked if asked is not None else [parse_target(t) for t in settings.publish.to]
    if any(isinstance(t, GithubTarget) for t in chosen):
        push = True
    if push is None:
        push = settings.github.auto_push and bool(settings.github.repo)
    if push:
        from .github_pages import push_show

        result.push = push_show(root, settings, episodes, files, dry_run=dry_run,
                                progress=scaled(progress, 0.8, 0.9 if chosen else 1.0),
                                cancel=cancel,
                                token_lookup=token_lookup)
    if chosen:
        from .send import send_site

        result.sent = send_site(root, settings, episodes, files, chosen, dry_run,
                                scaled(progress, 0.9 if push else 0.8, 1.0), cancel)
    progress(1.0, "published" if not dry_run else "dry run: nothing written")
    return result
