"""The production tabs (narration and audio editing) and the export dialog, added to the main
window once: kept apart so the window module stays about layout."""

from __future__ import annotations


def install_tabs(window) -> None:
    """Add the narration/audio tabs and the export action to ``window``."""
