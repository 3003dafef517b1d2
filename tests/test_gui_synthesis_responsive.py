"""The window never stalls as a Piper synthesis starts or ends (issue 26, item 6), through the
real window on a 45-commit day: every take landing announced its segment, and each listener
worked out again, per segment, the show folder on disk, the Piper voice's identity and the
pace measured over every take; the first pull imported the recorder's window (QtMultimedia)
on the UI thread. The heartbeat (tests/heartbeat.py) holds the UI thread under 100 ms."""

from __future__ import annotations

import pytest
from gui_soak import HostDay
from guikit import DATE, build_repo, open_window
from heartbeat import Heartbeat

from studio.narration.piper_voices import piper_installed, piper_voices

PIPER = "piper:en_US-joe-medium"
pytestmark = [pytest.mark.usefixtures("qapp"),
              pytest.mark.skipif(not (piper_installed() and piper_voices()),
                                 reason="needs Piper and a voice")]


@pytest.mark.xfail(strict=False, reason="issue 26 item 6 is not finished: the landing's per-"
                   "segment work is cut, but the start of a synthesis and the export still "
                   "block the UI thread 90-240 ms on the shared 2-core machine (README)")
def test_piper_synthesis_of_a_busy_day_never_blocks_the_window(qtbot, monkeypatch, tmp_path):
    win = open_window(qtbot, monkeypatch, tmp_path, tmp_path / "episode")
    win.resize(1280, 800)
    host = HostDay(win, build_repo(tmp_path / "pytorch", extra=40), DATE, tmp_path)
    try:
        with Heartbeat() as first_pull:
            host._pull()
        host.switch_voice(PIPER)
        assert win.session.save()
        with Heartbeat() as synthesis:
            host.synthesize()  # Synthesize all stale, clicked; waits for every take
        assert len([s for s in win.project.episode.segments if s.take]) >= 8
        assert win.dialogs.errors == []
        assert first_pull.max_gap < 0.1, first_pull.describe()
        assert synthesis.max_gap < 0.1, synthesis.describe()
    finally:
        win.project.close()
        win.runner.wait()
