"""Sound input and output devices, found without Qt: PulseAudio/PipeWire through ``pactl``,
else the kernel's ALSA list in /proc/asound.

Neither is needed to produce a synthesized episode, so a missing device is a warning; a
microphone is needed to record takes, an output to listen in the desktop app.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from .model import Check
from .tools import run_tool

ASOUND = Path("/proc/asound")
START_FIX = ("start the sound server (PipeWire: systemctl --user start pipewire-pulse; "
             "PulseAudio: pulseaudio --start)")
PACTL_FIX = "install pactl to list the sound server's devices: sudo apt-get install -y " \
            "pulseaudio-utils"


def pulse_devices(kind: str) -> tuple[list[str] | None, str]:
    """Names of PulseAudio ``sources`` or ``sinks`` (monitors left out), or None and why."""
    pactl = shutil.which("pactl")
    if pactl is None:
        return None, "pactl is not installed"
    code, out = run_tool(pactl, "list", "short", kind, timeout=5.0)
    if code != 0:
        last = (out.strip().splitlines() or ["no answer"])[-1]
        return None, f"no sound server answers pactl ({last.strip()[:100]})"
    names = []
    for line in out.splitlines():
        fields = line.split("\t")
        if len(fields) >= 2 and not fields[1].endswith(".monitor"):
            names.append(fields[1])
    return names, ""


def alsa_devices(direction: str, root: Path = ASOUND) -> list[str] | None:
    """ALSA PCM devices that can ``capture`` or ``playback``; None without /proc/asound."""
    try:
        text = (root / "pcm").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    found = []
    for line in text.splitlines():
        parts = [p.strip() for p in line.split(":")]
        if len(parts) >= 3 and any(p.startswith(direction) for p in parts[2:]):
            found.append(f"{parts[0]} {parts[1]}")
    return found


def _check(name: str, kind: str, direction: str, use: str, hint: str) -> Check:
    names, why = pulse_devices(kind)
    if names:
        shown = ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "")
        return Check(name, True, f"{len(names)} via the sound server: {shown}", needed=False)
    alsa = alsa_devices(direction)
    if alsa:
        note = f" ({why}; the desktop app needs the sound server)" if why else ""
        return Check(name, True, f"{len(alsa)} ALSA devices: {', '.join(alsa[:4])}{note}",
                     needed=False)
    if names == []:
        return Check(name, False, f"the sound server has no {use} device", hint, needed=False)
    where = "no /proc/asound (no sound card)" if alsa is None else "ALSA lists none"
    fix = PACTL_FIX if shutil.which("pactl") is None else START_FIX
    return Check(name, False, f"no {use} device found: {why}; {where}", fix, needed=False)


def check_audio_inputs() -> Check:
    return _check("audio input", "sources", "capture", "input",
                  "plug in a microphone and choose it in the sound settings "
                  "(only needed to record takes)")


def check_audio_outputs() -> Check:
    return _check("audio output", "sinks", "playback", "output",
                  "connect speakers or headphones (only needed to listen in the app)")
