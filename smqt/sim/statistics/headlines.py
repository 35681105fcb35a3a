"""The headline intervals of ``--until-clear`` as the games come in: the headline furthest from
its precision in words, for the progress line and for the sentence that says a run stopped
before it was clear; and ``HeadlineWatch``, which keeps the games played so far and says that
sentence anew as each batch of games finishes (a round's line never repeats the figure of the
round before)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from smqt.language.translate import ngettext
from smqt.sim.run.playgame import GameResult
from smqt.sim.statistics.verdicts import (
    Measured,
    bot_spread,
    compare_measures,
    games_for_clear,
    show,
    whole,
)


def widest(rows: Sequence[Measured], precision: dict[str, float]) -> str:
    """The headline furthest from its precision, its interval's half width and the games it
    needs (empty without headline rows)."""
    headlines = [r for r in rows if r.headline and r.difference.high == r.difference.high]
    if not headlines:
        return ""
    row = max(headlines,
              key=lambda r: (r.difference.high - r.difference.low) / precision[r.unit])
    d, needed = row.difference, games_for_clear(rows, precision)
    return ngettext("{measure} {difference} ±{half} (wanted ±{precision}), about {needed} "
                    "games needed",
                    "{measure} {difference} ±{half} (wanted ±{precision}), about {needed} "
                    "games needed", needed).format(
        measure=row.label, difference=show(d.estimate, row.unit, True),
        half=show((d.high - d.low) / 2, row.unit),
        precision=show(precision[row.unit], row.unit), needed=whole(needed))


class HeadlineWatch:
    """The games played so far by base and the sides compared with it, and the widest
    headline over them: told each batch as it finishes (``add``), asked by the progress line
    (``text``)."""

    def __init__(self, base: str, compared: Iterable[str], precision: dict[str, float]) -> None:
        self.base = base
        self.compared = tuple(compared)
        self.precision = precision
        self.games: dict[str, dict[int, list[GameResult]]] = defaultdict(lambda: defaultdict(list))
        self._text = ""
        self._stale = False

    def add(self, results: Iterable[GameResult]) -> None:
        for result in results:
            if result.label == self.base or result.label in self.compared:
                self.games[result.label][result.spec.players].append(result)
                self._stale = True

    def rows(self) -> list[Measured]:
        """Every measure of every side compared, paired over the games both have so far."""
        found: list[Measured] = []
        for players, base in self.games[self.base].items():
            spread = bot_spread(base)
            for label in self.compared:
                mine = self.games[label].get(players)
                if mine:
                    found += compare_measures(base, mine, spread)
        return found

    def text(self) -> str:
        """The widest headline over the games so far (computed again after new games)."""
        if self._stale:
            self._text, self._stale = widest(self.rows(), self.precision), False
        return self._text
