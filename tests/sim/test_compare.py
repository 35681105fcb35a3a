"""Issue 31: ``smqt sim compare A B`` lines up the same measures of two reports and says which
differ beyond noise: it finds a planted difference (a shorter game), and none between two runs
of the same pack on other seeds."""

from __future__ import annotations

import json
import re

from smqt.cli.main import main
from tests.support import ROOT

BASE = str(ROOT / "content" / "base")
SHORT = str(ROOT / "content" / "variants" / "short-game")


def run(folder, pack, seed) -> None:
    assert main(["sim", "--pack", pack, "--games", "80", "--bots", "random", "--jobs", "1",
                 "--seed", str(seed), "--out", str(folder)]) == 0


def test_compare_finds_a_planted_difference_and_none_between_seeds(tmp_path, capsys):
    run(tmp_path / "base", BASE, 1)
    run(tmp_path / "short", SHORT, 1)
    run(tmp_path / "again", BASE, 5000)
    capsys.readouterr()
    assert main(["sim", "compare", str(tmp_path / "base"), str(tmp_path / "short"),
                 "--out", str(tmp_path / "cmp")]) == 0
    text = capsys.readouterr().out
    rows = json.loads((tmp_path / "cmp" / "compare.json").read_text())
    turns = next(row for row in rows if row["key"] == "turns")
    assert turns["different"] and turns["difference"]["high"] < 0, "the short game is shorter"
    assert "game length (turns)" in text and "different" in text
    assert "<section class='compare' id='compare'>" in (tmp_path / "cmp" / "compare.html").read_text()
    assert main(["sim", "compare", str(tmp_path / "base"), str(tmp_path / "again")]) == 0
    text = capsys.readouterr().out
    assert "0 of" in text.splitlines()[-1], text  # same pack, other seeds: nothing differs


def test_compare_says_what_is_wrong_with_its_input(tmp_path, capsys):
    assert main(["sim", "compare", str(tmp_path / "nothing"), str(tmp_path)]) == 2
    assert "cannot be read as a report" in capsys.readouterr().err
    assert main(["sim", "compare", str(tmp_path)]) == 2
    assert "compare A B" in capsys.readouterr().err


def test_a_run_compares_itself_with_an_earlier_report_in_a_section_of_its_page(tmp_path, capsys):
    run(tmp_path / "before", BASE, 1)
    assert main(["sim", "--pack", SHORT, "--games", "80", "--bots", "random", "--jobs", "1",
                 "--out", str(tmp_path / "after"), "--compare-with",
                 str(tmp_path / "before")]) == 0
    page = (tmp_path / "after" / "report.html").read_text()
    assert "<section class='compare' id='compare'>" in page and "this run (B)" in page
    # after the verdicts and details, before the data appendix (the games.csv columns)
    assert page.index("<section class='compare' id='compare'>") < page.index("games.csv column")
    # and the first screen says how many measures differ, linked to it
    headline = re.search(r"<p class='lead'><a href='#compare'>Compared with [^<]*: (\d+) of (\d+) "
                         r"measures differ beyond noise\.</a></p>", page)
    assert headline and page.index(headline.group(0)) < page.index("<h2>")
    rows = json.loads((tmp_path / "after" / "compare.json").read_text())
    assert next(row for row in rows if row["key"] == "turns")["different"]
    assert "measures differ beyond noise" in capsys.readouterr().out
    assert main(["sim", "--games", "2", "--out", str(tmp_path / "x"), "--compare-with",
                 str(tmp_path / "nowhere")]) == 2
    assert not (tmp_path / "x").exists(), "refused before any game was played"


def test_a_json_file_that_is_no_report_is_refused_before_any_game(tmp_path, capsys):
    other = tmp_path / "other.json"
    other.write_text('{"meta": {}, "something": [1, 2]}', encoding="utf-8")
    assert main(["sim", "compare", str(other), str(other)]) == 2
    assert "no sides of a simulation report" in capsys.readouterr().err
    assert main(["sim", "--games", "2", "--out", str(tmp_path / "x"), "--compare-with",
                 str(other)]) == 2
    assert not (tmp_path / "x").exists()
