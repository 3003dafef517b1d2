"""User-facing errors: each carries one line that the CLI and the GUI show as is, with every
known secret masked (studio.plumbing.redact): a message may quote a server's answer, which may echo a
request's token."""

from .redact import redact


class StudioError(Exception):
    """A problem the user can act on; its message is one line, with no traceback."""

    def __init__(self, message: str) -> None:
        super().__init__(redact(" ".join(str(message).split())))


class Cancelled(StudioError):
    """A long job was cancelled by the user."""

    def __init__(self, message: str = "cancelled") -> None:
        super().__init__(message)


class PublishStepFailed(StudioError):
    """``produce`` (or a recap) made and saved the episode, and only publishing it failed:
    the message says so, so nobody makes the episode again to publish it."""
