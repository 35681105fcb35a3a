"""Found in a designer's walk (issue 43): PNG charts of a report already made needed the whole
run again (``--rerun … --png``, 80 s), and charts of two reports exported to one folder
overwrote each other. ``smqt sim charts REPORT`` draws them from the report's SVGs, beside
them or into ``--out`` named after the report."""

from __future__ import annotations

import pytest

from smqt.cli.main import main
from tests.support import ROOT

pytest.importorskip("PySide6.QtSvg")

BASE = str(ROOT / "content" / "base")


def report(folder) -> None:
    assert main(["sim", "--pack", BASE, "--games", "4", "--bots", "random", "--jobs", "1",
                 "--out", str(folder)]) == 0


def test_charts_of_reports_already_made_are_drawn_without_playing(tmp_path, capsys):
    first, second, shared = tmp_path / "run one", tmp_path / "run two", tmp_path / "slides"
    report(first)
    report(second)
    svgs = sorted(p.stem for p in (first / "charts").glob("*.svg"))
    assert svgs
    capsys.readouterr()
    assert main(["sim", "charts", str(first), "--out", str(shared)]) == 0
    assert main(["sim", "charts", str(second / "report.json"), "--out", str(shared)]) == 0
    made = sorted(p.name for p in shared.glob("*.png"))
    assert made == sorted([f"run-one-{name}.png" for name in svgs] +
                          [f"run-two-{name}.png" for name in svgs])
    assert f"wrote {len(svgs)} charts as PNG in {shared}" in capsys.readouterr().out
    assert main(["sim", "charts", str(first)]) == 0  # beside the SVGs
    assert sorted(p.stem for p in (first / "charts").glob("*.png")) == svgs


def test_charts_of_something_that_is_no_report_is_a_sentence(tmp_path, capsys):
    assert main(["sim", "charts", str(tmp_path)]) == 2
    assert "Traceback" not in capsys.readouterr().err
    assert main(["sim", "charts"]) == 2
    assert "write 'charts REPORT'" in capsys.readouterr().err
