"""After ``studio render``: the show's site follows the episode it re-exported.

A render changes the MP3 (its length in bytes, which the feed's enclosure states) and maybe
the script (which the episode page shows). An episode the feed already lists is republished
here, locally: feed.xml and the pages are rebuilt from the files on disk. Sending the site
elsewhere (GitHub Pages, a folder, S3) stays ``studio publish``'s, which the host is told.
An episode the feed does not list yet is not added: publishing it is the host's call.
"""

from __future__ import annotations

from pathlib import Path

from ..jobs import Progress, no_progress
from ..plumbing.showlock import show_of
from .state import read_published


def site_owed(episode_dir: str | Path) -> Path | None:
    """The show folder whose published feed lists this episode (it must follow a render),
    else None: an episode outside a show, or one never published."""
    show = show_of(episode_dir)
    if show is None or not (show / "feed.xml").is_file():
        return None
    return show if Path(episode_dir).resolve().name in read_published(show) else None


def follow_render(episode_dir: str | Path, progress: Progress = no_progress) -> str:
    """Bring the site along after a render; returns the one line to tell the host ("" for an
    episode outside any show)."""
    from .show import read_settings
    from .site import publish_show

    show = show_of(episode_dir)
    if show is None:
        return ""
    owed = site_owed(episode_dir)
    if owed is None:
        return (f"site: not updated, the feed does not list this episode yet; publish it with "
                f"`studio publish --show-dir {show}`")
    from .step_failed import saved_unless_published

    saved_unless_published(lambda: publish_show(owed, push=False, targets=[], progress=progress),
                           "rendered", Path(episode_dir), "the site update",
                           f"update it with `studio publish --show-dir {owed}`")
    settings = read_settings(owed)
    elsewhere = list(settings.publish.to) + (["GitHub Pages"] if settings.github.repo else [])
    if elsewhere:
        return (f"site: feed and page updated in {owed}; send them to {', '.join(elsewhere)} "
                f"with `studio publish --show-dir {owed}`")
    return f"site: feed and page updated in {owed}"
