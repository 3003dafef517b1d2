"""Speech synthesis through pyttsx3, one utterance per worker process.

pyttsx3's traps (REFERENCE.md): ``runAndWait()`` can return before a long ``save_to_file``
is written, several queued files yield only the last, and espeak's callback is process-wide.
So each utterance gets a fresh interpreter (``python -m studio.narration.speak``; a
subprocess rather than multiprocessing, so callers need no ``__main__`` guard) that makes one
``save_to_file`` + ``runAndWait()`` and waits for ``finished-utterance`` with a timeout. Up
to one process per core runs at a time; the parent kills any that overrun.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ..errors import StudioError
from ..jobs import CancelToken, Progress, no_progress

log = logging.getLogger(__name__)

ENGINE_HINT = "install espeak-ng (Debian: apt-get install espeak-ng libespeak-ng1)"
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])


@dataclass
class SynthJob:
    """One utterance: ``text`` spoken into the WAV file ``path``; ``label`` names it in errors."""

    text: str
    path: Path
    label: str


@dataclass
class _Running:
    proc: subprocess.Popen[bytes]
    job: SynthJob
    tmp: Path
    started: float


def synthesize(
    jobs: list[SynthJob],
    voice: str = "",
    rate: int = 170,
    timeout: float = 120.0,
    workers: int = 0,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
) -> None:
    """Synthesize every job, several at a time; each file appears complete or not at all."""
    if not jobs:
        return
    cancel = cancel or CancelToken()
    limit = max(1, workers or (os.cpu_count() or 1))
    pending = list(jobs)
    running: list[_Running] = []
    done = 0
    progress(0.0, f"synthesizing {len(jobs)} takes")
    try:
        while pending or running:
            cancel.check()
            while pending and len(running) < limit:
                running.append(_start(pending.pop(0), voice, rate, timeout))
            time.sleep(0.01)
            for item in list(running):
                if item.proc.poll() is None:
                    if time.monotonic() - item.started > timeout + 10:
                        raise StudioError(f"speech synthesis of {item.job.label} took longer "
                                          f"than {timeout:.0f} s and was stopped")
                    continue
                running.remove(item)
                _finish(item)
                done += 1
                progress(done / len(jobs), f"synthesized {done} of {len(jobs)} takes")
    finally:
        for item in running:
            item.proc.kill()
            item.proc.wait()
            _close(item.proc)
            _unlink(item.tmp)


def _start(job: SynthJob, voice: str, rate: int, timeout: float) -> _Running:
    tmp = job.path.with_name(f".{job.path.name}.{os.getpid()}.part")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
    cmd = [sys.executable, "-m", "studio.narration.speak", str(tmp), voice, str(rate),
           str(timeout)]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None
    try:
        proc.stdin.write(job.text.encode("utf-8"))
        proc.stdin.close()
    except OSError:
        pass  # the worker died at once; its exit status says why
    return _Running(proc, job, tmp, time.monotonic())


def _close(proc: subprocess.Popen[bytes]) -> None:
    if proc.stderr:
        proc.stderr.close()


def _finish(item: _Running) -> None:
    assert item.proc.stderr is not None
    err = item.proc.stderr.read().decode("utf-8", "replace").strip()
    _close(item.proc)
    if item.proc.returncode != 0:
        _unlink(item.tmp)
        lines = [line for line in err.splitlines() if line.strip()]
        reason = lines[-1] if lines else f"the speech process failed ({item.proc.returncode})"
        raise StudioError(f"cannot synthesize {item.job.label}: {reason}")
    try:
        os.replace(item.tmp, item.job.path)
    except OSError as exc:
        _unlink(item.tmp)
        raise StudioError(f"cannot write {item.job.path}: {exc.strerror or exc}") from exc


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _speak_here(text: str, path: str, voice: str, rate: int, timeout: float) -> tuple[str, str]:
    import threading

    try:
        import pyttsx3
    except ImportError:
        return "error", "pyttsx3 is not installed (pip install pyttsx3)"
    try:
        engine = pyttsx3.init()
    except Exception as exc:  # the driver raises whatever ctypes/COM raised
        return "error", f"the speech engine did not start ({exc}); {ENGINE_HINT}"
    if voice:
        ids = [v.id for v in engine.getProperty("voices")]
        if voice not in ids:
            return "error", f"no voice {voice!r} in the speech engine"
        engine.setProperty("voice", voice)
    engine.setProperty("rate", int(rate))
    finished = threading.Event()
    engine.connect("finished-utterance", lambda name, completed: finished.set())
    engine.save_to_file(text, path)
    engine.runAndWait()
    if not finished.wait(timeout):
        return "error", f"no finished-utterance from the engine within {timeout:.0f} s"
    if not os.path.exists(path) or os.path.getsize(path) <= 44:
        return "error", "the engine wrote no audio"
    return "ok", ""
