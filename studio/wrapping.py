"""Where long identifiers may wrap when they are shown in a narrow panel: after the dots,
slashes and colons inside them (``torch._inductor.codecache``, ``aten/src/ATen``,
``at::native``), never in the middle of a word."""

from __future__ import annotations

import re

ZWSP = "\u200b"  # a zero-width space: a place a line may break, invisible otherwise
_SEPARATOR_THEN_WORD = re.compile(r"(?<=[./\\:])(?=\w)")


def breakable(text: str) -> str:
    """``text`` with a zero-width space after each dot, slash, backslash or colon that is
    followed by a word character, so a long dotted name or path can wrap there."""
    return _SEPARATOR_THEN_WORD.sub(ZWSP, text)


def unbreakable(text: str) -> str:
    """``text`` without the break points :func:`breakable` put in (for copying)."""
    return text.replace(ZWSP, "")
