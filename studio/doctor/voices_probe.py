"""Run as ``python -m studio.doctor.voices_probe``: print the voices pyttsx3 offers as JSON.

A separate process, so that a speech engine that hangs or crashes while starting cannot take
the doctor (or the desktop app) with it.
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    try:
        import pyttsx3
    except ImportError:
        print(json.dumps({"error": "pyttsx3 is not installed"}))
        return 0
    try:
        engine = pyttsx3.init()
        voices = [{"id": str(v.id), "name": str(v.name),
                   "languages": [str(x) for x in (v.languages or [])]}
                  for v in engine.getProperty("voices")]
        default = str(engine.getProperty("voice") or "")
    except Exception as exc:  # noqa: BLE001 - the driver raises whatever ctypes raised
        print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}))
        return 0
    print(json.dumps({"voices": voices, "default": default}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
