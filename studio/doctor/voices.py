"""The voices pyttsx3 sees, asked in a child process with a timeout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from ..plumbing.redact import child_env
from .model import Check

FIX = ("sudo apt-get install -y espeak-ng libespeak-ng1   "
       "(pyttsx3 loads libespeak-ng.so.1 for its voices)")
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])


def run_probe(module: str, timeout: float) -> dict:
    """Run ``python -m module`` (a probe printing one JSON line) with a timeout; its answer,
    or ``{"error": text}`` when it hangs, crashes or prints nothing readable."""
    env = dict(child_env())
    if not getattr(sys, "frozen", False):  # a source checkout runs without being installed
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH"))
                                            if p)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        proc = subprocess.run([sys.executable, "-m", module], capture_output=True, text=True,
                              errors="replace", timeout=timeout, env=env,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return {"error": f"no answer within {timeout:.0f} s"}
    except OSError as exc:
        return {"error": f"cannot start the probe: {exc.strerror or exc}"}
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"the probe failed ({proc.returncode}): {last[:200]}"}
    try:
        return json.loads(lines[-1])
    except json.JSONDecodeError:
        return {"error": "the probe printed something unreadable"}


def list_voices(timeout: float) -> dict:
    """What the voice probe printed: ``{"voices": [...], "default": id}`` or ``{"error": ..}``."""
    answer = run_probe("studio.doctor.voices_probe", timeout)
    if answer.get("error", "").startswith("no answer within"):
        return {"error": f"the speech engine did not list its voices within {timeout:.0f} s"}
    return answer


def check_voices(timeout: float = 20.0, voice: str = "") -> Check:
    """The engine starts and offers voices; with ``voice`` (``--voice`` of produce), that one."""
    answer = list_voices(timeout)
    if "error" in answer:
        return Check("voices", False, f"pyttsx3 cannot speak: {answer['error']}", FIX)
    voices = answer.get("voices", [])
    if not voices:
        return Check("voices", False, "pyttsx3 started but offers no voices", FIX)
    english = [v["id"] for v in voices
               if any(str(lang).lower().startswith("en") for lang in v["languages"])]
    default = answer.get("default") or voices[0]["id"]
    detail = f"{len(voices)} pyttsx3 voices, {len(english)} English; default {default}"
    if voice and voice not in {v["id"] for v in voices}:
        some = ", ".join(english[:6]) or ", ".join(v["id"] for v in voices[:6])
        return Check("voices", False, f"{detail}; no voice {voice!r}",
                     f"pass --voice with one of the engine's ids, e.g. {some}")
    if voice:
        detail += f"; {voice} is there"
    if not english:
        return Check("voices", False, detail + "; no English voice for the script",
                     "sudo apt-get install -y espeak-ng-data", needed=False)
    return Check("voices", True, detail)
