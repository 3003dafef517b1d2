"""The registry of narration engines: pyttsx3 always, Piper where its extra is installed.

The engines never import this module (dependencies point one way)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..plumbing.errors import StudioError
from .engine import PIPER, PYTTSX3, EngineVoice, NarrationEngine, VoiceChoice, parse_voice


def engine_names() -> tuple[str, ...]:
    return (PYTTSX3, PIPER)


def engine_named(name: str) -> NarrationEngine:
    if name == PYTTSX3:
        from .pyttsx3_engine import Pyttsx3Engine

        return Pyttsx3Engine()
    if name == PIPER:
        from .piper_engine import PiperEngine

        return PiperEngine()
    raise StudioError(f"no speech engine {name!r}: choose one of {', '.join(engine_names())}")


def engine_for(spec: str) -> tuple[NarrationEngine, VoiceChoice]:
    """The engine a voice spec names, and the parsed choice."""
    choice = parse_voice(spec)
    return engine_named(choice.engine), choice


def available_engines() -> dict[str, str]:
    """Each engine's name and its problem ("" when it can speak here)."""
    return {name: engine_named(name).problem() for name in engine_names()}


def all_voices() -> list[EngineVoice]:
    """Every voice of every engine that can speak here: Piper's first (they sound best)."""
    voices: list[EngineVoice] = []
    for name in (PIPER, PYTTSX3):
        engine = engine_named(name)
        if not engine.problem():
            voices.extend(engine.voices())
    return voices


VOICE_ENV = "COMMITCAST_VOICE"  # the host's voice for runs where nothing else chose one


@dataclass(frozen=True)
class DefaultVoice:
    """The voice a run narrates with when neither ``--voice`` nor show.toml's ``[voice]``
    chose one, and why (what ``studio doctor`` says)."""

    spec: str  # a voice spec; "" = pyttsx3's default voice
    why: str
    kept: bool = False  # the show's earlier episodes' voice (the why says how to change it)

    @property
    def engine(self) -> str:
        return parse_voice(self.spec).engine


def default_voice(show_dir: str | Path | None = None) -> DefaultVoice:
    """$COMMITCAST_VOICE when set; else, for a show whose episodes were narrated already, the
    voice they were (a show keeps its voice); else Piper's first voice where Piper and a voice
    are installed (it sounds best); else pyttsx3's default voice, the fallback that always is."""
    forced = os.environ.get(VOICE_ENV)
    if forced is not None and forced.strip():
        spec = forced.strip()
        if spec.lower() in (PIPER, PYTTSX3):  # an engine named alone: its default voice
            spec += ":"
        if parse_voice(spec) == VoiceChoice(PYTTSX3, ""):
            spec = ""  # pyttsx3's default, as the settings' "" says it
        return DefaultVoice(spec, f"${VOICE_ENV} chooses it")
    gone = ""
    if show_dir is not None:
        from .show_voice import earlier_voice

        earlier = earlier_voice(show_dir)
        if earlier is not None:
            if parse_voice(earlier).engine != PIPER or identity_of(earlier):
                return DefaultVoice(earlier, "the show's earlier episodes were narrated with "
                                             "it; set [voice] in show.toml to change", kept=True)
            gone = f" (the show's earlier voice, {earlier}, is not installed here)"
    problem = engine_named(PIPER).problem()
    if not problem:
        return DefaultVoice(f"{PIPER}:", "Piper and a voice are installed" + gone)
    return DefaultVoice("", f"pyttsx3 narrates: {problem}{gone}")


def default_demo_voice() -> str:
    """The voice the demo speaks with: Piper's first voice where Piper is installed."""
    engine = engine_named(PIPER)
    return f"{PIPER}:" if not engine.problem() else ""


def licences() -> list[str]:
    """Lines naming each engine's licence and each installed voice's (``--version``, About)."""
    lines = []
    for name in engine_names():
        engine = engine_named(name)
        problem = engine.problem()
        lines.append(f"engine {name}: {engine.licence}" + (f" — not here: {problem}" if problem else ""))
    from .piper_voices import piper_voices

    for v in piper_voices():
        where = f", package {v.package}" if v.package else f", {v.model}"
        lines.append(f"voice {v.name} (Piper{where}): {v.licence or 'see its model card'}")
    lines.append("voices of pyttsx3: espeak-ng's data GPL-3.0-or-later, or the system's voices")
    return lines


def identity_of(spec: str) -> str:
    """The take-cache identity of a voice spec ("" when the voice cannot be found)."""
    engine, choice = engine_for(spec)
    try:
        return engine.identity(choice.voice)
    except StudioError:
        return ""


def speak_jobs(jobs: list, spec: str, rate: int, progress, cancel,  # noqa: ANN001
               timeout: float = 120.0) -> None:
    """Speak a few jobs (a preview, "Say it") with the engine and voice of ``spec``."""
    from ..jobs import CancelToken

    engine, choice = engine_for(spec)
    engine.synthesize(jobs, choice.voice, rate, timeout, 0, progress, cancel or CancelToken())


@contextmanager
def warmed(spec: str, rate: int, timeout: float, workers: int) -> Iterator[None]:
    """Within the block, the engine of ``spec`` has started what its synthesis will need
    (pyttsx3: its worker processes), so that loads while the block does other work (pulling,
    writing the script); whatever the block's synthesis did not take is stopped at its end."""
    try:
        engine, choice = engine_for(spec)
        engine.warm_up(choice.voice, rate, timeout, workers)
    except StudioError:  # an unknown engine: the synthesis will say so
        yield
        return
    try:
        yield
    finally:
        engine.cool_down()
