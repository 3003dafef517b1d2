"""Run as a script: the real window in a process that has no sound server, so Qt sees no audio
output device. Plays a take, previews a voice and says a lexicon word; prints, as JSON, what
the window said each time. (Qt connects to the sound server once per process, and the test
session's own PulseAudio daemon gives the test process an output; hence a process of its own.)
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path


def main(root: Path) -> dict:
    from guikit import ScriptedDialogs
    from PySide6.QtMultimedia import QMediaDevices
    from PySide6.QtWidgets import QApplication

    from studio.gui.app import make_app, make_window

    make_app()
    dialogs = ScriptedDialogs()
    dialogs.folder = root / "episode"
    win = make_window(settings_dir=root / "config", dialogs=dialogs)
    win.show()

    def wait_for(condition, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while not condition() and time.monotonic() < deadline:
            QApplication.processEvents()
            time.sleep(0.01)

    out: dict = {"outputs": [d.description() for d in QMediaDevices.audioOutputs()]}
    win.session.open_demo()
    wait_for(lambda: win.project.is_open and not win.runner.busy())
    panel = win.narration
    seg = win.project.episode.segments[0]
    panel.select_segment(seg.id)
    wav = root / "host.wav"
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                    "sine=frequency=330:duration=1", str(wav)], check=True)
    panel.import_recording(wav)
    wait_for(lambda: seg.take is not None and not win.runner.busy())
    panel.toggle_play()  # the child player finds no sound server, and the window says so
    wait_for(lambda: "No audio" in win.statusBar().currentMessage(), 20)
    out["play"] = win.statusBar().currentMessage()

    settings = win.settings_dialog()
    settings.preview.click()
    wait_for(lambda: "No audio" in settings.message.text(), 60)
    out["preview"] = settings.message.text()
    wait_for(lambda: not win.runner.busy())

    lexicon = win.open_lexicon()
    lexicon.add_entry("ROCm", "rock em")
    lexicon.say_current()
    wait_for(lambda: hasattr(lexicon, "last_audio") and "No audio" in lexicon.note.text(), 60)
    out["say"] = lexicon.note.text()
    out["errors"] = dialogs.errors
    win.project.close()
    return out


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))
