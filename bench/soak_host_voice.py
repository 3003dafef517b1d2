"""Issue 26 as a host lives it, through the real window offscreen: N cycles of import a
recording, edit its segment, Synthesize all stale, pull the same day again, save, reopen (and
every fifth cycle, a commit lands and File → Update from the repository… merges it).

After each step it checks that the host's recording and edits are still there, that no
"replace another episode?" question was asked, and it measures the UI thread's longest block
(tests/heartbeat.py) and the Pull button's place. Prints one line per cycle and a summary.

    PYTHONPATH=$PWD QT_QPA_PLATFORM=offscreen .venv/bin/python bench/soak_host_voice.py [--cycles 20]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cycles", type=int, default=20)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="soak-voice-"))
    os.environ["COMMITCAST_CONFIG_DIR"] = str(tmp / "config")
    os.environ["COMMITCAST_STATE_DIR"] = str(tmp / "state")

    from gui_soak import wait_until
    from guikit import DATE, ScriptedDialogs, build_repo, recording
    from heartbeat import Heartbeat
    from PySide6.QtCore import QDate, QPoint, QRect, Qt
    from PySide6.QtTest import QTest
    from test_gui_pull_again import _land_another_commit

    from studio.gui.app import make_app, make_window

    make_app()
    dialogs = ScriptedDialogs()
    show = tmp / "show"
    folder = show / "episodes" / DATE
    dialogs.folder = folder
    win = make_window(settings_dir=tmp / "config", dialogs=dialogs)
    win.session.settings.show_dir = str(show)
    win.show()
    QTest.qWaitForWindowExposed(win)
    repo = build_repo(tmp / "pytorch")
    panel, narration = win.pull_panel, win.narration
    idle = lambda: not win.runner.busy()  # noqa: E731

    def place(w) -> QRect:
        return QRect(w.mapTo(win, QPoint(0, 0)), w.size())

    def pull() -> None:
        panel.repo.setEditText(str(repo))
        panel.date.setDate(QDate.fromString(DATE, "yyyy-MM-dd"))
        panel.tz.setCurrentText("UTC")
        QTest.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
        wait_until(lambda: win.project.is_open and idle(), 60, "the pull")

    wait_until(idle, 30, "start-up")
    pull()
    pull_place = place(panel.pull)
    problems: list[str] = []
    worst, commits, started = 0.0, 5, time.monotonic()
    blocks: dict[str, float] = {}  # step -> the UI thread's longest block in it
    cycle_worst = [0.0]
    running: dict[str, float] = {}  # ... and how much of that block the UI thread ran

    def step(name: str, run) -> None:
        with Heartbeat() as beat:
            run()
        if beat.max_gap > blocks.get(name, 0.0):
            blocks[name] = beat.max_gap
            running[name] = beat.max_gap_cpu
        cycle_worst[0] = max(cycle_worst[0], beat.max_gap)

    def run_cycle(cycle: int) -> float:
        nonlocal commits
        t0 = time.monotonic()
        cycle_worst[0] = 0.0
        ep = win.project.episode
        seg = next(s for s in ep.segments if s.id == "rollbacks")
        source = recording(tmp / f"host-{cycle}.wav", 1.0 + cycle / 20)

        def import_it() -> None:
            narration.select_segment(seg.id)
            narration.import_recording(source)
            wait_until(lambda: idle() and ep.segment(seg.id).take.path.startswith(
                "takes/import-") and ep.segment(seg.id).take.path != before, 60, "import")

        before = ep.segment(seg.id).take.path if ep.segment(seg.id).take else ""
        step("import", import_it)
        take = ep.segment(seg.id).take
        mine = f"{seg.text} Cycle {cycle}, said my way."

        def edit() -> None:
            win.editor.select_segment(seg.id)
            win.editor.text.setPlainText(mine)

        step("edit", edit)

        def synthesize() -> None:
            QTest.mouseClick(narration.synth_all, Qt.MouseButton.LeftButton)
            wait_until(idle, 300, "synthesis")

        step("synthesize all stale", synthesize)
        said = win.statusBar().currentMessage()
        if ep.segment(seg.id).take != take:
            problems.append(f"cycle {cycle}: synthesis replaced the recording")
        if "kept 1 recording" not in said:
            problems.append(f"cycle {cycle}: synthesis said {said!r}")
        if cycle % 2:  # the host says it still matches, every other time
            narration.select_segment(seg.id)
            step("keep", lambda: QTest.mouseClick(narration.keep_button, Qt.MouseButton.LeftButton))
        assert win.session.save()  # a save is waited for on purpose: not measured
        if cycle % 5 == 0:  # a commit landed later that day: update, keeping the work
            _land_another_commit(repo)
            commits += 1

            def update() -> None:
                win.update_action.trigger()
                wait_until(idle, 60, "the update")

            step("update from the repository", update)
            if len(win.project.day.commits) != commits:
                problems.append(f"cycle {cycle}: update gave {len(win.project.day.commits)}"
                                f" commits, not {commits}")
            assert win.session.save()
        step("pull the same day", pull)  # the host's episode opens
        ep = win.project.episode
        if win.project.folder != folder:
            problems.append(f"cycle {cycle}: the re-pull opened a new draft")
        if ep.segment(seg.id).take.path != take.path or ep.segment(seg.id).text != mine:
            problems.append(f"cycle {cycle}: the re-pull lost the recording or the edit")
        if place(panel.pull) != pull_place:
            problems.append(f"cycle {cycle}: the Pull button moved")
        assert win.session.save()

        def reopen() -> None:
            win.session.open(folder)
            wait_until(lambda: idle() and win.project.folder == folder, 60, "open")

        step("reopen", reopen)
        ep = win.project.episode
        if ep.segment(seg.id).take.path != take.path or ep.segment(seg.id).text != mine:
            problems.append(f"cycle {cycle}: reopening lost the recording or the edit")
        asked = [a for a in dialogs.asked if a.startswith("replace")]
        if asked or dialogs.errors:
            problems.append(f"cycle {cycle}: asked {asked}, errors {dialogs.errors}")
        dialogs.asked.clear()
        dialogs.errors.clear()
        print(f"cycle {cycle:2d}: {time.monotonic() - t0:5.1f} s, UI thread longest block "
              f"{cycle_worst[0] * 1000:4.0f} ms, {len(ep.segments)} segments, "
              f"{len(win.project.day.commits)} commits, take {take.path}", flush=True)
        return cycle_worst[0]

    for cycle in range(1, args.cycles + 1):
        worst = max(worst, run_cycle(cycle))
    win.close()  # waits for the window's jobs, as a host quitting does
    takes = sorted(p.name for p in (folder / "takes").iterdir())
    print(f"{args.cycles} cycles in {time.monotonic() - started:.0f} s; longest UI block "
          f"{worst * 1000:.0f} ms; {len(takes)} files in takes/; "
          f"{len(problems)} problems" + "".join(f"\n  {p}" for p in problems))
    print("longest UI block by step (of it, the UI thread running): " + ", ".join(
        f"{k} {v * 1000:.0f} ms ({running[k] * 1000:.0f} ms)" for k, v in blocks.items()))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
