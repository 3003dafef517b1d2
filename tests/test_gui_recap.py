"""A weekly recap in the desktop app, through its real widgets: choose a week in the pull bar,
pull it off the UI thread (or cancel it), read the span list grouped by story with each
commit's day, edit and regenerate the recap's script, synthesize, export and publish it into
episodes/2026-W05/ with a feed item marked as a recap; reopen that folder as a recap."""

from __future__ import annotations

import datetime as dt
import json
import xml.etree.ElementTree as ET

import pytest
from guikit import open_window
from heartbeat import Heartbeat
from PySide6.QtCore import QDate, Qt
from week_history import WEEK, week_history

from studio.gui import audio_jobs
from studio.gui.day_rows import ORIGINAL, RELAND, REVERT, STACK, STORY
from studio.gui.span_chooser import DAY, RANGE
from studio.gui.span_chooser import WEEK as WEEK_MODE

pytestmark = pytest.mark.usefixtures("qapp")
ITUNES = "{http://www.itunes.com/dtds/podcast-1.0.dtd}"
MAX_BLOCK = 0.100


@pytest.fixture(scope="module")
def week(tmp_path_factory):
    return week_history(tmp_path_factory.mktemp("repo") / "widgets.git")


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    win = open_window(qtbot, monkeypatch, tmp_path)
    win.resize(1360, 820)
    yield win
    win.project.close()
    win.runner.wait()


def choose_week(qtbot, win, repo, week: str = WEEK) -> None:
    panel = win.pull_panel
    panel.repo.setEditText(str(repo))
    panel.span.set_mode(WEEK_MODE)
    panel.span.week.setEditText(week)
    panel.tz.setCurrentText("UTC")


def pull_week(qtbot, win, repo, week: str = WEEK) -> None:
    choose_week(qtbot, win, repo, week)
    qtbot.mouseClick(win.pull_panel.pull, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=60_000)


def group(view, label_start: str):
    return next(r for r in view.rows if STORY in r.marks and r.title.startswith(label_start))


def test_pulling_a_week_lists_its_stories_with_each_commits_day(qtbot, window, week):
    win = window
    panel = win.pull_panel
    assert panel.span.week.isHidden() and not panel.date.isHidden()  # a day by default
    with Heartbeat(10) as beat:
        pull_week(qtbot, win, week.path)
    assert win.dialogs.errors == []
    assert beat.max_gap < MAX_BLOCK, beat.describe()
    ep = win.project.episode
    assert ep.kind == "recap" and ep.span_start == "2026-01-26" and ep.date == "2026-02-01"
    assert ep.title.startswith("Weekly Recap – ") and ep.folder_name == WEEK
    assert win.project.span is not None and win.project.day is None
    assert [len(d.commits) for d in win.project.span.days] == [3, 2, 3, 1, 1, 0, 0]

    view = win.day_view
    assert view.is_span and view.tree.headerItem().text(2) == "Day"
    heading = view.heading.text()
    assert "2026-W05" in heading and "Mon 26 Jan – Sun 1 Feb 2026" in heading
    assert "10 commits" in heading and "1 first-time contributor" in heading
    # the revert → reland arc is one story with its dates; the original from the Friday before
    arc = view.rows[0]
    assert arc.title == "Reverted and Back: Add a Fused Attention Kernel"
    assert [(c.marks, c.time) for c in arc.children] == [
        ([ORIGINAL], "Fri 23 Jan"), ([REVERT], "Mon 26 Jan"), ([RELAND], "Thu 29 Jan")]
    assert arc.note == "landed Fri 23 Jan, reverted Mon 26 Jan, back Thu 29 Jan"
    # the five-part series over three days is one story, its parts in order with their days
    series = group(view, "Bob Okafor's XPU Series")
    assert [c.time for c in series.children] == ["Mon 26 Jan", "Mon 26 Jan", "Tue 27 Jan",
                                                 "Wed 28 Jan", "Wed 28 Jan"]
    assert all(STACK in c.marks for c in series.children) and series.time == "Mon 26 – Wed 28 Jan"
    # every commit of the week is listed once: the stories', then the others'
    listed = [c.sha for r in view.rows for c in r.children if ORIGINAL not in c.marks]
    assert sorted(listed) == sorted(c.sha for c in win.project.span.commits)
    assert view.rows[-1].title == "Other commits"
    assert [c.title for c in view.rows[-1].children] == ["Fix a typo in the README"]

    # the tree: each story a bold group row, expanded, its commits beneath with their day
    top = view.tree.topLevelItem(0)
    assert top.font(0).bold() and top.isExpanded() and top.childCount() == 3
    assert top.isFirstColumnSpanned() and top.child(2).text(2) == "Thu 29 Jan"
    assert top.text(0) == ("⟲↻ Reverted and Back: Add a Fused Attention Kernel · "
                           "Fri 23 → Mon 26 → Thu 29 Jan")
    assert "landed Fri 23 Jan, reverted Mon 26 Jan, back Thu 29 Jan" in top.toolTip(0)
    # filtering by a commit's words keeps its story
    view.search.setText("XPU events")
    assert view.visible_shas() == [series.sha]
    view.search.setText("")
    view.theme.setCurrentIndex(view.theme.findData("@rollbacks"))
    assert view.visible_shas() == [arc.sha]
    view.theme.setCurrentIndex(0)
    # a story's details; a commit's details say its day
    assert view.select(arc.sha) and "Thu 29 Jan" in view.details.toPlainText()
    assert view.select(arc.children[2].sha) and "Thu 29 Jan 2026" in view.details.toPlainText()

    # the recap's script is in the editor; the pull bar shows the week
    ed = win.editor
    assert panel.span.mode() == WEEK_MODE and panel.span.week.currentText().startswith(WEEK)
    story = next(s for s in ep.segments if s.id == "story-1")
    ed.select_segment(story.id)
    assert ed.text.toPlainText() == story.text and "Monday" in story.text
    original = story.text
    ed.text.moveCursor(ed.text.textCursor().MoveOperation.End)
    qtbot.keyClicks(ed.text, " Edited.")
    assert ep.segment(story.id).text == original + " Edited."
    # "Regenerate" writes the segment again from the span
    assert win.regenerate_action.text() == "&Regenerate from the span"
    win.regenerate_action.trigger()
    qtbot.waitUntil(lambda: not win.runner.busy(), timeout=30_000)
    assert ep.segment(story.id).text == original and win.dialogs.errors == []
    assert "written again from the span's data" in win.statusBar().currentMessage()


