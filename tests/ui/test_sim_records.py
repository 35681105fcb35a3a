"""A game from a simulation report opens in the table: ``games/`` records carry their seats and
a pack folder relative to the record (the report's ``packs/``), so the folder can be moved."""

from __future__ import annotations

import csv
import io
import shutil

import pytest

from smqt.sim.command import SimOptions, run_sim
from tests.support import ROOT

pytestmark = pytest.mark.gui


def test_a_simulated_game_opens_in_the_table_after_the_report_moved(window, tmp_path):
    out, err = io.StringIO(), io.StringIO()
    options = SimOptions(pack=str(ROOT / "content" / "variants" / "short-game"),
                         out_dir=str(tmp_path / "report"), bots="random,easy", games=2, jobs=1,
                         seed=3)
    assert run_sim(options, out, err) == 0, err.getvalue()
    moved = tmp_path / "elsewhere"
    shutil.move(tmp_path / "report", moved)
    row = next(csv.DictReader(io.StringIO((moved / "games.csv").read_text())))
    assert window.load(moved / row["record"])
    ctrl = window.controller
    assert ctrl.state.is_over and window.session.catalog.identity.name == "short-game"
    assert [s.kind for s in ctrl.seats] == ["random", "easy"]
    assert ctrl.game.record.setup.seed == int(row["seed"])
