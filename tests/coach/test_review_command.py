"""``smqt review RECORD``: every decision of the chosen player with its value and the best
alternative, in words and as JSON; a wrong player or a damaged record is said, not a crash."""

from __future__ import annotations

import io
import json
import random

import pytest

from smqt.ai.protocol import make_bot
from smqt.cli.review import run_review
from smqt.engine.game import Game
from smqt.records.record import save_record
from tests.support import base


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    catalog = base()
    game = Game.new(catalog, 2, 4242, names=("Anna", "Ben"))
    bots, rng = [make_bot("easy"), make_bot("medium")], random.Random(1)
    while not game.state.is_over:
        game.play(bots[game.state.current].choose(game.state, game.legal_actions(), rng))
    path = tmp_path_factory.mktemp("review") / "game.toml"
    save_record(path, game.record)
    return path


def review(path, *args, player="1", as_json=False):
    out, err = io.StringIO(), io.StringIO()
    code = run_review(str(path), None, player, as_json=as_json, level="hard", deep=3, out=out,
                      err=err)
    return code, out.getvalue(), err.getvalue()


def test_the_review_lists_each_decision_with_its_value_and_the_best(record_file):
    code, text, err = review(record_file)
    assert code == 0, err
    assert text.startswith("Review of Anna's decisions, judged by the hard AI")
    assert "Anna takes " in text and "value " in text
    assert "; best: Anna " in text and "cost " in text, "a costly decision names the better one"
    assert "Costliest decisions:" in text and "Score at the start of each round" in text
    assert "Ben takes" not in text, "only the chosen player's decisions"


def test_json_for_tools_has_every_decision(record_file):
    code, text, _err = review(record_file, as_json=True, player="ben")
    assert code == 0
    data = json.loads(text)
    assert data["player"] == 2 and data["name"] == "Ben" and data["complete"]
    assert data["decisions"], "a whole game has decisions"
    for d in data["decisions"]:
        assert d["best_value"] >= d["value"] - 1e-6 and d["cost"] >= 0
        assert d["chosen_words"].startswith("Ben") and d["best_words"].startswith("Ben")
    assert set(data["scores_by_turn"][-1]) == {"Anna", "Ben"}
    assert data["costliest"] == sorted(data["costliest"], key=lambda n: -next(
        d["cost"] for d in data["decisions"] if d["number"] == n))


def test_a_player_not_in_the_game_is_said(record_file):
    for who in ("3", "0", "Zed"):
        code, text, err = review(record_file, player=who)
        assert code == 2 and not text
        assert "is not a player of this game" in err and "Anna, Ben" in err


def test_a_damaged_record_is_said_not_a_crash(record_file, tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text(record_file.read_text().replace("[setup]", "[setu]"), encoding="utf-8")
    code, text, err = review(broken)
    assert code == 1 and not text and "broken.toml" in err
