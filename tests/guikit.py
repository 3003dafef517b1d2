"""What the desktop tests share: scripted answers to the app's questions, an isolated
config/state folder, a fixture repository and a window on the real thread pool."""

from __future__ import annotations

import gc
import os
from pathlib import Path

from gitrepo import PT_BOT, RepoBuilder, at, pt_landed, pt_revert

from studio.gui.dialogs import DISCARD, Dialogs

DATE = "2026-02-09"


class ScriptedDialogs(Dialogs):
    """Answers the app's questions as the test says; records every error shown."""

    def __init__(self) -> None:
        self.unsaved = DISCARD
        self.recover = True
        self.save_first = True
        self.replace_episode = True
        self.regenerate = True
        self.replace_recording = False  # synthesis over a recording: the host says no
        self.update_losing = False  # an update that cannot keep some host work: no
        self.folder: Path | None = None
        self.open_path: Path | None = None
        self.errors: list[str] = []
        self.asked: list[str] = []

    def ask_unsaved(self, parent, title):
        self.asked.append(f"unsaved:{title}")
        return self.unsaved

    def ask_recover(self, parent, entry):
        self.asked.append(f"recover:{entry.title}")
        return self.recover

    def ask_use_recovered(self, parent, segment, seconds):
        self.asked.append(f"recording:{segment}:{seconds:.1f}")
        return getattr(self, "use_recovered", True)

    def open_folder(self, parent, start=""):
        return self.open_path

    def save_folder(self, parent, start=""):
        return self.folder

    def ask_replace_episode(self, parent, folder):
        self.asked.append(f"replace:{folder.name}")
        return self.replace_episode

    def ask_regenerate(self, parent, title):
        self.asked.append(f"regenerate:{title}")
        return self.regenerate

    def ask_replace_recording(self, parent, title, source):
        self.asked.append(f"replace-recording:{title}:{source}")
        return self.replace_recording

    def ask_update_losing(self, parent, lost):
        self.asked.append(f"update-losing:{len(lost)}")
        return self.update_losing

    def ask_save_first(self, parent, action):
        self.asked.append(f"save-first:{action}")
        return self.save_first

    def error(self, parent, message):
        self.errors.append(message)


def isolate(monkeypatch, tmp_path: Path) -> Path:
    """Point settings and autosaves at ``tmp_path``; returns the settings folder."""
    config = tmp_path / "config"
    monkeypatch.setenv("COMMITCAST_CONFIG_DIR", str(config))
    monkeypatch.setenv("COMMITCAST_STATE_DIR", str(tmp_path / "state"))
    return config


def open_window(qtbot, monkeypatch, tmp_path: Path, folder: Path | None = None):
    """A shown main window with isolated settings and scripted dialogs."""
    from studio.gui.app import make_app, make_window

    settings_dir = isolate(monkeypatch, tmp_path)
    make_app()
    # A window starts on a heap of its own, as the app's process does: what the tests before
    # left in this process (millions of objects late in a full run) is frozen out of the
    # collector's full passes, which otherwise scanned it on the UI thread (200-280 ms pauses
    # seen by the heartbeat tests only in full runs)
    gc.collect(1)
    gc.freeze()
    dialogs = ScriptedDialogs()
    if folder is not None:
        dialogs.folder = folder
    win = make_window(settings_dir=settings_dir, dialogs=dialogs)
    qtbot.addWidget(win)
    win.show()
    return win


def narration_window(qtbot, monkeypatch, tmp_path: Path, height: int = 800):
    """For a fixture (``yield from``): the window on the sample day, 1100 px wide, showing
    its Narration & audio tab; playback stopped and the window closed afterwards."""
    win = open_window(qtbot, monkeypatch, tmp_path, tmp_path / "episode")
    win.resize(1100, height)
    win.session.open_demo()
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)
    win.tabs.setCurrentWidget(win.narration)
    yield win
    win.narration.player.stop()
    win.project.close()
    win.runner.wait()


def demo_window(qtbot, monkeypatch, tmp_path: Path):
    """For a fixture (``yield from``): the window on the sample day, saved into
    ``tmp_path/episode`` when asked; closed afterwards."""
    win = open_window(qtbot, monkeypatch, tmp_path, tmp_path / "episode")
    win.session.open_demo()
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)
    yield win
    win.project.close()
    win.runner.wait()


def build_repo(path: Path, extra: int = 0) -> Path:
    """A PyTorch-style day: landed PRs, a same-day revert of one of them, a stack; plus
    ``extra`` more commits the same day for bigger pulls."""
    with RepoBuilder(path, origin="https://github.com/pytorch/pytorch.git") as r:
        bot = {"committer": PT_BOT[0], "committer_email": PT_BOT[1]}
        r.commit(pt_landed("Old work", 1), at("2026-02-05", 9), "Old Timer", "old@ex.com", **bot)
        sha = r.commit(pt_landed("[MPS] Add bitwise ops", 10), at(DATE, 3), "Mo Pal",
                       "mo@ex.com", files=["aten/src/ATen/mps/ops.mm"], **bot)
        r.commit(pt_revert("[MPS] Add bitwise ops", 10, sha, "jwitt", "breaking internal builds"),
                 at(DATE, 5), *PT_BOT)
        for i in range(3):
            r.commit(pt_landed(f"[Inductor] Tune kernel {i}", 20 + i, ghstack=list(range(20, 20 + i))),
                     at(DATE, 6 + i), "Dev Stack", "dev@ex.com",
                     files=["torch/_inductor/k.py"], **bot)
        for i in range(extra):
            minute = i % 600
            r.commit(pt_landed(f"Fix thing number {i} in the <loader> & \"friends\"", 1000 + i),
                     at(DATE, 10 + minute // 60, minute % 60), f"Dev {i % 40}",
                     f"dev{i % 40}@ex.com", files=[f"src/m{i % 50}/f{i}.py"], **bot)
    return path


def in_ci() -> bool:
    return bool(os.environ.get("CI"))


def recording(path: Path, seconds: float = 1.5) -> Path:
    """A real audio file: a tone with silence before and after, as a recorder leaves it."""
    import subprocess

    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                    f"sine=frequency=330:duration={seconds}", "-af",
                    "adelay=400,apad=pad_dur=0.6", "-ar", "44100", str(path)], check=True)
    return path


def import_take(qtbot, window, path: Path):
    """Import ``path`` as the first segment's take through the narration panel; its segment."""
    panel, ep = window.narration, window.project.episode
    seg = ep.segments[0]
    panel.select_segment(seg.id)
    panel.import_recording(path)
    qtbot.waitUntil(lambda: ep.segment(seg.id).take is not None and not window.runner.busy(),
                    timeout=60_000)
    assert window.dialogs.errors == []
    return seg


def export_unpublished(qtbot, window, show: Path):
    """Export the saved episode into ``show`` through *Export and publish*, publishing
    nothing, and wait for it: (the dialog, the exported episode.json as a dict)."""
    import json

    from PySide6.QtCore import Qt

    dialog = window.open_export()
    dialog.show_dir.setText(str(show))
    dialog.publish.setChecked(False)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result is not None or bool(window.dialogs.errors),
                    timeout=300_000)
    assert window.dialogs.errors == []
    return dialog, json.loads((dialog.result.folder / "episode.json").read_text())
