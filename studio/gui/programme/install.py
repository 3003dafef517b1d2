"""The episode player in the window: its bar at the foot, its actions in the Segment menu
(it plays through the audio editor's player: a take played there stops the episode)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolBar

from .bar import EpisodePlayerBar


def install_episode_player(window) -> EpisodePlayerBar:
    bar = EpisodePlayerBar(window)
    tools = QToolBar("Episode player", window)
    tools.setObjectName("episodePlayerBar")
    tools.setMovable(False)
    tools.addWidget(bar)
    window.addToolBar(Qt.ToolBarArea.BottomToolBarArea, tools)
    window.view_menu.addAction(tools.toggleViewAction())
    window.episode_player = bar
    bar.message.connect(lambda msg: window.statusBar().showMessage(msg, 10_000))
    menu = window.segment_menu
    menu.addSeparator()
    pairs = []
    for text, slot, keys, name, button in (
            ("Play the &episode", bar.toggle, ["Ctrl+Shift+Space"], "playEpisodeAction",
             bar.play),
            ("Play the episode from this se&gment", bar.play_from_segment, [],
             "playEpisodeFromSegmentAction", bar.from_segment)):
        act = QAction(text, window)
        act.setObjectName(name)
        act.setShortcuts([QKeySequence(k) for k in keys])
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        act.triggered.connect(lambda _c=False, s=slot: s())
        menu.addAction(act)
        window.addAction(act)
        pairs.append((act, button))

    def follow() -> None:  # the menu offers what the bar's buttons offer
        for act, button in pairs:
            act.setEnabled(button.isEnabled())

    bar.actions_changed.connect(follow)
    follow()
    return bar
