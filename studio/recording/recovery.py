"""Finding takes whose recording never finished, repairing them, and offering them back.

A recorder writes ``takes/<stem>.recording.json`` before the first sample and removes it after
the header is final, and holds an exclusive lock on the WAV while it records. A marker whose
WAV nobody holds is a crash: the header is repaired from the file's length and the marker
becomes ``<stem>.recovered.json``, which the app (or the CLI) shows until it is answered.
Running at every episode load makes "the next studio command on that episode" recover it.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from ..plumbing.errors import StudioError
from ..plumbing.fsutil import SMALL_JSON_LIMIT, atomic_write_json, read_json_if_any
from .takes import MARKER_SUFFIX, RECOVERED_SUFFIX, TAKES_DIR
from .wavstream import repair_wav

try:
    import fcntl
except ImportError:  # Windows: fall back to asking whether the recording process lives
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)


@dataclass
class RecoveredTake:
    segment: str
    path: str  # relative to the episode folder
    seconds: float
    marker: Path  # the .recovered.json note; remove it with dismiss()


def lock_recording(fd: int) -> None:
    """Called by a recorder on its open WAV: recovery leaves a locked file alone."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _is_live(wav: Path, pid: int) -> bool:
    if fcntl is None:
        try:
            os.kill(pid, 0)
        except (OSError, ValueError):
            return False
        return pid != os.getpid()
    try:
        with open(wav, "rb") as fh:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False


def _read_note(path: Path) -> dict:
    try:
        data = read_json_if_any(path, "recording note", limit=SMALL_JSON_LIMIT)
    except StudioError:
        return {}
    return data if isinstance(data, dict) else {}


def recover_unfinished(episode_dir: str | Path) -> list[RecoveredTake]:
    """Repair every take a dead recorder left in the episode; returns those just recovered."""
    takes = Path(episode_dir) / TAKES_DIR
    if not takes.is_dir():
        return []
    found: list[RecoveredTake] = []
    for marker in sorted(takes.glob("*" + MARKER_SUFFIX)):
        stem = marker.name[: -len(MARKER_SUFFIX)]
        wav = takes / f"{stem}.wav"
        note = _read_note(marker)
        segment = str(note.get("segment") or stem.rsplit("-rec-", 1)[0])
        if wav.exists() and _is_live(wav, int(note.get("pid") or 0)):
            continue
        try:
            repair = repair_wav(wav) if wav.exists() and wav.stat().st_size > 0 else None
        except StudioError as exc:
            log.warning("cannot recover the unfinished take %s: %s", wav.name, exc)
            continue
        if repair is None or repair.frames == 0:
            wav.unlink(missing_ok=True)
            marker.unlink(missing_ok=True)
            log.warning("an unfinished take of segment %r held no audio; removed it", segment)
            continue
        note.update({"segment": segment, "take": f"{TAKES_DIR}/{wav.name}",
                     "seconds": round(repair.seconds, 3)})
        recovered = takes / f"{stem}{RECOVERED_SUFFIX}"
        atomic_write_json(recovered, note)
        marker.unlink(missing_ok=True)
        log.warning("recovered an unfinished take of segment %r: %s (%.1f s)",
                    segment, note["take"], repair.seconds)
        found.append(RecoveredTake(segment, note["take"], repair.seconds, recovered))
    return found


def pending_recovered(episode_dir: str | Path) -> list[RecoveredTake]:
    """Recovered takes not yet answered (used or dismissed), after recovering any new ones."""
    recover_unfinished(episode_dir)
    takes = Path(episode_dir) / TAKES_DIR
    out: list[RecoveredTake] = []
    for note_path in sorted(takes.glob("*" + RECOVERED_SUFFIX)) if takes.is_dir() else []:
        note = _read_note(note_path)
        if note.get("segment") and note.get("take"):
            out.append(RecoveredTake(str(note["segment"]), str(note["take"]),
                                     float(note.get("seconds") or 0.0), note_path))
    return out


def dismiss(recovered: RecoveredTake) -> None:
    """The user has seen the recovered take (it stays among the segment's retakes)."""
    recovered.marker.unlink(missing_ok=True)


def recover_quietly(episode_dir: str | Path) -> None:
    """The hook run on every episode load: recovery must never stop the episode opening."""
    try:
        recover_unfinished(episode_dir)
    except (OSError, StudioError) as exc:
        log.warning("could not check for unfinished recordings: %s", exc)


def offer_recovered_takes(folder: Path, ask) -> dict:  # noqa: ANN001 - ask(segment, seconds)
    """Ask ``ask(segment, seconds)`` about each take a crashed recording left (repaired on the
    way); returns the takes to use, by segment. Each is asked about once. Qt-free: the app
    asks on every open and pull, and importing the recorder's window (QtMultimedia) for it
    stalled the UI thread about 190 ms."""
    from .takes import recorded_take

    chosen: dict = {}
    for r in pending_recovered(folder):
        if ask(r.segment, r.seconds):
            try:
                chosen[r.segment] = recorded_take(folder, r.path)
            except StudioError as exc:
                log.warning("recovered take %s: %s", r.path, exc)
        dismiss(r)
    return chosen
