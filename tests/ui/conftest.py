"""The table window most table tests start from: its own data folder, 1600x1000, the AI at
full pace; closed after the test. ``nearby``: the coach thinking on a thread of the test's
process."""

from __future__ import annotations

import pytest

from smqt.ai import thinker
from smqt.ui.shell.window import TableWindow
from tests.ai.nearby import NearbyThinker


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


@pytest.fixture
def nearby(monkeypatch):
    """The coach thinks on a thread of the test's process (the real one is another process:
    the same answer, later)."""
    helper = NearbyThinker()
    monkeypatch.setattr(thinker, "shared", lambda: helper)
    yield helper
    helper.stop()
