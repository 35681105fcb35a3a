"""A hint: the hard bot's choice for the step now, with a one-line reason from its own
valuation and the score sheet ("+5 now: Surf Shack: chain of 4 nature +3; ... about 2 points
better than the next best choice"). Asked for by a person, never shown by itself."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from smqt.coach.judge import judge
from smqt.engine.actions import Action, Buy, PlaceTruck
from smqt.engine.catalog import Catalog
from smqt.engine.rules import apply, legal_actions
from smqt.engine.scorewords import changes, source_name
from smqt.engine.scoring import ScoreLine, score_player
from smqt.engine.state import GameState
from smqt.language.translate import _, ngettext


@attrs.frozen
class Hint:
    action: Action
    gain: int
    """The points the choice scores at once (the score sheet before and after it)."""
    lines: tuple[tuple[ScoreLine, int], ...]
    """The lines of the sheet it changes, biggest change first."""
    margin: float | None
    """How much better the bot finds it than its next best choice (None: the only choice)."""


def hint(state: GameState, legal: Sequence[Action] | None = None) -> Hint:
    """What the hard bot would do now, for ``state.current``."""
    legal = tuple(legal if legal is not None else legal_actions(state))
    if len(legal) == 1:
        return _hint(state, legal[0], None)
    judged = judge(state, legal)
    if isinstance(legal[0], PlaceTruck):  # every column is worth the same to the judge
        return _hint(state, legal[judged.best], None)
    others = [value for i, value in judged.values.items() if i != judged.best]
    margin = judged.values[judged.best] - max(others) if others else None
    return _hint(state, legal[judged.best], margin)


def _hint(state: GameState, action: Action, margin: float | None) -> Hint:
    player = state.current
    before = score_player(state, player)
    after_state = state.copy()
    apply(after_state, action, hold=True)
    after = score_player(after_state, player)
    found = sorted(changes(before, after), key=lambda pair: -abs(pair[1]))
    return Hint(action, after.total - before.total, tuple(found), margin)


def hint_reason(catalog: Catalog, found: Hint, most: int = 2) -> str:
    """The hint's reason in one line."""
    parts = [f"{source_name(catalog, line)}: {line.why} {delta:+d}"
             for line, delta in found.lines[:most]]
    if found.gain:
        now = ngettext("{points:+d} point now", "{points:+d} points now",
                       abs(found.gain)).format(points=found.gain)
        text = f"{now}: " + "; ".join(parts) if parts else now
    elif isinstance(found.action, PlaceTruck):
        text = _("the start player gains least from the food truck and the foodie there")
    elif isinstance(found.action, Buy):
        text = _("no points now: the sand dollar action opens a better card")
    else:
        text = _("no points now: it sets up later turns")
    if found.margin is not None and found.margin >= 0.5:
        points = round(found.margin)
        text += " " + ngettext("(about {points} point better than the next best choice)",
                               "(about {points} points better than the next best choice)",
                               points).format(points=points)
    elif found.margin is not None:
        text += " " + _("(other choices are nearly as good)")
    return text


def hint_task(state: GameState, _bot: str, _seed: int) -> Hint:
    """``hint`` as a task of the AI's own process (``smqt.ai.thinker``): the table asks it
    there, so that the window never waits on the search."""
    return hint(state)
