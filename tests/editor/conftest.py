"""Shared by the editor's window tests: a copy of the base pack to edit, and a data folder of
the test's own (simulation reports, settings)."""

from __future__ import annotations

import shutil

import pytest

from tests.support import BASE


@pytest.fixture
def pack(tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    return folder
