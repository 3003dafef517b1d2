"""The settings dialog: voice and rate (with a preview), loudness target, show defaults, and
the GitHub token, which goes to the OS keyring and is never shown back in full."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from .. import credentials
from ..humanize import default_voice, sentence, voice_label
from ..narration.engine import EngineVoice, parse_voice
from ..narration.voices import ENGLISH
from ..plumbing.errors import StudioError
from ..publish.show import ShowDetails, show_file
from ..script.llm.config import WriterSettings
from ..settings import Settings
from ..sources.window import parse_zone
from .form_fields import loudness_field, with_button
from .show_settings import ShowPage
from .writer_settings import WriterPage


def fallback_voices() -> list[EngineVoice]:
    """What Settings offers before the engines have been asked: the installed Piper voices
    (found without loading Piper) and espeak-ng's English voices."""
    from ..narration.engines import engine_named

    piper = engine_named("piper")
    found = piper.voices() if not piper.problem() else []
    return [*found, *(EngineVoice("pyttsx3", v.id, v.name, v.languages[0] if v.languages else "")
                      for v in ENGLISH if v.id)]


class SettingsDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None,
                 preview: Callable[..., str | None] | None = None,
                 voices: list[EngineVoice] | None = None, runner=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setMinimumWidth(600)  # room for a Piper voice label
        self.settings = settings
        self.preview_func = preview
        self.voice = QComboBox()
        self.voice.setObjectName("voiceField")
        self.voice.setEditable(True)  # takes any voice id the engine knows, or piper:/x.onnx
        self.voice.lineEdit().setPlaceholderText(default_voice())
        self.voice.addItem(voice_label(""), "")
        for v in voices if voices is not None else fallback_voices():
            self.voice.addItem(v.label, v.spec)
        if self.voice.findData(settings.voice) < 0:
            choice = parse_voice(settings.voice)
            label = voice_label(choice.voice) if choice.engine == "pyttsx3" else choice.spec
            self.voice.addItem(label, settings.voice)
        self.voice.setCurrentIndex(self.voice.findData(settings.voice))
        self.voice.setMinimumContentsLength(44)  # "en_US-joe-medium · en-US · medium quality (Piper)"
        self.voice.lineEdit().setCursorPosition(0)  # the voice's name, not the end of its label
        self.rate = QSpinBox()
        self.rate.setRange(80, 400)
        self.rate.setSuffix(" words/min")
        self.rate.setValue(settings.rate)
        self.preview = QPushButton("Preview")
        self.preview.setEnabled(preview is not None)
        self.preview.setToolTip("Say a sentence with this voice and rate")
        self.voice.setToolTip("Piper voices (neural) and the espeak-ng/system voices of pyttsx3: "
                              "name, language and quality; type piper:/path/to/voice.onnx for "
                              "any other Piper voice")
        self.loudness = loudness_field(settings.loudness_target)
        self.loudness.setObjectName("loudnessField")
        self.show_dir = QLineEdit(settings.show_dir)
        self.show_dir.setPlaceholderText("Folder of the show's site and episodes")
        browse = QPushButton("…")
        browse.clicked.connect(self._browse)
        self.show_title = QLineEdit(settings.show_title)
        self.show_author = QLineEdit(settings.show_author)
        self.profile = QLineEdit(settings.profile)
        self.profile.setPlaceholderText("chosen by repository")
        self.minutes = QDoubleSpinBox()
        self.minutes.setObjectName("minutesField")
        self.minutes.setRange(1.0, 15.0)
        self.minutes.setSingleStep(0.5)
        self.minutes.setDecimals(1)
        self.minutes.setSuffix(" min")
        self.minutes.setValue(settings.script_minutes)
        self.minutes.setToolTip("How long the script of a busy day runs; a quiet day stays short")
        self.tz = QLineEdit(settings.tz)
        self.token = QLineEdit()
        self.token.setObjectName("tokenField")
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        current = credentials.stored_token()
        self.token.setPlaceholderText(f"stored: {credentials.masked(current)}" if current
                                      else "paste a token to store it in the keyring")
        self.api_url = QLineEdit(settings.github_api_url)
        self.api_url.setPlaceholderText("https://api.github.com (or your GitHub Enterprise API)")
        self.clear_token = QPushButton("Forget token")
        self.clear_token.setEnabled(bool(current))
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setObjectName("settingsMessage")

        self.show_voice_note = QLabel()
        self.show_voice_note.setObjectName("showVoiceNote")
        self.show_voice_note.setWordWrap(True)
        voice_box = QGroupBox("Narration")
        vf = QFormLayout(voice_box)
        vf.addRow("Voice", with_button(self.voice, self.preview))
        vf.addRow("Rate", self.rate)
        vf.addRow(self.show_voice_note)
        vf.addRow("Loudness target", self.loudness)
        show_box = QGroupBox("Show defaults")
        sf = QFormLayout(show_box)
        sf.addRow("Show folder", with_button(self.show_dir, browse))
        sf.addRow("Show title", self.show_title)
        sf.addRow("Author", self.show_author)
        sf.addRow("Profile", self.profile)
        sf.addRow("Time zone", self.tz)
        gh_box = QGroupBox("GitHub")
        gf = QFormLayout(gh_box)
        gf.addRow("Token", with_button(self.token, self.clear_token))
        gf.addRow("API URL", self.api_url)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        general = QWidget()
        gl = QVBoxLayout(general)
        for w in (voice_box, show_box, gh_box):
            gl.addWidget(w)
        gl.addStretch(1)
        self.writer = WriterPage(settings.show_dir, self.minutes, self._tell, runner)
        self.tabs = QTabWidget()
        self.tabs.addTab(general, "General")
        self.tabs.addTab(self.writer, "Script writer")
        self.show_page = ShowPage(settings.show_dir)
        self.tabs.addTab(self.show_page, "Show")
        layout = QVBoxLayout(self)
        for w in (self.tabs, self.message, buttons):
            layout.addWidget(w)
        self.show_dir.editingFinished.connect(self._show_dir_changed)
        self._show_voice(settings.show_dir)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.preview.clicked.connect(self._preview)
        self.clear_token.clicked.connect(self._forget)

    def _show_dir_changed(self) -> None:
        folder = self.show_dir.text().strip()
        self.writer.load(folder)
        self.show_page.load(folder)
        self._show_voice(folder)

    def _show_voice(self, show_dir: str) -> None:
        """Say so when the show's show.toml names its own narrator: its episodes use that."""
        text = show_voice_note(show_dir)
        self.show_voice_note.setText(text)
        self.show_voice_note.setVisible(bool(text))

    def result_settings(self) -> Settings:
        return replace(
            self.settings, voice=self.voice_id(),
            rate=self.rate.value(), loudness_target=self.loudness.value(),
            show_dir=self.show_dir.text().strip(), show_title=self.show_title.text().strip(),
            show_author=self.show_author.text().strip(), profile=self.profile.text().strip(),
            script_minutes=self.writer.app_length(),
            tz=self.tz.text().strip() or "UTC", github_api_url=self.api_url.text().strip(),
        ).validated()

    def voice_id(self) -> str:
        """The chosen voice's id: the item's, or what was typed when it names no item."""
        text = self.voice.currentText().strip()
        index = self.voice.findText(text)
        return str(self.voice.itemData(index)) if index >= 0 else text

    def accept(self) -> None:
        try:
            parse_zone(self.tz.text().strip() or "UTC")  # not kept to fail every later pull
        except StudioError as exc:
            self.message.setText(sentence(str(exc)))
            self.tz.setFocus()
            return
        try:
            writer = self.writer.checked(self.show_dir.text().strip())
        except StudioError as exc:
            self.message.setText(str(exc))
            self.tabs.setCurrentWidget(self.writer)
            return
        if self.token.text().strip():
            try:
                credentials.store_token(self.token.text())
            except StudioError as exc:
                self.message.setText(str(exc))
                return
            self.token.clear()
        try:
            self.writer.store_key(writer.base_url)
        except StudioError as exc:
            self.message.setText(str(exc))
            self.tabs.setCurrentWidget(self.writer)
            return
        try:
            self.chosen_show = self.show_page.checked()
        except StudioError as exc:
            self.message.setText(sentence(str(exc)))
            self.tabs.setCurrentWidget(self.show_page)
            return
        self.chosen_writer = writer
        super().accept()

    def result_show(self) -> ShowDetails | None:
        """The show's details to write into its show.toml (after OK); None when unchanged,
        without a show folder, or when its show.toml cannot be read (never overwritten)."""
        if self.show_page.problem or self.show_page.folder != self.show_dir.text().strip():
            return None
        return getattr(self, "chosen_show", None)

    def result_writer(self) -> WriterSettings | None:
        """The writer to keep in the show folder's show.toml (after OK), or None when there
        is nothing to write: no show folder, or the story writer and no show.toml yet."""
        writer, folder = getattr(self, "chosen_writer", None), self.show_dir.text().strip()
        if writer is None or not folder:
            return None
        if writer.kind == "story" and not show_file(folder).is_file():
            return None
        if self.writer.problem:
            return None  # a show.toml that cannot be read is never overwritten
        if writer == self.writer.loaded and self.minutes.value() == self.writer.loaded_minutes:
            return None  # unchanged: the show.toml (and its comments) stays as it is
        return writer

    def _forget(self) -> None:
        try:
            credentials.clear_token()
        except StudioError as exc:
            self.message.setText(str(exc))
            return
        self.token.setPlaceholderText("paste a token to store it in the keyring")
        self.clear_token.setEnabled(False)
        self.message.setText("Token removed from the keyring.")

    def _preview(self) -> None:
        if self.preview_func is not None:
            self.message.setText("Saying a sentence with this voice…")
            reason = self.preview_func(self.voice_id(), self.rate.value(), self._tell)
            if reason:
                self.message.setText(reason)

    def _tell(self, message: str) -> None:
        """What became of the preview (the dialog may be gone by then)."""
        try:
            self.message.setText(message)
        except RuntimeError:
            pass  # the dialog was closed and deleted meanwhile

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Show folder", self.show_dir.text())
        if folder:
            self.show_dir.setText(folder)
            self._show_dir_changed()


def show_voice_note(show_dir: str) -> str:
    """What the show's show.toml ``[voice]`` sets ("" when it leaves the voice to Settings)."""
    from ..publish.show import read_settings

    if not show_dir or not show_file(show_dir).is_file():
        return ""
    try:
        voice = read_settings(show_dir).voice
    except StudioError:
        return ""  # the Script writer page says what is wrong with it
    parts = [f"the voice {parse_voice(voice.voice, voice.engine).spec or voice.engine + ' default'}"
             ] if voice.engine else []
    parts += [f"the speed {voice.speed:g}"] if voice.speed != 1.0 else []
    if not parts:
        return ""
    return (f"This show's show.toml sets {' and '.join(parts)}: its episodes are narrated that "
            f"way, whatever is chosen here.")
