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
from typing import Any

from ..children import discard, popen
from ..diskspace import free_bytes, no_space, require_space, speech_bytes
from ..errors import StudioError
from ..jobs import CancelToken, Progress, no_progress

log = logging.getLogger(__name__)

ENGINE_HINT = "install espeak-ng (Debian: apt-get install espeak-ng libespeak-ng1)"
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
FULL = 64 * 1024  # free bytes below which a disk counts as full while takes are written
NO_SPACE = "no-space"  # a worker's status when its WAV could not be written: the disk is full
# espeak's embedded-command character: U+0001, a number and a letter set the rate (S), pitch
# (P), volume (A)... from there on in the utterance. The rate asked is said that way at the
# start of each utterance: pyttsx3 passes its rate to espeak through espeak's command queue
# only when the loop starts, and 1-3 takes in 200 under load came out at pyttsx3's default
# 200 words a minute (byte for byte the size of the text at 200). Within the utterance the rate
# cannot be lost, and the samples are those espeak makes with the rate set (the same as
# ``espeak-ng -s RATE``). The character is taken out of the text, so a commit message cannot
# change the voice.
EMBEDDED = "\x01"
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
    pool: list[_Worker] = []
    answers: queue.Queue[tuple[_Worker, bytes | None]] = queue.Queue()
    done = 0
    progress(0.0, f"synthesizing {len(jobs)} takes")
    try:
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
    env = dict(os.environ)
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
    try:
        assert worker.proc.stdin is not None
        worker.proc.stdin.write(line.encode("utf-8"))
        worker.proc.stdin.flush()
    except OSError:
        _died(worker)


def _died(worker: _Worker) -> None:
    worker.proc.wait()
    err = worker.proc.stderr.read().decode("utf-8", "replace") if worker.proc.stderr else ""
    lines = [line for line in err.splitlines() if line.strip()]
    reason = lines[-1] if lines else f"the speech worker stopped ({worker.proc.returncode})"
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
    proc = worker.proc
    if proc.poll() is None and worker.job is None:
        try:
            if proc.stdin:
                proc.stdin.close()  # no more utterances: it ends at EOF
        except OSError:
            pass
        try:
            proc.wait(5)  # it has answered and is on its way out
        except subprocess.TimeoutExpired:
            pass
    discard(proc)  # the worker and anything it started, and its pipes
    if worker.tmp:
        _unlink(worker.tmp)


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


class Speaker:
    """The engine inside a worker: one ``save_to_file`` + ``runAndWait()`` per utterance."""

    def __init__(self, voice: str, rate: int, timeout: float) -> None:
        import threading

        import pyttsx3

        self.timeout = timeout
        self.engine = pyttsx3.init()
        if voice:
            ids = [v.id for v in self.engine.getProperty("voices")]
            if voice not in ids:
                raise LookupError(f"no voice {voice!r} in the speech engine")
            self.engine.setProperty("voice", voice)
        self.engine.setProperty("rate", int(rate))
        # espeak: the rate goes with each utterance as an embedded command (see speak()).
        self.rate_command = f"{EMBEDDED}{int(rate)}S" if self.engine.driver_name == "espeak" else ""
        _read_phonemes()
        self.finished = threading.Event()
        self.engine.connect("finished-utterance", lambda name, completed: self.finished.set())
        self.failure: BaseException | None = None
        sys.unraisablehook = self._callback_failed

    def _callback_failed(self, args: Any) -> None:
        """The driver writes the WAV inside espeak's callback, where an exception (a full
        disk) is only "unraisable": note it and end the loop, instead of waiting forever."""
        if "ctypes callback" not in (args.err_msg or ""):
            sys.__unraisablehook__(args)  # not the engine's: as Python reports it
            return
        self.failure = args.exc_value
        self.finished.set()  # runAndWait() may have returned already: wake speak()'s wait
        try:
            self.engine.endLoop()
        except Exception:  # noqa: BLE001 - the loop may be over already
            pass

    def speak(self, text: str, path: str) -> tuple[str, str]:
        from ..diskspace import is_no_space

        self.finished.clear()
        self.failure = None
        self.engine.save_to_file(self.rate_command + text.replace(EMBEDDED, " "), path)
        self.engine.runAndWait()  # with espeak it returns once the synthesis is under way
        finished = self.finished.wait(self.timeout)
        if self.failure is not None:  # seen before or after runAndWait() returned
            status = NO_SPACE if is_no_space(self.failure) else "error"
            return status, f"the engine could not write the take: {self.failure}"
        if not finished:
            return "error", f"no finished-utterance from the engine within {self.timeout:.0f} s"
        if not os.path.exists(path) or os.path.getsize(path) <= 44:
            return "error", "the engine wrote no audio"
        return "ok", ""


def _read_phonemes() -> None:
    """Let espeak read the lexicon's ``[[...]]`` phonemes (its PHONEMES flag, which pyttsx3's
    driver does not pass); other drivers read the text as it is."""
    try:
        from pyttsx3.drivers import _espeak
    except Exception:  # noqa: BLE001 - not the espeak driver: nothing to do
        return
    synth = _espeak.Synth
    if getattr(synth, "reads_phonemes", False):
        return

    def with_phonemes(text: bytes, *args: Any, flags: int = 0, **kwargs: Any) -> Any:
        return synth(text, *args, flags=flags | _espeak.PHONEMES, **kwargs)

    with_phonemes.reads_phonemes = True  # type: ignore[attr-defined]
    _espeak.Synth = with_phonemes


def start_speaker(voice: str, rate: int, timeout: float) -> tuple[Speaker | None, str]:
    """The worker's engine, or None and one line saying what to install or fix."""
    try:
        import pyttsx3  # noqa: F401
    except ImportError:
        return None, "pyttsx3 is not installed (pip install pyttsx3)"
    try:
        return Speaker(voice, rate, timeout), ""
    except LookupError as exc:
        return None, str(exc.args[0])
    except Exception as exc:  # the driver raises whatever ctypes/COM raised
        return None, f"the speech engine did not start ({exc}); {ENGINE_HINT}"
