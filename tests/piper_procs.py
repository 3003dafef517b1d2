"""The Piper worker processes a test's run started, found in /proc (tests of cancelling and
of bad input check that none is left behind)."""

from __future__ import annotations

import os
from pathlib import Path

WORKER = b"studio.narration.piper_worker"


def piper_workers_of(pid: int | None = None) -> list[int]:
    """The live Piper workers whose parent is ``pid`` (default: this test process)."""
    parent = os.getpid() if pid is None else pid
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            cmd = (entry / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if ppid == parent and WORKER in cmd:
            found.append(int(entry.name))
    return found
