"""The input devices QtMultimedia sees, and finding one by its id or description."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtMultimedia import QAudioDevice, QAudioFormat, QMediaDevices

from ...humanize import plural
from ...plumbing.errors import StudioError

QT_SAMPLE_FORMATS = {
    QAudioFormat.SampleFormat.UInt8: "uint8",
    QAudioFormat.SampleFormat.Int16: "int16",
    QAudioFormat.SampleFormat.Int32: "int32",
    QAudioFormat.SampleFormat.Float: "float",
}
SAMPLE_FORMATS_QT = {name: fmt for fmt, name in QT_SAMPLE_FORMATS.items()}


@dataclass
class InputInfo:
    id: str
    description: str
    default: bool


def device_id(device: QAudioDevice) -> str:
    return bytes(device.id().data()).decode("utf-8", "replace")


def list_inputs() -> list[InputInfo]:
    return [InputInfo(device_id(d), d.description(), d.isDefault()) for d in QMediaDevices.audioInputs()]


def find_input(name: str | None = None) -> QAudioDevice:
    """The input whose id or description is ``name`` (exactly, else as a unique part), or the default."""
    inputs = QMediaDevices.audioInputs()
    if not inputs:
        raise StudioError("no audio input device found: connect a microphone (or check that "
                          "PulseAudio/PipeWire is running)")
    if not name:
        default = QMediaDevices.defaultAudioInput()
        return default if not default.isNull() else inputs[0]
    for d in inputs:
        if name in (device_id(d), d.description()):
            return d
    wanted = name.casefold()
    partial = [d for d in inputs if wanted in device_id(d).casefold()
               or wanted in d.description().casefold()]
    if len(partial) == 1:
        return partial[0]
    known = "; ".join(f"{device_id(d)} ({d.description()})" for d in inputs)
    what = "matches several" if partial else "matches no"
    raise StudioError(f"{name!r} {what} input device; inputs: {known}")


def input_format(device: QAudioDevice, sample_format: str | None = None, rate: int | None = None,
                 channels: int | None = None) -> QAudioFormat:
    """The device's preferred format, with any of its three parts overridden when supported."""
    fmt = device.preferredFormat()
    if sample_format:
        if sample_format not in SAMPLE_FORMATS_QT:
            raise StudioError(f"unknown sample format {sample_format!r}")
        fmt.setSampleFormat(SAMPLE_FORMATS_QT[sample_format])
    if rate:
        fmt.setSampleRate(rate)
    if channels:
        fmt.setChannelCount(channels)
    if not device.isFormatSupported(fmt):
        raise StudioError(f"{device.description()} cannot record {describe(fmt)}")
    return fmt


def describe(fmt: QAudioFormat) -> str:
    kind = QT_SAMPLE_FORMATS.get(fmt.sampleFormat(), "unknown")
    return f"{fmt.sampleRate()} Hz, {plural(fmt.channelCount(), 'channel')}, {kind}"
