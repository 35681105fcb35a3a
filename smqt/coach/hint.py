"""A hint: the strongest bot's choice for the step now (the same bot that judges a review, so
that a hint followed is never called a mistake there), with a one-line reason from the score
sheet and the bot's own valuation ("+8 points this turn: Concert on the Sand: ring holds 3 +6;
… about 2 points better than the next best choice"). Asked for by a person, never shown by
itself.

A card choice is explained by the whole turn it starts, played on as the bot would (a card's
"when placed" moves score in the same turn); a final move by the total of the best final
movement it belongs to; any other step by what it scores at once."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from smqt.coach.judge import decision_seed, judge, searcher
from smqt.coach.review import REVIEWER
from smqt.engine.actions import BACK, Action, Buy, PlaceTruck, Take
from smqt.engine.catalog import Catalog
from smqt.engine.rules import apply, apply_legal, legal_actions
from smqt.engine.scorewords import changes, line_change_words
from smqt.engine.scoring import ScoreLine, score_player
from smqt.engine.state import ACQUIRE, FINAL, GameState
from smqt.language.translate import _, ngettext

TURN_STEPS = 60
"""More steps than any turn has: a turn played on stops here at the latest."""


@attrs.frozen
class Hint:
    action: Action
    gain: int
    """The points the choice scores: by the end of the turn it starts (a card choice), or at
    once (any other step)."""
    lines: tuple[tuple[ScoreLine, int], ...]
    """The lines of the sheet it changes, biggest change first."""
    margin: float | None
    """How much better the bot finds it than its next best choice (None: the only choice,
    or choices the bot values alike, such as the food truck's column)."""
    whole_turn: bool = False
    """``gain`` and ``lines`` are the whole turn's."""
    then_takes: str = ""
    """A sand dollar action's card: the card the turn then takes with it (its name)."""
    final_total: int | None = None
    """A final move: the total the best final movement after it reaches."""
    last_turn: bool = False
    """The player has no turn after this one (the final round)."""
    level: str = REVIEWER


def hint(state: GameState, legal: Sequence[Action] | None = None,
         level: str = REVIEWER) -> Hint:
    """What ``level`` would do now, for ``state.current``."""
    legal = tuple(legal if legal is not None else legal_actions(state))
    if len(legal) == 1:
        return _hint(state, legal[0], None, None, level)
    judged = judge(state, legal, level=level)
    best = judged.best
    final_total = round(judged.values[best]) if state.phase == FINAL else None
    if isinstance(legal[0], PlaceTruck):  # every column is worth the same to the judge
        return _hint(state, legal[best], None, None, level)
    others = [value for i, value in judged.values.items() if i != best]
    margin = judged.values[best] - max(others) if others else None
    return _hint(state, legal[best], margin, final_total, level)


def _hint(state: GameState, action: Action, margin: float | None, final_total: int | None,
          level: str) -> Hint:
    player = state.current
    before = score_player(state, player)
    after_state = state.copy()
    whole_turn = state.phase == ACQUIRE
    then_takes = ""
    if whole_turn:
        apply_legal(after_state, action)
        then_takes = _play_turn_on(after_state, player, state.turn, level)
    else:
        apply(after_state, action, hold=True)
    after = score_player(after_state, player)
    found = sorted(changes(before, after), key=lambda pair: -abs(pair[1]))
    return Hint(action, after.total - before.total, tuple(found), margin, whole_turn,
                then_takes if isinstance(action, Buy) else "", final_total,
                state.triggered, level)


def _play_turn_on(state: GameState, player: int, turn: int, level: str) -> str:
    """Play ``player``'s turn to its end as the bot would; the name of the first card taken."""
    bot = searcher(level).greedy
    rng = random.Random(decision_seed(state))
    taken = ""
    for _step in range(TURN_STEPS):
        if state.is_over or state.current != player or state.turn != turn or \
                state.phase == FINAL:
            break
        choice = bot.choose(state, legal_actions(state), rng)
        if isinstance(choice, Take) and not taken:
            row = state.back if choice.slot[0] == BACK else state.front
            card = row[choice.slot[1]]
            taken = state.catalog.cards[card].name if card else ""
        apply_legal(state, choice)
    return taken


def hint_reason(catalog: Catalog, found: Hint, most: int = 3) -> str:
    """The hint's reason in one line."""
    parts = [line_change_words(catalog, line, delta) for line, delta in found.lines[:most]]
    rest = found.lines[most:]
    if rest:
        points = sum(delta for _line, delta in rest)
        parts.append(ngettext("{n} more line {points:+d}", "{n} more lines {points:+d}",
                              len(rest)).format(n=len(rest), points=points))
    if isinstance(found.action, PlaceTruck):
        return _("the start player gains least from the food truck and the foodie there")
    if found.final_total is not None:
        text = _("part of the best final movement from here, which ends at {total} points"
                 ).format(total=found.final_total)
        return text
    if found.gain or parts:
        if found.whole_turn:
            now = ngettext("{points:+d} point this turn", "{points:+d} points this turn",
                           abs(found.gain)).format(points=found.gain)
        else:
            now = ngettext("{points:+d} point now", "{points:+d} points now",
                           abs(found.gain)).format(points=found.gain)
        text = f"{now}: " + "; ".join(parts) if parts else now
    elif found.last_turn:
        text = _("no points this turn")
    else:
        text = _("no points this turn: it sets up later turns")
    if found.then_takes:
        text += " " + _("(with it the AI takes {card})").format(card=found.then_takes)
    if found.margin is not None and found.margin >= 0.5:
        points = round(found.margin)
        text += " " + ngettext("(about {points} point better than the next best choice, "
                               "counting what it promises for later turns)",
                               "(about {points} points better than the next best choice, "
                               "counting what it promises for later turns)",
                               points).format(points=points)
    elif found.margin is not None:
        text += " " + _("(other choices are nearly as good)")
    return text


def hint_task(state: GameState, level: str, _seed: int) -> Hint:
    """``hint`` as a task of the AI's own process (``smqt.ai.thinker``): the table asks it
    there, so that the window never waits on the search."""
    return hint(state, level=level or REVIEWER)
