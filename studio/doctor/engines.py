"""Which speech engines and voices are here, and how to add Piper where it is not."""

from __future__ import annotations

from pathlib import Path

from .model import Check

PIPER_FIX = ("pip install 'commitcast-studio[piper]'   (make demo / make test install it; "
             "pyttsx3 narrates without it)")


def check_piper(voice: str = "") -> Check:
    """Piper and its voices (never needed: pyttsx3 narrates without it); with ``voice`` (a
    ``piper:`` spec from --voice), that one."""
    from ..narration.engine import PIPER, parse_voice
    from ..narration.piper_voices import find_piper_voice, piper_installed, piper_voices
    from ..plumbing.errors import StudioError

    choice = parse_voice(voice)
    asked = choice.engine == PIPER
    if not piper_installed():
        return Check("piper", False, "Piper (neural voices) is not installed; pyttsx3 narrates",
                     PIPER_FIX, needed=asked)
    voices = piper_voices()
    if not voices and not asked:
        return Check("piper", False, "Piper is installed but has no voice", PIPER_FIX,
                     needed=False)
    listed = ", ".join(f"{v.name} ({v.language or '?'}, {v.quality or '?'})" for v in voices)
    detail = f"Piper voices: {listed}" if voices else "Piper voices: none"
    if asked:
        try:
            found = find_piper_voice(choice.voice)
            found.model_hash()
            detail += f"; {found.name} is there"
        except StudioError as exc:
            return Check("piper", False, f"{detail}; {exc}",
                         "pass --voice piper:NAME with one of the names above, or a .onnx path")
    return Check("piper", True, detail)


def check_narrator(show_dir: Path | None = None) -> Check:
    """Which engine and voice ``produce`` narrates with here, and why (always a finding, never
    a failure: pyttsx3 narrates where Piper cannot)."""
    from ..narration.engine import PIPER, parse_voice
    from ..narration.engines import default_voice
    from ..narration.piper_voices import find_piper_voice
    from ..plumbing.errors import StudioError
    from ..publish.show import read_settings, show_file

    if show_dir is not None and show_file(show_dir).is_file():
        try:
            voice = read_settings(show_dir).voice
        except StudioError:
            voice = None  # the show check says what is wrong with show.toml
        if voice is not None and voice.engine:
            label = "Piper" if voice.engine == PIPER else voice.engine
            said = f"{label}'s {voice.voice}" if voice.voice else f"{label} (its default voice)"
            return Check("narration", True, f"{said}: {show_file(show_dir)} chooses it "
                                            f"([voice])")
    chosen = default_voice(show_dir)
    choice = parse_voice(chosen.spec)
    if choice.engine == PIPER:
        try:
            name = find_piper_voice(choice.voice).name
        except StudioError as exc:
            return Check("narration", False, f"Piper was chosen ({chosen.why}) but {exc}",
                         "pass --voice, or set [voice] in show.toml", needed=False)
        said = f"Piper's {name}"
    else:
        said = f"pyttsx3 ({choice.voice or 'its default voice'})"
    if chosen.kept:  # the show's earlier episodes' voice: the why says how to change it
        return Check("narration", True, f"{said}: {chosen.why}")
    return Check("narration", True, f"{said}: {chosen.why}; --voice or show.toml's [voice] "
                                    f"choose another")
