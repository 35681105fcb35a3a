"""Issue 31, a report people keep: it says where it came from (smqt, the command, the packs and
their hashes, bots, seeds, the machine, the start, the time used), ``smqt sim --rerun`` plays
its games again from its own copies of the packs (games.csv byte for byte), and no run writes
over a report unless told to."""

from __future__ import annotations

import io
import json
from datetime import datetime

from smqt import __version__
from smqt.cli.main import main
from smqt.pack.load import load_pack
from smqt.sim.command import SimOptions, run_sim
from smqt.sim.plan.provenance import default_out
from tests.support import ROOT

BASE = str(ROOT / "content" / "base")
SHORT = str(ROOT / "content" / "variants" / "short-game")


def test_a_report_says_where_it_came_from(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    options = SimOptions(pack=BASE, variant=SHORT, out_dir=str(tmp_path / "r"), games=4,
                         bots="random,easy", jobs=1, seed=11,
                         command=("smqt", "sim", "--games", "4"))
    assert run_sim(options, out, err) == 0, err.getvalue()
    made = json.loads((tmp_path / "r" / "report.json").read_text())["meta"]["provenance"]
    assert made["smqt"] == __version__
    assert made["command"] == ["smqt", "sim", "--games", "4"]
    assert made["packs"]["pack"]["hash"] == load_pack(BASE).identity.content_hash
    assert made["packs"]["variant"]["hash"] == load_pack(SHORT).identity.content_hash
    assert (tmp_path / "r" / made["packs"]["variant"]["folder"]).is_dir()
    assert made["options"]["bots"] == "random,easy" and made["options"]["seed"] == 11
    assert made["python"] and made["system"]
    assert datetime.fromisoformat(made["started"]).tzinfo is not None
    assert made["wall_seconds"] > 0 and made["cpu_seconds"] > 0
    page = (tmp_path / "r" / "report.html").read_text()
    assert "How this report was made" in page and made["packs"]["pack"]["hash"][:12] in page


def test_rerun_plays_the_same_games_again_byte_for_byte(tmp_path, capsys):
    first = tmp_path / "first"
    assert main(["sim", "--pack", BASE, "--variant", SHORT, "--games", "3", "--bots",
                 "random", "--jobs", "1", "--seed", "5", "--out", str(first)]) == 0
    again = tmp_path / "again"
    assert main(["sim", "--rerun", str(first), "--out", str(again), "--jobs", "1"]) == 0
    assert (again / "games.csv").read_bytes() == (first / "games.csv").read_bytes()
    made = json.loads((again / "report.json").read_text())["meta"]["provenance"]
    assert made["command"][:3] == ["smqt", "sim", "--rerun"]
    base_copy = first / json.loads((first / "report.json").read_text())["meta"][
        "provenance"]["packs"]["pack"]["folder"]
    rules = base_copy / "rules.toml"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# changed behind its back\n",
                     encoding="utf-8")
    assert main(["sim", "--rerun", str(first / "report.json"), "--out",
                 str(tmp_path / "third")]) == 2
    assert "was changed since the report was made" in capsys.readouterr().err


def test_a_report_is_never_written_over_unless_told(tmp_path):
    folder = tmp_path / "kept"
    options = SimOptions(pack=BASE, out_dir=str(folder), games=2, bots="random", jobs=1)
    assert run_sim(options, io.StringIO(), io.StringIO()) == 0
    before = (folder / "games.csv").read_bytes()
    err = io.StringIO()
    again = SimOptions(pack=BASE, out_dir=str(folder), games=3, bots="random", jobs=1)
    assert run_sim(again, io.StringIO(), err) == 2
    assert "holds a report already" in err.getvalue() and "--force" in err.getvalue()
    assert (folder / "games.csv").read_bytes() == before
    forced = SimOptions(pack=BASE, out_dir=str(folder), games=3, bots="random", jobs=1,
                        force=True)
    assert run_sim(forced, io.StringIO(), io.StringIO()) == 0
    assert (folder / "games.csv").read_bytes() != before


