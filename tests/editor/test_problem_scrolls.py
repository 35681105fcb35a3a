"""Found in a designer's walk (issue 43): a click on a problem in the Validation panel showed
the entry and focused its field, but a field far down a long form stayed out of sight: the form
now scrolls to it, on a form just built as on one already shown."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication

from tests.editor.opened import open_editor
from tests.support import ROOT

pytestmark = [pytest.mark.gui, pytest.mark.qt_log_ignore("This plugin does not support")]


def in_sight(scroll, widget) -> bool:
    viewport = scroll.viewport()
    top_left = widget.mapTo(viewport, QPoint(0, 0))
    return viewport.rect().contains(QRect(top_left, widget.size()))


def test_a_problem_far_down_a_form_is_scrolled_into_sight(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    pack = tmp_path / "base"
    shutil.copytree(ROOT / "content" / "base", pack)
    beach = pack / "beach.toml"
    text = beach.read_text(encoding="utf-8")
    at = text.index('id = "tide_pools"')
    ring = text.index("[[card.rings]]", at)
    points = text.index("points = 2", ring)
    beach.write_text(text[:points] + "points = -7" + text[points + len("points = 2"):],
                     encoding="utf-8")
    win = open_editor(qtbot, monkeypatch, pack)
    win.resize(1366, 768)
    problem = next(p for p in win.session.doc.problems if p.entry == "tide_pools")
    for first in ("breakwater_point", "tide_pools"):  # a form built anew, and one shown
        win.showing.select("card", first)
        win.page.scroll.verticalScrollBar().setValue(0)
        QApplication.processEvents()
        win.showing.jump_to(problem)
        qtbot.waitUntil(lambda: win.showing.form is not None and win.showing.form.focusWidget()
                        is not None, timeout=3000)
        QApplication.processEvents()
        box = win.showing.form.focusWidget()
        assert in_sight(win.page.scroll, box), (first, problem.key)
