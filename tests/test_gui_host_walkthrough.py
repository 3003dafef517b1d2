"""What a host ran into walking through whole days in the real window (driven by hand on an X
server): dates typed into the pull bar, an earlier day's commit in the day list, the Day panel
closed from the View menu, the spoken script, the lexicon's buttons and Cancel, and Ctrl+E from
the text fields."""

from __future__ import annotations

from pathlib import Path

import pytest
from gitrepo import PT_BOT, RepoBuilder, at, pt_landed, pt_revert
from guikit import DATE, build_repo, open_window
from PySide6.QtCore import QDate, QEvent, QKeyCombination, QObject, Qt
from PySide6.QtWidgets import QDateEdit
from test_gui_flow import pull as flow_pull

pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    win = open_window(qtbot, monkeypatch, tmp_path, tmp_path / "episode")
    yield win
    win.project.close()
    win.runner.wait()


def pull(qtbot, win, repo) -> None:
    flow_pull(qtbot, win, repo)
    assert win.dialogs.errors == []


def test_a_day_typed_into_the_pull_bar_is_the_day_pulled(qtbot, window):
    date = window.pull_panel.date
    date.setDate(QDate(2026, 11, 15))
    date.setFocus()
    date.setSelectedSection(QDateEdit.Section.DaySection)
    qtbot.keyClicks(date, "3")  # a Tuesday: the weekday shown must follow, not refuse the day
    assert window.pull_panel.chosen_date().isoformat() == "2026-11-03"
    assert date.text() == "3 Nov 2026 (Tue)"


def test_an_original_from_an_earlier_day_shows_its_day_not_an_iso_date(qtbot, window, tmp_path):
    with RepoBuilder(tmp_path / "repo", origin="https://github.com/pytorch/pytorch.git") as r:
        bot = {"committer": PT_BOT[0], "committer_email": PT_BOT[1]}
        sha = r.commit(pt_landed("[ROCm] Add SPIR-V support", 5), at("2026-02-05", 15),
                       "Devi Raman", "devi@ex.com", **bot)
        r.commit(pt_landed("Fix a thing", 6), at(DATE, 4), "Ann", "ann@ex.com", **bot)
        r.commit(pt_revert("[ROCm] Add SPIR-V support", 5, sha, "jwitt", "broke the build"),
                 at(DATE, 9), *PT_BOT)
    pull(qtbot, window, tmp_path / "repo")
    tree = window.day_view.tree
    revert = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
                  if tree.topLevelItem(i).childCount())
    original = revert.child(0)
    assert "SPIR-V" in original.text(0)
    assert original.text(2) == "Thu 5 Feb"  # not "2026-02-05"
    assert "Thu 5 Feb 2026, 15:00 UTC" in original.toolTip(2)


def test_the_day_panel_closes_and_comes_back_from_the_view_menu(qtbot, window):
    from PySide6.QtWidgets import QDockWidget

    dock = window.day_dock
    toggle = next(a for a in window.view_menu.actions() if a.text().replace("&", "") == "Day")
    assert toggle.isEnabled()
    assert dock.features() & QDockWidget.DockWidgetFeature.DockWidgetClosable  # its × button
    toggle.trigger()
    assert not dock.isVisible()
    toggle.trigger()
    assert dock.isVisible()


def test_the_script_never_says_work_twice(qtbot, window, tmp_path):
    pull(qtbot, window, build_repo(tmp_path / "pytorch", extra=8))
    ep = window.project.episode
    said = " ".join(seg.text for seg in ep.segments)
    # (eight title-only fixes are told together in their kind's segment, "Eight fixes")
    stories = [seg for seg in ep.segments if seg.id.startswith(("story-", "group-"))]
    assert stories and all("_" not in seg.title and "/" not in seg.title
                           for seg in stories)  # stories named in words
    assert "work work" not in said


@pytest.fixture
def demo(window, qtbot):
    window.session.open_demo()
    qtbot.waitUntil(lambda: window.project.is_open and not window.runner.busy(), timeout=30_000)
    return window


