"""The segment's text linked to its take, through the real window (issue 26 item 13): each
sentence is placed in the take at the pauses between them; a click on a sentence plays from
it, words selected in the text are selected on the waveform (ready to cut), and the sentence
being heard is highlighted as the take plays."""

from __future__ import annotations

import subprocess

import pytest
from guikit import import_take, narration_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor

from studio.gui import commands

pytestmark = pytest.mark.usefixtures("qapp")

TEXT = ("The first sentence is here now. The second sentence is right here. "
        "The third sentence ends the take.")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    yield from narration_window(qtbot, monkeypatch, tmp_path, height=900)


def _three_bursts(path):
    """Three 1.2 s tones with 0.5 s pauses between them, as three sentences would be said."""
    tone = "sine=frequency=300:duration=1.2"
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", tone,
                    "-f", "lavfi", "-i", tone, "-f", "lavfi", "-i", tone, "-filter_complex",
                    "[0]apad=pad_dur=0.5[a];[1]apad=pad_dur=0.5[b];"
                    "[a][b][2]concat=n=3:v=0:a=1,adelay=300,apad=pad_dur=0.3",
                    "-ar", "44100", str(path)], check=True)
    return path


@pytest.fixture
def editor(qtbot, window, tmp_path):
    seg = import_take(qtbot, window, _three_bursts(tmp_path / "three.flac"))
    window.project.undo_stack.push(commands.SetText(window.project, seg.id, TEXT))
    ed = window.narration.editor
    qtbot.waitUntil(lambda: ed.wave.duration > 0 and len(ed.words.spoken) == 3, timeout=30_000)
    return ed


def test_sentences_are_placed_at_the_pauses(editor):
    first, second, third = editor.words.spoken
    assert editor.words.toPlainText() == TEXT
    # the bursts start at 0.3, 2.0 and 3.7 s: the boundaries land in the pauses between them
    assert 1.5 <= first.end == second.start <= 2.0
    assert 3.2 <= second.end == third.start <= 3.7


def test_a_click_plays_from_the_sentence(qtbot, window, editor):
    text, player = editor.words, window.narration.player
    seen: list[float] = []
    player.position.connect(seen.append)
    second = text.spoken[1]
    cursor = text.textCursor()
    cursor.setPosition(second.first + 5)
    rect = text.cursorRect(cursor)
    qtbot.mouseClick(text.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.x(), rect.center().y()))
    qtbot.waitUntil(lambda: len(seen) >= 3, timeout=10_000)
    assert min(seen) >= second.start - 0.05
    assert editor.wave.playhead is not None and editor.wave.playhead >= second.start - 0.05
    qtbot.waitUntil(lambda: text.heard_text() == second.text, timeout=5_000)
    player.stop()


def test_words_selected_in_the_text_are_selected_on_the_waveform(qtbot, window, editor):
    text = editor.words
    third = text.spoken[2]
    cursor = text.textCursor()
    cursor.setPosition(third.first)
    cursor.setPosition(third.last, QTextCursor.MoveMode.KeepAnchor)
    text.setTextCursor(cursor)
    a, b = editor.wave.selection
    assert a == pytest.approx(third.start, abs=0.01) and b == pytest.approx(third.end, abs=0.01)
    assert editor.cut.isEnabled()
    qtbot.mouseClick(editor.cut, Qt.MouseButton.LeftButton)
    trim = window.project.episode.segment(editor.segment_id).take.trim
    assert trim.cuts and trim.cuts[0][0] == pytest.approx(third.start, abs=0.01)
