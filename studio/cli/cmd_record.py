"""`studio record`: record a segment's take from a microphone, list or choose retakes.

The recording itself runs in the Qt recorder process (the CLI imports no Qt); this command
waits for it, shows the input level, forwards Ctrl-C so the take is finalised, and sets the
take as the segment's take in episode.json.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .argtypes import seconds
from .cmd_audio import add_lock_wait


def register(sub: argparse._SubParsersAction) -> None:
    rec = sub.add_parser("record", help="record a segment's take from a microphone")
    rec.add_argument("episode_dir", metavar="EPISODE_DIR")
    rec.add_argument("--segment", metavar="ID", help="the segment to record")
    rec.add_argument("--device", metavar="NAME",
                     help="input device id or description (default: the default input)")
    rec.add_argument("--seconds", type=seconds(), metavar="N",
                     help="stop after N seconds (default: record until Ctrl-C)")
    rec.add_argument("--list-devices", action="store_true", help="list the input devices")
    rec.add_argument("--takes", action="store_true", help="list the segment's recorded takes")
    rec.add_argument("--use", metavar="TAKE",
                     help="make an earlier take (its number or file name) the segment's take")
    rec.add_argument("-q", "--quiet", action="store_true", help="no level meter")
    add_lock_wait(rec)
    rec.set_defaults(handler=cmd_record)


def cmd_record(args: argparse.Namespace) -> int:
    if args.list_devices:
        return _list_devices()
    from ..plumbing.showlock import episode_lock

    # the whole take: a produce must not rewrite episode.json under a recording
    with episode_lock(args.episode_dir, args.lock_wait, "studio record"):
        return _recording_command(args)


def _recording_command(args: argparse.Namespace) -> int:
    from ..plumbing.errors import StudioError

    if not args.segment:
        raise StudioError("say which segment to record: --segment ID")
    if args.seconds is not None and not 0 < args.seconds <= 24 * 3600:
        raise StudioError("--seconds must be more than 0 (and at most a day)")
    from ..episode import load_episode
    from ..recovery import recover_episode

    folder = Path(args.episode_dir)
    recover_episode(folder)  # a take a crashed recorder left, an interrupted export
    episode = load_episode(folder)
    episode.segment(args.segment)  # a clear error for an unknown segment
    if args.takes:
        return _list_takes(folder, args.segment)
    if args.use:
        return _use(folder, args.segment, args.use)
    _offer_recovered(folder)
    return _record(folder, args)


def _record(folder: Path, args: argparse.Namespace) -> int:
    from ..plumbing.errors import StudioError
    from ..recording.process import run_recorder
    from ..recording.takes import new_take_path, use_take

    take = new_take_path(folder, args.segment)
    meter = _Meter(quiet=args.quiet)
    until = f"for {args.seconds:g} s" if args.seconds else "until Ctrl-C"
    print(f"recording segment {args.segment!r} {until} into {take.relative_to(folder)}",
          file=sys.stderr)
    outcome = run_recorder(take, args.segment, args.device, args.seconds, on_event=meter)
    meter.done()
    rel = f"takes/{take.name}"
    if outcome.error:
        if outcome.seconds <= 0:
            raise StudioError(outcome.error)
        number = take.stem.rsplit("-rec-", 1)[-1]
        raise StudioError(f"{outcome.error}; kept as {rel} but not used: choose it with "
                          f"`studio record {folder} --segment {args.segment} --use {number}`")
    chosen = use_take(folder, args.segment, rel)
    print(f"segment {args.segment}: {rel} ({chosen.duration:.1f} s, recorded from "
          f"{outcome.device}, {outcome.format})")
    return 0


def _list_devices() -> int:
    from ..recording.process import list_inputs

    inputs = list_inputs()
    if not inputs:
        print("no audio input devices")
    for dev in inputs:
        mark = "*" if dev.get("default") else " "
        print(f"{mark} {dev.get('id')}\t{dev.get('description')}")
    return 0


def _list_takes(folder: Path, segment_id: str) -> int:
    from ..recording.takes import list_takes

    takes = list_takes(folder, segment_id)
    if not takes:
        print(f"segment {segment_id} has no recorded takes")
    for t in takes:
        print(f"{'*' if t.in_use else ' '} {t.number:3d}  {t.path}  {t.seconds:.1f} s")
    return 0


def _use(folder: Path, segment_id: str, choice: str) -> int:
    from ..recording.takes import resolve_take, use_take

    take = use_take(folder, segment_id, resolve_take(folder, segment_id, choice))
    print(f"segment {segment_id}: now uses {take.path} ({take.duration:.1f} s)")
    return 0


def _offer_recovered(folder: Path) -> None:
    from ..recording.recovery import dismiss, pending_recovered

    for r in pending_recovered(folder):
        number = Path(r.path).stem.rsplit("-rec-", 1)[-1]
        print(f"studio: recovered an unfinished take of segment {r.segment!r}: {r.path} "
              f"({r.seconds:.1f} s); use it with `studio record {folder} --segment "
              f"{r.segment} --use {number}`", file=sys.stderr)
        dismiss(r)


class _Meter:
    """The input level on one terminal line (peak in dBFS, a bar, CLIP when it clips)."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.tty = sys.stderr.isatty()
        self.clipped = 0

    def __call__(self, event: dict) -> None:
        if event.get("event") != "level":
            return
        self.clipped += int(event.get("clipped") or 0)
        if self.quiet or not self.tty:
            return
        import math

        peak = float(event.get("peak") or 0.0)
        db = 20 * math.log10(peak) if peak > 1e-6 else -99.0
        bar = "#" * max(0, min(30, int((db + 60) / 2)))
        clip = " CLIP" if event.get("clipped") else ""
        sys.stderr.write(f"\r{float(event.get('seconds') or 0):7.1f} s  {db:6.1f} dBFS "
                         f"[{bar:<30}]{clip:5}")
        sys.stderr.flush()

    def done(self) -> None:
        if self.tty and not self.quiet:
            sys.stderr.write("\r" + " " * 70 + "\r")
        if self.clipped:
            sys.stderr.write(f"studio: warning: the input clipped ({self.clipped} samples at "
                             f"full scale): lower the input gain and record again\n")
        sys.stderr.flush()
