"""Speech synthesis through pyttsx3 in worker processes, one utterance per ``runAndWait()``.

pyttsx3's traps (REFERENCE.md): ``runAndWait()`` can return before a long ``save_to_file``
is written, several queued files yield only the last, and espeak's callback is process-wide.
Reusing one engine for a second utterance was seen here to write an empty file, and a fresh
engine in the same process makes a take that differs from the first (espeak keeps state
between utterances). So every utterance gets a fresh process: one ``save_to_file`` +
``runAndWait()``, then it waits for ``finished-utterance`` (with a timeout) and checks the
file before it answers.

The workers (``python -m studio.narration.speak``; a subprocess rather than
multiprocessing, so callers need no ``__main__`` guard) run up to one per core. On Linux a
worker stays for many takes and forks a child for each (see speak.py), so the interpreter
and the imports start once per worker, not once per take; elsewhere a worker speaks one
take and ends. Answers are read by one thread per worker (no ``select`` on pipes: portable).
The parent kills a worker that overruns and moves each finished file into place atomically.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ..humanize import plural
from ..jobs import CancelToken, Progress, no_progress
from ..plumbing.children import PIPE_DEADLINE, discard, ended, popen, send_line, stderr_tail
from ..plumbing.diskspace import free_bytes, no_space, require_space, speech_bytes
from ..plumbing.errors import StudioError
from ..plumbing.redact import child_env
from .speaker import NO_SPACE

log = logging.getLogger(__name__)

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
FULL = 64 * 1024  # free bytes below which a disk counts as full while takes are written
# Takes one worker makes before it is replaced (0: no limit): many where it forks a child
# per take (speak.FORKS), one elsewhere.
PER_WORKER = 0 if sys.platform.startswith("linux") else 1


@dataclass
class SynthJob:
    """One utterance: ``text`` spoken into the WAV file ``path``; ``label`` names it in errors."""

    text: str
    path: Path
    label: str


@dataclass
class _Worker:
    proc: subprocess.Popen[bytes]
    job: SynthJob | None = None
    tmp: Path | None = None
    started: float = 0.0
    spoken: int = 0  # utterances sent to it


@dataclass
class _Warm:
    """Workers started ahead by ``warm_up``, for the synthesis with these arguments."""

    key: tuple[str, int, float]
    workers: list[_Worker]
    answers: queue.Queue[tuple[_Worker, bytes | None]]


_warm: list[_Warm] = []  # at most one


def warm_up(voice: str, rate: int, timeout: float, workers: int = 0) -> None:
    """Start the speech workers now (an interpreter and pyttsx3 each), so that they load
    while other work goes on (the script is written); the next ``synthesize`` with the same
    voice, rate and timeout speaks with them. Best effort: a worker that cannot start is
    the synthesis's to report. Unused workers end with ``release_warm`` (also at exit)."""
    release_warm()
    answers: queue.Queue[tuple[_Worker, bytes | None]] = queue.Queue()
    started: list[_Worker] = []
    try:
        for _ in range(max(1, workers or (os.cpu_count() or 1))):
            started.append(_start(voice, rate, timeout, answers))
    except StudioError:
        pass
    if started:
        _warm.append(_Warm((voice, rate, timeout), started, answers))


def release_warm() -> None:
    """Stop the workers ``warm_up`` started that no synthesis took."""
    while _warm:
        for worker in _warm.pop().workers:
            _stop(worker)


atexit.register(release_warm)


def _adopt_warm(voice: str, rate: int, timeout: float, count: int
                ) -> tuple[list[_Worker], queue.Queue[tuple[_Worker, bytes | None]]]:
    """The warm workers for these arguments (at most ``count``), and their answer queue."""
    if _warm and _warm[-1].key == (voice, rate, timeout):
        warm = _warm.pop()
        release_warm()
        pool = []
        for worker in warm.workers:
            if len(pool) < count and worker.proc.poll() is None:
                pool.append(worker)
            else:
                _stop(worker)
        return pool, warm.answers
    release_warm()
    return [], queue.Queue()


