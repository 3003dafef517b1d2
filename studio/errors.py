"""User-facing errors: each carries one line that the CLI and the GUI show as is."""


class StudioError(Exception):
    """A problem the user can act on; its message is one line, with no traceback."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(str(message).split()))


class Cancelled(StudioError):
    """A long job was cancelled by the user."""

    def __init__(self, message: str = "cancelled") -> None:
        super().__init__(message)
