"""The settings of narration, mastering and export, as one typed value passed to each stage."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from ..plumbing.errors import StudioError


@dataclass(frozen=True)
class AudioSettings:
    voice: str = ""  # engine voice id ("" = the engine's default)
    rate: int = 170  # words per minute
    loudness_target: float = -16.0  # LUFS integrated; -19 is an option for mono
    true_peak: float = -1.0  # dBTP ceiling, measured on the encoded file
    bitrate_kbps: int = 96
    channels: int = 1  # 1 = mono, 2 = stereo
    sample_rate: int = 44100
    sting: bool = True  # intro/outro sting from resources/
    segment_pause: float = 1.0  # seconds of silence between segments
    sting_pause: float = 0.6  # seconds between the sting and the speech
    synth_timeout: float = 120.0  # seconds one utterance may take
    workers: int = 0  # synthesis processes; 0 = one per core
    chosen: tuple[str, ...] = ()  # fields the user set (--voice, --rate): show.toml yields to them

    def validate(self) -> AudioSettings:
        if not 8000 <= self.sample_rate <= 48000:
            raise StudioError(f"sample rate {self.sample_rate} Hz is out of range (8000-48000)")
        if self.channels not in (1, 2):
            raise StudioError("channels must be 1 (mono) or 2 (stereo)")
        if not 32 <= self.bitrate_kbps <= 320:
            raise StudioError(f"bitrate {self.bitrate_kbps} kbps is out of range (32-320)")
        if not -36.0 <= self.loudness_target <= -9.0:
            raise StudioError(f"loudness target {self.loudness_target} LUFS is out of range")
        if not -9.0 <= self.true_peak <= 0.0:
            raise StudioError(f"true-peak ceiling {self.true_peak} dBTP is out of range")
        if not 60 <= self.rate <= 500:
            raise StudioError(f"speaking rate {self.rate} words/minute is out of range (60-500)")
        if self.segment_pause < 0 or self.sting_pause < 0:
            raise StudioError("pauses cannot be negative")
        return self

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AudioSettings:
        known = {f.name for f in fields(cls)}
        try:
            return cls(**{k: v for k, v in data.items() if k in known}).validate()
        except TypeError as exc:
            raise StudioError(f"audio settings are malformed: {exc}") from exc
