"""The Settings page of the script writer: the story writer, or a language model behind an
OpenAI-compatible server (Ollama, llama-server, …), fact-locked to the day.

What it sets lives in the show folder's ``show.toml`` (``[writer]``, ``[script] minutes``; the
app's own length only for a folder without one, see :mod:`studio.script.show_config`); the API
key in the OS keyring (:func:`studio.credentials.store_llm_key`), shown only masked.
"Test connection" asks the server for its models on the task runner, never on the UI thread.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .. import credentials
from ..humanize import sentence
from ..plumbing.errors import StudioError
from ..publish.show import read_settings, show_file
from ..script.llm.config import WriterSettings, check_base_url, host_of
from ..script.llm.key import ENV_VARS, is_local, keyring_user
from .form_fields import with_button

ABOUT = ("The story writer tells the day from its record. A language model can draft it "
         "instead: every fact it states is checked against the day's commits; a sentence that "
         "fails goes back to the model once, and is left out if it fails again. Kept in the "
         "show folder's show.toml; the API key in the OS keyring.")


def show_writer_of(show_dir: str) -> tuple[WriterSettings, float | None, str]:
    """The writer the show folder's show.toml names (defaults when it has none), its script
    minutes (None without a show.toml) and, when that file cannot be read, why."""
    if not show_dir or not show_file(show_dir).is_file():
        return WriterSettings(), None, ""
    try:
        show = read_settings(show_dir)
    except StudioError as exc:
        return WriterSettings(), None, str(exc)
    return show.writer, show.script.minutes, ""


class WriterPage(QWidget):
    def __init__(self, show_dir: str, minutes: QDoubleSpinBox, tell: Callable[[str], None],
                 runner=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("writerPage")
        self.runner = runner
        self._tell, self.said = tell, ""  # what the page said last, taken back when it no longer holds
        self.minutes, self.app_minutes = minutes, minutes.value()
        self.loaded_minutes: float | None = None
        self.kind = QComboBox()
        self.kind.setObjectName("writerKind")
        self.kind.addItem("Story writer (built in)", "story")
        self.kind.addItem("Language model, every fact checked", "llm")
        self.kind.addItem("Automatic: a model on this machine if there is one", "auto")
        self.base_url = QLineEdit()
        self.base_url.setObjectName("writerBaseUrl")
        self.base_url.setPlaceholderText("http://localhost:11434/v1 (Ollama), "
                                         "http://localhost:8080/v1 (llama-server)")
        self.model = QComboBox()
        self.model.setObjectName("writerModel")
        self.model.setEditable(True)
        self.model.lineEdit().setPlaceholderText("e.g. qwen2.5:7b — Test connection lists them")
        self.temperature = QDoubleSpinBox()
        self.temperature.setRange(0.0, 2.0)
        self.temperature.setSingleStep(0.1)
        self.temperature.setDecimals(2)
        self.temperature.setToolTip("Lower keeps the model closer to the record (0 to 2)")
        self.timeout = QDoubleSpinBox()
        self.timeout.setRange(1.0, 3600.0)
        self.timeout.setDecimals(0)
        self.timeout.setSuffix(" s")
        self.timeout.setToolTip("Give up when the server sends nothing for this long; the "
                                "story writer's script is used then")
        self.key = QLineEdit()
        self.key.setObjectName("writerKey")
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.forget = QPushButton("Forget key")
        self.test = QPushButton("Test connection")
        self.test.setObjectName("testConnection")
        self.test.setToolTip("Ask the server which models it has")
        self.find = QPushButton("Find a local server")
        self.find.setObjectName("findLocalServer")
        self.find.setToolTip("Look for Ollama (port 11434) and llama-server (port 8080) on "
                             "this machine")
        about = QLabel(ABOUT)
        about.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Writer", self.kind)
        form.addRow("Script length", minutes)
        form.addRow("Server (base URL)", with_button(self.base_url, self.test))
        form.addRow("Model", with_button(self.model, self.find))
        form.addRow("Temperature", self.temperature)
        form.addRow("Timeout", self.timeout)
        form.addRow("API key", with_button(self.key, self.forget))
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addLayout(form)
        layout.addStretch(1)
        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.base_url.editingFinished.connect(self._show_key)
        self.test.clicked.connect(self.test_connection)
        self.find.clicked.connect(self.find_local)
        self.forget.clicked.connect(self._forget)
        self.load(show_dir)

    def load(self, show_dir: str) -> None:
        """Show the writer and script length of the show in ``show_dir`` (another folder
        chosen: its own); a folder without a show.toml shows the app's own length."""
        if self.loaded_minutes is None:  # leaving a folder without one: the field held the app's
            self.app_minutes = self.minutes.value()
        self.loaded, self.loaded_minutes, self.problem = show_writer_of(show_dir)
        self.minutes.setValue(self.app_minutes if self.loaded_minutes is None
                              else self.loaded_minutes)
        w = self.loaded
        self.kind.setCurrentIndex(max(0, self.kind.findData(w.kind)))
        self.base_url.setText(w.base_url)
        self.model.setEditText(w.model)
        self.temperature.setValue(w.temperature)
        self.timeout.setValue(w.timeout)
        if self.problem:
            self.tell(f"{self.problem}: the script writer cannot be changed until it is fixed.")
        else:
            self.take_back()  # another folder's problem, or the last folder's test
        self._show_key()

    def tell(self, message: str) -> None:
        self.said = message
        self._tell(message)

    def take_back(self) -> None:
        """Clear the dialog's message when it is still what this page said last: a test that
        failed for one writer is not left standing under another."""
        if self.said:
            self.said = ""
            self._tell("")

    def _kind_changed(self) -> None:
        if not self.problem:
            self.take_back()
        self._enable()

    # --- what the page holds -----------------------------------------------------------------
    def settings(self) -> WriterSettings:
        return replace(self.loaded, kind=str(self.kind.currentData()),
                       base_url=self.base_url.text().strip(),
                       model=self.model.currentText().strip(),
                       temperature=round(self.temperature.value(), 2),
                       timeout=float(self.timeout.value()))

    def app_length(self) -> float:
        """The app's own script length (for show folders without a show.toml): the field's
        while it shows such a folder, else as it was."""
        return self.minutes.value() if self.loaded_minutes is None else self.app_minutes

    def checked(self, show_dir: str) -> WriterSettings:
        """The page's settings, or a one-line StudioError naming the field to fix."""
        s = self.settings()
        if s.kind == "story" or (s.kind == "auto" and not s.model):
            return s
        if not show_dir:
            raise StudioError("Choose a show folder first (General): the language-model "
                              "writer's settings are kept in its show.toml")
        if self.problem:
            raise StudioError(f"{self.problem} — fix it before changing the writer")
        check_base_url(s.base_url, "Base URL")
        if not s.model:
            raise StudioError(f"Model is not set: name the model the server at "
                              f"{host_of(s.base_url)} should use (e.g. qwen2.5:7b)")
        return s.checked("Writer ")

    def store_key(self, base_url: str) -> None:
        """Keep a typed key in the keyring (for this server's host), then clear the field."""
        if self.key.text().strip():
            credentials.store_llm_key(keyring_user(base_url), self.key.text())
            self.key.clear()
            self._show_key()

    # --- behaviour ---------------------------------------------------------------------------
    def _enable(self) -> None:
        llm = self.kind.currentData() in ("llm", "auto")
        for w in (self.base_url, self.model, self.temperature, self.timeout, self.key,
                  self.test, self.find):
            w.setEnabled(llm)
        self.forget.setEnabled(llm and self.forget.property("stored") is True)

    def _show_key(self) -> None:
        url = self.base_url.text().strip()
        try:
            check_base_url(url)
        except StudioError:
            self.key.setPlaceholderText("")
            self.forget.setProperty("stored", False)
            self._enable()
            return
        stored = credentials.stored_llm_key(keyring_user(url))
        env = next((name for name in ENV_VARS if os.environ.get(name, "").strip()), "")
        if env:
            text = f"from {env} in the environment"
        elif stored:
            text = f"stored for {host_of(url)}: {credentials.masked(stored)}"
        elif is_local(url):
            text = "not needed for a server on this machine"
        else:
            text = f"paste the key for {host_of(url)} to store it in the keyring"
        self.key.setPlaceholderText(text)
        self.forget.setProperty("stored", bool(stored))
        self._enable()

    def _forget(self) -> None:
        url = self.base_url.text().strip()
        try:
            credentials.clear_llm_key(keyring_user(url))
        except StudioError as exc:
            self.tell(str(exc))
            return
        self._show_key()
        self.tell(f"API key for {host_of(url)} removed from the keyring.")

    def test_connection(self) -> None:
        """Ask the server for its models on the task runner; the answer lands in the page."""
        from ..script.llm.probe import connection

        settings, typed = self.settings(), self.key.text()
        try:
            check_base_url(settings.base_url, "Base URL")
        except StudioError as exc:
            self.tell(str(exc))
            return
        if self.runner is None:
            return
        self.tell(f"Testing the connection to {host_of(settings.base_url)}…")
        self.test.setEnabled(False)
        self.runner.run_task("Test connection", lambda _p, _c: connection(settings, typed),
                             alive(self, self._tested), alive(self, self._untested))

    def _tested(self, found: tuple[list[str], str]) -> None:
        models, modes = found
        self.test.setEnabled(True)
        chosen = self.model.currentText()
        self.model.clear()
        self.model.addItems(models)
        self.model.setEditText(chosen or (models[0] if models else ""))
        host = host_of(self.base_url.text().strip())
        if not models:
            self.tell(f"Connected to {host}, but it lists no models.")
            return
        shown = ", ".join(models[:6]) + (f" and {len(models) - 6} more" if len(models) > 6 else "")
        self.tell(f"Connected to {host}: {len(models)} model{'s' if len(models) != 1 else ''} "
                  f"({shown})." + (f" {modes[:1].upper()}{modes[1:]}." if modes else ""))

    def find_local(self) -> None:
        """Look for a model server on this machine on the task runner; what it finds fills
        the server and model fields and is said in one line with how to use it."""
        from ..script.llm.local import find_local_servers

        if self.runner is None:
            return
        self.tell("Looking for Ollama and llama-server on this machine…")
        self.find.setEnabled(False)
        self.runner.run_task("Find a local server", lambda _p, _c: find_local_servers(),
                             alive(self, self._found), alive(self, self._not_found))

    def _found(self, servers: list) -> None:
        self.find.setEnabled(True)
        usable = next((s for s in servers if s.models), None)
        if usable is None:
            self.tell("No model server with a model on this machine (Ollama: `ollama pull "
                      "qwen2.5:7b`; or start llama-server with a model)." if servers else
                      "No Ollama (127.0.0.1:11434) or llama-server (127.0.0.1:8080) answers "
                      "on this machine.")
            return
        self.base_url.setText(usable.base_url)
        self.model.clear()
        self.model.addItems(list(usable.models))
        self.model.setEditText(usable.model)
        if self.kind.currentData() == "story":
            self.kind.setCurrentIndex(self.kind.findData("llm"))
        self._show_key()
        self.tell(f"Found {usable.how()}. Save to keep it in show.toml.")

    def _not_found(self, why: str) -> None:
        self.find.setEnabled(True)
        if self.kind.currentData() == "story":
            return  # the host chose the story writer meanwhile: nothing to say about a server
        self.tell(sentence(f"Looking for a local server failed: {why}"))

    def _untested(self, why: str) -> None:
        self.test.setEnabled(True)
        if self.kind.currentData() == "story":
            return  # the host chose the story writer meanwhile
        self.tell(sentence(f"Test failed: {why}"))


def alive(widget: QWidget, slot: Callable) -> Callable:
    """``slot``, called only while ``widget`` still exists (a dialog closed meanwhile)."""

    def call(*args) -> None:
        try:
            widget.objectName()  # raises once Qt has deleted the widget
        except RuntimeError:
            return
        slot(*args)

    return call
