"""What the recorder keeps, from a PulseAudio virtual microphone fed in real time.

1. Blocks: the microphone delivers in 10 ms, 100 ms and 250 ms blocks and in jittery 5–250 ms
   blocks; a 4 s tone is played into a 6 s take. Printed per case: the seconds of audio fed
   while the recorder ran against the seconds it kept, and how much of the tone is in the take
   sample for sample (a lost block cuts or shifts it).
2. Kills: record a tone, kill -9 the recorder process after 3–5 s, repair the take, and compare
   its length with the audio the recorder had reported (the baseline, in the same run).

Needs pulseaudio and pactl.

    .venv/bin/python bench/bench_record.py
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import numpy as np  # noqa: E402
from pulse import RATE, PulseDaemon, PulseUnavailable, VirtualMic  # noqa: E402
from recording_helpers import read_wav, take_growing, tone, wait_for  # noqa: E402

from studio.recording.wavstream import repair_wav  # noqa: E402


def one_take(take: Path, seconds: float) -> tuple[float, float]:
    """(seconds the recorder reported, seconds recovered) for a take killed after ``seconds``."""
    proc = subprocess.Popen([sys.executable, "-m", "studio.gui.record_process", "--take",
                             str(take), "--segment", "bench"], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "QT_LOGGING_RULES": "qt.multimedia.*=false"})
    reported = 0.0
    assert proc.stdout is not None
    for line in proc.stdout:
        event = json.loads(line)
        if event["event"] == "level":
            reported = event["seconds"]
            if reported >= seconds:
                break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    return reported, repair_wav(take).seconds


QUIET = {"QT_LOGGING_RULES": "qt.multimedia.*=false"}
TAKE_SECONDS, TONE_SECONDS = 6.0, 4.0


def tone_kept(data: np.ndarray, fed: np.ndarray) -> float:
    """Seconds of ``fed`` found in ``data`` in place, sample for sample, from its start on."""
    loud = np.flatnonzero(np.abs(data) > 0.02)
    if not loud.size:
        return 0.0
    got = data[loud[0] - 1:loud[0] - 1 + len(fed)]
    same = np.abs(got - fed[:len(got)]) < 1e-3
    return (int(np.argmin(same)) if not same.all() else len(got)) / RATE


def block_case(daemon: PulseDaemon, root: Path, block_ms: float, jitter: bool) -> str:
    """One take from a microphone that delivers in ``block_ms`` (or jittery) blocks."""
    daemon.add_mic()
    mic = VirtualMic(daemon.fifo, block_ms=block_ms, jitter=jitter).start()
    name = "jittery" if jitter else f"{block_ms:g}ms"
    take = root / f"blocks-{name}.wav"
    try:
        proc = subprocess.Popen([sys.executable, "-m", "studio.gui.record_process", "--take",
                                 str(take), "--segment", "bench", "--device", "virtual_mic",
                                 "--seconds", str(TAKE_SECONDS)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env={**os.environ, **QUIET})
        wait_for(lambda: take_growing(take), what="the recording to start")
        fed0 = mic.fed_frames - (take.stat().st_size - 44) // 2
        fed = tone(440, TONE_SECONDS)
        mic.play(fed)
        killer = threading.Timer(60, proc.kill)  # a recorder that loses blocks may never end
        killer.start()
        assert proc.stdout is not None
        events = []
        for line in proc.stdout:
            events.append(json.loads(line))
            if events[-1]["event"] == "finished":
                break
        fed_seconds = (mic.fed_frames - fed0) / RATE  # when the take was finished
        proc.wait()
        killer.cancel()
    finally:
        daemon.remove_mic()
        mic.stop()
    finished = [e for e in events if e["event"] == "finished"]
    error = finished[0]["error"] if finished else f"killed after 60 s (exit {proc.returncode})"
    data, rate = read_wav(take)
    kept = len(data) / rate
    return (f"{name:>8} blocks: kept {kept:5.2f} s of {fed_seconds:5.2f} s fed "
            f"(ratio {kept / fed_seconds:.3f}); tone in place {tone_kept(data[:, 0], fed):.2f} "
            f"of {TONE_SECONDS:.2f} s" + (f"; stopped: {error}" if error else ""))


def main() -> int:
    root = Path(tempfile.mkdtemp(prefix="bench-record-"))
    daemon = PulseDaemon(root)
    try:
        daemon.start()
    except PulseUnavailable as exc:
        print(f"skipped: PulseAudio cannot run here: {exc}")
        return 0
    os.environ.update(daemon.env)
    try:
        for block_ms, jitter in [(10, False), (100, False), (250, False), (10, True)]:
            print(block_case(daemon, root, block_ms, jitter), flush=True)
    except BaseException:
        daemon.stop()
        raise
    daemon.add_mic()
    mic = VirtualMic(daemon.fifo).start()
    mic.play(tone(440, 600.0))
    try:
        worst = 0.0
        for i in range(5):
            reported, recovered = one_take(root / f"take-{i}.wav", 3.0 + 0.5 * i)
            worst = max(worst, reported - recovered)
            print(f"kill -9 after {reported:5.2f} s reported: recovered {recovered:5.2f} s "
                  f"(ratio {recovered / reported:.3f}, lost {reported - recovered:+.2f} s)")
        print(f"worst loss {worst:+.2f} s (bound: one sync interval, 1 s, on power loss)")
    finally:
        mic.stop()
        daemon.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
