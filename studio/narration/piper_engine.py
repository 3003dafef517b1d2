"""Piper (neural, offline, ONNX Runtime) as a narration engine.

Piper is GPL-3.0-or-later: it is an optional extra (``pip install
'commitcast-studio[piper]'``) and runs only in worker processes (:mod:`.piper_worker`), a
few at a time, each loading its voice once for many takes (:mod:`.piper_pool`).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import lru_cache

from ..jobs import CancelToken, Progress
from ..plumbing.diskspace import require_space, speech_bytes
from ..plumbing.errors import StudioError
from .engine import BASE_RATE, PIPER, EngineVoice
from .piper_pool import plan_workers, run_pool, usable_cores
from .piper_voices import INSTALL_HINT, find_piper_voice, piper_installed, piper_voices
from .tts import SynthJob

SENTENCE_SILENCE = 0.3  # seconds between sentences, as the piper command's --sentence-silence
_PHONEMES = re.compile(r"\[\[(.*?)\]\]")


class PiperEngine:
    name = PIPER
    licence = "piper-tts GPL-3.0-or-later (run in worker processes); ONNX Runtime MIT"

    def problem(self) -> str:
        if not piper_installed():
            return f"Piper is not installed; {INSTALL_HINT}"
        if not piper_voices():
            return f"Piper has no voice; {INSTALL_HINT}"
        return ""

    def voices(self) -> list[EngineVoice]:
        return [EngineVoice(PIPER, v.name, v.name, v.language, v.quality, v.licence)
                for v in piper_voices()]

    def identity(self, voice: str) -> str:
        files = find_piper_voice(voice)
        return f"{PIPER}:{files.name}#{files.model_hash()[:16]}"

    def voice_licence(self, voice: str) -> str:
        try:
            files = find_piper_voice(voice)
        except StudioError:
            return ""
        return files.licence or "see the voice's model card"

    def warm_up(self, voice: str, rate: int, timeout: float, workers: int) -> None:
        """Nothing yet: the pool loads its model when the synthesis starts."""

    def cool_down(self) -> None:
        """Nothing was started ahead."""

    def synthesize(self, jobs: list[SynthJob], voice: str, rate: int, timeout: float,
                   workers: int, progress: Progress, cancel: CancelToken) -> None:
        if not jobs:
            return
        if not piper_installed():
            raise StudioError(f"cannot synthesize {jobs[0].label}: Piper is not installed; "
                              f"{INSTALL_HINT}, or choose a pyttsx3 voice")
        try:
            files = find_piper_voice(voice)
            files.model_hash()  # a missing model, said before any worker starts
            if not files.config.is_file():
                raise StudioError(f"the voice's JSON {files.config} is missing; put the "
                                  ".onnx.json that came with the model beside it")
        except StudioError as exc:
            raise StudioError(f"cannot synthesize {jobs[0].label}: {exc}") from None
        require_space(jobs[0].path.parent, sum(speech_bytes(j.text, rate) for j in jobs),
                      "synthesis")
        espeak_voice = _espeak_voice(str(files.config))
        spoken = [SynthJob(to_piper_phonemes(j.text, espeak_voice), j.path, j.label) for j in jobs]
        count, threads = plan_workers(len(jobs), usable_cores(), workers)
        setup = {"model": str(files.model), "config": str(files.config), "threads": threads,
                 "length_scale": BASE_RATE / max(rate, 1), "sentence_silence": SENTENCE_SILENCE}
        progress(0.0, synthesizing_note(len(jobs), count))
        run_pool(spoken, setup, count, timeout, progress, cancel)


def synthesizing_note(takes: int, workers: int) -> str:
    """``synthesizing 1 take with Piper``; ``synthesizing 8 takes with Piper, 2 at a time``."""
    from ..humanize import plural

    at_once = f", {workers} at a time" if workers > 1 and takes > 1 else ""
    return f"synthesizing {plural(takes, 'take')} with Piper{at_once}"


def _espeak_voice(config: str) -> str:
    from ..plumbing.fsutil import read_json
    from .piper_voices import CONFIG_LIMIT

    try:
        return str(read_json(config, "a Piper voice's JSON", limit=CONFIG_LIMIT)
                   ["espeak"]["voice"])
    except (StudioError, ValueError, KeyError, TypeError):
        return "en-us"


def to_piper_phonemes(text: str, espeak_voice: str) -> str:
    """The lexicon's ``[[...]]`` phonemes are espeak's ASCII mnemonics (what espeak-ng reads);
    Piper's ``[[...]]`` takes IPA: espeak-ng translates them, as it would say them."""
    return _PHONEMES.sub(lambda m: f"[[{ipa_of(m.group(1), espeak_voice)}]]", text)


@lru_cache(maxsize=512)
def ipa_of(mnemonics: str, espeak_voice: str) -> str:
    espeak = shutil.which("espeak-ng")
    if not espeak:
        raise StudioError("phonemes in the lexicon need espeak-ng for Piper "
                          "(Debian: apt-get install espeak-ng)")
    proc = subprocess.run([espeak, "-q", "--ipa", "-v", espeak_voice, f"[[{mnemonics}]]"],
                          capture_output=True, text=True, errors="replace", timeout=30)
    ipa = " ".join(proc.stdout.split())
    if proc.returncode != 0 or not ipa:
        raise StudioError(f"espeak-ng cannot read the phonemes [[{mnemonics}]]")
    return ipa
