"""The user's own folders for what they make with smqt: their documents folder (the home
folder where the system names none), where new variants and the editor's simulation reports
go by default, each in a folder named for the game, never inside the installation."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths

from smqt.language.translate import _


def documents() -> Path:
    """The user's documents folder, or their home folder."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(found or Path.home())


def variants_home() -> Path:
    """Where a new variant's folder goes unless the author picks another."""
    return documents() / _("Santa Monica variants")


def simulations_home() -> Path:
    """Where the editor's simulations write their reports unless the author picked another."""
    return documents() / _("Santa Monica simulations")