def test_bad_weeks_and_spans_are_one_line_and_start_nothing(qtbot, window, week):
    win, panel = window, window.pull_panel
    choose_week(qtbot, win, week.path, "2026-W60")
    qtbot.keyClick(panel.span.week.lineEdit(), Qt.Key.Key_Return)  # Enter pulls, as Pull does
    assert "2026 has no week 60" in panel.status.text() and not win.runner.busy()
    panel.span.set_mode(RANGE)
    assert panel.span.week.isHidden() and not panel.span.first.isHidden()
    panel.span.first.setDate(QDate(2026, 1, 29))
    panel.span.last.setDate(QDate(2026, 1, 27))
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    assert "reversed" in panel.status.text() and not win.runner.busy()
    panel.span.first.setDate(QDate(2026, 1, 1))
    panel.span.last.setDate(QDate(2026, 2, 15))
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    assert "at most 31 days" in panel.status.text() and not win.runner.busy()
    next_year = dt.date.today().year + 1
    choose_week(qtbot, win, week.path, f"{next_year}-W02")
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    assert "in the future" in panel.status.text() and not win.runner.busy()
    panel.span.set_mode(RANGE)
    assert not win.project.is_open and win.dialogs.errors == []
    # a run of days that is exactly an ISO week is pulled as that week
    panel.span.first.setDate(QDate(2026, 1, 26))
    panel.span.last.setDate(QDate(2026, 2, 1))
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=60_000)
    assert win.project.episode.folder_name == WEEK and panel.span.mode() == WEEK_MODE
    # Tuesday to Thursday: the arc's revert (Monday) and original are steps from before it
    panel.span.set_mode(RANGE)
    panel.span.first.setDate(QDate(2026, 1, 27))
    panel.span.last.setDate(QDate(2026, 1, 29))
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: win.project.episode.folder_name != WEEK and not win.runner.busy(),
                    timeout=60_000)
    ep = win.project.episode
    assert ep.folder_name == "2026-01-27_2026-01-29" and ep.title.startswith("Recap – ")
    assert panel.span.mode() == RANGE and win.day_dock.windowTitle().endswith("2026-01-29")
    arc = group(win.day_view, "Reverted and Back")
    assert [(c.marks, c.time) for c in arc.children] == [
        ([ORIGINAL], "Fri 23 Jan"), ([REVERT], "Mon 26 Jan"), ([RELAND], "Thu 29 Jan")]
    item = win.day_view.tree.topLevelItem(win.day_view.rows.index(arc))
    before, inside = item.child(1).foreground(0).color(), item.child(2).foreground(0).color()
    assert before != inside  # greyed: it landed before the span
    # a quiet week: no stories, a short recap, and the list says so
    choose_week(qtbot, win, week.path, "2026-W07")
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: win.project.episode.folder_name == "2026-W07"
                    and not win.runner.busy(), timeout=60_000)
    assert win.day_view.rows == [] and win.dialogs.errors == []
    assert win.day_view.empty_note.isVisible()
    assert win.day_view.empty_note.text() == "No commits in this span."
    assert "0 commits" in win.day_view.heading.text()


