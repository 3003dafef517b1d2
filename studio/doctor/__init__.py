"""`studio doctor`: is everything `produce` needs on this machine, and if not, what to do.

Each check is a small function returning a :class:`Check`; none imports Qt, so the doctor
runs on a server, in CI and inside the desktop app alike.
"""

from __future__ import annotations

from .model import Check, DoctorOptions, run_checks

__all__ = ["Check", "DoctorOptions", "run_checks"]