def test_lexicon_add_puts_the_cursor_in_the_new_word_and_idle_buttons_are_off(qtbot, demo):
    from PySide6.QtWidgets import QApplication

    from studio.gui import audio_jobs

    audio_jobs.user_lexicon_path().unlink(missing_ok=True)
    lexicon = demo.open_lexicon()
    lexicon.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is lexicon, timeout=5000)
    assert lexicon.table.rowCount() == 0
    assert not lexicon.say.isEnabled() and not lexicon.remove.isEnabled()  # nothing to say yet
    qtbot.mouseClick(lexicon.add, Qt.MouseButton.LeftButton)
    editor = QApplication.focusWidget()
    assert lexicon.table.isAncestorOf(editor), editor  # typing goes into the new row
    qtbot.keyClicks(editor, "loader")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: lexicon.table.item(0, 0).text() == "loader", timeout=3000)
    assert lexicon.say.isEnabled() and lexicon.remove.isEnabled()
    lexicon.close()


def test_say_it_then_cancel_leaves_the_saved_lexicon_alone(qtbot, demo):
    from studio.gui import audio_jobs

    audio_jobs.user_lexicon_path().unlink(missing_ok=True)
    statuses = demo.narration.statuses()
    lexicon = demo.open_lexicon()
    lexicon.add_entry("ROCm", "rock em")
    lexicon.say_current()
    qtbot.waitUntil(lambda: hasattr(lexicon, "last_audio") and not demo.runner.busy(),
                    timeout=60_000)
    assert lexicon.last_audio.stat().st_size > 10_000  # said, with the word as typed
    lexicon.reject()  # Cancel
    assert not audio_jobs.user_lexicon_path().exists()
    assert demo.narration.statuses() == statuses


class ClaimsCtrlE(QObject):
    """What a Linux text field does with Ctrl+E (Qt's X11, KDE and GNOME key schemes bind it to
    "end of line"): it claims the key before any shortcut. The offscreen platform used by the
    tests has no such binding, so the claim is made here, on the real fields."""

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and \
                event.keyCombination() == QKeyCombination(Qt.KeyboardModifier.ControlModifier, Qt.Key.Key_E):
            event.accept()
            return True
        return False


def test_ctrl_e_exports_even_where_text_fields_claim_it_for_end_of_line(qtbot, demo):
    from PySide6.QtWidgets import QApplication

    win = demo
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)
    claims = ClaimsCtrlE(win)
    for field in (win.editor.text, win.editor.title, win.day_view.search):
        field.installEventFilter(claims)
        field.setFocus()
        qtbot.waitUntil(field.hasFocus, timeout=3000)
        win.export_dialog = None
        qtbot.keyClick(field, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
        assert win.export_dialog is not None, field.objectName()
        win.export_dialog.close()
        field.removeEventFilter(claims)


def test_no_match_note_counts_the_commits_the_heading_counts(qtbot, window, tmp_path):
    pull(qtbot, window, build_repo(tmp_path / "pytorch"))
    view = window.day_view
    assert "5 commits" in view.heading.text()  # one of them a reverted original, under its revert
    view.search.setText("nothing like this")
    assert view.empty_note.isVisible()
    assert view.empty_note.text().endswith("Clear the filter to see all 5.")


def offered_folder(qtbot, win) -> Path | None:
    """Open the real save dialog and read where it offers to save (then cancel it)."""
    from types import MethodType

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit

    from studio.gui.dialogs import Dialogs

    win.dialogs.save_folder = MethodType(Dialogs.save_folder, win.dialogs)
    seen: list[Path] = []

    def poll() -> None:
        dialog = next((w for w in QApplication.topLevelWidgets()
                       if isinstance(w, QFileDialog) and w.isVisible()), None)
        if dialog is None:
            QTimer.singleShot(20, poll)
            return
        name = dialog.findChild(QLineEdit, "fileNameEdit").text()
        seen.append(Path(dialog.directory().absolutePath()) / name)
        dialog.reject()

    QTimer.singleShot(0, poll)
    assert not win.session.save(save_as=True)
    return seen[0] if seen else None


def test_save_offers_a_folder_named_for_the_day_beside_the_last_episode(
        qtbot, window, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    window.session.open_demo()
    qtbot.waitUntil(lambda: window.project.is_open and not window.runner.busy(), timeout=30_000)
    day = window.project.episode.date
    # never saved before, no show folder: the home folder, not wherever the app was started
    assert offered_folder(qtbot, window) == tmp_path / "home" / day
    # once an episode is saved somewhere, the next one is offered beside it
    shows = tmp_path / "my episodes"
    window.dialogs.save_folder = lambda parent, start="": shows / "monday"
    assert window.session.save(save_as=True)
    assert offered_folder(qtbot, window) == shows / day


def test_save_button_takes_a_new_folder_name(qtbot, window, tmp_path, monkeypatch):
    from types import MethodType

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog

    from studio.gui.dialogs import Dialogs

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    window.session.open_demo()
    qtbot.waitUntil(lambda: window.project.is_open and not window.runner.busy(), timeout=30_000)
    window.dialogs.save_folder = MethodType(Dialogs.save_folder, window.dialogs)
    state = {"enabled": None, "tries": 0}

    def poll() -> None:
        dialog = next((w for w in QApplication.topLevelWidgets()
                       if isinstance(w, QFileDialog) and w.isVisible()), None)
        if dialog is None:
            QTimer.singleShot(20, poll)
            return
        state["tries"] += 1
        save = dialog.findChild(QDialogButtonBox, "buttonBox").button(QDialogButtonBox.StandardButton.Save)
        if state["tries"] < 5:  # let the dialog settle its button first
            QTimer.singleShot(20, poll)
            return
        state["enabled"] = save.isEnabled()
        save.click()  # what a host does with the folder name the dialog offers
        if dialog.isVisible():
            dialog.reject()

    QTimer.singleShot(0, poll)
    saved = window.session.save()
    assert state["enabled"] is True
    new = tmp_path / "home" / window.project.episode.date
    assert saved and window.project.folder == new and (new / "episode.json").is_file()


def test_after_an_export_the_window_says_so_and_the_result_can_be_read(qtbot, demo, tmp_path):
    dialog = demo.open_export()
    qtbot.waitExposed(dialog)
    dialog.show_dir.setText(str(tmp_path / "show"))
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result is not None or bool(demo.dialogs.errors), timeout=180_000)
    qtbot.waitUntil(lambda: not demo.runner.busy(), timeout=30_000)
    assert demo.dialogs.errors == []
    said = demo.statusBar().currentMessage()
    assert said != "done" and said.startswith("Exported"), said  # not the job's last progress word
    qtbot.waitUntil(lambda: dialog.result_view.height() >= 150, timeout=3000)  # a few lines, not 3
    dialog.close()


def test_enter_in_the_time_zone_field_pulls_like_enter_in_the_repository_field(
        qtbot, window, tmp_path):
    panel = window.pull_panel
    panel.repo.setEditText(str(build_repo(tmp_path / "pytorch")))
    panel.date.setDate(QDate.fromString(DATE, "yyyy-MM-dd"))
    field = panel.tz.lineEdit()
    field.selectAll()
    qtbot.keyClicks(field, "Asia/Kolkata")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.project.is_open and not window.runner.busy(), timeout=30_000)
    assert window.dialogs.errors == []
    assert "(Asia/Kolkata)" in window.day_view.heading.text()


