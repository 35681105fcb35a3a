"""Shared by the editor's window tests: a copy of the base pack to edit, a data folder of
the test's own (simulation reports, settings, autosaves), and a window on the copy whose
questions are answered "discard" so that leaving a test never blocks."""

from __future__ import annotations

import shutil

import pytest

from tests.editor.opened import open_editor
from tests.support import BASE


@pytest.fixture
def pack(tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    return folder


@pytest.fixture
def window(qtbot, pack, monkeypatch):
    return open_editor(qtbot, monkeypatch, pack)
