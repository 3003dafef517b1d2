"""The whole-episode player: the episode rendered as it will be exported, played from any
point (see :mod:`studio.audio.preview`)."""
