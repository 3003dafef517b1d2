"""The Help menu (keyboard shortcuts, the user guide, about) and the View menu's entries that
bring back every panel, with "Reset layout"."""

from __future__ import annotations

import html
import platform

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMenu,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ..resources import user_guide_path


def _plain(text: str) -> str:
    """A menu text as read: no mnemonic marks (``&Save`` → ``Save``, ``&&`` → ``&``)."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(".…")


def shortcut_rows(window) -> list[tuple[str, str, str]]:
    """(menu, action, keys) for every action of ``window`` that has a shortcut: those in its
    menus under the menu's name, then any others the window holds."""
    rows, seen = [], set()
    # Undo and Redo name the last edit ("Undo Edit text"): the list names the keys' action
    fixed = {id(getattr(window, "undo_action", None)): "Undo",
             id(getattr(window, "redo_action", None)): "Redo"}

    def walk(menu: QMenu, where: str) -> None:
        for act in menu.actions():
            if act.menu() is not None:
                walk(act.menu(), f"{where} › {_plain(act.menu().title())}")
            elif not act.isSeparator():
                add(act, where)

    def add(act: QAction, where: str) -> None:
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in act.shortcuts()
                if not k.isEmpty()]  # a standard key this platform leaves unbound is empty
        if keys and id(act) not in seen:
            seen.add(id(act))
            rows.append((where, fixed.get(id(act)) or _plain(act.text()), ", ".join(keys)))

    for top in window.menuBar().actions():
        if top.menu() is not None:
            walk(top.menu(), _plain(top.menu().title()))
    for act in window.findChildren(QAction):
        add(act, "Window")
    return rows


class ShortcutsDialog(QDialog):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(520, 520)
        rows = shortcut_rows(window)
        self.table = QTableWidget(len(rows), 3)
        self.table.setObjectName("shortcutsTable")
        self.table.setHorizontalHeaderLabels(["Menu", "Action", "Keys"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.resizeColumnToContents(0)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)


class GuideDialog(QDialog):
    """The host's user guide (resources/guide), rendered from Markdown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Commitcast Studio — User guide")
        self.resize(820, 720)
        self.browser = QTextBrowser()
        self.browser.setObjectName("userGuide")
        self.browser.setOpenExternalLinks(True)
        path = user_guide_path()
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            text = (f"# The user guide is missing\n\nIt should be at `{path}` "
                    f"({exc.strerror or exc}).")
        self.browser.document().setBaseUrl(QUrl.fromLocalFile(str(path.parent) + "/"))
        self.browser.setSearchPaths([str(path.parent)])
        self.browser.setMarkdown(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)


def about_html() -> str:
    import PySide6
    from PySide6.QtCore import qVersion

    from .. import __version__
    from ..narration.engines import licences

    e = html.escape
    speech = "".join(f"<li>{e(line)}</li>" for line in licences())
    return (f"<h2>Commitcast Studio {e(__version__)}</h2>"
            "<p>Produce a daily developer podcast about one repository: pull a day's "
            "commits, edit the script, narrate, export and publish.</p>"
            f"<p>Qt {e(qVersion())} · PySide6 {e(PySide6.__version__)} · "
            f"Python {e(platform.python_version())}</p>"
            "<p>Licence: MIT. Audio through FFmpeg. Speech engines and voices:</p>"
            f"<ul>{speech}</ul>")


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Commitcast Studio")
        self.text = QLabel(about_html())
        self.text.setObjectName("aboutText")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)


def reset_layout(window, splitter_sizes: dict[QSplitter, list[int]]) -> None:
    """Every panel back where it starts: the pull bar and the episode player's bar shown, the
    Day and History docks shown and docked on the left (History under Day), no panel
    collapsed away, the script in front."""
    bar = window.findChild(QToolBar, "pullBar")
    if bar is not None:
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        bar.show()
    player = window.findChild(QToolBar, "episodePlayerBar")
    if player is not None:
        window.addToolBar(Qt.ToolBarArea.BottomToolBarArea, player)
        player.show()
    dock = window.day_dock
    dock.setFloating(False)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    dock.show()
    from .day_view import DOCK_WIDTH

    history = getattr(window, "history", None)
    if history is not None:
        from .history.dock import HEIGHT

        history.setFloating(False)
        window.splitDockWidget(dock, history, Qt.Orientation.Vertical)
        history.show()
        window.resizeDocks([history], [HEIGHT], Qt.Orientation.Vertical)
    window.resizeDocks([dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    for splitter, sizes in splitter_sizes.items():
        splitter.setSizes(sizes)
    window.tabs.setCurrentIndex(0)


def install_help(window) -> None:
    """Add the Help menu and the View menu's panel entries to ``window``."""
    splitters = {s: (s.sizes() if sum(s.sizes()) else [1] * s.count())
                 for s in window.findChildren(QSplitter)}
    v = window.view_menu
    bar = window.findChild(QToolBar, "pullBar")
    if bar is not None:
        toggle = bar.toggleViewAction()
        toggle.setText("&Pull bar")
        v.addAction(toggle)
    v.addSeparator()
    for i in range(window.tabs.count()):
        act = v.addAction(window.tabs.tabText(i))
        act.triggered.connect(lambda _c=False, n=i: window.tabs.setCurrentIndex(n))
    v.addSeparator()
    reset = v.addAction("&Reset layout")
    reset.setObjectName("resetLayout")
    reset.triggered.connect(lambda _c=False: reset_layout(window, splitters))

    h = window.menuBar().addMenu("&Help")
    window.help_menu = h
    shortcuts = h.addAction("&Keyboard shortcuts")
    shortcuts.setShortcut(QKeySequence("Ctrl+/"))
    guide = h.addAction("&User guide")
    guide.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
    h.addSeparator()
    about = h.addAction("&About Commitcast Studio")

    def show(make) -> QDialog:
        dialog = make()
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.help_dialog = dialog
        dialog.show()
        return dialog

    window.open_shortcuts = lambda: show(lambda: ShortcutsDialog(window))
    window.open_guide = lambda: show(lambda: GuideDialog(window))
    window.open_about = lambda: show(lambda: AboutDialog(window))
    shortcuts.triggered.connect(lambda _c=False: window.open_shortcuts())
    guide.triggered.connect(lambda _c=False: window.open_guide())
    about.triggered.connect(lambda _c=False: window.open_about())
