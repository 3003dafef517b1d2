"""The production side of the window: the narration & audio tab, the export & publish dialog,
the lexicon editor, the voice preview, and their menu entries and shortcuts."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence

from . import audio_jobs, child_jobs
from .export_dialog import ExportDialog
from .lexicon_editor import LexiconEditor
from .narration_panel import NarrationPanel
from .shortcut_wins import ControlsKeepSpace, ShortcutOverText

WARM_UP_DELAY_MS = 300


def _add(window, menu, text: str, slot, keys: list[str] | None = None, name: str = "") -> QAction:
    act = QAction(text, window)
    if keys:
        act.setShortcuts([QKeySequence(k) for k in keys])
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    act.triggered.connect(lambda _c=False: slot())
    if name:
        act.setObjectName(name)
    menu.addAction(act)
    window.addAction(act)
    return act


def install_tabs(window) -> None:
    """Add the narration/audio tab, the export dialog and their actions to ``window``."""
    # once the window is up and painted: import the audio stages off the UI thread
    # (bound to the runner: a window closed before then cancels it)
    QTimer.singleShot(WARM_UP_DELAY_MS, window.runner,
                      lambda: window.runner.run_task("Warm-up", audio_jobs.warm_imports))
    window.voices = None  # every engine's voices, by name, for Settings: asked once, in a child
    # process (the engines' imports and Piper's package metadata scan are ~150 ms of Python
    # that, in a thread, contended for the GIL with a pull started right after start-up)
    QTimer.singleShot(WARM_UP_DELAY_MS, window.runner, lambda: window.runner.run_task(
        "Voices", lambda p, c: child_jobs.run_in_child(child_jobs.list_voices, (), p, c),
        lambda found: setattr(window, "voices", found)))
    panel = NarrationPanel(window.project, window.runner, window.session)
    window.narration = panel
    window.add_tab(panel, "Narration && audio")
    panel.message.connect(lambda msg: window.statusBar().showMessage(msg, 10_000))
    # the segment chosen in the script is the one the narration shortcuts act on
    window.editor.current_changed.connect(lambda sid: sid and panel.select_segment(sid))

    m = window.segment_menu
    m.addSeparator()
    window.synth_action = _add(window, m, "&Synthesize segment", panel.synthesize_current,
                               ["Ctrl+Return", "Ctrl+Enter"], "synthesizeSegment")
    stale_action = _add(window, m, "Synthesize all s&tale", panel.synthesize_stale,
                        ["Ctrl+Shift+Return"], "synthesizeStale")
    import_action = _add(window, m, "&Import recording…", panel.import_recording)
    window.play_action = _add(window, m, "&Play / stop", panel.toggle_play, ["Space"], "playPause")
    window.controls_keep_space = ControlsKeepSpace(window.play_action)  # a focused button presses
    keep_action = _add(window, m, "&Keep recording — it matches the script",
                       panel.keep_recording, name="keepRecordingAction")
    rerecord_action = _add(window, m, "Re-recor&d…", lambda: panel.record_segment(),
                           name="rerecordAction")
    replace_action = _add(window, m, "Replace recording with s&ynthesis…",
                          panel.replace_with_synthesis, name="replaceRecordingAction")
    pairs = [(window.synth_action, panel.synth), (stale_action, panel.synth_all),
             (import_action, panel.import_button), (window.play_action, panel.play),
             (keep_action, panel.keep_button), (rerecord_action, panel.rerecord_button),
             (replace_action, panel.replace_button)]

    def follow_panel() -> None:  # the menu offers what the panel's buttons offer
        for action, button in pairs:
            action.setEnabled(button.isEnabled())

    panel.actions_changed.connect(follow_panel)
    follow_panel()

    def open_export() -> ExportDialog | None:
        if not window.project.is_open:
            window.statusBar().showMessage("Open or pull an episode first.", 8000)
            return None
        dialog = getattr(window, "export_dialog", None)
        if dialog is not None:
            running = not dialog.run_button.isEnabled()  # its export goes on while it is hidden
            if (dialog.isVisible() or running) and dialog.episode is window.project.episode:
                dialog.show()
                dialog.raise_()  # Ctrl+E again: the dialog that is open, not a second one
                dialog.activateWindow()
                return dialog
            if not running:
                dialog.deleteLater()  # a closed one, idle: each export would otherwise keep one
        dialog = ExportDialog(window)
        dialog.episode = window.project.episode
        window.export_dialog = dialog
        dialog.show()
        return dialog

    window.open_export = open_export
    menu = window.file_menu
    act = QAction("&Export and publish…", window)
    act.setObjectName("exportPublish")
    act.setShortcut(QKeySequence("Ctrl+E"))
    # from the find, lexicon and recorder windows too (a modal dialog still blocks it)
    act.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
    act.triggered.connect(lambda _c=False: open_export())
    menu.insertAction(window.export_menu_anchor, act)
    window.addAction(act)  # works with the menu bar hidden or native, too
    window.export_action = act
    window.export_key_wins = ShortcutOverText(act)  # Ctrl+E is "end of line" in Linux text fields

    def open_lexicon() -> LexiconEditor:
        dialog = LexiconEditor(window)
        window.lexicon_dialog = dialog
        dialog.show()
        return dialog

    window.open_lexicon = open_lexicon
    _add(window, window.edit_menu, "Pronunciation &lexicon…", open_lexicon, ["Ctrl+L"])

    def preview(voice: str, rate: int, tell=None) -> str:
        """Say a sentence in ``voice``; returns why it cannot be heard, or "". What happens
        next (a failure of the engine) goes to ``tell``, else to the status bar."""
        from dataclasses import replace

        def say(msg: str) -> None:
            (tell or (lambda m: window.statusBar().showMessage(m, 10_000)))(msg)

        reason = panel.player.unavailable()
        if reason:
            say(reason)
            return reason
        settings = replace(window.session.settings, voice=voice, rate=rate)
        window.runner.run_task("Preview", lambda p, c: audio_jobs.preview_voice(
            settings.voice, settings.rate, p, c),
            lambda path: panel.player.play(path, on_error=say) and say(""), lambda msg: say(msg))
        return ""

    window.preview_voice = preview
