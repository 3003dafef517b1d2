"""The narration-engine interface: what the takes, Settings, the doctor and the CLI ask of a
speech engine, whichever it is (pyttsx3 or Piper today; see :mod:`.engines`).

A voice is named by one string, its *spec*: ``piper:en_US-joe-medium``, ``piper:/path/x.onnx``
or a pyttsx3 voice id (``gmw/en-us``; ``pyttsx3:`` may prefix it; ``""`` is pyttsx3's default).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..jobs import CancelToken, Progress
from .tts import SynthJob

PYTTSX3 = "pyttsx3"
PIPER = "piper"
BASE_RATE = 170  # words a minute that a speed of 1.0 means (show.toml's [voice] speed)


@dataclass(frozen=True)
class VoiceChoice:
    """An engine and one of its voices (``""``: the engine's default)."""

    engine: str = PYTTSX3
    voice: str = ""

    @property
    def spec(self) -> str:
        return self.voice if self.engine == PYTTSX3 else f"{self.engine}:{self.voice}"


def parse_voice(spec: str, engine: str = "") -> VoiceChoice:
    """The engine and voice a spec names; ``engine`` (show.toml's) applies to a bare voice."""
    text = (spec or "").strip()
    for name in (PIPER, PYTTSX3):
        if text.lower().startswith(name + ":"):
            return VoiceChoice(name, text[len(name) + 1:].strip())
    if text.endswith(".onnx"):
        return VoiceChoice(PIPER, text)
    return VoiceChoice(engine.strip().lower() or PYTTSX3, text)


def speed_to_rate(speed: float) -> int:
    """show.toml's speed (1.0 = normal) as the words a minute the settings hold."""
    return round(BASE_RATE * speed)


@dataclass(frozen=True)
class EngineVoice:
    """A voice as Settings lists it."""

    engine: str
    voice: str  # the engine's id for it
    name: str
    language: str = ""
    quality: str = ""
    licence: str = ""

    @property
    def spec(self) -> str:
        return VoiceChoice(self.engine, self.voice).spec

    @property
    def label(self) -> str:
        """``English (America) · en-US`` (pyttsx3, as before); ``en_US-joe-medium · en-US ·
        medium quality (Piper)``."""
        from ..humanize import language_tag, voice_label

        if self.engine == PYTTSX3:
            return voice_label(self.voice, self.name, (self.language,) if self.language else ())
        parts = [self.name or self.voice or "default", language_tag(self.language),
                 f"{self.quality} quality" if self.quality else ""]
        return " · ".join(p for p in parts if p) + " (Piper)"


class NarrationEngine(Protocol):
    """A speech engine behind the takes: its voices, its cache identity, its synthesis."""

    name: str
    licence: str  # of the engine's code, as --version and About show it

    def problem(self) -> str:
        """"" when the engine can speak here; else one line on what to install."""

    def voices(self) -> list[EngineVoice]:
        """Every voice of the engine on this host."""

    def identity(self, voice: str) -> str:
        """What the take cache keys on for ``voice``: changes when the voice's sound can
        (Piper: the model file's hash)."""

    def voice_licence(self, voice: str) -> str:
        """The licence of ``voice``'s data, where known."""

    def synthesize(self, jobs: list[SynthJob], voice: str, rate: int, timeout: float,
                   workers: int, progress: Progress, cancel: CancelToken) -> None:
        """Speak every job into its WAV; each file whole or absent."""

    def warm_up(self, voice: str, rate: int, timeout: float, workers: int) -> None:
        """Start loading what a ``synthesize`` with these arguments will need, so it loads
        while other work goes on; best effort, never an error."""

    def cool_down(self) -> None:
        """Stop what ``warm_up`` started and no synthesis used."""


def voice_name(identity: str) -> str:
    """A voice (a spec or a take's identity) as a host reads it, its engine said:
    ``espeak-ng's default voice``, ``gmw/en-us (espeak-ng)``, ``en_US-joe-medium (Piper)``."""
    from ..humanize import default_voice, system_speech

    choice = parse_voice(identity.split("#", 1)[0])
    if choice.engine == PIPER:
        name = Path(choice.voice).stem if choice.voice.endswith(".onnx") else choice.voice
        return f"{name} (Piper)" if name else "Piper's default voice"
    return f"{choice.voice} ({system_speech()})" if choice.voice else default_voice()


def shown_voice(identity: str) -> str:
    """An identity as people read it (without a model hash)."""
    text = identity.split("#", 1)[0]
    return Path(text).name if text.endswith(".onnx") else text
