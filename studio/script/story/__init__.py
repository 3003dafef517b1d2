"""The story writer: the day's threads told in order of what matters (see :mod:`.writer`)."""

from .writer import StoryWriter

__all__ = ["StoryWriter"]
