"""Recorded takes of a segment: where they go, which are there, which one the episode uses.

Every recording is a new file, ``takes/<segment>-rec-<N>.wav``; earlier takes are never
overwritten, so a retake can always be undone by choosing an older one. While a take is being
recorded a marker ``takes/<segment>-rec-<N>.recording.json`` sits beside it (see
:mod:`studio.recording.recovery`), and the recording process holds a lock on the WAV.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..audio.wavfile import wav_seconds
from ..episode import Take, Trim, load_episode, save_episode, script_hash
from ..plumbing.errors import StudioError
from ..plumbing.fsutil import atomic_write_json, check_writable_dir, safe_filename

TAKES_DIR = "takes"
MARKER_SUFFIX = ".recording.json"
RECOVERED_SUFFIX = ".recovered.json"


@dataclass
class RecordedTake:
    number: int
    path: str  # relative to the episode folder
    seconds: float
    in_use: bool = False


def take_stem(segment_id: str) -> str:
    return safe_filename(segment_id, "segment", 40)


def _pattern(segment_id: str) -> re.Pattern[str]:
    return re.compile(re.escape(take_stem(segment_id)) + r"-rec-(\d+)\.wav")


def new_take_path(episode_dir: str | Path, segment_id: str) -> Path:
    """A fresh ``takes/<segment>-rec-<N>.wav`` (created empty, so no other recorder takes it)."""
    takes = check_writable_dir(Path(episode_dir) / TAKES_DIR)
    pattern = _pattern(segment_id)
    numbers = [int(m.group(1)) for p in takes.iterdir() if (m := pattern.fullmatch(p.name))]
    number = max(numbers, default=0) + 1
    while True:
        path = takes / f"{take_stem(segment_id)}-rec-{number}.wav"
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
            return path
        except FileExistsError:
            number += 1
        except OSError as exc:
            raise StudioError(f"cannot create {path}: {exc.strerror or exc}") from exc


def marker_path(take: Path) -> Path:
    return take.with_name(take.stem + MARKER_SUFFIX)


def write_marker(take: Path, segment_id: str, device: str, rate: int, channels: int) -> Path:
    """Note beside a take being recorded what it is, for recovery after a crash."""
    marker = marker_path(take)
    atomic_write_json(marker, {
        "segment": segment_id,
        "take": f"{TAKES_DIR}/{take.name}",
        "device": device,
        "rate": rate,
        "channels": channels,
        "pid": os.getpid(),
        "started": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    })
    return marker




def list_takes(episode_dir: str | Path, segment_id: str) -> list[RecordedTake]:
    """The segment's finished recorded takes, oldest first, marking the one in use."""
    folder = Path(episode_dir)
    takes = folder / TAKES_DIR
    episode = load_episode(folder)
    seg = episode.segment(segment_id)
    current = seg.take.path if seg.take else None
    pattern = _pattern(segment_id)
    found: list[RecordedTake] = []
    for path in takes.iterdir() if takes.is_dir() else []:
        m = pattern.fullmatch(path.name)
        if not m or marker_path(path).exists() or path.stat().st_size == 0:
            continue  # still recording, or a name reserved by a recorder that never started
        rel = f"{TAKES_DIR}/{path.name}"
        found.append(RecordedTake(int(m.group(1)), rel, round(wav_seconds(path), 3),
                                  rel == current))
    return sorted(found, key=lambda t: t.number)


def resolve_take(episode_dir: str | Path, segment_id: str, choice: str) -> str:
    """A take named by its number (``2``), file name or relative path → its relative path."""
    for take in list_takes(episode_dir, segment_id):
        if choice in (str(take.number), take.path, Path(take.path).name):
            return take.path
    raise StudioError(f"segment {segment_id!r} has no recorded take {choice!r}")


def recorded_take(episode_dir: str | Path, take_path: str, text: str = "") -> Take:
    """The Take for a recorded file of this episode (checked and measured), not yet used."""
    folder = Path(episode_dir)
    path = folder / take_path
    if Path(take_path).is_absolute() or path.resolve().parent != (folder / TAKES_DIR).resolve():
        raise StudioError(f"{take_path} is not a take of this episode")
    seconds = wav_seconds(path)
    if seconds <= 0:
        raise StudioError(f"{take_path} holds no audio")
    text_hash = script_hash(text) if text else ""  # what the narration tab compares
    return Take(path=take_path, source="recorded", text_hash=text_hash,
                duration=round(seconds, 3), trim=Trim(auto=True))


def use_take(episode_dir: str | Path, segment_id: str, take_path: str) -> Take:
    """Make a recorded take the segment's take, saving episode.json atomically."""
    folder = Path(episode_dir)
    episode = load_episode(folder)
    seg = episode.segment(segment_id)
    seg.take = recorded_take(folder, take_path, seg.text)
    save_episode(episode, folder)
    return seg.take


def take_number(take_path: str) -> str:
    """``takes/intro-rec-3.wav`` → ``3`` (what ``--use`` takes)."""
    return Path(take_path).stem.rsplit("-rec-", 1)[-1]
