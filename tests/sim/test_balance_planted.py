"""The balance search's known answers beyond game length: a card's points planted at 6 where
the base game has 2 come back (the value proposed and the values kept hold 2, 5 and 6 are ruled
out) for at most half the games of a sweep, because every value is told through the value with
the most games (``statistics.anchored``); and a goal against the base game (``turns=base``)
is met by the base game's own value, measured game by game against the base's games."""

from __future__ import annotations

import json
import random

import attrs
import pytest

from smqt.pack.load import load_pack
from smqt.pack.packsource import PackSource, write_pack
from smqt.pack.shipped import default_pack
from smqt.sim.plan.balance import BalanceError, parse_goal
from smqt.sim.plan.sides import generated
from smqt.sim.plan.sweep import Sweep, sweep_catalog
from smqt.sim.run.playgame import GameResult, GameSpec, SeatResult
from smqt.sim.statistics.anchored import anchored, games_wanted
from tests.sim.test_balance import BASE, tune

POINTS = "card.pier_carousel.scoring[0].points"  # 2 in the base game


def planted(tmp_path, value: int) -> str:
    """A pack that is the base game with the pier carousel's points set to ``value``."""
    base = load_pack(default_pack())
    catalog = sweep_catalog(base, Sweep(POINTS, (value,)), value)
    source = generated(catalog, "planted", "1.0.0", f"base with {POINTS} = {value}")
    return str(write_pack(source, tmp_path / "planted"))


def test_a_cards_points_planted_at_6_come_back_to_the_base_games_2(tmp_path):
    code, out, err, folder = tune(tmp_path, "p", pack=planted(tmp_path, 6),
                                  tune=(f"{POINTS}=0..6",), goal=("card.pier_carousel.win=0",),
                                  games=10, max_games=6000, seed=1, jobs=None)
    assert code == 0, err
    balance = json.loads((folder / "report.json").read_text())["balance"]
    status = {t["values"][0]: t["status"] for t in balance["tried"]}
    kept = {value for value, s in status.items() if s == "kept"}
    assert 2.0 in kept or balance["proposed"] == [2.0], status
    assert status[5.0] == status[6.0] == "too high", status
    assert balance["stop"] == "clear", balance["sentence"]
    assert 2 * balance["games"] <= balance["sweep_games"], balance  # at most half a sweep's
    assert "ruled out: too high" in out


def test_a_goal_against_the_base_game_is_met_by_the_base_games_value(tmp_path):
    code, out, err, folder = tune(tmp_path, "b", tune=("rules.cards_to_end=10..18",),
                                  goal=("turns=base",), games=10)
    assert code == 0, err
    balance = json.loads((folder / "report.json").read_text())["balance"]
    assert balance["proposed"] == [14.0] and balance["stop"] == "clear"
    assert balance["reference"].startswith("The base game (base ")
    assert "turns − base" in out and "The base game (base " in out
    best = next(t for t in balance["tried"] if t["values"] == [14.0])
    figure = best["figures"][0]
    assert figure["estimate"] == 0.0 and figure["low"] < 0 < figure["high"]  # never 0 wide


def test_a_variants_base_game_is_the_pack_it_extends(tmp_path):
    variant = tmp_path / "variant"
    variant.mkdir()
    (variant / "pack.toml").write_text(
        'name = "v"\nversion = "1.0.0"\nschema = 1\nextends = "base"\n')
    (variant / "rules.toml").write_text("[rules]\ncards_to_end = 12\n")
    source = PackSource.from_folder(variant)
    root = source.root()
    assert (root.name, root.content_hash) == ("base",
                                             PackSource.from_folder(BASE).content_hash)
    assert PackSource.from_folder(BASE).root() == PackSource.from_folder(BASE)


@pytest.mark.parametrize("goal", ["card.pier_carousel.win=base", "seat.1.win=base"])
def test_only_whole_game_measures_take_the_base_game_as_their_goal(goal):
    catalog = load_pack(default_pack())
    with pytest.raises(BalanceError, match="only turns and score"):
        parse_goal(goal, catalog)
    assert parse_goal("turns=base", catalog).base


def _games(label: str, turns: list[int]) -> list[GameResult]:
    seat = SeatResult(0, "random", 10, True, 1, 0, {}, (), {})
    return [GameResult(label, GameSpec(i, 2, i, ("random", "random")), (seat, seat), (0,),
                       "score", "", t, {}, {}, (), (), 0, 0, "") for i, t in enumerate(turns)]


def test_a_value_told_through_the_anchor_is_never_narrower_than_the_anchor():
    rng = random.Random(3)
    anchor = _games("a", [rng.randint(20, 34) for _ in range(400)])
    same = [attrs.evolve(g, label="b") for g in anchor[:40]]
    figure = (27.0, 26.5, 27.5)
    told = anchored("turns", same, anchor, figure)
    assert told is not None and told[0] == 27.0
    assert told[1] < 26.5 and told[2] > 27.5  # a difference no game showed could still be there
    assert anchored("turns", anchor, anchor, figure) is None  # as many games: nothing to add
    assert games_wanted("turns", same, anchor, 800) < 800 // 3
    apart = [attrs.evolve(g, label="c", turns=rng.randint(20, 34)) for g in anchor[:40]]
    assert games_wanted("turns", apart, anchor, 800) > 800 // 2


def test_a_search_cancelled_before_any_value_was_measured_proposes_none(tmp_path):
    """Found using the editor's dialog: cancelled after the base game's first games, a search
    against the base proposed a value whose measure was n/a, and the dialog offered it."""
    from smqt.sim.balanceapi import find_balanced_value

    told: list[int] = []
    found = find_balanced_value(BASE, "rules.cards_to_end", 10, 18, "turns=base",
                                str(tmp_path / "c"), bots="random", jobs=1,
                                progress=lambda done, total: told.append(done),
                                cancelled=lambda: len(told) >= 2)
    assert found.code == 130 and found.value is None and found.report is None, found


def test_a_win_rate_the_first_games_did_not_move_is_searched_on(tmp_path):
    """Found using the editor's dialog: random bots, 10 games a value, the card's owners won
    the same games at every value of its points, and the search stopped with "does not depend
    on ...points". The scores moved, so the wins can: the search goes on."""
    variant = tmp_path / "longer"
    variant.mkdir()
    (variant / "pack.toml").write_text(
        'name = "longer"\nversion = "0.1.0"\nschema = 1\nextends = "base"\n')
    (variant / "rules.toml").write_text("[rules]\ncards_to_end = 12\n")
    code, _out, err, folder = tune(tmp_path, "w", pack=str(variant),
                                   tune=("card.tide_pools.scoring[0].points=0..5",),
                                   goal=("card.tide_pools.win=0",), games=10, max_games=200,
                                   seed=1)
    assert code == 0 and "does not depend" not in err, err
    assert json.loads((folder / "report.json").read_text())["balance"]["games"] > 60
