"""What a choice would change, before it is made (Qt-free): the points a picked card would
score on each space the table offers, from the engine's own ``apply`` and score sheet.

A preview applies the very legal action to a copy of the state (held, so the turn does not
end) and compares the player's score sheet before and after; nothing here judges what is
legal or how a card scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from smqt.engine import events as ev
from smqt.engine.actions import Action, Slot, Take
from smqt.engine.events import Event
from smqt.engine.geometry import Space
from smqt.engine.rules import apply
from smqt.engine.scorewords import changes
from smqt.engine.scoring import ScoreLine, score_game
from smqt.engine.state import REWARD, GameState
from smqt.language.translate import _, ngettext


@attrs.frozen
class Preview:
    """The player's score change if the action were taken now, line by line, and what the
    food truck and the foodie would give (as the engine's events say)."""

    gain: int
    lines: tuple[tuple[ScoreLine, int], ...]
    reward: str = ""

    def on_space(self, space: Space) -> int:
        """Of ``gain``, the points of the lines on ``space``: a card built there scores this
        on its own badge; the rest comes from other cards and the objective."""
        return sum(delta for line, delta in self.lines if line.space == space)


def reward_words(events: Sequence[Event], after: GameState) -> str:
    """The food truck and foodie rewards an action earned (R3.3-R3.5), in words."""
    if after.phase == REWARD:
        return _("The food truck and the foodie are both under it: you will choose a reward.")
    truck = next((event.count for event in events if event.kind == ev.TRUCK_REWARD), None)
    foodie = [event.kind for event in events
              if event.kind in (ev.TRUCK_REWARD, ev.FOODIE_REWARD)]
    if truck is not None and ev.FOODIE_REWARD in foodie:
        if foodie[0] == ev.TRUCK_REWARD:
            text = ngettext("The food truck gives {n} sand dollar and the foodie gives a free "
                            "move (1 person, 1 space).",
                            "The food truck gives {n} sand dollars and the foodie gives a free "
                            "move (1 person, 1 space).", truck)
        else:
            text = ngettext("The foodie gives a free move (1 person, 1 space) and the food truck "
                            "gives {n} sand dollar.",
                            "The foodie gives a free move (1 person, 1 space) and the food truck "
                            "gives {n} sand dollars.", truck)
        return text.format(n=truck)
    if truck is not None:
        return ngettext("The food truck gives {n} sand dollar.",
                        "The food truck gives {n} sand dollars.", truck).format(n=truck)
    if foodie:
        return _("The foodie gives a free move (1 person, 1 space).")
    return ""


def preview(state: GameState, action: Action) -> Preview:
    """The current player's score change from ``action`` (which must be legal now)."""
    player = state.current
    before = score_game(state).sheets[player]
    after_state = state.copy()
    events = apply(after_state, action, hold=True)
    after = score_game(after_state).sheets[player]
    return Preview(after.total - before.total, tuple(changes(before, after)),
                   reward_words(events, after_state))


def placement_previews(state: GameState, slot: Slot, legal: Iterable[Action]
                       ) -> dict[Space, Preview]:
    """For the card picked at ``slot``: each legal space -> what building it there scores."""
    return {action.space: preview(state, action) for action in legal
            if isinstance(action, Take) and action.slot == slot}


def move_previews(state: GameState, moves: Mapping[Space, Action]) -> dict[Space, Preview]:
    """For a person about to move: each space the person may end on (with the move that would
    end there) -> what the move scores, from the engine's own score sheet (a ring emptied
    shows as a loss before the person is let go)."""
    player = state.current
    before = score_game(state).sheets[player]
    found = {}
    for space, move in moves.items():
        after_state = state.copy()
        apply(after_state, move, hold=True)
        after = score_game(after_state).sheets[player]
        found[space] = Preview(after.total - before.total, tuple(changes(before, after)))
    return found
