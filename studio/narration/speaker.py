"""The engine inside a speech worker (see speak.py): one pyttsx3 ``save_to_file`` +
``runAndWait()`` per utterance, in a process of its own (see tts.py for why).

Kept apart from tts.py, the parent's side, so a worker imports only what it speaks with.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any

ENGINE_HINT = "install espeak-ng (Debian: apt-get install espeak-ng libespeak-ng1)"
NO_SPACE = "no-space"  # the status of a take that could not be written: the disk is full
# espeak's embedded-command character: U+0001, a number and a letter set the rate (S), pitch
# (P), volume (A)... from there on in the utterance. The rate asked is said that way at the
# start of each utterance: pyttsx3 passes its rate to espeak through espeak's command queue
# only when the loop starts, and 1-3 takes in 200 under load came out at pyttsx3's default
# 200 words a minute (byte for byte the size of the text at 200). Within the utterance the rate
# cannot be lost, and the samples are those espeak makes with the rate set (the same as
# ``espeak-ng -s RATE``). The character is taken out of the text, so a commit message cannot
# change the voice.
EMBEDDED = "\x01"


class Speaker:
    """The engine inside a worker: one ``save_to_file`` + ``runAndWait()`` per utterance."""

    def __init__(self, voice: str, rate: int, timeout: float) -> None:
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
        from ..plumbing.diskspace import is_no_space

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
