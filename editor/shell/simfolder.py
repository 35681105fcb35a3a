"""Where the editor's simulations write their reports: a folder the author can see and find
again, "Santa Monica simulations" in the user's documents beside their variants unless they
chose another (remembered in the settings), with one folder per run named after the variant
and the time."""

from __future__ import annotations

import time
from pathlib import Path

from smqt.desktop.datafolder import settings
from smqt.desktop.documents import simulations_home
from smqt.files.names import unused

FOLDER_KEY = "editor/simulation_folder"  # not translated: a settings key


def default_folder() -> Path:
    """"Santa Monica simulations" in the user's documents folder: visible, never inside the
    installation or a hidden data folder."""
    return simulations_home()


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
    return unused(root, f"{variant}-{time.strftime('%Y%m%d-%H%M%S')}")
