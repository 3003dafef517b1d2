"""Before a publish: every MP3's title, album, artist and summary as they are now.

A title edited after export, or a show renamed in show.toml, reaches the MP3s on the next
publish (studio.export.retag), before the feed is built from their sizes.
"""

from __future__ import annotations

from pathlib import Path

from ..export.identity import companion_names
from ..export.retag import Wanted, retag, tags_stale
from .gather import ShowEpisode
from .show import ShowSettings
from .show_identity import identity_of
from .state import read_published


def sync_tags(root: Path, settings: ShowSettings, episodes: list[ShowEpisode],
              dry_run: bool = False) -> list[str]:
    """Retag the MP3s whose tags are out of date (none in a dry run); returns the paths,
    relative to the show folder, that change."""
    identity = identity_of(settings)
    published = read_published(root)
    changed = []
    for item in episodes:
        wanted = Wanted.of(item.episode, identity.title, identity.host)
        if not tags_stale(item.folder / item.audio_name, wanted):
            continue
        changed += [item.rel_dir + item.audio_name, item.rel_dir + "episode.json"]
        if not dry_run:
            audio = retag(item.folder, item.episode, wanted, feed=root,
                          published=item.date in published or bool(item.episode.published_at))
            item.audio_name, item.audio_bytes = audio.file, audio.bytes
            changed.append(item.rel_dir + audio.file)
            # a new MP3 name brings its transcripts and chapters under names of their own
            for attr, name in zip(("vtt", "srt", "chapters"), companion_names(audio.file),
                                  strict=True):
                if getattr(item, attr) and name in item.episode.files:
                    setattr(item, attr, name)
                    changed.append(item.rel_dir + name)
    return changed
