"""What a check answers, and the list of checks the doctor runs in order."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Check:
    """One finding: ``fix`` is the exact thing to do when ``ok`` is false.

    ``needed`` says whether ``produce`` cannot work without it; a failed check that is not
    needed (no microphone, no token for a local clone) is a warning, not a failure.
    """

    name: str
    ok: bool
    detail: str
    fix: str = ""
    needed: bool = True

    @property
    def status(self) -> str:
        return "ok" if self.ok else ("FAIL" if self.needed else "warn")


@dataclass(frozen=True)
class DoctorOptions:
    show_dir: Path | None = None
    api_url: str | None = None
    offline: bool = False  # skip the GitHub request
    voice_timeout: float = 20.0  # seconds the speech engine may take to list its voices
    voice: str = ""  # the voice produce will be asked for (--voice); "" = the engine's default


def run_checks(options: DoctorOptions) -> list[Check]:
    """Every check, in the order a user would fix them."""
    from ..narration.engine import PYTTSX3, parse_voice
    from .audio_devices import check_audio_inputs, check_audio_outputs
    from .desktop import check_desktop_app
    from .engines import check_narrator, check_piper
    from .github import check_github_token
    from .llm import check_local_model
    from .show import check_show
    from .tools import check_espeak, check_ffmpeg, check_ffplay, check_ffprobe
    from .voices import check_voices

    choice = parse_voice(options.voice)
    pyttsx3_voice = choice.voice if choice.engine == PYTTSX3 else ""
    steps: list[Callable[[], list[Check] | Check]] = [
        check_ffmpeg,
        check_ffprobe,
        check_ffplay,
        check_espeak,
        lambda: check_voices(options.voice_timeout, pyttsx3_voice),
        lambda: check_piper(options.voice),
        lambda: check_narrator(options.show_dir),
        check_audio_inputs,
        check_audio_outputs,
        check_desktop_app,
        lambda: check_github_token(options.api_url, options.offline, options.show_dir),
        check_local_model,
    ]
    if options.show_dir is not None:
        steps.append(lambda: check_show(options.show_dir))
    found: list[Check] = []
    for step in steps:
        try:
            result = step()
        except Exception as exc:  # noqa: BLE001 - a broken check must not hide the others
            log.exception("doctor check failed")
            result = Check("doctor", False, f"a check crashed: {type(exc).__name__}: {exc}",
                           "report this as a bug", needed=False)
        found.extend(result if isinstance(result, list) else [result])
    return found
