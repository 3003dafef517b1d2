"""Sending the rendered site to the targets of a publish (folder, S3), one after the other."""

from __future__ import annotations

from pathlib import Path

from ..jobs import CancelToken, Progress, no_progress, scaled
from .aliases import older_names
from .gather import ShowEpisode
from .github_pages import site_files
from .show import ShowSettings
from .targets import FolderTarget, S3Target, SendResult, Target


def old_names(episodes: list[ShowEpisode]) -> dict[str, str]:
    """Each episode's older MP3 names (studio.publish.aliases) -> its current MP3, and their
    transcripts and chapters -> the current render's, by path."""
    return {item.rel_dir + old: item.rel_dir + current
            for item in episodes for old, current in older_names(item.episode).items()}


def send_site(root: Path, settings: ShowSettings, episodes: list[ShowEpisode],
              rendered: dict[str, bytes], targets: list[Target], dry_run: bool = False,
              progress: Progress = no_progress, cancel: CancelToken | None = None
              ) -> list[SendResult]:
    """Send the site to each folder and S3 target (GitHub Pages is pushed elsewhere)."""
    wanted = [t for t in targets if isinstance(t, FolderTarget | S3Target)]
    if not wanted:
        return []
    files = site_files(root, settings, episodes, rendered)
    results = []
    for n, target in enumerate(wanted):
        step = scaled(progress, n / len(wanted), (n + 1) / len(wanted))
        if isinstance(target, FolderTarget):
            from .to_folder import send_to_folder

            results.append(send_to_folder(files, target, root, dry_run, step, cancel,
                                          old_names(episodes)))
        else:
            from .to_s3 import send_to_s3

            results.append(send_to_s3(files, target, settings.s3, dry_run, step, cancel))
    return results
