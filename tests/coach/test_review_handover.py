"""Issue 42: the review judges only a person's own decisions. When the AI takes a person's seat
during the game (Seats ▸ let the AI play), the record says so (``seat_changes``), and the
review leaves the AI's moves in that seat out and says how many; a seat given back counts as
the person's again."""

from __future__ import annotations

import io
import json
import random
import re

import pytest

from smqt.ai.protocol import make_bot
from smqt.cli.review import run_review
from smqt.coach.review import course
from smqt.engine.game import Game, RecordError, SeatChange, replay
from smqt.records.record import parse_record, record_text, save_record
from tests.support import base


def handed_over(at_turn: int = 6, back_at: int | None = None) -> Game:
    """Seat 0 played by a person until turn ``at_turn``, then by the AI (and given back at
    turn ``back_at``, if given)."""
    game = Game.new(base(), 2, 77, names=("Ann", "Bo"))
    bot, rng = make_bot("easy"), random.Random(5)
    while not game.state.is_over:
        if game.state.turn == at_turn and not game.seat_changes:
            game.hand_seat(0, "medium")
        if back_at is not None and game.state.turn == back_at and len(game.seat_changes) == 1:
            game.hand_seat(0, "human")
        game.play(bot.choose(game.state, game.legal_actions(), rng))
    return game


def test_the_ais_moves_in_a_persons_seat_are_not_judged_as_theirs():
    game = handed_over()
    record = game.record
    change = record.seat_changes[0]
    assert change.seat == 0 and change.player == "medium" and change.at > 0
    whole = course(record.__class__(record.pack, record.rules, record.setup, record.actions,
                                    record.names), game.catalog, 0)
    judged = course(record, game.catalog, 0)
    assert judged.by_ai > 0
    assert len(judged.moments) + judged.by_ai == len(whole.moments)
    assert all(moment.number <= change.at for moment in judged.moments), \
        "no decision after the AI took the seat is the person's"
    assert course(record, game.catalog, 1).by_ai == 0, "the other seat is untouched"


def test_a_seat_given_back_is_the_persons_again():
    game = handed_over(at_turn=4, back_at=12)
    record = game.record
    taken, back = record.seat_changes
    judged = course(record, game.catalog, 0)
    numbers = [moment.number for moment in judged.moments]
    assert any(n > back.at for n in numbers), "after the seat came back, the person's again"
    assert not any(taken.at < n <= back.at for n in numbers)


def test_the_seat_changes_survive_the_record_file_and_a_replay():
    game = handed_over(at_turn=4, back_at=12)
    again = parse_record(record_text(game.record))
    assert again.seat_changes == game.record.seat_changes
    assert replay(again, game.catalog).record == game.record
    halfway = replay(again, game.catalog, upto=again.seat_changes[0].at + 1)
    assert halfway.seat_changes == [again.seat_changes[0]]


@pytest.mark.parametrize(("changes", "words"), [
    ("7", "seat_changes must be a list"),
    ("[1]", "seat_changes[1] must be a table"),
    ('[{at = 1, seat = 5, player = "medium"}]', "seat_changes[1].seat must be a seat"),
    ('[{at = -1, seat = 0, player = "medium"}]', "seat_changes[1].at must be a number"),
    ('[{at = 1, seat = 0}]', "seat_changes[1].player is missing"),
])
def test_a_damaged_seat_change_is_said(changes, words):
    text = record_text(handed_over().record)
    damaged, count = re.subn(r"seat_changes = \[.*?\]\n", f"seat_changes = {changes}\n", text,
                             flags=re.DOTALL)
    assert count == 1
    with pytest.raises(RecordError, match=words.replace("[", r"\[").replace("]", r"\]")):
        parse_record(damaged, "game.toml")


def test_the_review_command_says_the_ais_decisions_were_left_out(tmp_path):
    path = tmp_path / "game.toml"
    game = handed_over()
    save_record(path, game.record)
    out = io.StringIO()
    assert run_review(str(path), None, "1", as_json=False, out=out, err=io.StringIO(),
                      level="hard", deep=1) == 0
    assert "were the AI's, after it took the seat: not judged" in out.getvalue()
    out = io.StringIO()
    assert run_review(str(path), None, "1", as_json=True, out=out, err=io.StringIO(),
                      level="hard", deep=1) == 0
    data = json.loads(out.getvalue())
    assert data["decisions_by_ai"] == course(game.record, game.catalog, 0).by_ai > 0
    assert all(d["number"] <= game.record.seat_changes[0].at for d in data["decisions"])


def test_a_record_without_seat_changes_reads_as_before():
    game = Game.new(base(), 2, 3)
    assert "seat_changes" not in record_text(game.record)
    assert SeatChange(0, 0, "human").by_person
