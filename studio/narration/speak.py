"""Worker: ``python -m studio.narration.speak OUT.wav VOICE RATE TIMEOUT`` < text.

Speaks stdin into OUT.wav with pyttsx3 (one utterance), exits 0 when the file is complete;
otherwise prints one line saying why on stderr and exits 1.
"""

from __future__ import annotations

import os
import sys

from .tts import _speak_here


def main(argv: list[str]) -> int:
    path, voice, rate, timeout = argv[0], argv[1], int(argv[2]), float(argv[3])
    text = sys.stdin.buffer.read().decode("utf-8")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # pyttsx3 prints "Audio saved to ..." on stdout
    try:
        status, message = _speak_here(text, path, voice, rate, timeout)
    except Exception as exc:  # one line for the parent, whatever happened
        status, message = "error", f"{type(exc).__name__}: {exc}"
    if status != "ok":
        print(message, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
