"""The recorder as a process of its own: ``python -m studio.gui.record_process …``.

``studio record`` runs this so the command line never imports Qt. It records one take into
the file it is given, until ``--seconds`` or SIGINT/SIGTERM, and reports on stdout as JSON
lines: ``started`` (device and format), ``level`` (about four a second) and ``finished``
(seconds recorded, and the reason when the device failed). Exit status: 0 finished, 3 stopped
early by a device problem with the audio so far kept, 1 could not start (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path

EXIT_OK, EXIT_FAILED, EXIT_DEVICE_LOST = 0, 1, 3


def _emit(event: str, **fields: object) -> None:
    sys.stdout.write(json.dumps({"event": event, **fields}) + "\n")
    sys.stdout.flush()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="studio-record-process")
    parser.add_argument("--take", required=True, help="WAV file to write (new or empty)")
    parser.add_argument("--segment", required=True)
    parser.add_argument("--device", help="input id or description (default input otherwise)")
    parser.add_argument("--seconds", type=float, help="stop after this many seconds")
    parser.add_argument("--format", choices=["uint8", "int16", "int32", "float"],
                        help="ask the device for this sample format")
    parser.add_argument("--rate", type=int, help="ask the device for this sample rate")
    parser.add_argument("--channels", type=int, help="ask the device for this many channels")
    parser.add_argument("--list", action="store_true", help="list the inputs as JSON and exit")
    parser.add_argument("--parent-pid", type=int, help="stop the take if this process dies")
    return parser.parse_args(argv)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, QTimer

    from ..plumbing.errors import StudioError
    from .recording.devices import describe, find_input, input_format, list_inputs
    from .recording.engine import RecordingResult, TakeRecorder

    app = QCoreApplication.instance() or QCoreApplication([sys.argv[0]])
    if args.list:
        _emit("inputs", inputs=[vars(i) for i in list_inputs()])
        return EXIT_OK
    stop_asked: list[int] = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda num, _frame: stop_asked.append(num))
    try:
        device = find_input(args.device)
        fmt = input_format(device, args.format, args.rate, args.channels)
        if args.seconds is not None and args.seconds <= 0:
            raise StudioError("--seconds must be more than 0")
        recorder = TakeRecorder(device, fmt, Path(args.take), args.segment, args.seconds)
        recorder.start()
    except StudioError as exc:
        print(f"studio: error: {exc}", file=sys.stderr)
        return EXIT_FAILED
    outcome: list[RecordingResult] = []
    recorder.finished.connect(lambda result: (outcome.append(result), app.quit()))
    last_level = [0.0]

    def report_level(level) -> None:
        now = time.monotonic()
        if now - last_level[0] >= 0.25:
            last_level[0] = now
            _emit("level", seconds=round(recorder.seconds, 2), peak=round(level.peak, 4),
                  clipped=level.clipped)

    recorder.level.connect(report_level)
    watch = QTimer()  # lets Python run its signal handlers while Qt's loop waits
    watch.timeout.connect(lambda: recorder.stop() if stop_asked or _orphaned(args) else None)
    watch.start(50)
    _emit("started", take=str(args.take), device=device.description(), format=describe(fmt),
          pid=os.getpid())
    if not outcome:
        app.exec()
    result = outcome[0] if outcome else RecordingResult(Path(args.take), recorder.seconds)
    _emit("finished", take=str(result.path), seconds=round(result.seconds, 3),
          error=result.error, interrupted=bool(stop_asked))
    return EXIT_DEVICE_LOST if result.error else EXIT_OK


def _orphaned(args: argparse.Namespace) -> bool:
    """Whether the process that started the recorder is gone (then the take is finished)."""
    return bool(args.parent_pid) and os.getppid() != args.parent_pid


def main(argv: list[str] | None = None) -> int:
    return run(parse_args(argv))


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # The take is closed and synced by now. Skip the interpreter's teardown: destroying Qt's
    # PulseAudio objects after the application object can abort (SIGABRT) under load.
    os._exit(code)
