"""The recap writer: a span's stories across days, told as one episode."""

from .writer import RecapWriter

__all__ = ["RecapWriter"]
