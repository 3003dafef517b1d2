"""A private PulseAudio daemon with a virtual microphone, fed from a FIFO in real time.

``module-pipe-source`` has no clock of its own: it passes on whatever is written into the FIFO
as soon as it is written, and nothing while nothing is written. So a feeder thread writes the
audio in real time, a block at a time as a device hands over its periods: 10 ms (USB under
PulseAudio), 100–250 ms (PipeWire's quanta, Bluetooth) or jittery 5–250 ms blocks; silence, or
the signal queued with :meth:`VirtualMic.play`. It never catches up in a burst after falling
behind. (QtMultimedia 6.11 on its own connects with a 23 ms server buffer and loses most of
every 100 ms block; the recorder works around it, see ``studio/gui/recording/engine.py``.)
"""

from __future__ import annotations

import os
import queue
import random
import shutil
import subprocess
import threading
import time
from pathlib import Path

import numpy as np

RATE = 44100
PERIOD = 441  # frames: 10 ms


class PulseUnavailable(Exception):
    pass


class PulseDaemon:
    """``pulseaudio`` in the foreground with a private runtime dir; clients find it by env."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.socket = root / "native"
        self.fifo = root / "virtual_mic.fifo"
        self.proc: subprocess.Popen | None = None
        self.listener: subprocess.Popen | None = None  # keeps the null sink running
        self.mic_module: int | None = None
        self.env = {
            "PULSE_SERVER": f"unix:{self.socket}",
            "PULSE_RUNTIME_PATH": str(root / "runtime"),
            "PULSE_STATE_PATH": str(root / "state"),
            "PULSE_COOKIE": str(root / "cookie"),
        }

    def start(self) -> None:
        if not shutil.which("pulseaudio") or not shutil.which("pactl"):
            raise PulseUnavailable("pulseaudio/pactl not installed (make test installs "
                                   "pulseaudio and pulseaudio-utils)")
        for sub in ("runtime", "state"):
            (self.root / sub).mkdir(mode=0o700, parents=True, exist_ok=True)
        env = {**os.environ, **self.env, "HOME": str(self.root)}
        # its log goes to a file, never to a pipe nobody reads: a daemon that logs more than
        # a pipe holds (64 KiB) blocks in write() and every client waits on it for good
        self.log = self.root / "pulseaudio.log"
        log = self.log.open("a")
        self.proc = subprocess.Popen(
            ["pulseaudio", "--daemonize=no", "-n", "--exit-idle-time=-1", "--disallow-exit",
             "--use-pid-file=no", "--log-target=stderr", "--log-level=error",
             f"--load=module-native-protocol-unix socket={self.socket} auth-anonymous=1",
             "--load=module-null-sink sink_name=null"],
            env=env, stdout=subprocess.DEVNULL, stderr=log, text=True)
        log.close()  # the daemon holds its own copy
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.log.read_text(errors="replace").strip()
                raise PulseUnavailable(f"pulseaudio did not start: {err.splitlines()[-1:] or '?'}")
            if self.socket.exists() and self.pactl("info").returncode == 0:
                break
            time.sleep(0.1)
        else:
            self.stop()
            raise PulseUnavailable("pulseaudio did not answer within 15 s")
        # someone listening on the null sink keeps it running, as a real output is: left
        # idle, each new stream waited about 2 s for it to wake (ffplay's clock meanwhile ran
        # ahead over audio nobody heard, then started again)
        self.listener = subprocess.Popen(
            ["parec", "-d", "null.monitor", "--raw", "--format=s16le", "--rate=8000",
             "--channels=1"], env={**os.environ, **self.env},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def pactl(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["pactl", *args], env={**os.environ, **self.env},
                              capture_output=True, text=True, timeout=20)

    def add_mic(self) -> None:
        """Load the virtual microphone ``virtual_mic`` (and make it the default input)."""
        self.fifo.unlink(missing_ok=True)  # the module makes the FIFO; an old one fails it
        out = self.pactl("load-module", "module-pipe-source", "source_name=virtual_mic",
                         f"file={self.fifo}", "format=s16le", f"rate={RATE}", "channels=1")
        if out.returncode != 0:
            raise PulseUnavailable(f"cannot load module-pipe-source: {out.stderr.strip()}")
        self.mic_module = int(out.stdout.strip())
        self.pactl("set-default-source", "virtual_mic")

    def remove_mic(self) -> None:
        if self.mic_module is not None:
            self.pactl("unload-module", str(self.mic_module))
            self.mic_module = None

    def stop(self) -> None:
        if self.listener is not None and self.listener.poll() is None:
            self.listener.kill()
            self.listener.wait()
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class VirtualMic:
    """Feeds the FIFO in real time: queued signal first, silence when nothing is queued.

    ``block_ms`` is how much is written at once (10 ms like a USB microphone under PulseAudio,
    100–250 ms like PipeWire's quanta or a Bluetooth headset); ``jitter=True`` writes blocks of
    random 5–250 ms sizes instead, still at the real-time rate on average. A block is written
    when its last sample is due, as a device hands over a period once it is complete.
    """

    def __init__(self, fifo: Path, block_ms: float = 10, jitter: bool = False,
                 seed: int = 12) -> None:
        self.fifo = fifo
        self.block_frames = max(1, int(round(RATE * block_ms / 1000)))
        self.jitter = jitter
        self._random = random.Random(seed)
        self._queue: queue.Queue[np.ndarray] = queue.Queue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._current = np.zeros(0)
        self.fed_frames = 0
        self.signal_started_at: float | None = None  # fed-frame position of the last play()
        self.blocks: list[int] = []  # frames per block written, in order

    def start(self) -> VirtualMic:
        self._thread.start()
        return self

    def play(self, samples: np.ndarray) -> None:
        """Queue float samples in [-1, 1] (mono, 44.1 kHz)."""
        self._queue.put(np.asarray(samples, dtype=np.float64))

    def idle(self) -> bool:
        return self._queue.empty() and not self._current.size

    def _next_size(self) -> int:
        if self.jitter:
            return int(RATE * self._random.uniform(0.005, 0.250))
        return self.block_frames

    def _take(self, frames: int) -> np.ndarray:
        """``frames`` samples: the queued signal first, then silence."""
        parts, wanted = [], frames
        while wanted:
            if not self._current.size:
                try:
                    self._current = self._queue.get_nowait()
                    self.signal_started_at = (self.fed_frames + frames - wanted) / RATE
                except queue.Empty:
                    parts.append(np.zeros(wanted))
                    break
            part = self._current[:wanted]
            self._current = self._current[wanted:]
            parts.append(part)
            wanted -= part.size
        return np.concatenate(parts)

    def _run(self) -> None:
        fd = os.open(self.fifo, os.O_WRONLY)
        start = time.monotonic()
        try:
            while not self._stop.is_set():
                size = self._next_size()
                # Wait until the block's last sample is due, then hand it over at once.
                delay = start + (self.fed_frames + size) / RATE - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                elif delay < -0.005:  # fell behind (a busy machine): go on from now, no catch-up
                    start -= delay
                chunk = self._take(size)
                os.write(fd, (np.clip(chunk, -1, 1) * 32767).astype("<i2").tobytes())
                self.fed_frames += size
                self.blocks.append(size)
        except OSError:
            pass  # the source went away (unloaded): stop feeding
        finally:
            os.close(fd)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
