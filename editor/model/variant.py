""""New variant of this pack": a pack folder whose ``pack.toml`` extends the open pack, so
that the variant lists only what it changes."""

from __future__ import annotations

import os
import re
from pathlib import Path

import tomli_w
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from smqt.desktop.documents import variants_home
from smqt.files.atomic import atomic_write_text
from smqt.language.translate import _
from smqt.pack.extends import shipped_name
from smqt.pack.manifest import MANIFEST, SCHEMA


def folder_name(name: str) -> str:
    """A folder name for a pack name: lower case, words joined by ``-``."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")
    if not slug:
        raise ValueError(_("give the variant a name with letters or digits"))
    return slug


def extends_value(parent: Path, folder: Path) -> str:
    """What ``extends`` says in the pack at ``folder`` to extend ``parent``: a shipped pack by
    its name (``base``), which works wherever the variant is sent and whichever installation
    opens it; another pack by its path relative to ``folder``."""
    name = shipped_name(parent)
    if name is not None:
        return name
    return Path(os.path.relpath(Path(parent).resolve(), folder.resolve())).as_posix()


def create_variant(parent: Path, location: Path, name: str, description: str = "") -> Path:
    """Write ``location/<name>/pack.toml`` extending ``parent``; returns the new folder."""
    folder = Path(location) / folder_name(name)
    if folder.exists() and any(folder.iterdir()):
        raise ValueError(_("{folder} exists already and is not empty").format(folder=folder))
    extends = extends_value(parent, folder)
    manifest = {"name": name.strip(), "version": "0.1.0", "schema": SCHEMA, "extends": extends}
    if description.strip():
        manifest["description"] = description.strip()
    atomic_write_text(folder / MANIFEST, tomli_w.dumps(manifest))
    return folder


WIDEST_FOLDER = 900
"""The most pixels the folder's field asks for."""


def breakable(path: str) -> str:
    """``path`` with a line allowed to break after each folder separator (a zero-width space),
    so that a label wraps it instead of cutting it."""
    return path.replace("/", "/\u200b").replace("\\", "\\\u200b")


class NewVariantDialog(QDialog):
    def __init__(self, parent_pack: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New variant of this pack"))
        self.parent_name = parent_pack.name
        layout = QVBoxLayout(self)
        intro = QLabel(_("The variant extends <b>{pack}</b>: it starts empty, and every entry "
                         "you change or add is stored in it.").format(pack=parent_pack.name))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(_("e.g. Beach party"))
        self.description_edit = QLineEdit()
        self.location_edit = QLineEdit(str(variants_home()))
        browse = QPushButton(_("Browse…"))
        browse.clicked.connect(self._browse)
        where = QHBoxLayout()
        where.addWidget(self.location_edit, 1)
        where.addWidget(browse)
        # the folder whole where the screen allows (a 1366 x 768 laptop: 900 pixels of it)
        self.location_edit.setMinimumWidth(min(
            self.location_edit.fontMetrics().horizontalAdvance(self.location_edit.text()) + 24,
            WIDEST_FOLDER))
        self.folder_label = QLabel()
        self.folder_label.setStyleSheet("color: #555;")
        self.folder_label.setWordWrap(True)
        form.addRow(_("name"), self.name_edit)
        form.addRow(_("description"), self.description_edit)
        form.addRow(_("in folder"), where)
        form.addRow("", self.folder_label)
        layout.addLayout(form)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.name_edit.textChanged.connect(self._update)
        self.location_edit.textChanged.connect(self._update)
        self._update()
        # settle the size before the window exists, and never constrain it afterwards (the
        # offscreen platform warns on every size-hint change)
        self.adjustSize()
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, _("Where the variant's folder goes"),
                                                  self.location_edit.text())
        if folder:
            self.location_edit.setText(folder)

    def _update(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            target = self.location() / folder_name(self.name())
        except ValueError as exc:
            self.folder_label.setText(str(exc))
            ok.setEnabled(False)
            return
        clash = target.exists() and any(target.iterdir())
        shown = breakable(str(target))
        self.folder_label.setText(_("{folder} exists already").format(folder=shown) if clash
                                  else _("creates {folder}").format(folder=shown))
        ok.setEnabled(not clash)

    def name(self) -> str:
        return self.name_edit.text()

    def description(self) -> str:
        return self.description_edit.text()

    def location(self) -> Path:
        return Path(self.location_edit.text()).expanduser()