def test_settings_refuse_an_unknown_time_zone_and_say_why(qtbot, window):
    from PySide6.QtWidgets import QDialogButtonBox

    dialog = window.settings_dialog()
    dialog.show()
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    dialog.tz.setText("Mars/Base")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and "unknown time zone" in dialog.message.text()
    dialog.tz.setText("Europe/Berlin")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and dialog.result_settings().tz == "Europe/Berlin"


def test_move_up_and_down_are_off_where_the_segment_cannot_go(qtbot, demo):
    ed, ep = demo.editor, demo.project.episode
    menu = {a.text().replace("&", ""): a for a in demo.segment_menu.actions()}
    up, down = menu["Move up"], menu["Move down"]
    ed.select_segment(ep.segments[0].id)
    assert not up.isEnabled() and not ed.up.isEnabled()  # the first one has nowhere up to go
    assert down.isEnabled() and ed.down.isEnabled()
    ed.select_segment(ep.segments[-1].id)
    assert up.isEnabled() and ed.up.isEnabled()
    assert not down.isEnabled() and not ed.down.isEnabled()
    qtbot.mouseClick(ed.up, Qt.MouseButton.LeftButton)  # moved: now second to last, both ways open
    assert demo.project.episode.segments[-2].id == ed.current_id()
    assert up.isEnabled() and down.isEnabled()


def test_keyboard_shortcuts_name_undo_and_redo_not_the_last_edit(qtbot, demo):
    ed = demo.editor
    ed.text.moveCursor(ed.text.textCursor().MoveOperation.End)
    qtbot.keyClicks(ed.text, " And more.")
    demo.project.undo_stack.undo()  # now both Undo and Redo name an edit in the Edit menu
    demo.project.undo_stack.redo()
    demo.open_shortcuts()
    table = demo.help_dialog.table
    actions = {table.item(r, 1).text(): table.item(r, 2).text() for r in range(table.rowCount())}
    assert actions.get("Undo") == "Ctrl+Z" and "Ctrl+Y" in actions.get("Redo", "")
    assert not [a for a in actions if a.startswith(("Undo ", "Redo "))]
    demo.help_dialog.close()


