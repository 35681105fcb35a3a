"""The table's controller: the one owner of the game in the window.

It turns a seat's intent into one of the engine's legal actions (never a second rule check),
keeps the game record, lets a person undo every step of their current turn (a person's turn
ends only when they confirm it: the engine holds it, ``rules.apply(..., hold=True)``), runs AI
seats in a process of their own (``smqt.ai.thinker``: the window never waits on a bot), lets
the AI take a seat or give it back during a game, autosaves the record after every settled
turn, and tells the view through signals. Model -> view, never back: views read ``state`` and
call ``play``/``undo``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from functools import partial
from pathlib import Path

import attrs
from PySide6.QtCore import QObject, QTimer, Signal, Slot

from smqt.ai import thinker
from smqt.ai.thinker import Failure
from smqt.desktop.errorlog import log_problem
from smqt.engine import events as ev
from smqt.engine.actions import Action, ChooseTile, FinalMove
from smqt.engine.finalmove import best_final_movement
from smqt.engine.game import Game
from smqt.engine.geometry import Space
from smqt.engine.rules import awaiting_end, legal_actions
from smqt.engine.scoring import score_game
from smqt.engine.state import CHOOSE_TILE, FINAL, GameState
from smqt.language.translate import N_, _
from smqt.records.savedgame import save_game
from smqt.ui.game.logtext import GameLog, card_name

THINKING_CAPS = {"hard": 1.5, "expert": 2.5}
"""Wall-clock caps on the searching bots' deeper look at the table (a whole decision stays
under 3 s on a slow machine; simulations run them uncapped so that games replay exactly)."""
AI_SEED_MODULUS = 2**64
"""AI decisions draw from a generator seeded within this range, whatever the game's seed."""
TAKE_BACK_WORDS = {
    "local": N_("{name} takes back the final move of a local: back on {where}"),
    "tourist": N_("{name} takes back the final move of a tourist: back on {where}"),
    "vip": N_("{name} takes back the final move of a VIP: back on {where}"),
}


@attrs.frozen
class Seat:
    name: str
    kind: str = "human"
    """``human`` or a bot level (``random``, ``easy``, ``medium``, ``hard``)."""

    @property
    def is_ai(self) -> bool:
        return self.kind != "human"


@attrs.frozen
class FinalStep:
    """One final move of the current player's final movement so far (R9.2), what it gained
    and the player's total after it."""

    move: FinalMove
    kind: str
    origin: Space
    gain: int
    total: int


def ai_seed(game_seed: int, actions: int, seat: int) -> int:
    """The seed of an AI decision: reproducible from the game, within ``AI_SEED_MODULUS``
    (any game seed, however large or negative, gives a valid one)."""
    return (game_seed * 7919 + actions * 31 + seat) % AI_SEED_MODULUS


