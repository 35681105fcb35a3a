"""Playing from the keyboard (Qt-free): the legal targets of the current step in the order the
keyboard visits them, and the one marked now.

The targets are read from the ``Highlights`` of the moment, so the keyboard offers exactly what
a click would: a starting tile, a column for the truck, a display card, a sand dollar action, a
city space (where the picked card goes, a person's next step, a card of a swap), a person, or a
reward. Enter on a target is the click on it. When a choice is half made (a card picked, a
person chosen), the targets that finish it come first and the mark jumps to the first of them.
"""

from __future__ import annotations

from collections.abc import Callable

from smqt.engine.actions import BACK
from smqt.ui.game.interaction import Highlights

Target = tuple[str, object]
"""What a click reports: ("tile", id), ("column", n), ("slot", slot), ("sand_dollar", id),
("space", space), ("person", pid) or ("reward", choice)."""

Place = tuple[float, float]
"""Where a target is drawn, as one plane for the whole table (the display above the city):
its centre's x and y."""


def targets(h: Highlights) -> tuple[list[Target], list[Target]]:
    """(the targets that finish the half-made choice, then every target) of ``h``."""
    lead: list[Target] = []
    if h.selected_slot is not None or h.selected_person is not None:
        lead = [("space", space) for space in sorted(h.spaces)]
    elif h.selected_card is not None:
        lead = [("space", space) for space in sorted(h.cards)]
    lead += [("reward", choice) for choice in h.rewards]
    rest: list[Target] = [("tile", tile) for tile in sorted(h.tiles)]
    rest += [("column", column) for column in sorted(h.columns)]
    # the back row first: it is drawn above the front row
    rest += [("slot", slot) for slot in sorted(h.slots, key=lambda s: (s[0] != BACK, s[1]))]
    rest += [("sand_dollar", action) for action in sorted(h.sand_dollar_actions)]
    if h.selected_card is None:
        rest += [("space", space) for space in sorted(h.cards)]
    rest += [("person", pid) for pid in sorted(h.people)]
    everything = lead + [target for target in rest if target not in lead]
    return lead, everything


class KeyFocus:
    """The target marked for the keyboard, kept across redraws while it stays legal."""

    def __init__(self) -> None:
        self.targets: list[Target] = []
        self.current: Target | None = None
        self.visible = False
        """Shown on the table: after a key of the keyboard's play, until the mouse clicks."""
        self._lead: list[Target] = []

    def update(self, h: Highlights) -> None:
        """The moment changed: mark the first target finishing a newly half-made choice, keep
        the mark if it is still a target, else mark the first target."""
        lead, everything = targets(h)
        new_lead = bool(lead) and lead != self._lead
        self._lead, self.targets = lead, everything
        if new_lead:
            self.current = lead[0]
        elif self.current not in everything:
            self.current = everything[0] if everything else None

    def step(self, by: int, among: list[Target] | None = None) -> Target | None:
        """The next (1) or the previous (-1) target in the keyboard's order, round the end
        (of ``among`` when given)."""
        pool = self.targets if among is None else among
        if not pool:
            self.current = None
        elif self.current not in pool:
            self.current = pool[0]
        else:
            index = pool.index(self.current)
            self.current = pool[(index + by) % len(pool)]
        return self.current

    def toward(self, dx: int, dy: int, place: Callable[[Target], Place | None]) -> Target | None:
        """The nearest target in the direction (dx, dy) of an arrow key, as drawn (``place``
        says where each target is); the order's neighbour when none lies that way. While a
        choice is half made (a card picked, a person chosen) and the mark is on one of the
        targets that finish it, the arrows move among those only (Tab still goes round all)."""
        pool = self._lead if self._lead and self.current in self._lead else self.targets
        here = place(self.current) if self.current is not None else None
        if here is None:
            return self.step(1 if dx + dy >= 0 else -1, pool)
        best: tuple[float, Target] | None = None
        for target in pool:
            at = place(target)
            if target == self.current or at is None:
                continue
            ahead = (at[0] - here[0]) * dx + (at[1] - here[1]) * dy
            if ahead <= 1:
                continue
            aside = abs((at[0] - here[0]) * dy) + abs((at[1] - here[1]) * dx)
            cost = ahead + 2.5 * aside
            if best is None or cost < best[0]:
                best = (cost, target)
        if best is None:
            return self.step(1 if dx + dy >= 0 else -1, pool)
        self.current = best[1]
        return self.current

