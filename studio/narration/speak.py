"""Worker: ``python -m studio.narration.speak VOICE RATE TIMEOUT``.

Reads a JSON request on stdin (``{"text": ..., "path": ...}``), speaks it into its WAV file
with one pyttsx3 utterance and answers with one JSON line (``{"status": "ok"|"error",
"message": ...}``). The parent sends one request per worker (see tts.py for why).
"""

from __future__ import annotations

import json
import os
import sys

from .tts import start_speaker


def main(argv: list[str]) -> int:
    voice, rate, timeout = argv[0], int(argv[1]), float(argv[2])
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # pyttsx3 prints "Audio saved to ..." on stdout
    speaker, problem = start_speaker(voice, rate, timeout)
    for line in sys.stdin:
        if not line.strip():
            continue
        if speaker is None:
            status, message = "error", problem
        else:
            try:
                request = json.loads(line)
                status, message = speaker.speak(str(request["text"]), str(request["path"]))
            except Exception as exc:  # one answer for the parent, whatever happened
                status, message = "error", f"{type(exc).__name__}: {exc}"
        answers.write(json.dumps({"status": status, "message": message}) + "\n")
        answers.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
