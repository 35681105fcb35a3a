"""Where the editor's simulations write their reports: a folder the author can see and find
again, ``smqt/simulations`` in the user's documents unless they chose another (remembered in
the settings), with one folder per run named after the variant and the time."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from smqt.desktop.datafolder import settings

FOLDER_KEY = "editor/simulation_folder"  # not translated: a settings key


def default_folder() -> Path:
    """``smqt/simulations`` in the user's documents folder (the home folder where the system
    names none): visible, never inside the installation or a hidden data folder."""
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(documents or Path.home()) / "smqt" / "simulations"  # not translated: folder names


def chosen_folder() -> Path:
    """The folder the author chose last (the default until they choose one)."""
    value = settings().value(FOLDER_KEY, "")
    return Path(value) if isinstance(value, str) and value.strip() else default_folder()


def remember_folder(folder: Path) -> None:
    store = settings()
    store.setValue(FOLDER_KEY, str(folder))
    store.sync()


def run_folder(root: Path, variant: str) -> Path:
    """A folder of its own in ``root`` for one run: ``<variant>-<date>-<time>`` (numbered
    when two runs start within a second)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    out = root / f"{variant}-{stamp}"
    number = 2
    while out.exists():
        out = root / f"{variant}-{stamp}-{number}"
        number += 1
    return out