class _Answers(QObject):
    """Brings the thinking process's answers to the window's thread."""

    arrived = Signal(int, object)
    hinted = Signal(object, object)


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
    final_round = Signal(int)
    """This player ended a turn with enough cards: the round is finished, then the game."""
    seats_changed = Signal()
    problem = Signal(str, str)
    """Something went wrong that the person should know (title, details); play goes on."""
    turn_summary = Signal(int, str)
    """An AI seat's turn in one line, once it is over (the table shows it a while)."""
    hint_ready = Signal(object)
    """The coach's hint for the moment it was asked in (``smqt.coach.hint.Hint``), or a
    ``Failure``; none comes when the game moved on meanwhile."""
    bot_failed = Signal(int, str)
    """An AI seat could not decide (seat, what went wrong): it waits for ``retry_bot`` or
    ``set_seat`` (another level, or a person)."""

    def __init__(self, game: Game, seats: Sequence[Seat], *, autosave: Path | None = None,
                 ai_pace_ms: int = 400, pack: Path | None = None, playtest: bool = False,
                 fallback_level: str | None = None,
                 later: Callable[[Callable[[], object], QObject], None] | None = None,
                 parent: QObject | None = None) -> None:
        """``fallback_level``: when a bot fails, hand its seat to this level at once (for
        runs nobody watches); otherwise the seat waits for the person's choice. ``later``:
        how a bot's answer waits for a turn of the event loop of its own (``Turns.later``:
        not in the turn that paints the previous move); at once without."""
        super().__init__(parent)
        if len(seats) != game.state.num_players:
            players = game.state.num_players
            raise ValueError(
                f"{len(seats)} seats for a {players}-player game")  # not translated: for developers
        self.game = game
        self.seats = list(seats)
        self.autosave = autosave
        self.pack = pack
        """The pack folder, written into saves so that loading finds it again."""
        self.playtest = playtest
        self.fallback_level = fallback_level
        self.stalled: int | None = None
        """The AI seat that failed and waits for the person's choice."""
        self.ai_pace_ms = ai_pace_ms
        self._later = later
        self._undo: list[tuple[GameState, int]] = []
        self._ticket = 0
        self._waiting = False
        self._log = GameLog(game.state, self.names)
        self._steps: tuple[int, list[FinalStep]] = (-1, [])
        self._changes = 0
        """Counts every change of the state (applied, restored, seats): the key of caches."""
        self._legal: tuple[int, tuple[Action, ...]] = (-1, ())
        """The legal actions of the moment, with the change they were asked at."""
        self._thinker = thinker.shared()
        self._answers = _Answers(self)
        self._answers.arrived.connect(self._on_answer)
        self._answers.hinted.connect(self._on_hint)
        self._hint_asked: tuple | None = None
        if any(seat.is_ai for seat in self.seats):
            self._thinker.start()  # while the table is drawn, not at the AI's first turn

    # ------------------------------------------------------------------ reading

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def legal(self) -> tuple[Action, ...]:
        """What the current seat may do now (empty while an AI seat is to play): asked of the
        engine once per moment, and the same tuple for every click of that moment."""
        if self.state.is_over or self.seats[self.state.current].is_ai:
            return ()
        if self._legal[0] != self._changes:
            self._legal = (self._changes, legal_actions(self.state))
        return self._legal[1]

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def awaiting_end(self) -> bool:
        """The person to play has nothing left but to end the turn (or the final movement)."""
        return bool(self.legal()) and awaiting_end(self.state)

    def final_steps(self) -> list[FinalStep]:
        """The final moves the current person has made so far, in order, with what each
        gained (the player's total before and after it)."""
        key = self._changes
        if self._steps[0] != key:
            self._steps = (key, self._final_steps())
        return self._steps[1]

    def _final_steps(self) -> list[FinalStep]:
        state = self.state
        if state.phase != FINAL or not self.legal():
            return []
        seat = state.current
        before = [snap for snap, _ in self._undo if snap.phase == FINAL and snap.current == seat]
        if not before:
            return []
        start = len(self.game.actions) - len(before)
        moves = self.game.actions[start:]
        states = [*before, state]
        totals = [score_game(s).sheets[seat].total for s in states]
        steps = []
        for i, move in enumerate(moves):
            if isinstance(move, FinalMove):
                kind, origin = states[i].players[seat].people[move.person]
                steps.append(FinalStep(move, kind, origin, totals[i + 1] - totals[i],
                                       totals[i + 1]))
        return steps

    # ------------------------------------------------------------------ acting

    def play(self, action: Action) -> bool:
        """A person's intent: applied only if it is one of the legal actions now. The turn
        waits for the person's confirmation (end / done) before it ends."""
        if action not in self.legal():
            return False
        seat = self.state.current
        turn = self.state.turn
        self._undo.append((self.state.copy(), len(self.game.actions)))
        try:
            self._apply(action, hold=True, from_legal=True)
        except Exception as exc:  # an engine bug must not break the table: step back
            state, length = self._undo.pop()
            self._restore(state, length)
            self._report(_("That move could not be made"),
                         _("Something went wrong inside the game; it is as it was before the "
                           "move. The details are in the problems log."), exc)
            self.state_changed.emit()
            return False
        if self._settled(turn, seat):
            self._undo.clear()  # a new turn (or the end): the previous one is settled
        self.state_changed.emit()
        self._next()
        return True

    def undo(self) -> bool:
        """Step back one decision of the current person's turn."""
        if not self._undo or self.seats[self.state.current].is_ai:
            return False
        state, length = self._undo.pop()
        self._restore(state, length)
        self.logged.emit(state.current, _("{name} takes back a step").format(
            name=self.seats[state.current].name), length)
        self.state_changed.emit()
        return True

    def auto_final(self) -> list[FinalMove]:
        """Make the best final movement of the current person for the people not moved yet
        (R9.3) and wait for their Done: the moves are on the table to look at, take back or
        change."""
        if self.state.phase != FINAL or not self.legal():
            return []
        try:
            plan = best_final_movement(self.state)
        except Exception as exc:
            self._report(_("The best final movement could not be worked out"),
                         _("Move your people by hand, then press Done. The details are in the "
                           "problems log."), exc)
            return []
        made = []
        for move in plan.moves:
            if not self.play(move):
                break
            made.append(move)
        return made

    def take_back(self, person: int) -> bool:
        """Take back the final move of ``person`` (any of this final movement, not only the
        last): the others stay as they were made."""
        steps = self.final_steps()
        if not any(step.move.person == person for step in steps):
            return False
        first_state, first_length = self._undo[len(self._undo) - len(steps)]
        keep = [step.move for step in steps if step.move.person != person]
        taken = next(step for step in steps if step.move.person == person)
        del self._undo[len(self._undo) - len(steps):]
        self._restore(first_state, first_length)
        for move in keep:
            self.play(move)
        seat = first_state.current
        where = card_name(first_state, seat, taken.origin)
        self.logged.emit(seat, _(TAKE_BACK_WORDS[taken.kind]).format(
            name=self.seats[seat].name, where=where), len(self.game.actions))
        self.state_changed.emit()
        return True

    def set_seat(self, index: int, kind: str) -> None:
        """Let the AI take seat ``index`` (a bot level) or give it back to a person
        (``human``) during the game."""
        old = self.seats[index]
        if old.kind == kind:
            return
        self.seats[index] = Seat(old.name, kind)
        if old.is_ai != self.seats[index].is_ai:  # the record says who played the seat since
            self.game.hand_seat(index, kind)
        self._changes += 1
        if self.stalled == index:
            self.stalled = None
        if index == self.state.current:
            self._undo.clear()
            if self._waiting:  # the bot was thinking for this seat: forget its answer
                self._ticket += 1
                self._waiting = False
                self.thinking.emit(False)
        if kind != "human":
            line = _("{name}'s seat is now played by the AI").format(name=old.name)
        else:
            line = _("{name}'s seat is now played by a person").format(name=old.name)
        self.logged.emit(index, line, len(self.game.actions))
        self._autosave()
        self.seats_changed.emit()
        self.state_changed.emit()
        self._next()

    def retry_bot(self) -> None:
        """Let the AI seat that failed think again."""
        if self.stalled is not None:
            self.stalled = None
            self._next()

    def set_pace(self, milliseconds: int) -> None:
        self.ai_pace_ms = max(0, milliseconds)

    @property
    def turn_pause_ms(self) -> int:
        """After an AI's turn, before the next seat's first decision: time to see the turn
        in the AI's city (twice the pace; none at pace 0)."""
        return 2 * self.ai_pace_ms

    def start(self) -> None:
        """Begin play (lets an AI seat that is first to play think)."""
        self._next()

    def stop(self) -> None:
        """Forget the answer being thought about (call before the window closes; the
        thinking process stays for the next game)."""
        self._ticket += 1

    # ------------------------------------------------------------------ inside

    def _restore(self, state: GameState, length: int) -> None:
        self._changes += 1
        self.game.state = state
        del self.game.actions[length:]
        self.undone.emit(length)

    def _apply(self, action: Action, *, hold: bool = False, from_legal: bool = False) -> None:
        seat = self.state.current
        before = self.state.copy()
        self._changes += 1
        events = self.game.play(action, hold=hold, from_legal=from_legal)
        moment = len(self.game.actions)
        for line in self._log.lines(before, action, self.state, events):
            self.logged.emit(seat, line, moment)
        if self._log.summary and self.seats[seat].is_ai:
            self.turn_summary.emit(seat, self._log.summary)
        for event in events:
            if event.kind == ev.FINAL_ROUND and event.player is not None:
                self.final_round.emit(event.player)
        if self.state.is_over:
            self._autosave()  # before anyone reacts to the end
            self.finished.emit()

    def _next(self) -> None:
        if self._only_tile_left() is not None:  # R2.5: no choice to make, the table takes it
            QTimer.singleShot(0, self, self._give_last_tile)  # not after the controller went
            return
        if self.state.is_over or not self.seats[self.state.current].is_ai or self._waiting \
                or self.stalled == self.state.current:
            return
        self._waiting = True
        self.thinking.emit(True)
        QTimer.singleShot(self.ai_pace_ms, self._ask_bot)

    def _only_tile_left(self) -> ChooseTile | None:
        """A person's choice of a starting tile when only one is left (R2.5), else None."""
        if self.state.is_over or self.state.phase != CHOOSE_TILE or \
                self.seats[self.state.current].is_ai:
            return None
        legal = self.legal()
        return legal[0] if len(legal) == 1 and isinstance(legal[0], ChooseTile) else None

    def _give_last_tile(self) -> None:
        """Take the last starting tile for the person (said in the log); from the event loop,
        never inside the signal that brought the game here."""
        action = self._only_tile_left()
        if action is not None:
            self.play(action)

    def _ask_bot(self) -> None:
        if not self._waiting:
            return  # the seat went back to a person meanwhile
        self._ticket += 1
        seat = self.state.current
        kind = self.seats[seat].kind
        if kind in THINKING_CAPS:
            kind = f"{kind}:{THINKING_CAPS[kind]}"  # the table never waits long on a bot
        seed = ai_seed(self.game.setup.seed, len(self.game.actions), seat)
        ticket, answers = self._ticket, self._answers

        def arrived(done: Future[Action | Failure]) -> None:  # on another thread
            try:
                answers.arrived.emit(ticket, done.result())  # queued to the window's thread
            except RuntimeError:
                pass  # the window closed while the AI thought: nobody waits for the answer

        self._thinker.ask(self.state, kind, seed).add_done_callback(arrived)

    def moment(self) -> tuple:
        return (self._changes, len(self.game.actions), self.state.turn, self.state.current,
                self.state.phase)

    def can_hint(self) -> bool:
        """A person is to play and has a choice to make."""
        return not self.state.is_over and not self.seats[self.state.current].is_ai and \
            bool(self.legal())

    def ask_hint(self) -> bool:
        """Ask the coach what the AI would do now (answered by ``hint_ready``); False when
        no hint can be given now, or one is being worked out for this moment."""
        if not self.can_hint() or self._hint_asked == self.moment():
            return False
        from smqt.coach.hint import hint_task
        from smqt.coach.review import REVIEWER

        asked = self._hint_asked = self.moment()
        answers = self._answers

        def arrived(done: Future[object]) -> None:  # on another thread
            try:
                answers.hinted.emit(asked, done.result())
            except RuntimeError:
                pass  # the window closed meanwhile

        self._thinker.ask_task(self.state, hint_task, REVIEWER, 0).add_done_callback(arrived)
        return True

    @Slot(object, object)
    def _on_hint(self, asked: tuple, answer: object) -> None:
        if asked != self.moment():
            if self._hint_asked == asked:
                self._hint_asked = None
            return  # the game moved on: the hint is for a moment gone
        self._hint_asked = None
        if not isinstance(answer, Failure):
            self.game.hints.append(len(self.game.actions))
            self._autosave()  # the record says so even if the program stops now
        self.hint_ready.emit(answer)

    @property
    def hints_used(self) -> int:
        return len(self.game.hints)

    @Slot(int, object)
    def _on_answer(self, ticket: int, answer: Action | Failure) -> None:
        if self._later is not None:
            self._later(partial(self._take_answer, ticket, answer), self)
        else:
            self._take_answer(ticket, answer)

    def _take_answer(self, ticket: int, answer: Action | Failure) -> None:
        if isinstance(answer, Failure):
            self._on_failed(ticket, answer.head + "\n" + answer.details)
        else:
            self._on_decided(ticket, answer)

    def _on_decided(self, ticket: int, action: Action) -> None:
        if ticket != self._ticket:
            return  # the game changed (undo, load, seat taken back) while the bot thought
        self._waiting = False
        self.thinking.emit(False)
        turn, seat = self.state.turn, self.state.current
        before = (self.state.copy(), len(self.game.actions))
        try:
            self._apply(action)
        except Exception as exc:
            self._restore(*before)
            failure = Failure.of(exc)
            self._on_failed(ticket, failure.head + "\n" + failure.details)
            return
        ended = self._settled(turn, seat)
        self.state_changed.emit()
        if ended and self.turn_pause_ms:  # the table shows the finished turn for a moment
            QTimer.singleShot(self.turn_pause_ms, self._next)
        else:
            self._next()

    def _on_failed(self, ticket: int, message: str) -> None:
        if ticket != self._ticket:
            return
        self._waiting = False
        self.thinking.emit(False)
        seat = self.state.current
        name, level = self.seats[seat].name, self.seats[seat].kind
        head, _sep, details = message.partition("\n")
        log_problem(f"{name}'s AI ({level}) could not decide",  # not translated: developers' log
                    details or head)
        if self.fallback_level is not None and level != self.fallback_level:
            self.problem.emit(_("The AI could not decide"), _(
                "{name}'s AI ({level}) stopped: {problem}. The {fallback} AI plays the seat now."
            ).format(name=name, level=level, problem=head, fallback=self.fallback_level))
            self.set_seat(seat, self.fallback_level)
            return
        self.stalled = seat
        self.bot_failed.emit(seat, head)
        self.state_changed.emit()

    def _report(self, title: str, text: str, exc: BaseException) -> None:
        log_problem(title, text, exc)
        self.problem.emit(title, f"{text}\n({type(exc).__name__}: {str(exc)[:200]})")

    def _settled(self, turn: int, seat: int) -> bool:
        """After an action: if it ended a turn (or a player's final movement, or the game),
        autosave and say so."""
        if self.state.is_over or self.state.turn != turn or self.state.current != seat:
            self._autosave()
            return True
        return False

    def _autosave(self) -> None:
        if self.autosave is None:
            return
        try:
            self.save(self.autosave)
        except Exception as exc:  # a full disk, a folder in the way, a name it cannot write
            self._report(_("The game could not be autosaved"),
                         _("{path}\nPlay goes on. Game ▸ Save as… can save it elsewhere; the "
                           "next turn tries the autosave again.").format(path=self.autosave), exc)

    def save(self, path: Path) -> None:
        """Save the game (record and seats) atomically."""
        save_game(path, self.game.record, [(s.name, s.kind) for s in self.seats], self.pack,
                  over=self.state.is_over, playtest=self.playtest)