def test_cancel_stops_a_week_pull_and_a_day_pull_still_works(qtbot, window, week):
    win, panel = window, window.pull_panel
    choose_week(qtbot, win, week.path)
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    assert panel.cancel.isEnabled() and not panel.pull.isEnabled()
    qtbot.mouseClick(panel.cancel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not win.runner.busy(), timeout=30_000)
    assert not win.project.is_open and win.dialogs.errors == []
    assert "Pull cancelled." in win.statusBar().currentMessage()
    assert panel.pull.isEnabled() and not panel.cancel.isEnabled()
    # back to a day: Thursday of that week, the day list as before
    panel.span.set_mode(DAY)
    panel.date.setDate(QDate(2026, 1, 29))
    qtbot.mouseClick(panel.pull, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=60_000)
    assert win.project.episode.kind == "daily" and win.project.span is None
    assert not win.day_view.is_span and win.day_view.tree.headerItem().text(2) == "Time"
    assert [r.title for r in win.day_view.rows] == ["Add a fused attention kernel"]
    assert win.regenerate_action.text() == "&Regenerate from the day"


def test_a_recap_is_synthesized_exported_published_and_reopened(qtbot, window, week, tmp_path):
    win = window
    show = tmp_path / "show"
    win.session.settings.show_dir = str(show)
    pull_week(qtbot, win, week.path)
    ep = win.project.episode
    seg = ep.segments[1]
    win.editor.select_segment(seg.id)
    win.editor.text.moveCursor(win.editor.text.textCursor().MoveOperation.End)
    qtbot.keyClicks(win.editor.text, " A short note.")
    assert ep.segment(seg.id).text.endswith("A short note.")

    # narration asks to save first: the recap's own folder, with its span beside it
    win.dialogs.folder = show / "episodes" / WEEK
    panel = win.narration
    win.tabs.setCurrentWidget(panel)
    qtbot.mouseClick(panel.synth_all, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not win.runner.busy() and all(
        s.take is not None for s in ep.segments if s.text.strip()), timeout=120_000)
    assert set(panel.statuses().values()) == {audio_jobs.FRESH}
    assert "save-first:" in " ".join(win.dialogs.asked)
    assert (show / "episodes" / WEEK / "span.json").is_file()

    dialog = win.open_export()
    dialog.show_dir.setText(str(show))
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result is not None or bool(win.dialogs.errors), timeout=300_000)
    assert win.dialogs.errors == []
    folder = show / "episodes" / WEEK
    assert dialog.result.folder == folder and win.project.folder == folder
    saved = json.loads((folder / "episode.json").read_text())
    assert saved["kind"] == "recap" and saved["span_start"] == "2026-01-26"
    assert saved["segments"][1]["text"].endswith("A short note.")
    assert (folder / "span.json").is_file() and not (folder / "day.json").exists()
    assert any(p.suffix == ".mp3" and p.stat().st_size > 10_000 for p in folder.iterdir())
    assert not (show / "episodes" / "2026-02-01").exists()  # never over the last day's daily
    items = ET.parse(show / "feed.xml").getroot().findall("./channel/item")
    assert len(items) == 1
    assert items[0].findtext("title") == ep.title
    assert items[0].findtext(f"{ITUNES}episodeType") == "bonus"
    assert dialog.page == folder / "index.html"
    assert "This episode is a recap" in dialog.page.read_text()
    assert not win.project.modified

    # reopening the folder shows it as a recap: the span list, the week in the pull bar
    win.project.close()
    win.day_view.clear()
    win.pull_panel.span.set_mode(DAY)
    win.dialogs.open_path = folder
    win.session.open()
    qtbot.waitUntil(lambda: win.project.is_open and not win.runner.busy(), timeout=30_000)
    assert win.project.episode.kind == "recap" and win.project.span is not None
    assert win.day_view.is_span and win.day_view.rows[0].title.startswith("Reverted and Back")
    assert win.pull_panel.span.mode() == WEEK_MODE
    assert win.pull_panel.span.week.currentText().startswith(WEEK)
    assert win.windowTitle().startswith("Weekly Recap – ")


