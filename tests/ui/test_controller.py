"""The table's controller: only legal intents, undo within a turn, AI off the GUI thread,
autosave after every turn."""

from __future__ import annotations

import pytest

from smqt.engine.actions import EndTurn, Take
from smqt.engine.game import Game, replay
from smqt.records.record import load_record
from smqt.ui.game.controller import GameController, Seat
from tests.support import base

pytestmark = pytest.mark.gui


def controller(qtbot, seats, tmp_path=None, seed=3):
    game = Game.new(base(), len(seats), seed, start_player=0)
    return GameController(game, seats, ai_pace_ms=0,
                          autosave=(tmp_path / "autosave.toml") if tmp_path else None)


@pytest.fixture
def stop_after():
    made = []
    yield made.append
    for ctrl in made:
        ctrl.stop()


def test_ai_only_game_runs_to_the_end_off_the_gui_thread(qtbot, tmp_path, stop_after):
    ctrl = controller(qtbot, [Seat("A", "random"), Seat("B", "easy")], tmp_path)
    stop_after(ctrl)
    with qtbot.waitSignal(ctrl.finished, timeout=120_000):
        ctrl.start()
    assert ctrl.state.is_over
    saved = load_record(tmp_path / "autosave.toml")
    assert replay(saved, base()).state == ctrl.state


def test_people_can_only_do_what_the_engine_allows(qtbot, stop_after):
    ctrl = controller(qtbot, [Seat("Ann"), Seat("Bo")])
    stop_after(ctrl)
    before = ctrl.state.copy()
    assert not ctrl.play(EndTurn())
    assert not ctrl.play(Take((0, 0), (0, 99)))
    assert ctrl.state == before
    legal = ctrl.legal()
    with qtbot.waitSignal(ctrl.state_changed):
        assert ctrl.play(legal[0])
    assert ctrl.game.actions == [legal[0]]


def test_undo_steps_back_within_the_turn_only(qtbot, stop_after):
    ctrl = controller(qtbot, [Seat("Ann"), Seat("Bo")])
    stop_after(ctrl)
    while ctrl.state.phase != "acquire":  # setup decisions of both people
        ctrl.play(ctrl.legal()[0])
    assert not ctrl.can_undo, "setup choices of earlier turns are settled"
    # Show a card with a movement allowance so that the turn goes on after taking it.
    mover = "breakwater_point"
    state = ctrl.state
    if mover in state.deck:
        state.deck.remove(mover)
    state.back = [c if c != mover else None for c in state.back]
    state.front[0] = mover
    state.truck, state.foodie = 3, 3
    start = state.copy()
    take = next(a for a in ctrl.legal() if isinstance(a, Take) and a.slot == (0, 0))
    assert ctrl.play(take)
    assert ctrl.state.phase == "move" and ctrl.state.current == start.current
    assert ctrl.can_undo
    assert ctrl.undo()
    assert ctrl.state == start
    assert ctrl.game.actions[-1] != take
    assert not ctrl.undo(), "nothing before the start of the turn"
    ctrl.play(take)
    ctrl.play(EndTurn())
    assert ctrl.state.current != start.current and not ctrl.can_undo


def test_ai_answers_a_person_and_hands_the_turn_back(qtbot, stop_after):
    ctrl = controller(qtbot, [Seat("Ann"), Seat("Bot", "medium")])
    stop_after(ctrl)
    ctrl.start()
    while ctrl.state.phase != "acquire" or ctrl.state.current != 0:
        if ctrl.seats[ctrl.state.current].is_ai:
            with qtbot.waitSignal(ctrl.state_changed, timeout=30_000):
                pass
        else:
            assert ctrl.play(ctrl.legal()[-1])
    turn = ctrl.state.turn
    assert ctrl.play(next(a for a in ctrl.legal() if isinstance(a, Take)))
    while ctrl.state.current == 0 and not ctrl.state.is_over:
        ctrl.play(ctrl.legal()[-1])  # "end" is listed last while moving
    assert ctrl.legal() == (), "a person cannot act for the AI seat"
    qtbot.waitUntil(lambda: ctrl.state.current == 0 and ctrl.state.phase == "acquire",
                    timeout=60_000)
    assert ctrl.state.turn == turn + 2


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"),
                                     PermissionError(13, "Permission denied"),
                                     UnicodeEncodeError("utf-8", "\udcff", 0, 1, "surrogates")])
def test_a_failing_autosave_is_reported_and_the_ai_plays_on(qtbot, tmp_path, stop_after,
                                                            monkeypatch, failure):
    """Issue 12, failure 1: a full disk, an unwritable folder or a name that cannot be
    written: each autosave fails, the controller says so, and the game goes on to its end."""
    from smqt.ui.game import controller as module

    def broken(*_args, **_kwargs):
        raise failure

    monkeypatch.setattr(module, "save_game", broken)
    monkeypatch.setenv("SMQT_HOME", str(tmp_path / "home"))
    ctrl = controller(qtbot, [Seat("A", "random"), Seat("B", "random")], tmp_path)
    stop_after(ctrl)
    told = []
    ctrl.problem.connect(lambda title, _text: told.append(title))
    with qtbot.waitSignal(ctrl.finished, timeout=120_000):
        ctrl.start()
    assert ctrl.state.is_over
    assert told and set(told) == {"The game could not be autosaved"}