def synthesize(
    jobs: list[SynthJob],
    voice: str = "",
    rate: int = 170,
    timeout: float = 120.0,
    workers: int = 0,
    progress: Progress = no_progress,
    cancel: CancelToken | None = None,
) -> None:
    """Synthesize every job, several at a time; each file appears complete or not at all.

    The takes' folder must have room for all of them (an estimate) before any starts, and a
    disk that fills up meanwhile stops the synthesis at once, saying so.
    """
    if not jobs:
        return
    folder = jobs[0].path.parent
    require_space(folder, sum(speech_bytes(j.text, rate) for j in jobs), "synthesis")
    cancel = cancel or CancelToken()
    count = min(len(jobs), max(1, workers or (os.cpu_count() or 1)))
    pending = list(jobs)
    pool, answers = _adopt_warm(voice, rate, timeout, count)
    done = 0
    progress(0.0, f"synthesizing {plural(len(jobs), 'take')}")
    try:
        for worker in pool:  # warm ones, idle
            _send(worker, pending.pop(0))
        while pending or pool:
            cancel.check()
            while pending and len(pool) < count:
                pool.append(_start(voice, rate, timeout, answers))
                _send(pool[-1], pending.pop(0))
            try:
                worker, line = answers.get(timeout=0.01)
            except queue.Empty:
                worker, line = None, None
            if pool and free_bytes(folder) < FULL:  # whatever the engine makes of it
                raise _full(folder, pool, pending, rate)
            now = time.monotonic()
            for busy in pool:
                if busy.job is not None and now - busy.started > timeout + 10:
                    raise StudioError(f"speech synthesis of {busy.job.label} took "
                                      f"longer than {timeout:.0f} s and was stopped")
            if worker is None or worker not in pool:
                continue
            if line is None:  # its stdout ended
                if worker.job is not None:
                    _died(worker)
                pool.remove(worker)
                _stop(worker)
                continue
            job = worker.job
            try:
                _finish(worker, line)
            except _DiskFull:
                raise _full(folder, pool, [*pending, *([job] if job else [])], rate) \
                    from None
            done += 1
            progress(done / len(jobs), f"synthesized {done} of {len(jobs)} takes")
            if pending and (not PER_WORKER or worker.spoken < PER_WORKER):
                _send(worker, pending.pop(0))
            else:
                pool.remove(worker)
                _stop(worker)
    finally:
        for worker in pool:
            _stop(worker)


class _DiskFull(StudioError):
    """A worker could not write its take: no space left."""


def _full(folder: Path, pool: list[_Worker], pending: list[SynthJob], rate: int) -> StudioError:
    left = [w.job for w in pool if w.job is not None] + pending
    return no_space(folder, sum(speech_bytes(j.text, rate) for j in left), "synthesis")


def _start(voice: str, rate: int, timeout: float,
           answers: queue.Queue[tuple[_Worker, bytes | None]]) -> _Worker:
    """A worker, and a thread that passes each line it answers to ``answers`` (None: EOF)."""
    worker = _Worker(_spawn(voice, rate, timeout))
    threading.Thread(target=_read_answers, args=(worker, answers), daemon=True).start()
    return worker


def _read_answers(worker: _Worker, answers: queue.Queue[tuple[_Worker, bytes | None]]) -> None:
    stream = worker.proc.stdout
    assert stream is not None
    try:
        for line in stream:
            answers.put((worker, line))
    except (OSError, ValueError):  # closed under it: the worker was stopped
        pass
    answers.put((worker, None))


def _spawn(voice: str, rate: int, timeout: float) -> subprocess.Popen[bytes]:
    env = dict(child_env())
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
    cmd = [sys.executable, "-m", "studio.narration.speak", voice, str(rate), str(timeout)]
    try:
        return popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE, env=env)
    except OSError as exc:
        raise StudioError(f"cannot start the speech worker: {exc}") from exc


def _send(worker: _Worker, job: SynthJob) -> None:
    tmp = job.path.with_name(f".{job.path.name}.{os.getpid()}.part")
    worker.job, worker.tmp, worker.started = job, tmp, time.monotonic()
    worker.spoken += 1
    line = json.dumps({"text": job.text, "path": str(tmp)}) + "\n"
    if not send_line(worker.proc, line.encode("utf-8")):
        _died(worker, f"the speech worker did not take the text within {PIPE_DEADLINE:.0f} s")


def _died(worker: _Worker, why: str = "") -> None:
    code = ended(worker.proc)  # waited for, and stopped if it lingers
    lines = [line for line in stderr_tail(worker.proc).splitlines() if line.strip()]
    reason = lines[-1][:200] if lines else why or f"the speech worker stopped ({code})"
    label = worker.job.label if worker.job else "a take"
    raise StudioError(f"cannot synthesize {label}: {reason}")


def _finish(worker: _Worker, line: bytes) -> None:
    job, tmp = worker.job, worker.tmp
    assert job is not None and tmp is not None
    worker.job = worker.tmp = None
    try:
        answer = json.loads(line)
    except json.JSONDecodeError:
        answer = {"status": "error", "message": "the speech worker gave a garbled answer"}
    if answer.get("status") == NO_SPACE:
        _unlink(tmp)
        raise _DiskFull(str(answer.get("message")))
    if answer.get("status") != "ok":
        _unlink(tmp)
        raise StudioError(f"cannot synthesize {job.label}: {answer.get('message')}")
    try:
        os.replace(tmp, job.path)
    except OSError as exc:
        _unlink(tmp)
        raise StudioError(f"cannot write {job.path}: {exc.strerror or exc}") from exc


def _stop(worker: _Worker) -> None:
    """End a worker at once: an idle one has answered for every take (its forked speaker has
    exited and the take is renamed by us), so nothing of it is lost, and waiting for its
    interpreter to wind down cost the synthesis ~25 ms a worker."""
    discard(worker.proc)  # the worker and anything it started, and its pipes
    if worker.tmp:
        _unlink(worker.tmp)


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
