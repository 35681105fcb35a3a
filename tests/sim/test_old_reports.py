"""Issue 41, a typed report: reports written before report.json said its version (schema 1)
are still read, rendered, compared and run again.

The fixtures in ``old_reports/`` were written by smqt 0.2.0 before the report was typed
(commit 7259b05), with ``--jobs 1`` and, from the folder of each:

- ``variant-noise``: ``smqt sim --pack base --variant house-rule-trial --noise --games 2
  --precision 2 --max-games 3 --bots random --seed 5``
- ``sweep``: ``smqt sim --pack base --sweep rules.cards_to_end=11 --games 2 --bots random
  --seed 3``
- ``ladder``: ``smqt sim --pack base --games 1 --ladder --ladder-games 1 --bots random --seed 9``

Each keeps its report.json and games.csv; the copies of the packs a rerun needs are shared in
``old_reports/packs`` (the games' records and the charts are left out: no reader needs them)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from smqt.cli.main import main
from smqt.sim.command import SimOptions
from smqt.sim.plan.provenance import rerun_options
from smqt.sim.report.build import summary_text
from smqt.sim.report.compare import compare_reports
from smqt.sim.report.html import render
from smqt.sim.report.model import SCHEMA
from smqt.sim.report.reportfile import read_report, report_json, structure_report
from smqt.sim.report.summary import COLUMNS
from tests.sim.sameness import same

OLD = Path(__file__).parent / "old_reports"
NAMES = ("variant-noise", "sweep", "ladder")
SECTIONS = {
    "variant-noise": ("What the variant changes, and what each change did", "Noise band",
                      "The cap was reached before every headline interval"),
    "sweep": ("Sweep of rules.cards_to_end=11", "Verdicts"),
    "ladder": ("Skill ladder", "easy against random", "expert against three hard"),
}
"""What the page of each old report shows besides what every page shows."""


def copy_of(name: str, tmp_path: Path) -> Path:
    """The old report with the copies of the packs its provenance names, as a run left it."""
    folder = tmp_path / name
    shutil.copytree(OLD / name, folder)
    made = json.loads((folder / "report.json").read_text(encoding="utf-8"))["meta"]["provenance"]
    for pack in made["packs"].values():
        leaf = Path(pack["folder"]).parts[1]  # packs/LEAF/...
        shutil.copytree(OLD / "packs" / leaf, folder / "packs" / leaf, dirs_exist_ok=True)
    return folder


@pytest.mark.parametrize("name", NAMES)
def test_an_old_report_is_read_as_the_current_version(name):
    data = json.loads((OLD / name / "report.json").read_text(encoding="utf-8"))
    assert "schema" not in data, "the fixture is a report of the first version"
    report = read_report(OLD / name)
    assert report.schema == SCHEMA
    assert report.meta.provenance is not None and report.meta.provenance.smqt == "0.2.0"
    assert report.sides["base"].players["2"].games == report.meta.games
    # written as this smqt writes it, it is the same file with its version, and reads back
    # the same
    text = (OLD / name / "report.json").read_text(encoding="utf-8")
    assert report_json(report) == text.replace('\n "sides"', f'\n "schema": {SCHEMA},\n "sides"', 1)
    assert same(structure_report(json.loads(report_json(report))), report)


@pytest.mark.parametrize("name", NAMES)
def test_an_old_report_renders_its_page_and_its_summary(name):
    report = read_report(OLD / name)
    page = render(report, COLUMNS)
    for words in (report.meta.title, "How this report was made", "Each side in detail",
                  "games.csv column", *SECTIONS[name]):
        assert words in page, words
    assert page.count("<svg") >= 4
    card = report.sides["base"].players["2"].cards[0].card
    assert f"<span title='{card}'>{report.names[card]}</span>" in page
    text = summary_text(report)
    assert text.startswith(report.meta.title)


def test_old_reports_are_compared_with_each_other_and_with_a_new_one(tmp_path, capsys):
    rows = compare_reports(read_report(OLD / "variant-noise"), read_report(OLD / "sweep")).rows
    assert {row.side for row in rows} == {"base"} and {row.players for row in rows} == {2}
    assert next(row for row in rows if row.key == "turns").games == (3, 2)  # A went on to 3
    assert main(["sim", "compare", str(OLD / "ladder"), str(OLD / "sweep" / "report.json"),
                 "--out", str(tmp_path / "cmp")]) == 0
    assert "measures differ beyond noise" in capsys.readouterr().out
    written = json.loads((tmp_path / "cmp" / "compare.json").read_text())
    assert list(written[0]) == ["side", "players", "key", "label", "unit", "a", "b", "games",
                                "difference", "p_adjusted", "different", "corrected"]
    # a new run compares itself with an old report on its page (on other seeds: the old
    # report's seeds 3 and 4 would be its very games again, and not compared)
    assert main(["sim", "--games", "2", "--bots", "random", "--jobs", "1", "--seed", "5",
                 "--out", str(tmp_path / "new"), "--compare-with", str(OLD / "sweep")]) == 0
    page = (tmp_path / "new" / "report.html").read_text()
    assert "<section class='compare' id='compare'>" in page


@pytest.mark.parametrize("name", ["variant-noise", "sweep"])
def test_an_old_report_runs_again_to_the_same_games(name, tmp_path):
    folder = copy_of(name, tmp_path)
    assert main(["sim", "--rerun", str(folder), "--out", str(tmp_path / "again"),
                 "--jobs", "1"]) == 0
    assert (tmp_path / "again" / "games.csv").read_bytes() == \
        (folder / "games.csv").read_bytes()
    assert read_report(tmp_path / "again").schema == SCHEMA


def test_an_old_ladder_report_gives_its_options_to_a_rerun(tmp_path):
    """Its games are not played here (the expert bots' four-player games take a minute): the
    options are the report's, from its own checked copy of the pack."""
    folder = copy_of("ladder", tmp_path)
    report = read_report(folder)
    options = rerun_options(report.meta.provenance, folder / "report.json", SimOptions,
                            str(tmp_path / "again"))
    assert (options.ladder, options.ladder_games, options.games, options.seed) == (True, 1, 1, 9)
    assert options.pack == str(folder / "packs" / "base-90559419") and options.variant is None
