"""What a choice would change, before it is made (Qt-free): the points a picked card would
score on each space the table offers, from the engine's own ``apply`` and score sheet.

A preview applies the very legal action to a copy of the state (held, so the turn does not
end) and compares the player's score sheet before and after; nothing here judges what is
legal or how a card scores.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from smqt.engine.actions import Action, Slot, Take
from smqt.engine.geometry import Space
from smqt.engine.rules import apply
from smqt.engine.scoring import ScoreLine, score_game
from smqt.engine.state import GameState
from smqt.ui.scoretext import changes


@attrs.frozen
class Preview:
    """The player's score change if the action were taken now, line by line."""

    gain: int
    lines: tuple[tuple[ScoreLine, int], ...]


def preview(state: GameState, action: Action) -> Preview:
    """The current player's score change from ``action`` (which must be legal now)."""
    player = state.current
    before = score_game(state).sheets[player]
    after_state = state.copy()
    apply(after_state, action, hold=True)
    after = score_game(after_state).sheets[player]
    return Preview(after.total - before.total, tuple(changes(before, after)))


def placement_previews(state: GameState, slot: Slot, legal: Iterable[Action]
                       ) -> dict[Space, Preview]:
    """For the card picked at ``slot``: each legal space -> what building it there scores."""
    return {action.space: preview(state, action) for action in legal
            if isinstance(action, Take) and action.slot == slot}
