"""``smqt sim``: the files written, reproducible games.csv, a variant one change at a time with
its verdicts first, sweeps, the noise band, --until-clear, and game records that replay."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from smqt.engine.game import replay
from smqt.pack.load import load_pack
from smqt.records.savedgame import load_game
from smqt.sim.command import SimOptions, run_sim
from smqt.sim.plan.sides import specs
from smqt.sim.report.summary import COLUMNS
from tests.support import ROOT

BASE = str(ROOT / "content" / "base")
SHORT = str(ROOT / "content" / "variants" / "short-game")
TRIAL = str(ROOT / "content" / "variants" / "house-rule-trial")


def sim(tmp_path, name, **options):
    out, err = io.StringIO(), io.StringIO()
    args = {"pack": BASE, "players": "2", "bots": "random,easy", "games": 6, "jobs": 1,
            "seed": 7, **options}
    code = run_sim(SimOptions(out_dir=str(tmp_path / name), **args), out=out, err=err)
    return code, out.getvalue(), err.getvalue(), tmp_path / name


def test_sim_writes_the_report_the_data_and_every_game(tmp_path):
    code, out, err, folder = sim(tmp_path, "a")
    assert code == 0, err
    report = json.loads((folder / "report.json").read_text())
    part = report["sides"]["base"]["players"]["2"]
    assert part["games"] == 6 and len(part["seats"]) == 2
    assert set(part["bots"]) == {"random", "easy"}
    assert abs(sum(part["points_share"].values()) - 1) < 1e-9
    assert all({"pick", "win", "win_when_taken", "win_when_passed"} <= set(row)
               for row in part["cards"])
    assert part["drama"]["score_by_round"] and part["drama"]["decisions"]["mean"] > 10
    assert 1 <= part["seats"][0]["rank"]["mean"] <= 2
    html = (folder / "report.html").read_text()
    assert html.count("<svg") >= 4 and "<script" not in html
    assert str(ROOT) not in html and str(ROOT) not in json.dumps(report)  # names, not paths
    assert report["meta"]["title"] == "Simulation report: base " + \
        load_pack(BASE).identity.version
    # games.csv: unique, documented columns that csv.DictReader keeps
    text = (folder / "games.csv").read_text()
    header = next(csv.reader(io.StringIO(text)))
    assert header == list(COLUMNS) and len(set(header)) == len(header)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 6 * 2 and all(len(row) == len(header) for row in rows)
    assert {row["objective_tile"] for row in rows} <= set(load_pack(BASE).objective_tiles)
    assert all(row["objective_points"].lstrip("-").isdigit() for row in rows)
    assert all(len(row["cards"].split()) >= 5 for row in rows)
    assert "seat win rate" in out or "Simulation report" in out
    assert "games" in err
    # every game's record is saved beside the report and replays with the pack it names
    for row in rows[::2]:
        saved = load_game(folder / row["record"])
        assert saved.pack is not None and saved.pack.is_dir()
        game = replay(saved.record, load_pack(saved.pack))
        assert game.state.is_over and saved.record.setup.seed == int(row["seed"])
        assert [kind for _, kind in saved.seats] == [b for b in
                                                      (r["bot"] for r in rows
                                                       if r["game"] == row["game"])]


def test_same_seed_same_games_csv_whatever_the_processes(tmp_path):
    _, _, _, one = sim(tmp_path, "one", jobs=1)
    _, _, _, two = sim(tmp_path, "two", jobs=2)
    assert (one / "games.csv").read_text() == (two / "games.csv").read_text()
    _, _, _, other = sim(tmp_path, "other", seed=8)
    assert (one / "games.csv").read_text() != (other / "games.csv").read_text()


def test_seats_rotate_between_games():
    games = specs([3], ["medium", "easy", "random"], 0, 3, 1)
    assert [g.bots for g in games] == [("medium", "easy", "random"), ("easy", "random", "medium"),
                                       ("random", "medium", "easy")]
    assert [g.seed for g in games] == [1, 2, 3]


def test_a_variant_one_change_at_a_time_verdicts_first(tmp_path):
    """--per-change: base plus each change alone, and the whole variant, on the same games;
    the report opens with the changes and a verdict for each."""
    code, out, err, folder = sim(tmp_path, "v", variant=TRIAL, per_change=True, games=4,
                                 bots="random")
    assert code == 0, err
    report = json.loads((folder / "report.json").read_text())
    labels = [c["label"] for c in report["changes"]]
    assert len(labels) == 4 and any("cards_to_end" in label for label in labels)
    kinds = [(c["kind"], c["changes"]) for c in report["comparisons"]]
    assert [k for k, _ in kinds] == ["change"] * 4 + ["variant"]
    assert [c for _, c in kinds[:4]] == [[label] for label in labels]
    for comp in report["comparisons"]:
        part = comp["players"]["2"]
        assert part["games"] == 4
        assert part["overall"]["status"] in ("changed", "no change detected", "inconclusive")
        assert all(row["verdict"] in ("changed", "no change detected", "inconclusive",
                                      "not measured") for row in part["rows"])
    shorter = next(c for c in report["comparisons"] if "cards_to_end" in c["title"])
    turns = next(r for r in shorter["players"]["2"]["rows"] if r["key"] == "turns")
    assert turns["difference"]["estimate"] < 0
    new_card = next(c for c in report["comparisons"] if c["title"].endswith("added"))
    added = next(c["id"] for c in report["changes"] if c["what"] == "added")
    rows = list(csv.DictReader(io.StringIO((folder / "games.csv").read_text())))
    owned = any(added in r["cards"].split() for r in rows if r["side"] == new_card["label"])
    assert owned == any(r["key"] == f"card.{added}.win" and r["against"] == "average seat"
                        for r in new_card["players"]["2"]["rows"])
    html = (folder / "report.html").read_text()
    first = html[:html.index("<h2>", html.index("What the variant changes") + 10)]
    for label in labels:
        assert label.split()[-1] in first
    assert first.count('class="v ') >= 5  # a verdict per change and for all of them
    assert out.index("What the variant changes") < out.index("Verdicts in detail")
    assert (folder / "games" / "variant").is_dir() and len(list((folder / "packs").iterdir())) == 6


def test_a_sweep_plots_each_value_against_base(tmp_path):
    code, _, err, folder = sim(tmp_path, "s", sweep="rules.cards_to_end=10:12", games=3,
                                 bots="random")
    assert code == 0, err
    report = json.loads((folder / "report.json").read_text())
    sweep = [c for c in report["comparisons"] if c["kind"] == "sweep"]
    assert [c["value"] for c in sweep] == [10, 11, 12]
    turns = [next(r for r in c["players"]["2"]["rows"] if r["key"] == "turns")
             for c in sweep]
    assert turns[0]["side"] < turns[2]["side"]
    html = (folder / "report.html").read_text()
    assert "Sweep of rules.cards_to_end=10:12" in html and html.count("<circle") >= 3
    code, _, err, _ = sim(tmp_path, "bad", sweep="rules.no_such_thing=1:3")
    assert code == 2 and "no_such_thing" in err


def test_the_noise_band_plays_other_seeds(tmp_path):
    code, _, err, folder = sim(tmp_path, "n", noise=True, games=5, bots="random")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO((folder / "games.csv").read_text())))
    base = {r["seed"] for r in rows if r["side"] == "base"}
    noise = {r["seed"] for r in rows if r["side"] == "noise"}
    assert len(noise) == 5 and not base & noise
    report = json.loads((folder / "report.json").read_text())
    assert report["noise"]["players"]["2"]["cards_tested"] >= 0
    assert "Noise band" in (folder / "report.html").read_text()


def test_until_clear_adds_games_and_keeps_the_first_ones(tmp_path):
    """The first round's games are the games of a plain run; more are added while a headline
    interval is wider than asked, up to the cap."""
    code, _, err, folder = sim(tmp_path, "u", variant=SHORT, games=4, bots="random",
                               precision=2.0, max_games=10)
    assert code == 0, err
    report = json.loads((folder / "report.json").read_text())
    assert report["meta"]["rounds"] >= 2 and report["meta"]["games"] == 10
    assert report["meta"]["clear"] is False and "not clear yet" in err
    _, _, _, plain = sim(tmp_path, "p", variant=SHORT, games=4, bots="random")
    wanted = (plain / "games.csv").read_text().splitlines()
    assert set(wanted) <= set((folder / "games.csv").read_text().splitlines())


def test_until_clear_shows_the_games_so_far_and_says_where_it_stopped(tmp_path):
    """Issue 43: the progress line of a later round repeated the first round's figure to its
    end, and the terminal never said that the run stopped at --max-games before it was clear.
    Now the figure is that of the games played so far (at the end of a round, of them all),
    and the summary says where the run stopped and how far from clear it was."""
    code, out, err, _ = sim(tmp_path, "u", variant=SHORT, games=4, bots="random",
                            precision=2.0, max_games=20)
    assert code == 0, err
    first = re.search(r"not clear yet after 4 games per side; going on to 20 \((.*)\)\n",
                      err).group(1)
    later = [line for line in err.splitlines() if ", round 2, to 20 games per side, " in line]
    assert later and later[-1].startswith("[##############################] 32/32 games")
    now = later[-1].split(", round 2, to 20 games per side, ")[1]
    stop = re.search(r"The cap was reached before every headline interval \(\*\) reached its "
                     r"precision: the run stopped at --max-games, 20 games per side and player "
                     r"count\. Furthest from it: (.*)\.\n", out)
    assert stop, out
    assert now == stop.group(1) != first


@pytest.mark.parametrize(("options", "words"), [
    ({"bots": "genius"}, "unknown bot"),
    ({"players": "5"}, "2, 3 or 4"),
    ({"games": 0}, "--games"),
    ({"seed": -1}, "--seed"),
    ({"per_change": True}, "--per-change needs --variant"),
    ({"precision": 0.0}, "--precision"),
])
def test_bad_options_are_reported(tmp_path, options, words):
    code, _, err, _ = sim(tmp_path, "x", **options)
    assert code == 2 and words in err


def test_a_german_report_names_changes_and_bots_in_german(tmp_path):
    """Under German the change list, the titles and the bots read German (``Merkmalskarte ...
    hinzugefügt``, ``Regeln cards_to_end 14 -> 11``, ``zufällig``); report.json keeps its keys
    (a change's ``label``, a bot's level) in the file's own language-free form."""
    from smqt.language.translate import use

    try:
        use("de")
        code, out, err, folder = sim(tmp_path, "de", variant=TRIAL, per_change=True, games=2,
                                     bots="random,easy")
    finally:
        use("en")
    assert code == 0, err
    report = json.loads((folder / "report.json").read_text())
    described = [c["describe"] for c in report["changes"]]
    assert any(d.startswith("Merkmalskarte ") and d.endswith("hinzugefügt") for d in described)
    assert any(d.startswith("Regeln cards_to_end ") for d in described), described
    assert all(" added" not in d and " changed" not in d for d in described), described
    assert any(c["label"].endswith(" added") for c in report["changes"])  # the file's key
    assert set(report["sides"]["base"]["players"]["2"]["bots"]) == {"random", "easy"}
    html = (folder / "report.html").read_text()
    assert "zufällig, leicht" in html and "hinzugefügt" in html
    assert " added" not in html and "random, easy" not in html
    assert "hinzugefügt" in out and " added" not in out


def test_a_clear_run_says_which_headlines_straddle_the_edge_of_their_precision(tmp_path):
    """Found in a designer's walk: "The headline intervals (*) reached their precision" stood
    beside a headline saying "inconclusive: about 153 more games needed for ±6.0 pp": the run
    is clear (each interval as narrow as asked) while the verdict asks whether the change lies
    within the precision. Both now say the same: the sentence counts the headlines still
    inconclusive and why, and the line says its interval reaches beyond the precision."""
    code, out, err, _ = sim(tmp_path, "edge", variant=TRIAL, games=20, bots="random",
                            until_clear=True, precision=4.0, seed=1)
    assert code == 0, err
    lines = [line for line in out.splitlines() if re.match(r"\s+seat \d win rate", line)]
    edge = [line for line in lines if "inconclusive" in line]
    assert edge and "The headline intervals (*) reached their precision." in out
    assert f"{len(edge)} of them are still inconclusive" in out or (
        len(edge) == 1 and "1 of them is still inconclusive" in out)
    for line in edge:
        assert "its interval reaching beyond ±4.0 pp" in line and "needed for" not in line
