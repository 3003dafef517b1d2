"""Running the Qt recorder process from Qt-free code (the CLI), and waiting for it.

The recorder lives in ``studio.gui.record_process`` because only ``studio.gui`` may import
Qt. This module starts it with ``sys.executable``, relays its JSON events, forwards SIGINT and
SIGTERM so the take is finalised, and turns its exit into a result or a StudioError. If the
recorder dies without finishing (killed, crashed), the take is recovered on the spot.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..plumbing.errors import StudioError
from ..plumbing.redact import child_env
from .recovery import recover_unfinished

log = logging.getLogger(__name__)

MODULE = "studio.gui.record_process"
EXIT_OK, EXIT_FAILED, EXIT_DEVICE_LOST = 0, 1, 3
QUIET_QT_LOGS = "qt.multimedia.symbolsresolver=false;qt.multimedia.ffmpeg=false"


@dataclass
class ProcessOutcome:
    take: Path
    seconds: float
    device: str = ""
    format: str = ""
    error: str = ""  # the device failed or the recorder died; the audio so far is kept
    events: list[dict[str, Any]] = field(default_factory=list)


def recorder_env() -> dict[str, str]:
    env = dict(child_env())
    env.setdefault("QT_LOGGING_RULES", QUIET_QT_LOGS)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


def list_inputs() -> list[dict[str, Any]]:
    """The input devices as the recorder sees them: id, description, default."""
    proc = subprocess.run([sys.executable, "-m", MODULE, "--take", "-", "--segment", "-",
                           "--list"], capture_output=True, text=True, env=recorder_env(),
                          timeout=60)
    for line in proc.stdout.splitlines():
        event = _parse(line)
        if event.get("event") == "inputs":
            return list(event.get("inputs") or [])
    raise StudioError(f"cannot list input devices: {_last_error(proc.stderr)}")


def run_recorder(take: Path, segment_id: str, device: str | None = None,
                 seconds: float | None = None, on_event: Callable[[dict], None] | None = None,
                 extra: list[str] | None = None) -> ProcessOutcome:
    """Record one take in a child process; returns when it has stopped, however it stopped."""
    cmd = [sys.executable, "-m", MODULE, "--take", str(take), "--segment", segment_id,
           "--parent-pid", str(os.getpid())]
    if device:
        cmd += ["--device", device]
    if seconds is not None:
        cmd += ["--seconds", repr(float(seconds))]
    cmd += extra or []
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=recorder_env())
    stderr: list[str] = []
    reader = threading.Thread(target=lambda: stderr.extend(proc.stderr), daemon=True)
    reader.start()
    outcome = ProcessOutcome(take, 0.0)
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    on_main = threading.current_thread() is threading.main_thread()
    if on_main:
        for sig in previous:
            signal.signal(sig, lambda num, _frame: _forward(proc, num))
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            event = _parse(line)
            if not event:
                continue
            if event.get("event") != "level":
                outcome.events.append(event)
            if event.get("event") == "started":
                outcome.device, outcome.format = event.get("device", ""), event.get("format", "")
            elif event.get("event") == "finished":
                outcome.seconds = float(event.get("seconds") or 0.0)
                outcome.error = str(event.get("error") or "")
            if on_event:
                on_event(event)
        code = proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if on_main:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
    reader.join(timeout=5)
    if code == EXIT_FAILED:
        _discard_empty(take)
        raise StudioError(_last_error("".join(stderr)))
    finished = any(e.get("event") == "finished" for e in outcome.events)
    if code not in (EXIT_OK, EXIT_DEVICE_LOST) and not finished:
        outcome.error = _recover_after_death(take, code)
        log.warning("recorder process ended with %s: %s", code, _last_error("".join(stderr)))
        outcome.seconds = _seconds(take)
    return outcome


def _forward(proc: subprocess.Popen, signum: int) -> None:
    if proc.poll() is None:
        proc.send_signal(signum)


def _parse(line: str) -> dict[str, Any]:
    try:
        event = json.loads(line)
    except ValueError:
        return {}
    return event if isinstance(event, dict) else {}


def _last_error(stderr: str) -> str:
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip()]
    for ln in reversed(lines):
        if ln.startswith("studio: error: "):
            return ln[len("studio: error: "):]
    return lines[-1] if lines else "the recorder failed to start"


def _discard_empty(take: Path) -> None:
    try:
        if take.stat().st_size == 0:
            take.unlink()
    except OSError:
        pass


def _seconds(take: Path) -> float:
    from .takes import wav_seconds

    return wav_seconds(take)


def _recover_after_death(take: Path, code: int) -> str:
    how = f"signal {-code}" if code < 0 else f"exit status {code}"
    episode_dir = take.parent.parent
    recovered = [r for r in recover_unfinished(episode_dir) if Path(r.path).name == take.name]
    if recovered:
        r = recovered[0]
        r.marker.unlink(missing_ok=True)  # reported right here, no need to offer it again
        return f"the recorder stopped unexpectedly ({how}); the {r.seconds:.1f} s recorded are kept"
    _discard_empty(take)
    return f"the recorder stopped unexpectedly ({how}) before recording anything"
