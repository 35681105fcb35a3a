"""``smqt review RECORD``: a game judged decision by decision for one player: each decision's
value by the strongest AI, its best alternative and what the choice cost; the costliest
decisions and every player's score by turn. ``--json`` for tools."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from smqt.cli.replay import open_record
from smqt.coach.judge import JUDGES
from smqt.coach.review import REVIEWER, Review, by_ai_words, review_record
from smqt.engine.state import GameState
from smqt.language.formats import fixed
from smqt.language.translate import _
from smqt.ui.game.logtext import describe_action


def seat_of(player: str, names: tuple[str, ...], players: int) -> int | None:
    """A player given as a number from 1 or by name (any case); None when neither fits."""
    if player.strip().isdigit():
        number = int(player)
        return number - 1 if 1 <= number <= players else None
    wanted = player.strip().casefold()
    found = [i for i, name in enumerate(names) if name.casefold() == wanted]
    return found[0] if len(found) == 1 else None


def review_json(review: Review, names: tuple[str, ...], players: int, level: str) -> dict:
    return {
        "player": review.seat + 1,
        "name": names[review.seat],
        "judged_by": level,
        "complete": review.complete,
        "decisions_by_ai": review.by_ai,
        "total_cost": round(review.total_loss, 2),
        "decisions": [
            {"number": d.number, "round": d.turn // players + 1, "turn": d.turn,
             "phase": d.phase, "choices": d.choices,
             "chosen": str(d.chosen), "chosen_words": d.chosen_words,
             "value": round(d.chosen_value, 2),
             "best": str(d.best), "best_words": d.best_words,
             "best_value": round(d.best_value, 2), "cost": round(d.loss, 2)}
            for d in review.decisions
        ],
        "costliest": [d.number for d in review.costliest()],
        "scores_by_turn": [dict(zip(names, scores, strict=True)) for scores in review.scores],
    }


def print_review(review: Review, names: tuple[str, ...], players: int, level: str,
                 out: TextIO) -> None:
    from smqt.ai.protocol import level_words

    out.write(_("Review of {name}'s decisions, judged by the {level} AI").format(
        name=names[review.seat], level=level_words(level)) + "\n")
    out.write(_("A value is the AI's estimate of the position a choice leads to: the points and "
                "what they promise for later turns; a cost is the value given away against the "
                "AI's best choice.") + "\n")
    if not review.complete:
        out.write(_("(the game is not finished: the review stops where the record ends)") + "\n")
    if review.by_ai:
        out.write(by_ai_words(review.by_ai, names[review.seat]) + "\n")
    out.write("\n")
    for d in review.decisions:
        out.write(_("{number:>4}  round {round}: {chosen}").format(
            number=d.number, round=d.turn // players + 1, chosen=d.chosen_words) + "\n")
        value = fixed(d.chosen_value, ".1f")
        if d.chosen == d.best:
            out.write("      " + _("value {value}: the AI's choice too").format(
                value=value) + "\n")
        elif d.loss < 0.05:
            out.write("      " + _("value {value}: as good as the AI's choice ({best})").format(
                value=value, best=d.best_words) + "\n")
        else:
            out.write("      " + _("value {value}; best: {best} ({best_value}), cost {cost}").format(
                value=value, best=d.best_words, best_value=fixed(d.best_value, ".1f"),
                cost=fixed(d.loss, ".1f")) + "\n")
    costly = review.costliest()
    out.write("\n" + _("Costliest decisions:") + "\n")
    if not costly:
        out.write("  " + _("none: every decision was within half a point of the AI's") + "\n")
    for d in costly:
        out.write("  " + _("#{number} (round {round}): cost {cost}").format(
            number=d.number, round=d.turn // players + 1, cost=fixed(d.loss, ".1f")) + "\n")
    out.write("\n" + _("Score at the start of each round, and at the end:") + "\n")
    rounds = [*review.scores[:-1:players], review.scores[-1]]
    width = max(len(name) for name in names)
    for seat, name in enumerate(names):
        row = " ".join(f"{scores[seat]:>3}" for scores in rounds)
        out.write(f"  {name:<{width}}  {row}\n")


def run_review(path: str, pack: str | None, player: str, *, as_json: bool,
               deep: int | None = None, level: str = REVIEWER, out: TextIO, err: TextIO) -> int:
    opened = open_record(path, pack, err)
    if opened is None:
        return 1
    record, game = opened
    players = record.setup.players
    names = record.names or tuple(_("Player {number}").format(number=i + 1)
                                  for i in range(players))
    seat = seat_of(player, names, players)
    if seat is None:
        err.write(_("{player} is not a player of this game: give a number from 1 to {last} "
                    "or one of the names {names}").format(
            player=repr(player), last=players, names=", ".join(names)) + "\n")
        return 2

    def say(state: GameState, action: object) -> str:
        return describe_action(state, action, names[state.current])  # type: ignore[arg-type]

    review = review_record(record, game.catalog, seat, level=level, deep=deep, describe=say)
    if as_json:
        json.dump(review_json(review, names, players, level), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        print_review(review, names, players, level, out)
    return 0


def add(sub: argparse._SubParsersAction) -> None:
    review = sub.add_parser("review", help=_("judge a player's decisions in a game record"))
    review.add_argument("record", help=_("a game record or saved game file"))
    review.add_argument("--player", default="1",
                        help=_("the player to review: a number from 1, or a name (default: 1)"))
    review.add_argument("--json", action="store_true", help=_("print JSON for tools"))
    review.add_argument("--pack", default=None, help=_("the pack folder (default: the one the "
                                                       "game names, else content/base)"))
    review.add_argument("--level", default=REVIEWER, choices=JUDGES,
                        help=_("the AI that judges (default: {level}, the strongest; hard is "
                               "quicker)").format(level=REVIEWER))
    review.add_argument("--depth", type=int, default=None, choices=range(1, 21),
                        metavar="1-20",
                        help=_("how many of the best choices of each card decision the AI "
                               "plays further (default: the level's own)"))


def run(args: argparse.Namespace) -> int:
    return run_review(args.record, args.pack, args.player, as_json=args.json, deep=args.depth,
                      level=args.level, out=sys.stdout, err=sys.stderr)
