"""``smqt sim --tune``: the balance search proposes the number (a known answer comes back), its
report (terminal, report.json, the page with its curve), bad input as sentences, Ctrl+C keeping
what was learnt, and the same report on a local Dask cluster."""

from __future__ import annotations

import io
import json
import statistics

import pytest

from smqt.pack.packsource import PackSource, load_source
from smqt.sim.balanceapi import find_balanced_value
from smqt.sim.command import SimOptions, run_sim
from smqt.sim.plan.sides import specs
from smqt.sim.run.playgame import play_game
from tests.support import ROOT

BASE = str(ROOT / "content" / "base")
GAMES = 20
SEED = 5


def base_turns() -> float:
    """The base game's mean turns over the games the search plays first (2 players, random)."""
    catalog = load_source(PackSource.from_folder(BASE))
    return statistics.fmean(play_game(catalog, "base", spec).turns
                            for spec in specs([2], ["random"], 0, GAMES, SEED))


def tune(tmp_path, name, **options):
    out, err = io.StringIO(), io.StringIO()
    args = {"pack": BASE, "players": "2", "bots": "random", "games": GAMES, "jobs": 1,
            "seed": SEED, **options}
    code = run_sim(SimOptions(out_dir=str(tmp_path / name), **args), out=out, err=err)
    return code, out.getvalue(), err.getvalue(), tmp_path / name


def test_cards_to_end_for_the_base_game_length_comes_back_as_14(tmp_path):
    goal = f"turns={base_turns():.2f}"
    code, out, err, folder = tune(tmp_path, "t", tune=("rules.cards_to_end=8..20",),
                                  goal=(goal,), games=GAMES // 4)
    assert code == 0, err
    balance = json.loads((folder / "report.json").read_text())["balance"]
    assert balance["proposed"] == [14.0] and balance["stop"] == "clear"
    statuses = {t["values"][0]: t["status"] for t in balance["tried"]}
    assert statuses[8.0] == "too low" and statuses[20.0] == "too high"
    assert statuses[14.0] == "kept"
    assert 2 * balance["games"] <= balance["sweep_games"], balance  # at most half a sweep's
    assert "Proposed: rules.cards_to_end = 14" in out and "Clear:" in out
    page = (folder / "report.html").read_text()
    assert "Finding the number" in page and "How to read the curve" in page
    assert (folder / "charts" / "balance-1.svg").exists()
    assert "smqt sim: after round 1: best rules.cards_to_end = 14" in err


def test_the_same_seed_gives_the_same_report_and_rerun_plays_it_again(tmp_path):
    goal = (f"turns={base_turns():.2f}",)
    code, _, err, first = tune(tmp_path, "a", tune=("rules.cards_to_end=12..16",), goal=goal)
    assert code == 0, err
    from smqt.cli.main import main  # the command line, as a person runs it

    assert main(["sim", "--rerun", str(first), "--out", str(tmp_path / "b"), "--jobs", "1"]) == 0
    reports = [json.loads((tmp_path / n / "report.json").read_text()) for n in ("a", "b")]
    for report in reports:
        report["meta"].pop("provenance")
    assert reports[0] == reports[1]
    assert reports[0]["balance"]["proposed"] == [14.0]


@pytest.mark.parametrize(("options", "words"), [
    ({"tune": ("rules.cards_to_edn=8..20",), "goal": ("turns=28",)}, "cards_to_end"),
    ({"tune": ("card.tide_pool.scoring[0].points=0..6",), "goal": ("turns=28",)},
     "did you mean tide_pools"),
    ({"tune": ("rules.cards_to_end=-3..4",), "goal": ("turns=28",)}, "forbids"),
    ({"tune": ("rules.cards_to_end=8..20",), "goal": ("length=28",)}, "no such measure"),
    ({"tune": ("rules.cards_to_end=8..20",)}, "needs a --goal"),
    ({"goal": ("turns=28",)}, "go with --tune"),
    ({"tune": ("rules.cards_to_end=20..8",), "goal": ("turns=28",)}, "smaller value first"),
    ({"tune": ("rules.cards_to_end=8..20",), "goal": ("card.tide_pool.win=0",)},
     "did you mean tide_pools"),
])
def test_bad_input_is_a_sentence(tmp_path, options, words):
    code, _, err, folder = tune(tmp_path, "x", **options)
    assert code == 2 and words in err and "Traceback" not in err, err
    assert not folder.exists()


def test_a_measure_the_number_does_not_move_is_said(tmp_path):
    """Random bots play the same games whatever a card's points: their length never moves."""
    code, _, err, folder = tune(tmp_path, "x", tune=("card.tide_pools.scoring[0].points=1..3",),
                                goal=("turns=28",), games=6)
    assert code == 2 and "does not depend on card.tide_pools.scoring[0].points" in err, err
    assert not (folder / "report.json").exists()


def test_a_goal_beyond_the_range_asks_to_widen_it_and_keeps_the_report(tmp_path):
    code, _, err, folder = tune(tmp_path, "x", tune=("rules.cards_to_end=8..10",),
                                goal=("turns=40",), games=10)
    assert code == 2 and "Even at rules.cards_to_end = 10" in err and "widen the range" in err
    assert json.loads((folder / "report.json").read_text())["balance"]["stop"] == "unreachable"


def test_cancel_keeps_what_was_learnt_and_writes_the_report(tmp_path):
    told = []
    code = find_balanced_value(BASE, "rules.cards_to_end", 8, 20, "turns=27.6",
                               str(tmp_path / "c"), games=60, bots="random", jobs=1,
                               progress=lambda done, total: told.append(done),
                               cancelled=lambda: len(told) > 2)
    assert code.code == 130 and code.report is not None and code.balance is not None
    assert code.balance.stop == "cancelled" and 0 < code.balance.games < 13 * 60
    assert "Cancelled" in code.sentence


def test_the_python_api_gives_the_value_and_its_interval(tmp_path):
    found = find_balanced_value(BASE, "rules.cards_to_end", 8, 20, f"turns={base_turns():.2f}",
                                str(tmp_path / "api"), games=GAMES, bots="random", jobs=1,
                                seed=SEED)
    assert found.code == 0 and found.value == 14 and found.clear
    assert found.low <= found.estimate <= found.high
    assert (found.report / "report.html").exists()


def test_a_local_cluster_gives_the_same_report(tmp_path):
    distributed = pytest.importorskip("distributed")
    goal = (f"turns={base_turns():.2f}",)
    common = {"tune": ("rules.cards_to_end=12..16",), "goal": goal}
    code, _, err, _ = tune(tmp_path, "local", jobs=2, **common)
    assert code == 0, err
    with distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1,
                                  processes=True, dashboard_address=None) as cluster:
        code, _, err, _ = tune(tmp_path, "cluster", jobs=None,
                               cluster=cluster.scheduler_address, **common)
        assert code == 0, err
    reports = [json.loads((tmp_path / n / "report.json").read_text())
               for n in ("local", "cluster")]
    for report in reports:
        report["meta"].pop("provenance")
        report["meta"].pop("cluster")
    assert reports[0] == reports[1]
    assert reports[0]["balance"]["proposed"] == [14.0]
