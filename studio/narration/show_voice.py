"""The voice a show's earlier episodes were narrated with: what a run keeps where nothing
chose a voice, so an existing show does not change voice mid-series (issue 25)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ..plumbing.errors import StudioError


def earlier_voice(show_dir: str | Path) -> str | None:
    """The voice spec of the show's latest episode with synthesized takes (the one most of
    its takes were made with; "" = pyttsx3's default voice), or None when no episode has a
    synthesized take yet. An episode file that cannot be read is passed over."""
    from ..episode import load_episode
    from ..show_episodes import show_episodes

    for folder in reversed(show_episodes(Path(show_dir))):
        try:
            episode = load_episode(folder)
        except StudioError:
            continue
        voices = Counter(seg.take.voice.split("#", 1)[0] for seg in episode.segments
                         if seg.take is not None and seg.take.source == "synthesized")
        if voices:
            return voices.most_common(1)[0][0]  # a take's identity without its model hash
    return None
