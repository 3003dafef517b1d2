"""The speech engine's voices, by id, name and languages, to offer by name. Asked in a child
process (the doctor's probe): espeak's state is process-global, and the desktop app never
loads the engine itself."""

from __future__ import annotations

from dataclasses import dataclass

from ..humanize import voice_label


@dataclass(frozen=True)
class Voice:
    id: str
    name: str = ""
    languages: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return voice_label(self.id, self.name, self.languages)


# espeak-ng's English voices, as the engine names them: what a settings form offers before
# (or without) asking the engine
ENGLISH = [Voice("", ""), Voice("gmw/en-us", "English (America)", ("en-us",)),
           Voice("gmw/en", "English (Great Britain)", ("en-gb",)),
           Voice("gmw/en-gb-x-rp", "English (Received Pronunciation)", ("en-gb-x-rp",)),
           Voice("gmw/en-gb-scotland", "English (Scotland)", ("en-gb-scotland",)),
           Voice("gmw/en-029", "English (Caribbean)", ("en-029",)),
           Voice("gmw/en-us-nyc", "English (America, New York City)", ("en-us-nyc",))]


def installed_voices(timeout: float = 30.0) -> list[Voice]:
    """Every voice of the speech engine, English first; [] when the engine cannot be asked."""
    from ..doctor.voices import list_voices

    data = list_voices(timeout).get("voices", [])
    voices = [Voice(str(d["id"]), str(d.get("name", "")), tuple(d.get("languages", [])))
              for d in data if isinstance(d, dict) and d.get("id")]
    return sorted(voices, key=lambda v: (not any(x.startswith("en") for x in v.languages), v.label))

