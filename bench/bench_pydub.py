"""Is pydub the right tool anywhere in studio/audio? (issue 17, item 4)

Three measurements, each pydub 0.25.1 against what the studio does today, every run in its own
child process so peak RSS (``ru_maxrss`` of the child) belongs to that run alone:

1. Silence detection on a 10-minute speech-like take (44.1 kHz mono 16-bit WAV, 2.4 s of
   noise bursts then 0.6 s of silence): ``pydub.silence.detect_nonsilent(min_silence_len=150,
   silence_thresh=-50)`` against ``studio.audio.trim.analyze`` + ``auto_trim`` + ``pauses``.
2. Decoding an imported take (a 10-minute 128 kbps MP3) into a 16-bit WAV:
   ``AudioSegment.from_file(...).export(format="wav")`` against ``narration.takes.import_take``'s
   single ffmpeg run (file to file).
3. Holding a 60-minute programme (44.1 kHz stereo MP3): ``AudioSegment.from_file`` against
   streaming it through ``studio.audio.pcm.read_blocks`` (what the master does).

Needs pydub installed (it is not a studio dependency): ``pip install pydub``.
Run: PYTHONPATH=. python bench/bench_pydub.py   (writes bench/out/bench_pydub.json)
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, {root!r})
what, path, out = sys.argv[1], sys.argv[2], sys.argv[3]
t0 = time.perf_counter()
result = None
if what == "pydub-silence":
    from pydub import AudioSegment, silence
    seg = AudioSegment.from_file(path)
    spans = silence.detect_nonsilent(seg, min_silence_len=150, silence_thresh=-50)
    result = len(spans)
elif what == "ours-silence":
    from studio.audio.trim import analyze, auto_trim, pauses
    a = analyze(path)
    t = auto_trim(a)
    result = len(pauses(a, t.start, t.end)) + 1
elif what == "pydub-decode":
    from pydub import AudioSegment
    AudioSegment.from_file(path).export(out, format="wav").close()
elif what == "ours-decode":
    from studio.audio.tools import ffmpeg_cmd, media_path
    from studio.plumbing.children import run
    run(ffmpeg_cmd("-y", "-i", media_path(path), "-vn", "-map_metadata", "-1", "-c:a",
                   "pcm_s16le", "-ac", "1", "-f", "wav", media_path(out)), check=True)
elif what == "pydub-hold":
    from pydub import AudioSegment
    seg = AudioSegment.from_file(path)
    result = round(len(seg) / 1000)
elif what == "ours-hold":
    from studio.audio.pcm import read_blocks
    result = round(sum(b.shape[0] for b in read_blocks(path, 44100, 2)) / 44100)
wall = time.perf_counter() - t0
me = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({{"wall": wall, "rss_mb": me.ru_maxrss / 1024, "child_rss_mb": kids.ru_maxrss / 1024,
                  "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime,
                  "result": result}}))
"""


def speechlike(path: Path, seconds: int, rate: int = 44100) -> None:
    """Noise bursts (2.4 s, about -20 dBFS) and silences (0.6 s), a 16-bit mono WAV."""
    rng = np.random.default_rng(7)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        for _ in range(seconds // 3):
            burst = (rng.standard_normal(int(2.4 * rate)) * 3000).clip(-32767, 32767)
            w.writeframes(burst.astype("<i2").tobytes() + bytes(2 * int(0.6 * rate)))


def mp3_of(wav: Path, out: Path, channels: int, repeat: int = 1) -> None:
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-stream_loop", str(repeat - 1), "-i", str(wav),
                    "-ac", str(channels), "-ar", "44100", "-b:a", "128k", str(out)], check=True)


def child(what: str, path: Path, out: Path) -> dict:
    code = CHILD.format(root=str(ROOT))
    proc = subprocess.run([sys.executable, "-c", code, what, str(path), str(out)],
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> int:
    figures: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="bench-pydub-") as tmp:
        d = Path(tmp)
        take = d / "take-10min.wav"
        speechlike(take, 600)
        mp3 = d / "take-10min.mp3"
        mp3_of(take, mp3, 1)
        hour = d / "programme-60min.mp3"
        mp3_of(take, hour, 2, repeat=6)
        for what, src in (("ours-silence", take), ("pydub-silence", take),
                          ("ours-decode", mp3), ("pydub-decode", mp3),
                          ("ours-hold", hour), ("pydub-hold", hour)):
            figures[what] = child(what, src, d / f"{what}.wav")
            f = figures[what]
            print(f"{what:14s} wall {f['wall']:7.2f} s  cpu {f['cpu']:7.2f} s  "
                  f"rss {f['rss_mb']:7.1f} MB  ffmpeg rss {f['child_rss_mb']:6.1f} MB  "
                  f"result {f['result']}", flush=True)
    out = ROOT / "bench" / "out"
    out.mkdir(exist_ok=True)
    (out / "bench_pydub.json").write_text(json.dumps(figures, indent=2) + "\n")
    print("load average", " ".join(Path("/proc/loadavg").read_text().split()[:3]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
