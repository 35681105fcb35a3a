"""Issue 43, finding 5: exported charts say what they show. Two PNGs shared the title "Win rate
per seat", one of base and one of the variant, as files chart-NN; a chart whose differences
were all 0 drew empty axes, which reads as a failure."""

from __future__ import annotations

import re
from pathlib import Path

from smqt.cli.main import main
from smqt.sim.report.charts import BAR_LEAST, chart_files, difference_bars, named
from smqt.sim.report.html import render
from smqt.sim.report.reportfile import read_report
from smqt.sim.report.summary import COLUMNS
from tests.support import ROOT

OLD = Path(__file__).parent / "old_reports"


def titles(svg: str) -> str:
    """A chart's title as drawn (on as many lines as it takes)."""
    return " ".join(re.findall(r'class="t">([^<]*)</text>', svg))


def test_each_chart_file_is_named_after_its_side_and_measure_and_its_title_says_them():
    report = read_report(OLD / "variant-noise")
    page, files = chart_files(render(report, COLUMNS))
    assert not [name for name in files if name.startswith("chart-")]
    assert {"base-2p-seat-win-rate.svg", "variant-2p-seat-win-rate.svg",
            "noise-2p-seat-win-rate.svg", "variant-2p-win-rate-changes.svg",
            "base-2p-cards.svg", "variant-2p-score-by-round.svg"} <= set(files)
    for name, svg in files.items():
        side = name.split("-2p-")[0]
        title = titles(svg)
        assert title.startswith(f"{report.sides[side].title}, 2 players: "), (name, title)
        assert f"href='charts/{name}'" in page
    seat_titles = [titles(svg) for name, svg in files.items() if name.endswith("seat-win-rate.svg")]
    assert len(set(seat_titles)) == len(seat_titles) == 3, seat_titles
    sweep = chart_files(render(read_report(OLD / "sweep"), COLUMNS))[1]
    assert {"sweep-2p-seat-1-win-rate.svg", "sweep-2p-game-length.svg"} <= set(sweep)
    assert titles(sweep["sweep-2p-game-length.svg"]).startswith(
        "Sweep of rules.cards_to_end=11, 2 players: game length")


def test_a_long_title_is_wrapped_inside_its_chart():
    long = "house-rule-trial 1.0.0 (all changes), 2 players: Win-rate changes against base " \
           "(percentage points, 95% paired intervals)"
    svg = difference_bars(long, [("seat 1 win rate", 0.02, -0.01, 0.05)])
    lines = re.findall(r'class="t">([^<]*)</text>', svg)
    assert len(lines) == 2 and " ".join(lines) == long
    assert 'translate(0 16)' in svg and svg.endswith("</g></svg>")


def test_a_chart_whose_differences_are_all_0_draws_its_bars_and_says_so():
    svg = difference_bars("no change", [("seat 1 win rate", 0.0, -0.03, 0.03),
                                        ("seat 2 win rate", 0.0, -0.03, 0.03)])
    widths = [float(w) for w in re.findall(r'<rect x="[^"]*" y="[^"]*" width="([^"]*)"', svg)]
    assert len(widths) == 2 and min(widths) >= BAR_LEAST
    assert "Every change is 0" in svg
    assert "+0.0 [-3.0, +3.0]" in svg  # each value beside its bar
    some = difference_bars("a change", [("seat 1 win rate", 0.04, 0.01, 0.07)])
    assert "Every change is 0" not in some and "+4.0 [+1.0, +7.0]" in some
    exported = chart_files(named(svg, "variant-2p-win-rate-changes"))[1]
    assert list(exported) == ["variant-2p-win-rate-changes.svg"]


def test_a_replaced_report_leaves_none_of_its_charts(tmp_path):
    folder = tmp_path / "r"
    common = ["--games", "2", "--bots", "random", "--jobs", "1", "--out", str(folder)]
    assert main(["sim", "--variant", str(ROOT / "content" / "variants" / "short-game"),
                 *common]) == 0
    assert (folder / "charts" / "variant-2p-win-rate-changes.svg").exists()
    assert main(["sim", *common, "--force"]) == 0
    assert not list((folder / "charts").glob("variant-*"))
    assert (folder / "charts" / "base-2p-seat-win-rate.svg").exists()
