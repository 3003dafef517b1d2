"""Starting the desktop app: the QApplication, the system palette, the main window."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from ..plumbing.errors import StudioError

log = logging.getLogger(__name__)

APP_ID = "io.github.commitcast.Studio"
_binding_checked = False  # the Qt binding's reference-leak check runs once per process


def _headless_if_needed(screenshot: bool) -> None:
    if screenshot and "QT_QPA_PLATFORM" not in os.environ and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"


def make_app(argv: list[str] | None = None):
    """The QApplication (created once), with the Fusion style over the system's palette."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("Commitcast Studio")
    app.setOrganizationName("commitcast")
    app.setDesktopFileName(APP_ID)
    app.setStyle("Fusion")  # follows the platform's light or dark colour scheme
    global _binding_checked
    if not _binding_checked:
        from .binding_guard import keep_singletons_alive

        _binding_checked = True
        keep_singletons_alive()
    keep_ui_thread_responsive()
    from .collector import collect_on_ui_thread

    collect_on_ui_thread(app)
    return app


def keep_ui_thread_responsive() -> None:
    """Workers run pure-Python stages (digest, script) beside the UI thread: hand the GIL over
    more often than the default 5 ms, and keep the start-up objects out of the cyclic
    collector's full passes, whose pauses otherwise stall the event loop on big days."""
    import gc

    sys.setswitchinterval(0.002)
    gc.freeze()


def make_window(settings_dir: Path | None = None, **kwargs):
    from ..settings import load_settings
    from .main_window import MainWindow

    settings = load_settings(settings_dir)
    window = MainWindow(settings, settings_dir=settings_dir, **kwargs)
    from .help_dialogs import install_help
    from .studio_tabs import install_tabs

    install_tabs(window)
    from .programme.install import install_episode_player

    install_episode_player(window)
    install_help(window)
    return window


def run(project: str | None = None, demo: bool = False, screenshot: str | None = None) -> int:
    """`studio gui`: open the window (on a project or the sample day); maybe screenshot it."""
    _headless_if_needed(bool(screenshot))
    if screenshot:
        target = Path(screenshot)
        if target.suffix.lower() not in (".png", ".jpg", ".jpeg"):
            raise StudioError("the screenshot must be a .png or .jpg file")
        if not target.parent.exists():
            raise StudioError(f"no folder {target.parent} for the screenshot")
    folder = None
    if project:
        from ..show_episodes import episode_folder_for

        folder = episode_folder_for(project)  # a show folder opens its latest episode
    from .platform_guard import check_before_start, platform_guard

    check_before_start()
    with platform_guard():
        app = make_app()
    headless = None
    if screenshot:
        from .headless_dialogs import HeadlessDialogs

        headless = HeadlessDialogs()  # nobody can click a box: none may wait
    window = make_window(dialogs=headless)
    window.show()
    if demo:
        window.session.open_demo()
    elif folder is not None:
        window.session.open(folder)
    if screenshot:
        return _screenshot(app, window, Path(screenshot), headless)
    window.start()
    return app.exec()


def _screenshot(app, window, target: Path, dialogs) -> int:  # noqa: ANN001
    """Wait for the loading job, let the layout settle, then grab the window into ``target``;
    an error the window met while loading (``dialogs.errors``) fails the command instead."""
    import time

    deadline = time.monotonic() + 60
    while window.runner.busy() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    if window.runner.busy():
        window.project.close()
        raise StudioError("the window was still loading after 60 s; no screenshot was taken")
    if dialogs.errors:
        window.project.close()
        raise StudioError(dialogs.errors[0])
    window.after_load_for_screenshot()
    for _ in range(20):
        app.processEvents()
        time.sleep(0.01)
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    from ..plumbing.outfile import write_output

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    kind = "PNG" if target.suffix.lower() == ".png" else "JPG"
    if not window.grab().save(buffer, kind):
        raise StudioError(f"cannot render the screenshot {target}")
    buffer.close()
    write_output(target, bytes(data.data()), public=True)  # never replacing a device or FIFO
    print(f"screenshot -> {target}")
    window.project.close()
    return 0
