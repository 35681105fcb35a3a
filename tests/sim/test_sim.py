"""``smqt sim``: files written, reproducible games.csv, variant comparison on the same games."""

from __future__ import annotations

import io
import json

from smqt.sim.command import make_tasks, run_sim
from tests.support import ROOT

BASE = str(ROOT / "content" / "base")
SHORT = str(ROOT / "content" / "variants" / "short-game")


def sim(tmp_path, name, **options):
    out, err = io.StringIO(), io.StringIO()
    args = {"pack": BASE, "variant": None, "players": "2", "bots": "random,easy", "games": 6,
            "jobs": 1, "seed": 7, **options}
    code = run_sim(out_dir=str(tmp_path / name), out=out, err=err, **args)
    return code, out.getvalue(), err.getvalue(), tmp_path / name


def test_sim_writes_three_files_and_a_summary(tmp_path):
    code, out, err, folder = sim(tmp_path, "a")
    assert code == 0, err
    report = json.loads((folder / "report.json").read_text())
    part = report["player_counts"]["2"]["base"]
    assert part["games"] == 6 and len(part["seats"]) == 2
    assert set(part["bots"]) == {"random", "easy"}
    assert abs(sum(part["points_share"].values()) - 1) < 1e-9
    assert all("pick" in row and "win" in row for row in part["cards"])
    html = (folder / "report.html").read_text()
    assert html.count("<svg") >= 4 and "<script" not in html
    assert len((folder / "games.csv").read_text().splitlines()) == 1 + 6 * 2
    assert "seat win rates" in out and "games" in err


def test_same_seed_same_games_csv_whatever_the_processes(tmp_path):
    """Running twice with the same seed gives identical games.csv (1 or 2 processes)."""
    _, _, _, one = sim(tmp_path, "one", jobs=1)
    _, _, _, two = sim(tmp_path, "two", jobs=2)
    assert (one / "games.csv").read_text() == (two / "games.csv").read_text()
    _, _, _, other = sim(tmp_path, "other", seed=8)
    assert (one / "games.csv").read_text() != (other / "games.csv").read_text()


def test_seats_rotate_between_games():
    tasks = make_tasks(BASE, None, [3], ["medium", "easy", "random"], 3, 1)
    assert [t.bots for t in tasks] == [("medium", "easy", "random"), ("easy", "random", "medium"),
                                       ("random", "medium", "easy")]


def test_variant_plays_the_same_games(tmp_path):
    """--variant: the same seeds, seats and bots under both packs, with differences."""
    code, _out, err, folder = sim(tmp_path, "v", variant=SHORT, games=4, bots="easy")
    assert code == 0, err
    report = json.loads((folder / "report.json").read_text())
    part = report["player_counts"]["2"]
    assert part["difference"]["games"] == 4
    assert part["variant"]["turns"]["mean"] < part["base"]["turns"]["mean"]
    assert "What the variant changed" in (folder / "report.html").read_text()


def test_bad_options_are_reported(tmp_path):
    code, _, err, _ = sim(tmp_path, "x", bots="genius")
    assert code == 2 and "unknown bot" in err
    code, _, err, _ = sim(tmp_path, "y", players="5")
    assert code == 2 and "2, 3 or 4" in err
