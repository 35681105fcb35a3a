"""Fakes of what the table window's parts are given (issue 41): a controller over a real engine
state, and recorders that stand for a widget or another part. Each records what it was asked
to do, so a test of one part sees its effect without the window around it."""

from __future__ import annotations

from types import SimpleNamespace

from smqt.engine.rules import apply, legal_actions
from smqt.engine.setup import new_game
from smqt.ui.game.controller import Seat
from tests.support import base


class Recorder:
    """Any method called on it is recorded as (name, args) and returns ``answers[name]``."""

    def __init__(self, **answers: object) -> None:
        self.calls: list[tuple[str, tuple]] = []
        self.answers = answers

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        if name.startswith("__"):
            raise AttributeError(name)

        def record(*args: object, **_kwargs: object) -> object:
            self.calls.append((name, args))
            return self.answers.get(name)
        return record

    def called(self, name: str) -> list[tuple]:
        return [args for called, args in self.calls if called == name]


class FakeController:
    """What a part asks of the game's controller, over a real engine state."""

    def __init__(self, players: int = 2, seed: int = 3, kinds: tuple[str, ...] = ("human", "medium"),
                 ) -> None:
        self.state = new_game(base(), players, seed)
        self.seats = [Seat(f"P{i + 1}", kinds[i % len(kinds)]) for i in range(players)]
        self.names = [seat.name for seat in self.seats]
        self.game = SimpleNamespace(actions=[], record=None, catalog=self.state.catalog)
        self.played: list = []
        self.paces: list[int] = []
        self.awaiting_end = False
        self.can_undo = False
        self.hints_used = 0
        self.turn_pause_ms = 0
        self.autosave = None
        self.hint_asked = 0

    def legal(self) -> tuple:
        return legal_actions(self.state) if not self.seats[self.state.current].is_ai else ()

    def play(self, action) -> bool:  # type: ignore[no-untyped-def]
        if action not in legal_actions(self.state):
            return False
        self.played.append(action)
        self.game.actions.append(action)
        apply(self.state, action)
        return True

    def undo(self) -> bool:
        return False

    def can_hint(self) -> bool:
        return bool(self.legal())

    def ask_hint(self) -> bool:
        self.hint_asked += 1
        return True

    def moment(self) -> tuple:
        return (len(self.game.actions),)

    def final_steps(self) -> list:
        return []

    def set_pace(self, ms: int) -> None:
        self.paces.append(ms)
