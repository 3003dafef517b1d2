"""The voice a show's episodes are narrated with in the app: the app's voice and rate, with the
show's show.toml ``[voice]`` where it sets one (:func:`studio.pipeline.with_show_voice`, the
function `studio render` and `produce` use). Asked on every refresh of the takes' states, so
show.toml is read again only when it, the show or the app's voice changed."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

from ..plumbing.errors import StudioError
from ..settings import Settings

log = logging.getLogger(__name__)


class ShowVoices:
    def __init__(self) -> None:
        self._last: tuple[tuple, tuple[str, int]] | None = None

    def settings_for(self, settings: Settings, show: str | Path | None) -> Settings:
        """``settings`` with the voice and rate of ``show``'s show.toml, where it sets them; a
        show.toml that cannot be read (said once in the log) leaves them as they are."""
        from ..audio.settings import AudioSettings
        from ..pipeline import with_show_voice
        from ..publish.show import show_file

        try:
            stamp = show_file(show).stat().st_mtime_ns if show else None
        except OSError:
            stamp = None
        if stamp is None:
            return settings
        key = (str(show), stamp, settings.voice, settings.rate)
        if self._last is None or self._last[0] != key:
            try:
                voiced = with_show_voice(AudioSettings(voice=settings.voice, rate=settings.rate),
                                         show)
                found = (voiced.voice, voiced.rate)
            except StudioError as exc:
                log.warning("show voice not used: %s", exc)
                found = (settings.voice, settings.rate)
            self._last = (key, found)
        voice, rate = self._last[1]
        if (voice, rate) == (settings.voice, settings.rate):
            return settings
        return replace(settings, voice=voice, rate=rate)
