"""Issue 26 item 8 through the real window: the show's own settings (title, host, owner name
and e-mail, cover, categories) are edited in Settings ▸ Show and kept in the show folder's
show.toml, so the export's owner.email warning has a field to fill and goes once it is; and the
strings a host reads say things as people do: which default voice, takes and voices named,
no "running?.", no writer error left standing under another writer."""

from __future__ import annotations

import socket

import pytest
from guikit import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from studio.publish.show import default_settings, read_settings, write_settings

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("STUDIO_CACHE_DIR", str(tmp_path / "cache"))
    yield from demo_window(qtbot, monkeypatch, tmp_path)


def ok(qtbot, window, dialog) -> None:
    button = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    if not dialog.isVisible():
        window.apply_settings(dialog)
        window.io_runner.wait()


def export(qtbot, window, show) -> str:
    dialog = window.open_export()
    dialog.show_dir.setText(str(show))
    dialog.result = None  # the dialog kept open from the export before: wait for this one
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result is not None or bool(window.dialogs.errors),
                    timeout=240_000)
    assert window.dialogs.errors == []
    return dialog.result_view.toPlainText()


def test_the_shows_settings_are_edited_in_the_app_and_the_owner_warning_goes(
        qtbot, window, tmp_path):
    show = tmp_path / "show"
    show.mkdir()
    write_settings(default_settings("Widgets", "octo/widgets"), show)
    from studio.resources import resource_path

    (tmp_path / "art.png").write_bytes(resource_path("art", "cover.png").read_bytes())
    shown = export(qtbot, window, show)
    assert "owner.email is empty" in shown and "Settings ▸ Show" in shown  # where to fill it

    window.session.settings.show_dir = str(show)
    dialog = window.settings_dialog()
    dialog.show()
    page = dialog.show_page
    assert dialog.tabs.tabText(dialog.tabs.indexOf(page)) == "Show"
    assert page.title.text() == "Widgets" and page.owner_email.text() == ""
    assert page.category.currentText() == "Technology"
    page.title.setText("Widgets Daily")
    page.author.setText("Ada Host")
    page.owner_name.setText("Ada Host")
    page.owner_email.setText("not-an-address")
    ok(qtbot, window, dialog)
    assert dialog.isVisible() and "owner.email" in dialog.message.text()  # refused, said why
    assert dialog.tabs.currentWidget() is page
    page.owner_email.setText("ada@example.com")
    page.category.setCurrentText("News")
    page.subcategory.setText("Tech News")
    from studio.gui.show_settings import cover_in_show

    page.cover.setText(cover_in_show(tmp_path / "art.png", show))  # copied into the show
    ok(qtbot, window, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    kept = read_settings(show)
    assert (kept.title, kept.author, kept.owner.name, kept.owner.email) == (
        "Widgets Daily", "Ada Host", "Ada Host", "ada@example.com")
    assert (kept.category, kept.subcategory, kept.cover) == ("News", "Tech News", "cover.png")
    assert (show / "cover.png").is_file()
    assert kept.description == default_settings("Widgets", "octo/widgets").description  # kept

    again = window.settings_dialog()  # shown back as kept
    assert again.show_page.owner_email.text() == "ada@example.com"
    assert again.show_page.category.currentText() == "News"
    again.deleteLater()
    assert "owner.email" not in export(qtbot, window, show)


def test_the_default_voice_is_named_and_a_writer_error_goes_with_its_writer(qtbot, window):
    dialog = window.settings_dialog()
    dialog.show()
    assert dialog.voice.itemText(0) == "espeak-ng's default voice"  # which engine's, said
    assert dialog.voice.lineEdit().placeholderText() == "espeak-ng's default voice"
    w = dialog.writer
    w.kind.setCurrentIndex(w.kind.findData("llm"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    w.base_url.setText(f"http://127.0.0.1:{port}/v1")
    qtbot.mouseClick(w.test, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "cannot reach" in dialog.message.text(), timeout=15_000)
    said = dialog.message.text()
    assert said.endswith("is the server running?") and "?." not in said
    w.kind.setCurrentIndex(w.kind.findData("story"))  # another writer: that error is gone
    assert dialog.message.text() == ""
    window.runner.wait()


def test_synthesis_and_stale_takes_say_takes_and_voices_as_people_do():
    from studio.episode import Take, script_hash
    from studio.narration.piper_engine import synthesizing_note
    from studio.narration.takes import stale_reason, take_key

    assert synthesizing_note(1, 1) == "synthesizing 1 take with Piper"
    assert synthesizing_note(8, 2) == "synthesizing 8 takes with Piper, 2 at a time"
    take = Take("takes/t.wav", "synthesized", take_key("Hi.", "", 170))
    take.voice, take.rate, take.script_hash = "", 170, script_hash("Hi.")
    reason = stale_reason(take, "Hi.", "Hi.", "piper:en_US-joe-medium#0123456789abcdef", 170)
    assert reason == ("the voice changed from espeak-ng's default voice to en_US-joe-medium "
                      "(Piper) since it was made")
    take.voice = "piper:en_US-joe-medium#aaaa"
    take.text_hash = take_key("Hi.", take.voice, 170)
    reason = stale_reason(take, "Hi.", "Hi.", "piper:en_US-joe-medium#bbbb", 170)
    assert reason == "the voice model of en_US-joe-medium (Piper) changed since it was made"
