"""Issue 26 item 6: the UI thread does no file parsing it can be spared when an episode
opens. The show profiles (TOML, 20-40 ms of the UI thread on each episode opened, measured
by profiling a real pull) are read once, in the start-up warm-up, and again only when a
file changed."""

from __future__ import annotations

import threading

import pytest
from guikit import open_window

from studio import profile

pytestmark = pytest.mark.usefixtures("qapp")


def test_opening_an_episode_parses_no_profile_on_the_ui_thread(qtbot, monkeypatch, tmp_path):
    on_ui: list[str] = []
    real = profile.read_toml

    def watched(path, *args, **kwargs):
        if threading.current_thread() is threading.main_thread():
            on_ui.append(str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(profile, "read_toml", watched)
    monkeypatch.setattr(profile, "_read", {}, raising=False)  # as a fresh process starts
    win = open_window(qtbot, monkeypatch, tmp_path)
    qtbot.waitUntil(lambda: not win.runner.busy(), timeout=30_000)  # the start-up warm-up
    qtbot.wait(400)
    qtbot.waitUntil(lambda: not win.runner.busy(), timeout=30_000)
    on_ui.clear()
    for _ in range(2):
        win.session.open_demo()
        qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)
    assert win.narration.statuses()  # the take statuses, which need the show's lexicon
    assert on_ui == []
    win.project.close()
    win.runner.wait()


def test_a_bundled_profile_is_read_again_only_when_it_changed(tmp_path, monkeypatch):
    path = tmp_path / "show.toml"
    path.write_text('[show]\nname = "One"\nrepos = ["a/b"]\n')
    first = profile._bundled(path)
    assert profile._bundled(path) is first
    path.write_text('[show]\nname = "Two, renamed"\nrepos = ["a/b"]\n')
    assert profile._bundled(path).name == "Two, renamed"
    # what profile_for hands out is the caller's to change
    a = profile.profile_for("someone/alpha")
    a.name = "changed"
    assert profile.profile_for("someone/alpha").name == "Alpha"
