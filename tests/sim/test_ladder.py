"""The skill ladder: every level against the one below it, expert included, head to head at
2 players and as the stronger bot against three of the weaker at 4; each row's verdict is
against an equal share of the wins (1/2 or 1/4), in the terminal and the page."""

from __future__ import annotations

from collections import Counter

from smqt.ai.protocol import BOT_LEVELS
from smqt.pack.load import load_pack
from smqt.pack.packsource import PackSource
from smqt.sim.plan.sides import LADDER, ladder_sides, specs
from smqt.sim.report import html
from smqt.sim.report.build import ladder, ladder_lines
from smqt.sim.run.playgame import play_game
from tests.support import ROOT

BASE = ROOT / "content" / "base"


def test_the_ladder_climbs_every_level_at_two_and_four_players():
    assert [weak for weak, _strong in LADDER] + [LADDER[-1][1]] == \
        ["random", "easy", "medium", "hard", "expert"]
    assert set(BOT_LEVELS) == {"random", "easy", "medium", "hard", "expert"}
    sides = ladder_sides([("base", PackSource.from_folder(BASE))])
    assert len(sides) == 2 * len(LADDER)
    four = [s for s in sides if s.players == 4]
    assert {s.pair for s in four} == set(LADDER)
    assert all(Counter(s.lineup)[s.pair[1]] == 1 and len(s.lineup) == 4 for s in four)
    assert "against three" in four[0].title
    # seats take turns: over four games each seat is the stronger bot's once
    side = four[0]
    games = specs([4], side.lineup, 0, 4, 7)
    assert [g.bots.index(side.pair[1]) for g in games] == [0, 3, 2, 1]


def test_a_four_player_row_is_judged_against_a_quarter():
    catalog = load_pack(BASE)
    sides = [s for s in ladder_sides([("base", PackSource.from_folder(BASE))])
             if s.pair == ("random", "easy")]
    results = {s.label: [play_game(catalog, s.label, g)
                         for g in specs([s.players], s.lineup, 0, 8, 3)] for s in sides}
    rows = ladder(sides, results)
    assert [(r.players, r.equal_share) for r in rows] == [(2, 0.5), (4, 0.25)]
    four = rows[1]
    wins = sum(r.win_share(s.seat) for r in results[sides[1].label] for s in r.seats
               if s.bot == "easy")
    assert four.strong_win.rate == wins / 8
    text = "\n".join(ladder_lines(rows))
    assert "easy against three random wins" in text and "an equal share is 25%" in text
    assert "easy beats random" in text
    page = html._ladder(rows)
    assert any("easy against three random" in part for part in page)
    assert any("an equal share is 25%" in part for part in page)
