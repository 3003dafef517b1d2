"""What a killed recorder loses: record a tone from a PulseAudio virtual microphone, kill -9 the
recorder process after 3–5 s, repair the take, and compare its length with the audio the
recorder had reported (the baseline, in the same run). Needs pulseaudio and pactl.

    .venv/bin/python bench/bench_record.py
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from pulse import PulseDaemon, PulseUnavailable, VirtualMic  # noqa: E402
from recording_helpers import tone  # noqa: E402

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


def main() -> int:
    root = Path(tempfile.mkdtemp(prefix="bench-record-"))
    daemon = PulseDaemon(root)
    try:
        daemon.start()
    except PulseUnavailable as exc:
        print(f"skipped: PulseAudio cannot run here: {exc}")
        return 0
    os.environ.update(daemon.env)
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
