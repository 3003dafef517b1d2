"""pyttsx3 (espeak-ng on Linux, the system voices on macOS and Windows) as a narration engine:
one utterance per worker process (see :mod:`.tts`)."""

from __future__ import annotations

from importlib.util import find_spec

from ..jobs import CancelToken, Progress
from .engine import PYTTSX3, EngineVoice
from .tts import SynthJob, release_warm, synthesize, warm_up


class Pyttsx3Engine:
    name = PYTTSX3
    licence = "pyttsx3 MPL-2.0; espeak-ng GPL-3.0-or-later (the system's library)"

    def problem(self) -> str:
        return "" if find_spec("pyttsx3") else "pyttsx3 is not installed (pip install pyttsx3)"

    def voices(self) -> list[EngineVoice]:
        from .voices import installed_voices

        return [EngineVoice(PYTTSX3, v.id, v.name, v.languages[0] if v.languages else "", "",
                            "espeak-ng data GPL-3.0-or-later")
                for v in installed_voices()]

    def identity(self, voice: str) -> str:
        return voice  # as before engines were named: takes made then stay valid

    def voice_licence(self, voice: str) -> str:
        return "espeak-ng voice data, GPL-3.0-or-later (system voices: the system's terms)"

    def synthesize(self, jobs: list[SynthJob], voice: str, rate: int, timeout: float,
                   workers: int, progress: Progress, cancel: CancelToken) -> None:
        synthesize(jobs, voice, rate, timeout, workers, progress, cancel)

    def warm_up(self, voice: str, rate: int, timeout: float, workers: int) -> None:
        warm_up(voice, rate, timeout, workers)  # the workers' interpreters and pyttsx3

    def cool_down(self) -> None:
        release_warm()
