"""Render the README's pictures of the language-model writer offscreen: a drafted script with
its sentence marks (one draft sentence replaced by the fact lock), and the Settings page of the
script writer after "Test connection". The draft comes from the tests' local chat-completions
server (tests/llm_server.py) answering with the tests' day (tests/llm_day.py).

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots_draft.py
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")


def settle(app, until=lambda: False, seconds: float = 0.3) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not until():
        app.processEvents()
        time.sleep(0.01)


def main() -> None:
    from llm_day import DAY, build_repo, planted
    from llm_server import ChatServer, Reply

    from studio.pipeline import SourceSpec, pull_day, write_script_for
    from studio.publish.show import default_settings, write_settings
    from studio.script.llm.config import WriterSettings

    with tempfile.TemporaryDirectory() as tmp, \
            ChatServer(models=("qwen2.5:7b", "llama3.2:3b")) as server:
        base = Path(tmp)
        os.environ["COMMITCAST_CONFIG_DIR"] = str(base / "config")
        os.environ["COMMITCAST_STATE_DIR"] = str(base / "state")
        shas = build_repo(base / "repo")
        day = pull_day(SourceSpec(git=str(base / "repo")), dt.date.fromisoformat(DAY))
        draft, _bad, _why = planted(shas, "fabricated version")
        server.script(Reply(json.dumps(draft)))
        writer = WriterSettings(kind="llm", base_url=server.base_url, model="qwen2.5:7b",
                                cache=False)
        episode = write_script_for(day, writer=writer)
        show = default_settings("Widgets", "octo/widgets")
        show.writer = writer
        (base / "show").mkdir()
        write_settings(show, base / "show")

        from studio.gui.app import make_app, make_window

        app = make_app()
        window = make_window()
        window.resize(1360, 560)
        window.show()
        window.session.settings.show_dir = str(base / "show")
        window.project.set_episode(episode, day, None)
        window.editor.select_segment("release-and-fixes")
        cursor = window.editor.text.textCursor()
        cursor.setPosition(5)
        window.editor.text.setTextCursor(cursor)
        settle(app)
        window.editor.grab().save(str(ROOT / "docs" / "screenshot-draft.png"))
        dialog = window.settings_dialog()
        dialog.show()
        dialog.tabs.setCurrentWidget(dialog.writer)
        dialog.writer.test_connection()
        settle(app, lambda: "Connected" in dialog.message.text(), 10)
        settle(app)
        dialog.grab().save(str(ROOT / "docs" / "screenshot-writer-settings.png"))
        dialog.close()
        window.runner.wait()
        window.project.close()
        print("docs/screenshot-draft.png, docs/screenshot-writer-settings.png")


if __name__ == "__main__":
    main()
