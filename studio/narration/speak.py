"""Worker: ``python -m studio.narration.speak VOICE RATE TIMEOUT``.

Reads JSON requests on stdin, one a line (``{"text": ..., "path": ...}``), speaks each into
its WAV file with one pyttsx3 utterance and answers each with one JSON line (``{"status":
"ok"|"error"|"no-space", "message": ...}``).

Each utterance needs a fresh engine in a fresh process (see tts.py: a second utterance in one
process comes out different, and a second one on one engine empty). On Linux the worker
loads pyttsx3 and the espeak library once, without starting espeak, and forks a child per
request: the child starts espeak, speaks and answers, so each take is made exactly as by a
worker of its own, without an interpreter start and the imports per take. Elsewhere the
parent sends one request per worker.
"""

from __future__ import annotations

import json
import os
import sys

from .speaker import start_speaker

FORKS = sys.platform.startswith("linux")  # fork after ObjC/COM set-up is unsafe elsewhere


def main(argv: list[str]) -> int:
    voice, rate, timeout = argv[0], int(argv[1]), float(argv[2])
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # pyttsx3 prints "Audio saved to ..." on stdout
    if FORKS:
        _preload()
        speaker, problem = None, ""
    else:
        speaker, problem = start_speaker(voice, rate, timeout)
    for line in sys.stdin:
        if not line.strip():
            continue
        if FORKS:
            status, message = _forked(line, voice, rate, timeout)
        elif speaker is None:
            status, message = "error", problem
        else:
            status, message = _speak(speaker, line)
        answers.write(json.dumps({"status": status, "message": message}) + "\n")
        answers.flush()
    return 0


def _speak(speaker, line: str) -> tuple[str, str]:  # noqa: ANN001 - a speaker.Speaker
    try:
        request = json.loads(line)
        return speaker.speak(str(request["text"]), str(request["path"]))
    except Exception as exc:  # one answer for the parent, whatever happened
        return "error", f"{type(exc).__name__}: {exc}"


def _preload() -> None:
    """Import what every child needs (not espeak's start: that is per child)."""
    try:
        import pyttsx3  # noqa: F401

        # the library (loaded, not started) and the driver's module (no espeak call at its
        # import): importing the driver in each child was ~20 ms of every take's ~40 ms
        from pyttsx3.drivers import _espeak, espeak  # noqa: F401
    except Exception:  # noqa: BLE001 - the child says what is missing
        pass


def _forked(line: str, voice: str, rate: int, timeout: float) -> tuple[str, str]:
    """Speak ``line``'s request in a child process; its answer, or why there is none."""
    from ..plumbing.children import die_with_parent_hook

    hook = die_with_parent_hook()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: one utterance, one answer, gone
        code = 1
        try:
            os.close(read_end)
            if hook is not None:
                hook()  # dies with this worker, as the worker dies with studio
            speaker, problem = start_speaker(voice, rate, timeout)
            answer = _speak(speaker, line) if speaker is not None else ("error", problem)
            os.write(write_end, json.dumps(answer).encode("utf-8"))
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    chunks = []
    with os.fdopen(read_end, "rb") as pipe:
        while chunk := pipe.read(65536):
            chunks.append(chunk)
    _pid, status = os.waitpid(pid, 0)
    try:
        answer = json.loads(b"".join(chunks))
        return str(answer[0]), str(answer[1])
    except (ValueError, IndexError, TypeError):
        how = (f"killed by signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status)
               else f"exit code {os.waitstatus_to_exitcode(status)}")
        return "error", f"the speech process stopped ({how})"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
