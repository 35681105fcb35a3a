"""Issue 30's friction a new player met, one test per item fixed: every point a player can
follow (a losing build is shown as a loss, the food truck reads as a gift, and `smqt replay`
prints the log the table shows)."""

from __future__ import annotations

import re

import pytest

from smqt.engine.game import Game
from smqt.render.symbols import PENALTY
from smqt.ui.table.items import SELECTABLE, TargetItem
from smqt.ui.table.scenes import token_tips
from tests.support import base

pytestmark = pytest.mark.gui


def test_a_build_that_loses_points_is_shown_in_the_penalty_red(qapp):
    losing, winning, unknown = TargetItem((0, 1), -2), TargetItem((0, 1), 3), TargetItem((0, 1))
    assert losing.points_colour() == PENALTY
    assert winning.points_colour() == SELECTABLE.darker(130)
    assert unknown.points_colour() == SELECTABLE.darker(130)


def test_the_food_truck_and_the_foodie_read_as_gifts():
    state = Game.new(base(), 2, 3).state
    state.truck, state.foodie = 0, 2
    tips = token_tips(state)
    assert "for 1 sand dollar" not in tips["truck"] and "for a free move" not in tips["foodie"]
    assert "the truck gives you 1 sand dollar" in tips["truck"]
    assert "the foodie gives you a free move" in tips["foodie"]


def test_replay_prints_the_log_the_table_shows_with_scores(tmp_path, capsys):
    import random

    from smqt.ai.protocol import make_bot
    from smqt.cli.main import main
    from smqt.records.record import save_record

    game = Game.new(base(), 2, 8, names=("Ann", "Bo"))
    bots, rng = [make_bot("medium"), make_bot("easy")], random.Random(2)
    while not game.state.is_over:
        game.play(bots[game.state.current].choose(game.state, game.legal_actions(), rng))
    path = tmp_path / "game.toml"
    save_record(path, game.record)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    log = out[:out.index("winner:")]
    assert not re.search(r"^\s*\d+\s+(take|move|buy|tile|truck|final) ", log, re.M), \
        "no action codes"
    assert re.search(r"^\s+1  (Ann|Bo) chooses the starting tile ", log, re.M)
    assert " from the front row and builds it " in log
    assert re.search(r"^ {6}\s*(Ann|Bo): \d+ → \d+ points \(", log, re.M), "score changes"
    # the final sheet names cards and objectives as the scorepad does, never by id
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"(Ann|Bo): -?\d+ points$", line))
    sheet = "\n".join(lines[start:])
    assert "scoring[" not in out and not re.search(r"\b[a-z]+_[a-z_]+\b", sheet), sheet
    assert "  Feature cards" in out and " objective, " in out



def test_the_log_says_where_the_truck_and_the_foodie_move_on():
    """R3.3-R3.5: a reward moves its token; the log says where to, so that the next click
    under the token's new column is not a surprise."""
    import random

    from smqt.ai.protocol import make_bot
    from smqt.engine import events as ev
    from smqt.ui.game.logtext import describe_event

    game = Game.new(base(), 2, 8, names=("Ann", "Bo"))
    bots, rng = [make_bot("medium"), make_bot("easy")], random.Random(2)
    said: dict[str, str] = {}
    while not game.state.is_over and len(said) < 3:
        events = game.play(bots[game.state.current].choose(game.state, game.legal_actions(),
                                                           rng))
        for event in events:
            if event.kind in (ev.TRUCK_REWARD, ev.FOODIE_REWARD, ev.BOTH_REWARD):
                said.setdefault(event.kind, describe_event(game.state, event, ("Ann", "Bo")))
    assert {ev.TRUCK_REWARD, ev.FOODIE_REWARD} <= set(said), said
    for kind in (ev.TRUCK_REWARD, ev.FOODIE_REWARD):
        assert "moves on: now under " in said[kind], said[kind]
    if ev.BOTH_REWARD in said:
        assert said[ev.BOTH_REWARD].startswith("the food truck moves on two columns: now under")
        assert said[ev.BOTH_REWARD].endswith("; the foodie stays")
