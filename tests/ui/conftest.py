"""The table window most table tests start from: its own data folder, 1600x1000, the AI at
full pace; closed after the test."""

from __future__ import annotations

import pytest

from smqt.ui.shell.window import TableWindow


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    table = TableWindow(remember_layout=False)
    qtbot.addWidget(table)
    table.resize(1600, 1000)
    table.show()
    table.menus.set_pace(0)
    yield table
    table.close()
