"""The table's controller: the one owner of the game in the window.

It turns a seat's intent into one of the engine's legal actions (never a second rule check),
keeps the game record, lets a person undo the decisions of their current turn, runs AI seats
on a worker thread (the window never waits on a bot), autosaves the record after every turn,
and tells the view through signals. Model -> view, never back: views read ``state`` and call
``play``/``undo``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import attrs
from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from smqt.ai.protocol import make_bot
from smqt.engine.actions import Action, FinalDone
from smqt.engine.finalmove import best_final_movement
from smqt.engine.record import Game
from smqt.engine.rules import legal_actions
from smqt.engine.state import FINAL, GameState
from smqt.ui.logtext import describe_action, worth_logging
from smqt.ui.savefile import save_game

HARD_CAP_SECONDS = 1.5
"""Wall-clock cap on the hard bot's deeper look at the table (its whole decision stays well
under 3 s; simulations run it uncapped so that games replay exactly)."""


@attrs.frozen
class Seat:
    name: str
    kind: str = "human"
    """``human`` or a bot level (``random``, ``easy``, ``medium``, ``hard``)."""

    @property
    def is_ai(self) -> bool:
        return self.kind != "human"


class _BotWorker(QObject):
    """Lives on the worker thread: thinks about a copy of the state, never the live one."""

    decided = Signal(int, object)

    @Slot(int, object, str, int)
    def think(self, ticket: int, state: GameState, bot: str, seed: int) -> None:
        legal = legal_actions(state)
        action = make_bot(bot).choose(state, legal, random.Random(seed))
        self.decided.emit(ticket, action)


class GameController(QObject):
    state_changed = Signal()
    """The game moved on (or was undone): views redraw from ``state``."""
    logged = Signal(int, str, int)
    """A log line, the seat it belongs to, and how many actions the game had after it (the
    moment the line describes)."""
    thinking = Signal(bool)
    """An AI seat started or finished thinking."""
    finished = Signal()
    undone = Signal(int)
    """An undo went back to this many actions (log lines after it are void)."""
    _ask = Signal(int, object, str, int)

    def __init__(self, game: Game, seats: Sequence[Seat], *, autosave: Path | None = None,
                 ai_pace_ms: int = 400, pack: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        if len(seats) != game.state.num_players:
            raise ValueError(f"{len(seats)} seats for a {game.state.num_players}-player game")
        self.game = game
        self.seats = list(seats)
        self.autosave = autosave
        self.pack = pack
        """The pack folder, written into saves so that loading finds it again."""
        self.ai_pace_ms = ai_pace_ms
        self._undo: list[tuple[GameState, int]] = []
        self._ticket = 0
        self._waiting = False
        self._thread = QThread(self)
        self._worker = _BotWorker()
        self._worker.moveToThread(self._thread)
        self._ask.connect(self._worker.think)
        self._worker.decided.connect(self._on_decided)
        self._thread.start()

    # ------------------------------------------------------------------ reading

    @property
    def state(self) -> GameState:
        return self.game.state

    def legal(self) -> tuple[Action, ...]:
        """What the current seat may do now (empty while an AI seat is to play)."""
        if self.state.is_over or self.seats[self.state.current].is_ai:
            return ()
        return legal_actions(self.state)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    # ------------------------------------------------------------------ acting

    def play(self, action: Action) -> bool:
        """A person's intent: applied only if it is one of the legal actions now."""
        if action not in self.legal():
            return False
        seat = self.state.current
        turn = self.state.turn
        self._undo.append((self.state.copy(), len(self.game.actions)))
        self._apply(action)
        if self._settled(turn, seat):
            self._undo.clear()  # a new turn (or the end): the previous one is settled
        self.state_changed.emit()
        self._next()
        return True

    def undo(self) -> bool:
        """Step back one decision of the current person's turn."""
        if not self._undo:
            return False
        state, length = self._undo.pop()
        self.game.state = state
        del self.game.actions[length:]
        self.undone.emit(length)
        self.logged.emit(state.current, f"{self.seats[state.current].name} takes back a step",
                         length)
        self.state_changed.emit()
        return True

    def auto_final(self) -> bool:
        """Finish the current person's final movement optimally (R9.3), keeping any people
        already moved by hand where they are."""
        if self.state.phase != FINAL or not self.legal():
            return False
        seat = self.state.current
        plan = best_final_movement(self.state)
        for move in plan.moves:
            if self.state.phase != FINAL or self.state.current != seat or not self.play(move):
                break
        if self.state.phase == FINAL and self.state.current == seat:
            self.play(FinalDone())
        return True

    def set_pace(self, milliseconds: int) -> None:
        self.ai_pace_ms = max(0, milliseconds)

    def start(self) -> None:
        """Begin play (lets an AI seat that is first to play think)."""
        self._next()

    def stop(self) -> None:
        """Stop the worker thread (call before the window closes)."""
        self._ticket += 1
        self._thread.quit()
        self._thread.wait()

    # ------------------------------------------------------------------ inside

    def _apply(self, action: Action) -> None:
        seat = self.state.current
        sentence = describe_action(self.state, action, self.seats[seat].name)
        events = self.game.play(action)
        moment = len(self.game.actions)
        self.logged.emit(seat, sentence, moment)
        for event in events:
            if worth_logging(event):
                self.logged.emit(seat, f"    {event}", moment)
        if self.state.is_over:
            self._autosave()  # before anyone reacts to the end
            self.finished.emit()

    def _next(self) -> None:
        if self.state.is_over or not self.seats[self.state.current].is_ai or self._waiting:
            return
        self._waiting = True
        self.thinking.emit(True)
        QTimer.singleShot(self.ai_pace_ms, self._ask_bot)

    def _ask_bot(self) -> None:
        self._ticket += 1
        seat = self.state.current
        seed = self.game.setup.seed * 7919 + len(self.game.actions) * 31 + seat
        kind = self.seats[seat].kind
        if kind == "hard":
            kind = f"hard:{HARD_CAP_SECONDS}"  # the table never waits long on a bot
        self._ask.emit(self._ticket, self.state.copy(), kind, seed)

    @Slot(int, object)
    def _on_decided(self, ticket: int, action: Action) -> None:
        if ticket != self._ticket:
            return  # the game changed (undo, load) while the bot was thinking
        self._waiting = False
        self.thinking.emit(False)
        turn, seat = self.state.turn, self.state.current
        self._apply(action)
        self._settled(turn, seat)
        self.state_changed.emit()
        self._next()

    def _settled(self, turn: int, seat: int) -> bool:
        """After an action: if it ended a turn (or a player's final movement, or the game),
        autosave and say so."""
        if self.state.is_over or self.state.turn != turn or self.state.current != seat:
            self._autosave()
            return True
        return False

    def _autosave(self) -> None:
        if self.autosave is not None:
            self.save(self.autosave)

    def save(self, path: Path) -> None:
        """Save the game (record and seats) atomically."""
        save_game(path, self.game.record, [(s.name, s.kind) for s in self.seats], self.pack)
