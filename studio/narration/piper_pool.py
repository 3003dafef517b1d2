"""Piper workers: a few long-lived processes, each holding one loaded voice, fed one take at
a time over pipes.

Each worker loads the model once and speaks as many takes as it is given; ONNX Runtime's
intra-op threads are split so that workers × threads stays within the cores. The parent
reads answers with ``select`` (so a cancel is seen within a tenth of a second), moves each
finished WAV into place atomically, and kills every worker when it stops, whatever the
reason: a take is whole or absent, and the takes made before a failure stay.
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..jobs import CancelToken, Progress
from ..plumbing.children import discard, ended, kill_group, popen, send_line, stderr_tail
from ..plumbing.errors import StudioError
from ..plumbing.redact import child_env
from .tts import NO_SPACE, SynthJob

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
READY_TIMEOUT = 120.0  # seconds a worker may take to load its voice
ANSWER_LIMIT = 1_000_000  # bytes of one answer line (a few hundred, really)


def plan_workers(jobs: int, cores: int, wanted: int = 0) -> tuple[int, int]:
    """How many workers and how many ONNX threads each: never more threads than cores."""
    cores = max(1, cores)
    workers = max(1, min(jobs, wanted or cores, cores))
    return workers, max(1, cores // workers)


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


@dataclass
class _Worker:
    proc: subprocess.Popen[bytes]
    ready: bool = False
    job: SynthJob | None = None
    tmp: Path | None = None
    started: float = field(default_factory=time.monotonic)
    buffer: bytes = b""


def _spawn(setup: dict) -> _Worker:
    env = dict(child_env())
    if not getattr(sys, "frozen", False):
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
    env.setdefault("OMP_NUM_THREADS", str(setup["threads"]))
    cmd = [sys.executable, "-m", "studio.narration.piper_worker"]
    try:
        proc = popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                     env=env)
    except OSError as exc:
        raise StudioError(f"cannot start the Piper worker: {exc}") from exc
    worker = _Worker(proc)
    _write(worker, setup)
    return worker


def _write(worker: _Worker, message: dict) -> None:
    if not send_line(worker.proc, (json.dumps(message) + "\n").encode("utf-8")):
        # dead (its stdout's EOF says so next) or alive and not reading: ended either way
        kill_group(worker.proc)


def _stop(worker: _Worker) -> None:
    discard(worker.proc)
    if worker.tmp:
        worker.tmp.unlink(missing_ok=True)


def _death(worker: _Worker, label: str) -> StudioError:
    code = ended(worker.proc)
    err = stderr_tail(worker.proc)
    lines = [line for line in err.splitlines() if line.strip()]
    how = f"killed by signal {-code}" if code < 0 else f"exit code {code}"
    why = f": {lines[-1][:160]}" if lines and code > 0 else ""
    return StudioError(f"cannot synthesize {label}: the Piper worker stopped ({how}{why}); "
                       "run it again — the takes made so far are kept")


def run_pool(jobs: list[SynthJob], setup: dict, workers: int, timeout: float,
             progress: Progress, cancel: CancelToken) -> None:
    """Speak ``jobs`` with ``workers`` Piper workers set up by ``setup``."""
    pending = list(jobs)
    pool = [_spawn(setup) for _ in range(workers)]
    selector = selectors.DefaultSelector()
    for w in pool:
        assert w.proc.stdout is not None
        os.set_blocking(w.proc.stdout.fileno(), False)
        selector.register(w.proc.stdout, selectors.EVENT_READ, w)
    done = 0
    failed: StudioError | None = None  # a take that failed: the takes under way still finish
    try:
        while done < len(jobs):
            cancel.check()
            if failed is not None and all(w.job is None for w in pool):
                raise failed
            for w in pool:
                if w.ready and w.job is None and pending and failed is None:
                    _send(w, pending.pop(0))
            for key, _ in selector.select(0.1):
                w = key.data
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(key.fileobj)  # stays in the pool: its .part goes
                    label = w.job.label if w.job else (pending[0].label if pending else "a take")
                    raise _death(w, label)
                w.buffer += chunk
                if len(w.buffer) > ANSWER_LIMIT:
                    raise StudioError(f"cannot synthesize {w.job.label if w.job else 'a take'}: "
                                      f"the Piper worker wrote over {ANSWER_LIMIT:,} bytes "
                                      "without ending its answer")
                while b"\n" in w.buffer:
                    line, w.buffer = w.buffer.split(b"\n", 1)
                    try:
                        finished = _answer(w, line, pending)
                    except _TakeFailed as exc:
                        failed = failed or exc
                        continue
                    if finished:
                        done += 1
                        progress(done / len(jobs), f"synthesized {done} of {len(jobs)} takes")
            _check_time(pool, timeout, pending)
    finally:
        selector.close()
        for w in pool:
            _stop(w)


class _TakeFailed(StudioError):
    """One take could not be made (its text, say): the others under way may still finish."""


def _send(worker: _Worker, job: SynthJob) -> None:
    tmp = job.path.with_name(f".{job.path.name}.{os.getpid()}.part")
    worker.job, worker.tmp, worker.started = job, tmp, time.monotonic()
    _write(worker, {"text": job.text, "path": str(tmp)})


def _answer(worker: _Worker, line: bytes, pending: list[SynthJob]) -> bool:
    """Handle one answer; True when it finished a take."""
    try:
        answer = json.loads(line)
    except json.JSONDecodeError:
        answer = {"status": "error", "message": "the Piper worker gave a garbled answer"}
    status, message = answer.get("status"), str(answer.get("message", ""))
    if not worker.ready:
        if status != "ready":
            label = pending[0].label if pending else "a take"
            raise StudioError(f"cannot synthesize {label}: {message}")
        worker.ready = True
        return False
    job, tmp = worker.job, worker.tmp
    assert job is not None and tmp is not None
    worker.job = worker.tmp = None
    if status != "ok":
        tmp.unlink(missing_ok=True)
        if status == NO_SPACE:
            from ..plumbing.diskspace import no_space

            raise no_space(job.path.parent, 0, "synthesis")
        raise _TakeFailed(f"cannot synthesize {job.label}: {message}")
    try:
        os.replace(tmp, job.path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise StudioError(f"cannot write {job.path}: {exc.strerror or exc}") from exc
    return True


def _check_time(pool: list[_Worker], timeout: float, pending: list[SynthJob]) -> None:
    now = time.monotonic()
    for w in pool:
        if not w.ready and now - w.started > READY_TIMEOUT:
            label = pending[0].label if pending else "a take"
            raise StudioError(f"cannot synthesize {label}: the Piper voice did not load within "
                              f"{READY_TIMEOUT:.0f} s")
        if w.job is not None and now - w.started > timeout + 10:
            raise StudioError(f"speech synthesis of {w.job.label} took longer than "
                              f"{timeout:.0f} s and was stopped")
