"""Choosing saved games on disk: the Open and Save dialogs start where the person last saved
or opened one, and a saved game always ends in ``.smqt`` (or ``.toml``), so that the Open
dialog's filter shows what Save wrote."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget

from smqt.desktop.datafolder import settings
from smqt.language.translate import N_, _

# Translators: the file dialogs' filters: keep the patterns in parentheses and the ";;"
SAVED_GAMES = N_("Saved games (*.smqt *.toml);;All files (*)")
"""Saved games are ``.smqt`` files (the installers open them with the table); a game record or
an earlier save in ``.toml`` opens too."""
SUFFIXES = (".smqt", ".toml")
LAST_FOLDER = "files/last_folder"


def saved_game_name(path: Path) -> Path:
    """``path`` with ``.smqt`` added unless it already ends in a saved game's suffix."""
    if path.suffix.lower() in SUFFIXES:
        return path
    return path.with_name(path.name + SUFFIXES[0])


def last_folder() -> Path:
    """Where the person last saved or opened a game (their home folder at first)."""
    value = settings().value(LAST_FOLDER)
    folder = Path(str(value)) if isinstance(value, str) and value else Path.home()
    try:
        return folder if folder.is_dir() else Path.home()
    except (OSError, ValueError):
        return Path.home()


def remember_folder(path: Path) -> None:
    store = settings()
    store.setValue(LAST_FOLDER, str(path.parent))
    store.sync()


def ask_open_path(parent: QWidget, title: str) -> Path | None:
    path, _filter = QFileDialog.getOpenFileName(parent, title, str(last_folder()), _(SAVED_GAMES))
    if not path:
        return None
    remember_folder(Path(path))
    return Path(path)


def ask_save_path(parent: QWidget, title: str, name: str) -> Path | None:
    """A file to save a game in, ending in ``.smqt``; None when the person cancels. Replacing
    an existing file is confirmed (by the dialog, or here when only the added suffix makes the
    name of an existing file)."""
    dialog = QFileDialog(parent, title, str(last_folder() / name), _(SAVED_GAMES))
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setDefaultSuffix(SUFFIXES[0].lstrip("."))
    if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
        return None
    chosen = Path(dialog.selectedFiles()[0])
    path = saved_game_name(chosen)
    if path != chosen and path.exists():
        answer = QMessageBox.question(
            parent, title, _("{name} already exists in {folder}. Replace it?").format(
                name=path.name, folder=path.parent),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        if answer != QMessageBox.StandardButton.Yes:
            return None
    remember_folder(path)
    return path
