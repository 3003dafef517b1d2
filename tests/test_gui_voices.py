"""Voices of both engines in the desktop app, through the real window: Settings lists them by
name, language and quality and previews the chosen one; Piper narrates segments and the
lexicon editor's "Say it" with the chosen voice; switching voices makes the takes stale."""

from __future__ import annotations

import wave
from dataclasses import replace

import pytest
from guikit import demo_window
from piper_procs import piper_workers_of
from PySide6.QtCore import Qt

from studio.gui import audio_jobs
from studio.narration import piper_pool

pytestmark = pytest.mark.usefixtures("qapp")
PIPER = "piper:en_US-joe-medium"


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    yield from demo_window(qtbot, monkeypatch, tmp_path)


def rate_of(path) -> int:
    with wave.open(str(path)) as w:
        return w.getframerate()


@pytest.fixture
def piper_workers(monkeypatch) -> list[dict]:
    """The set-up of every Piper worker started (the real one is started all the same)."""
    started: list[dict] = []
    real = piper_pool._spawn
    monkeypatch.setattr(piper_pool, "_spawn", lambda setup: started.append(setup) or real(setup))
    return started


def test_settings_lists_both_engines_and_previews_a_piper_voice(qtbot, window, piper_workers):
    qtbot.waitUntil(lambda: window.voices is not None and not window.runner.busy(),
                    timeout=60_000)
    played = []
    window.narration.player.play = lambda path, *a, **k: played.append(path) or True
    dialog = window.settings_dialog()
    items = {dialog.voice.itemData(i): dialog.voice.itemText(i)
             for i in range(dialog.voice.count())}
    assert "en_US" in items[PIPER] and "medium" in items[PIPER] and "Piper" in items[PIPER]
    assert items[PIPER] == "en_US-joe-medium · en-US · medium quality (Piper)"
    assert items["gmw/en-us"] == "English (America) · en-US"
    dialog.voice.setCurrentIndex(dialog.voice.findData(PIPER))
    dialog.preview.click()
    qtbot.waitUntil(lambda: bool(played) and not window.runner.busy(), timeout=60_000)
    assert window.dialogs.errors == []
    assert played[0].stat().st_size > 10_000 and len(piper_workers) == 1
    assert dialog.result_settings().voice == PIPER
    dialog.reject()


def test_piper_narrates_in_the_app_and_a_voice_change_makes_takes_stale(qtbot, window):
    panel, ep = window.narration, window.project.episode
    window.session.settings = replace(window.session.settings, voice=PIPER)
    seg = ep.segments[1]
    panel.select_segment(seg.id)
    panel.synthesize_current()
    qtbot.waitUntil(lambda: ep.segment(seg.id).take is not None and not window.runner.busy(),
                    timeout=120_000)
    assert window.dialogs.errors == []
    take = ep.segment(seg.id).take
    assert take.voice.startswith("piper:en_US-joe-medium#")
    assert rate_of(window.project.folder / take.path) == 22050
    assert panel.statuses()[seg.id] == audio_jobs.FRESH
    window.session.settings = replace(window.session.settings, voice="gmw/en-us")
    assert panel.statuses()[seg.id] == audio_jobs.STALE
    reason = audio_jobs.stale_reasons(ep, window.session.settings,
                                      audio_jobs.lexicon_for_episode(ep), [seg.id])[seg.id]
    assert "the voice changed from en_US-joe-medium (Piper) to gmw/en-us (espeak-ng)" in reason


def test_say_it_uses_the_chosen_engine(qtbot, window, piper_workers):
    window.session.settings = replace(window.session.settings, voice=PIPER)
    window.narration.player.play = lambda path, *a, **k: True  # no sound card here
    lexicon = window.open_lexicon()
    lexicon.add_entry("kubectl", "[[k'u:b@k,Ut@l]]")
    lexicon.say_current()
    qtbot.waitUntil(lambda: hasattr(lexicon, "last_audio"), timeout=60_000)
    assert window.dialogs.errors == []
    assert len(piper_workers) == 1  # Piper's joe said it, not espeak-ng
    assert rate_of(lexicon.last_audio) == 22050
    lexicon.reject()


def test_cancel_stops_piper_synthesis_in_the_app(qtbot, window):
    panel, ep = window.narration, window.project.episode
    window.session.settings = replace(window.session.settings, voice=PIPER)
    messages: list[str] = []
    window.session.progress.connect(lambda _f, msg: messages.append(msg))
    ids = [s.id for s in ep.segments if s.text.strip()]
    panel.synthesize(ids)
    qtbot.waitUntil(lambda: any("synthesized 1 of" in m for m in messages), timeout=120_000)
    assert window.pull_panel.cancel.isEnabled()
    qtbot.mouseClick(window.pull_panel.cancel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.runner.busy(), timeout=30_000)
    assert "Synthesis cancelled." in window.statusBar().currentMessage()
    assert window.dialogs.errors == [] and all(s.take is None for s in ep.segments)
    assert not list(window.project.folder.rglob("*.part"))
    assert not piper_workers_of()