def test_the_default_folder_carries_the_date_and_a_number(tmp_path):
    day = datetime(2026, 11, 26)
    assert default_out(tmp_path, day).name == "sim-2026-11-26-1"
    (tmp_path / "sim-2026-11-26-1").mkdir()
    assert default_out(tmp_path, day).name == "sim-2026-11-26-2"


def test_intervals_stay_within_what_their_measure_can_take(tmp_path):
    """Three games gave a win rate difference of +0.0 pp [-248.4 pp, +248.4 pp]: an interval
    is clipped to the possible range (a win rate moves by at most 100 points)."""
    options = SimOptions(pack=BASE, variant=SHORT, out_dir=str(tmp_path / "r"), games=3,
                         bots="random", jobs=1, seed=5)
    out = io.StringIO()
    assert run_sim(options, out, io.StringIO()) == 0
    report = json.loads((tmp_path / "r" / "report.json").read_text())
    rows = [row for comp in report["comparisons"] for part in comp["players"].values()
            for row in part["rows"] if row["unit"] in ("pp", "card pp")]
    assert rows
    assert all(-1 <= row["difference"]["low"] <= row["difference"]["high"] <= 1 for row in rows)
    assert "248" not in out.getvalue() and "-100.0 pp, +100.0 pp" in out.getvalue()


def test_the_page_names_cards_by_their_names_with_the_id_in_a_tooltip(tmp_path):
    options = SimOptions(pack=BASE, out_dir=str(tmp_path / "r"), games=4, bots="random",
                         jobs=1, seed=3)
    assert run_sim(options, io.StringIO(), io.StringIO()) == 0
    report = json.loads((tmp_path / "r" / "report.json").read_text())
    cards = load_pack(BASE).cards
    assert {key: card.name for key, card in cards.items()}.items() <= report["names"].items()
    page = (tmp_path / "r" / "report.html").read_text()
    shown = report["sides"]["base"]["players"]["2"]["cards"][0]["card"]
    assert f"<span title='{shown}'>{cards[shown].name}</span>" in page
    assert f"<td>{shown}</td>" not in page


def test_every_chart_is_a_file_of_its_own_and_a_png_with_png(tmp_path, qapp):
    """Issue 31: a picture worth sharing: each chart of the page is an SVG file of its own
    (with its style, valid XML) linked under the chart; --png makes a PNG of each."""
    import xml.etree.ElementTree as ElementTree

    from PySide6.QtGui import QImage

    folder = tmp_path / "r"
    assert main(["sim", "--pack", BASE, "--variant", SHORT, "--games", "4", "--bots", "random",
                 "--jobs", "1", "--out", str(folder), "--png"]) == 0
    page = (folder / "report.html").read_text()
    charts = sorted((folder / "charts").glob("*.svg"))
    assert len(charts) == page.count("<svg ") >= 4
    for chart in charts:
        root = ElementTree.parse(chart).getroot()
        assert root.tag.endswith("svg") and root.find("{http://www.w3.org/2000/svg}style") is not None
        assert f"href='charts/{chart.name}'" in page
        picture = QImage(str(chart.with_suffix(".png")))
        assert not picture.isNull() and picture.width() >= 400


def test_a_sweep_chart_shows_the_values_themselves_and_the_pack_as_a_line(tmp_path):
    """The sweep's charts showed only differences from base: they show each value's measure
    (game length from 10 to 14 cards rises, not a difference around 0) with the pack as it is
    as a line."""
    options = SimOptions(pack=BASE, out_dir=str(tmp_path / "s"), games=6, bots="random",
                         jobs=1, sweep="rules.cards_to_end=10:12")
    assert run_sim(options, io.StringIO(), io.StringIO()) == 0
    report = json.loads((tmp_path / "s" / "report.json").read_text())
    turns = [next(r for r in c["players"]["2"]["rows"] if r["key"] == "turns")
             for c in report["comparisons"] if c["kind"] == "sweep"]
    page = (tmp_path / "s" / "report.html").read_text()
    start = page.index("2 players: game length (turns)")
    chart = page[start:page.index("</svg>", start)]
    for row in turns:  # each point's tooltip is the value itself, e.g. "10: 22.50"
        assert f"{row['side']:.2f}</title>" in chart
    assert f"the pack as it is: {turns[0]['base']:.2f}" in chart
