"""Settings ▸ Show: the show's own details — title, host, owner name and e-mail, cover and
Apple Podcasts categories — as the show folder's ``show.toml`` keeps them (the same file the
CLI's `studio publish` reads, :mod:`studio.publish.show`). OK writes them there; a folder
without a show.toml gets one."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..plumbing.errors import StudioError
from ..publish.apple_categories import APPLE_CATEGORIES
from ..publish.show import (
    ShowDetails,
    ShowSettings,
    default_settings,
    read_settings,
    show_file,
)
from .form_fields import with_button


class ShowPage(QWidget):
    def __init__(self, show_dir: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("showPage")
        self.folder = ""
        self.loaded: ShowDetails | None = None
        self.problem = ""
        self.note = QLabel()
        self.note.setObjectName("showPageNote")
        self.note.setWordWrap(True)
        self.title = QLineEdit()
        self.title.setObjectName("showTitleField")
        self.author = QLineEdit()
        self.author.setObjectName("showHostField")
        self.author.setPlaceholderText("who hosts the show, as podcast apps show it")
        self.owner_name = QLineEdit()
        self.owner_name.setObjectName("ownerNameField")
        self.owner_email = QLineEdit()
        self.owner_email.setObjectName("ownerEmailField")
        self.owner_email.setPlaceholderText("Apple Podcasts mails it to verify the show")
        self.cover = QLineEdit()
        self.cover.setObjectName("coverField")
        self.cover.setPlaceholderText("a .png or .jpg in the show folder (cover.png)")
        self.browse = QPushButton("…")
        self.browse.setToolTip("Choose the cover image; one from elsewhere is copied into the "
                               "show folder")
        self.category = QComboBox()
        self.category.setObjectName("categoryField")
        self.category.addItems(sorted(APPLE_CATEGORIES))
        self.subcategory = QLineEdit()
        self.subcategory.setObjectName("subcategoryField")
        self.subcategory.setPlaceholderText("optional, e.g. Tech News under News")
        form = QFormLayout()
        form.addRow("Title", self.title)
        form.addRow("Host", self.author)
        form.addRow("Owner", self.owner_name)
        form.addRow("Owner e-mail", self.owner_email)
        form.addRow("Cover", with_button(self.cover, self.browse))
        form.addRow("Category", self.category)
        form.addRow("Subcategory", self.subcategory)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addLayout(form)
        layout.addStretch(1)
        self.browse.clicked.connect(self._browse)
        self.load(show_dir)

    def _fields(self) -> list[QWidget]:
        return [self.title, self.author, self.owner_name, self.owner_email, self.cover,
                self.browse, self.category, self.subcategory]

    def load(self, show_dir: str) -> None:
        """The details of the show in ``show_dir`` (its show.toml's, or the defaults a new
        one gets); without a show folder there is nothing to edit."""
        self.folder, self.problem = show_dir.strip(), ""
        settings: ShowSettings | None = None
        if not self.folder:
            self.note.setText("Choose a show folder (General) to set the show's title, host, "
                              "owner, cover and categories.")
        elif show_file(self.folder).is_file():
            try:
                settings = read_settings(self.folder)
                self.note.setText(f"Kept in {show_file(self.folder)}.")
            except StudioError as exc:
                self.problem = str(exc)
                self.note.setText(f"{exc}: fix the file before changing the show here.")
        else:
            settings = default_settings(Path(self.folder).name, "")
            self.note.setText(f"No {show_file(self.folder).name} in this folder yet: a change "
                              f"here creates it.")
        self.loaded = ShowDetails.of(settings) if settings is not None else None
        d = self.loaded or ShowDetails()
        self.title.setText(d.title)
        self.author.setText(d.author)
        self.owner_name.setText(d.owner_name)
        self.owner_email.setText(d.owner_email)
        self.cover.setText(d.cover)
        index = self.category.findText(d.category)
        self.category.setCurrentIndex(max(0, index))
        self.subcategory.setText(d.subcategory)
        for w in self._fields():
            w.setEnabled(self.loaded is not None)

    def details(self) -> ShowDetails:
        return ShowDetails(self.title.text(), self.author.text(), self.owner_name.text(),
                           self.owner_email.text(), self.cover.text(),
                           self.category.currentText(), self.subcategory.text())

    def checked(self) -> ShowDetails | None:
        """The details to write (None: nothing to write), or a StudioError naming the field."""
        if self.loaded is None:
            return None
        details = self.details()
        details.applied(ShowSettings())  # raises on an empty title, a bad e-mail or cover
        return None if details == self.loaded else details  # untouched: no file written

    def _browse(self) -> None:
        if not self.folder:
            return
        path, _ = QFileDialog.getOpenFileName(self, "Cover image", self.folder,
                                              "Images (*.png *.jpg)")
        if path:
            self.cover.setText(cover_in_show(Path(path), Path(self.folder)))


def cover_in_show(image: Path, show_dir: Path) -> str:
    """``image`` as show.toml's cover: its path inside the show folder; one from elsewhere is
    copied in first (as ``cover.png``/``cover.jpg``)."""
    try:
        return image.resolve().relative_to(show_dir.resolve()).as_posix()
    except ValueError:
        target = show_dir / f"cover{image.suffix.lower()}"
        show_dir.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(image, target)
        return target.name
