"""Where the table keeps its files: the autosave and the remembered layout. ``SMQT_HOME``
overrides the platform's application data folder (tests use a temporary one)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths


def data_home() -> Path:
    override = os.environ.get("SMQT_HOME")
    if override:
        home = Path(override)
    else:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
        home = Path(base or Path.home()) / "smqt"
    home.mkdir(parents=True, exist_ok=True)
    return home


def autosave_path() -> Path:
    return data_home() / "autosave.toml"


def settings() -> QSettings:
    return QSettings(str(data_home() / "table.ini"), QSettings.Format.IniFormat)