def test_replace_all_says_how_many_it_replaced_and_undo_names_it_plainly(qtbot, demo):
    ep = demo.project.episode
    word = "the"  # several times in one segment
    count = sum(seg.text.count(word) for seg in ep.segments)
    where = sum(1 for seg in ep.segments if word in seg.text)
    assert count > where >= 1
    dialog = demo.open_find()
    dialog.find.setText(word)
    dialog.replace.setText("that")
    dialog.case.setChecked(True)
    qtbot.mouseClick(dialog.replace_all, Qt.MouseButton.LeftButton)
    assert dialog.result.text() == f"Replaced {count} matches in {where} segments."
    assert demo.undo_action.text().replace("&", "") == "Undo Replace “the”"  # not Replace 'the'
    dialog.close()


def test_space_presses_the_focused_button_or_box_and_plays_elsewhere(qtbot, demo):
    from PySide6.QtWidgets import QApplication

    win = demo
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)
    played = []
    win.play_action.triggered.connect(lambda *_a: played.append(True))
    win.open_find_bar()
    whole = win.editor.find_bar.whole
    whole.setFocus()
    qtbot.waitUntil(whole.hasFocus, timeout=3000)
    qtbot.keyClick(whole, Qt.Key.Key_Space)
    assert whole.isChecked() and played == []  # ticked, not played
    segments = len(win.project.episode.segments)
    win.editor.add.setFocus()
    qtbot.keyClick(win.editor.add, Qt.Key.Key_Space)
    assert len(win.project.episode.segments) == segments + 1 and played == []
    win.editor.segments.setFocus()  # a list: Space is Play / stop there
    qtbot.waitUntil(win.editor.segments.hasFocus, timeout=3000)
    qtbot.keyClick(win.editor.segments, Qt.Key.Key_Space)
    assert played == [True]


def test_titles_and_messages_with_markup_are_shown_as_written(qtbot, demo, tmp_path):
    from types import MethodType

    from PySide6 import QtGui
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

    from studio.editing import Metadata
    from studio.gui import commands
    from studio.gui.dialogs import CANCEL, Dialogs

    seen: list[tuple[str, str]] = []

    def answer() -> None:
        box = next((w for w in QApplication.topLevelWidgets()
                    if isinstance(w, QMessageBox) and w.isVisible()), None)
        if box is None:
            QTimer.singleShot(20, answer)
            return
        label = box.findChild(QLabel, "qt_msgbox_label")
        shown = label.text() if label.textFormat() == Qt.TextFormat.PlainText or \
            not QtGui.Qt.mightBeRichText(label.text()) else label.text() + " (as rich text)"
        seen.append((box.windowTitle(), shown))
        box.reject()

    title = "Fix the <b>bold</b> <br> parser & <i>friends</i>"
    demo.project.undo_stack.push(commands.SetMetadata(demo.project, Metadata(title, "")))
    real = Dialogs()
    QTimer.singleShot(0, answer)
    assert MethodType(Dialogs.ask_unsaved, real)(demo, demo.project.episode.title) == CANCEL
    QTimer.singleShot(0, answer)
    MethodType(Dialogs.error, real)(demo, f"cannot read {tmp_path}/<b>day</b>.json")
    assert seen == [("Unsaved changes", f"“{title}” has unsaved changes."),
                    ("Commitcast Studio", f"cannot read {tmp_path}/<b>day</b>.json")]


def test_replace_all_leaves_the_host_on_the_segment_they_were_reading(qtbot, demo):
    ep, ed = demo.project.episode, demo.editor
    here = next(s for s in ep.segments if "PyTorch" in s.text)
    last = [s for s in ep.segments if "PyTorch" in s.text][-1]
    assert here.id != last.id
    ed.select_segment(here.id)
    dialog = demo.open_find()
    dialog.find.setText("PyTorch")
    dialog.replace.setText("PT")
    qtbot.mouseClick(dialog.replace_all, Qt.MouseButton.LeftButton)
    assert ed.current_id() == here.id  # not the last segment it replaced in
    assert "PT" in ed.text.toPlainText() and "PyTorch" not in ed.text.toPlainText()
    dialog.close()
