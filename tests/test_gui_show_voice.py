"""The desktop app narrates a show's episodes with the show's show.toml ``[voice]``, as
`studio render` and `studio produce` do: the takes it synthesizes carry that voice and speed,
count as fresh, and an episode outside the show keeps the app's own voice."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from guikit import open_window

from studio.gui import audio_jobs
from studio.narration.engine import speed_to_rate
from studio.publish.show import ShowVoice, default_settings, write_settings

pytestmark = pytest.mark.usefixtures("qapp")
APP_VOICE, SHOW_VOICE = "gmw/en-us", "gmw/en-gb-x-rp"


def synthesized_take(qtbot, monkeypatch, tmp_path: Path, folder: Path):
    """The demo day saved into ``folder``, one segment synthesized through the panel."""
    win = open_window(qtbot, monkeypatch, tmp_path, folder)
    win.session.settings = replace(win.session.settings, voice=APP_VOICE, rate=170)
    win.session.open_demo()
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)
    assert win.session.save(save_as=True)
    panel, ep = win.narration, win.project.episode
    seg = ep.segments[1]
    panel.select_segment(seg.id)
    panel.synthesize_current()
    qtbot.waitUntil(lambda: (ep.segment(seg.id).take is not None or bool(win.dialogs.errors))
                    and not win.runner.busy(), timeout=120_000)
    assert win.dialogs.errors == []
    take, fresh = ep.segment(seg.id).take, panel.statuses()[seg.id]
    win.project.close()
    win.runner.wait()
    return take, fresh


def show_with_voice(tmp_path: Path) -> Path:
    """A show folder whose show.toml names its narrator: SHOW_VOICE at speed 1.25."""
    show_dir = tmp_path / "show"
    show_dir.mkdir()
    show = default_settings("Widgets", "octo/widgets")
    show.voice = ShowVoice(engine="pyttsx3", voice=SHOW_VOICE, speed=1.25)
    write_settings(show, show_dir)
    return show_dir


def test_a_shows_voice_narrates_its_episodes_in_the_app(qtbot, monkeypatch, tmp_path):
    show_dir = show_with_voice(tmp_path)
    take, status = synthesized_take(qtbot, monkeypatch, tmp_path,
                                    show_dir / "episodes" / "2026-02-09")
    assert SHOW_VOICE.lower() in take.voice.lower() and take.rate == speed_to_rate(1.25)
    assert status == audio_jobs.FRESH


def test_an_episode_outside_a_show_keeps_the_apps_voice(qtbot, monkeypatch, tmp_path):
    take, status = synthesized_take(qtbot, monkeypatch, tmp_path, tmp_path / "episode")
    assert "en-gb" not in take.voice.lower() and take.rate == 170
    assert status == audio_jobs.FRESH


def test_settings_says_when_the_shows_show_toml_sets_the_voice(qtbot, monkeypatch, tmp_path):
    show_dir = show_with_voice(tmp_path)
    win = open_window(qtbot, monkeypatch, tmp_path)
    win.session.settings = replace(win.session.settings, show_dir=str(show_dir))
    dialog = win.settings_dialog()
    dialog.show()
    note = dialog.show_voice_note
    assert note.isVisible() and SHOW_VOICE in note.text() and "1.25" in note.text()
    bare = tmp_path / "bare"
    bare.mkdir()
    dialog.show_dir.setText(str(bare))
    dialog.show_dir.editingFinished.emit()
    assert not note.isVisible()
    dialog.reject()
    win.runner.wait()
