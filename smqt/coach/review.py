"""A finished or saved game judged decision by decision: each decision of one player valued
by the strongest bot (``judge``), what the choice made cost against the bot's best, and every
player's score after each turn (for the chart). Deterministic: the same record gives the same
review.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from smqt.coach.judge import Judgement, judge
from smqt.engine.actions import Action, parse_action
from smqt.engine.catalog import Catalog
from smqt.engine.game import GameRecord, replay
from smqt.engine.rules import legal_actions
from smqt.engine.state import GameState
from smqt.engine.tally import totals
from smqt.language.translate import ngettext

WORTH_NAMING = 0.5
"""A decision that cost less than this many points is not called a mistake."""


class Cancelled(Exception):
    """The review was stopped before its end."""


@attrs.frozen
class Decision:
    number: int
    """The action's number in the record (1 is the first action)."""
    turn: int
    """The game's turn counter when it was made (one turn per player per round)."""
    phase: str
    chosen: Action
    chosen_value: float
    best: Action
    best_value: float
    choices: int
    """How many legal choices there were."""
    chosen_words: str = ""
    best_words: str = ""
    """Both in words, when the review was given a way to say them (``describe``)."""

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.chosen_value)


@attrs.frozen
class Review:
    seat: int
    names: tuple[str, ...]
    decisions: tuple[Decision, ...]
    """Every decision of ``seat`` that had more than one choice, in game order."""
    scores: tuple[tuple[int, ...], ...]
    """Every player's total at the start of each turn, and at the end of the game last."""
    complete: bool
    """The record reaches the end of the game."""
    by_ai: int = 0
    """The seat's decisions the AI made after it took the seat: not judged as the person's."""

    def costliest(self, most: int = 10) -> list[Decision]:
        """The decisions that cost most, biggest first (those above ``WORTH_NAMING``)."""
        costly = [d for d in self.decisions if d.loss >= WORTH_NAMING]
        return sorted(costly, key=lambda d: (-d.loss, d.number))[:most]

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.decisions)


@attrs.frozen
class Moment:
    """A decision of the reviewed player, as it stood: judged apart (``decision``), so that a
    window can have each judged in the AI's own process."""

    number: int
    state: GameState = attrs.field(eq=False, repr=False)
    """The state before the decision (a copy of its own)."""
    action: Action
    chosen: int
    """The choice made, as an index into ``legal_actions(state)``."""
    choices: int


@attrs.frozen
class Course:
    """What a replay of the record gives before any judging."""

    moments: tuple[Moment, ...]
    scores: tuple[tuple[int, ...], ...]
    complete: bool
    by_ai: int = 0
    """Decisions of the seat left out: the AI made them, having taken the seat."""


def by_ai_words(count: int, name: str) -> str:
    """Says that ``count`` decisions of ``name``'s seat were the AI's (it had taken the seat)
    and are not judged."""
    return ngettext("{n} decision in {name}'s seat was the AI's, after it took the seat: not "
                    "judged.",
                    "{n} decisions in {name}'s seat were the AI's, after it took the seat: not "
                    "judged.", count).format(n=count, name=name)


def course(record: GameRecord, catalog: Catalog, seat: int) -> Course:
    """Replay ``record`` (under its own rules, R12.2) and keep ``seat``'s decisions that had
    more than one choice, and every player's total at the start of each turn and at the end."""
    if not 0 <= seat < record.setup.players:
        players = record.setup.players
        raise ValueError(f"no seat {seat} in a {players}-player game")  # not translated: a bug
    game = replay(record, catalog, upto=0)
    state = game.state
    moments: list[Moment] = []
    scores: list[tuple[int, ...]] = []
    turn = -1
    by_ai = 0
    for number, text in enumerate(record.actions, start=1):
        if state.turn != turn:
            turn = state.turn
            scores.append(totals(state))
        action = parse_action(text)
        if state.current == seat:
            legal = legal_actions(state)
            if len(legal) > 1 and action in legal and not record.person_played(seat, number):
                by_ai += 1  # the AI's choice, made in the person's seat: not theirs to judge
            elif len(legal) > 1 and action in legal:
                moments.append(Moment(number, state.copy(), action, legal.index(action),
                                      len(legal)))
        game.play(action)
    scores.append(totals(state))
    return Course(tuple(moments), tuple(scores), state.is_over, by_ai)


def decision(moment: Moment, judged: Judgement,
             describe: Callable[[GameState, Action], str] | None = None) -> Decision:
    """The judged moment; ``describe(state, action)`` says a choice in words."""
    state = moment.state
    best = legal_actions(state)[judged.best]
    words = (describe(state, moment.action), describe(state, best)) if describe else ("", "")
    return Decision(moment.number, state.turn, state.phase, moment.action,
                    judged.values[moment.chosen], best, judged.values[judged.best],
                    moment.choices, *words)


REVIEWER = "expert"
"""The level a review is judged by: the strongest."""


def judge_moment(moment: Moment, level: str = REVIEWER, deep: int | None = None) -> Judgement:
    return judge(moment.state, legal_actions(moment.state), chosen=moment.chosen, level=level,
                 deep=deep)


def judge_task(state: GameState, level: str, chosen: int) -> Judgement:
    """``judge`` as a task of the AI's own process (``smqt.ai.thinker``'s (state, bot,
    seed) form: the judging level comes as the text, the choice made as the number)."""
    return judge(state, legal_actions(state), chosen=chosen, level=level)


def review_record(record: GameRecord, catalog: Catalog, seat: int, *, level: str = REVIEWER,
                  deep: int | None = None,
                  progress: Callable[[int, int], None] | None = None,
                  cancelled: Callable[[], bool] | None = None,
                  describe: Callable[[GameState, Action], str] | None = None) -> Review:
    """Judge ``seat``'s decisions in ``record`` as ``level`` would (``deep``: how many of the
    best card choices it plays further; None: the level's own). ``progress(done, total)`` is called after
    each decision; when ``cancelled()`` says so, ``Cancelled`` is raised; ``describe(state,
    action)`` says a choice in words."""
    found = course(record, catalog, seat)
    decisions = []
    for done, moment in enumerate(found.moments, start=1):
        if cancelled is not None and cancelled():
            raise Cancelled
        decisions.append(decision(moment, judge_moment(moment, level, deep), describe))
        if progress is not None:
            progress(done, len(found.moments))
    return Review(seat, record.names, tuple(decisions), found.scores, found.complete,
                  found.by_ai)