def test_a_recap_exported_into_a_show_with_a_recap_scheme_is_numbered_by_it(qtbot, window, week,
                                                                             tmp_path):
    """The show folder is chosen only in the export dialog: its show.toml [recap] numbers the
    recap there (a season and episode, as `studio recap` would), not the bonus of no show."""
    win = window
    show = tmp_path / "show"
    show.mkdir()
    (show / "show.toml").write_text('title = "Widgets"\n[recap]\nepisode_type = "full"\n'
                                    "season = 3\nnumbered = true\n")
    pull_week(qtbot, win, week.path)
    assert win.project.episode.itunes_type == "bonus"  # no show folder known at the pull
    win.dialogs.folder = show / "episodes" / WEEK
    win.tabs.setCurrentWidget(win.narration)
    qtbot.mouseClick(win.narration.synth_all, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not win.runner.busy() and all(
        s.take is not None for s in win.project.episode.segments if s.text.strip()),
        timeout=120_000)
    dialog = win.open_export()
    dialog.show_dir.setText(str(show))
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result is not None or bool(win.dialogs.errors), timeout=300_000)
    assert win.dialogs.errors == []
    item = ET.parse(show / "feed.xml").getroot().find("./channel/item")
    assert item.findtext(f"{ITUNES}episodeType") == "full"
    assert (item.findtext(f"{ITUNES}season"), item.findtext(f"{ITUNES}episode")) == ("3", "5")
    ep = win.project.episode
    assert (ep.episode_type, ep.season, ep.number) == ("full", 3, 5) and not win.project.modified


def test_an_unsaved_recap_left_by_a_crash_comes_back_as_a_recap(qtbot, window, week):
    win = window
    pull_week(qtbot, win, week.path)
    seg = win.project.episode.segments[1]
    win.editor.select_segment(seg.id)
    win.editor.text.setPlainText("Words typed before the crash.")
    path = win.project.autosave()
    data = json.loads(path.read_text())
    win.project.close()  # (drops this session's autosave: written back as a dead one's)
    data["pid"] = 2**22 + 12345  # no such process
    path.write_text(json.dumps(data))
    win.day_view.clear()
    assert win.session.offer_recovery()
    assert win.dialogs.asked[-1].startswith("recover:Weekly Recap")
    ep = win.project.episode
    assert ep.kind == "recap" and ep.segments[1].text == "Words typed before the crash."
    assert win.project.span is not None and win.project.modified
    assert win.day_view.is_span and win.day_view.rows[0].title.startswith("Reverted and Back")
    # saved, its folder holds the span like any recap's
    win.dialogs.folder = path.parent.parent / WEEK
    assert win.session.save()
    assert (path.parent.parent / WEEK / "span.json").is_file()


def test_a_github_week_reuses_the_show_folders_day_and_keeps_the_token_out(qtbot, window, week,
                                                                           monkeypatch, tmp_path):
    from github_history import repo_data
    from github_server import GitHubApiServer

    from studio.sources.github import pull_github
    from studio.sources.model import save_day

    token = "ghp_recapTOKEN0123456789abcdefABCDEF0123"
    monkeypatch.setenv("GITHUB_TOKEN", token)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    win, show = window, tmp_path / "show"
    with GitHubApiServer(token=token) as server:
        server.add_repo(repo_data(week, "octo/widgets", server.api_url, merged=True))
        monday = pull_github("octo/widgets", dt.date(2026, 1, 26), api_url=server.api_url,
                             use_cache=False)
        save_day(monday, show / "episodes" / "2026-01-26" / "day.json")  # Monday's daily
        win.session.settings.github_api_url = server.api_url
        win.session.settings.show_dir = str(show)
        before = server.count()
        pull_week(qtbot, win, "octo/widgets")
        assert win.dialogs.errors == [] and server.count() > before
    span = win.project.span
    assert span.reused == ["2026-01-26"] and span.days[0].source == "github"
    assert "(1 day from the show folder)" in win.statusBar().currentMessage()
    arc = win.day_view.rows[0]
    assert arc.title == "Reverted and Back: Add a Fused Attention Kernel"
    assert "/octo/widgets/pull/122" in arc.children[-1].details  # its PR's page
    win.dialogs.folder = show / "episodes" / WEEK
    assert win.session.save()
    win.io_runner.wait()
    for path in [*(show / "episodes" / WEEK).rglob("*"), *(tmp_path / "config").rglob("*")]:
        if path.is_file():
            assert token not in path.read_text(errors="replace"), path
