"""The report of a run as values: what ``smqt sim`` writes as report.json, renders as the page
and the terminal's summary, compares with another report and plays again. Frozen attrs
classes, structured from JSON and back by the one converter (``smqt.pack.convert``), which
checks every key and type; ``reportfile`` reads any version of the file and writes this one.

The figures inside are the statistics' own values, kept as they are: a measure's row with its
verdict (``verdicts.Row``), a card's flag (``verdicts.CardFlag``), rates with their interval
(``stats.Proportion``), summaries of values (``stats.Summary``) and differences
(``stats.Difference``); and the provenance is the plan's (``provenance.Provenance``).

A player count is a key of a JSON object, so it is text here too: ``"2"``."""

from __future__ import annotations

import attrs

from smqt.sim.plan.provenance import Provenance
from smqt.sim.statistics.goals import Balance
from smqt.sim.statistics.stats import Proportion, Summary
from smqt.sim.statistics.verdicts import CardFlag, Row

SCHEMA = 2
"""The version of report.json this smqt writes (1: the files before it said their version)."""


# --------------------------------------------------------------------------- the comparisons


@attrs.frozen
class Overall:
    """A comparison's verdict in one sentence, for one player count."""

    status: str
    """``changed``, ``no change detected`` or ``inconclusive``."""
    text: str
    """The sentence, in the language of the run: what changed, or what more games would tell."""


@attrs.frozen
class ComparedPart:
    """One side against base at one player count."""

    games: int
    """The side's games (each paired with base's game of the same seed, seats and bots)."""
    rows: tuple[Row, ...]
    """Every measure with its verdict: the game's measures, then the changed cards'."""
    overall: Overall
    """The comparison's verdict in one sentence."""
    card_flags: tuple[CardFlag, ...]
    """The cards flagged as different from base (only those flagged)."""
    cards_tested: int
    """How many cards were owned often enough on both sides to be tested."""


@attrs.frozen
class Comparison:
    """One side (the variant, a single change, a sweep's value) against base."""

    label: str
    """The side's key: ``variant``, a change's slug or ``sweep-VALUE``."""
    title: str
    """The side in words, in the language of the run."""
    kind: str
    """``variant``, ``change`` or ``sweep``."""
    changes: tuple[str, ...]
    """The labels of the changes the side makes (as in ``Report.changes``)."""
    value: float | None
    """A sweep's value; None for the other kinds."""
    players: dict[str, ComparedPart]
    """By player count."""


@attrs.frozen
class ChangeEntry:
    """One change the variant makes to base."""

    kind: str
    """What it changes: ``card``, ``rules``, ``starting_tile``..."""
    id: str
    """The entry's id (the rules parameter for ``rules``)."""
    what: str
    """``added``, ``removed`` or ``changed``."""
    label: str
    """The change as a key, in English: ``card pier_arcade changed``."""
    describe: str
    """The change in words, in the language of the run."""


@attrs.frozen
class NoisePart:
    """Base against itself on other seeds, at one player count."""

    games: int
    """Games on the other seeds."""
    rows: tuple[Row, ...]
    """Every measure: how far apart two runs land by chance (independent samples)."""
    card_flags: tuple[CardFlag, ...]
    """The cards flagged by chance alone (only those flagged)."""
    cards_tested: int
    """How many cards were owned often enough in both runs to be tested."""


@attrs.frozen
class Noise:
    """The noise band (``--noise``)."""

    players: dict[str, NoisePart]
    """By player count."""


@attrs.frozen
class LadderStep:
    """One rung of the skill ladder: the stronger bot of a pair against the weaker."""

    label: str
    """The side's key: ``ladder-PACK-WEAK-STRONG``..."""
    pack: str
    """The pack's name as the side's title gives it."""
    weak: str
    """The weaker bot's level."""
    strong: str
    """The stronger bot's level."""
    players: int
    """2 (head to head) or 4 (the stronger against three of the weaker)."""
    equal_share: float
    """The stronger bot's share of the wins if it were no better: 1/players."""
    games: int
    """The games the pair played."""
    strong_win: Proportion
    """The stronger bot's share of the wins."""
    verdict: str
    """In words, in the language of the run."""


# --------------------------------------------------------------------------- each side's figures


@attrs.frozen
class SeatFigures:
    """One seat (in turn order) over a side's games."""

    seat: int
    """The seat from 0 (0 starts; the page's seat 1)."""
    win: Proportion
    """Its share of the wins (a shared win counts as a fraction)."""
    score: Summary
    """Its final scores."""
    rank: Summary
    """Its finishing ranks."""


@attrs.frozen
class BotFigures:
    """One bot over every seat it played."""

    win: Proportion
    """Its share of the wins."""
    score: Summary
    """Its final scores."""
    rank: Summary
    """Its finishing ranks."""


@attrs.frozen
class SeatBalance:
    """Whether the seats win equally often: chi-square against equal shares."""

    wins: tuple[float, ...]
    """The wins of each seat."""
    chi_square: float
    """The test's statistic."""
    p_value: float
    """Below 0.05: the seats look unbalanced."""
    degrees_of_freedom: int
    """The seats less one."""


@attrs.frozen
class Points:
    """Points of each category (``verdicts.CATEGORIES``): shares of all points, or points per
    seat and game."""

    objective: float
    """From the objective tiles."""
    card: float
    """From the feature cards."""
    ring: float
    """From the rings."""
    footprint: float
    """From the footprints."""


@attrs.frozen
class Drama:
    """How a side's games went."""

    score_by_round: tuple[tuple[float, ...], ...]
    """The mean score of each seat after each round (while half the games or more go on)."""
    lead_changes: Summary
    """How often the sole leader changed, per game."""
    decisions: Summary
    """The bots' decisions with more than one legal choice, per game."""
    legal_choices_per_decision: float
    """The legal choices of such a decision on average (NaN without decisions)."""


@attrs.frozen
class Notable:
    """A game worth opening."""

    why: str
    """What makes it notable, in the language of the run: ``widest win (game 12)``."""
    record: str
    """Its record, relative to the report's folder: ``games/base/2p-00012.smqt``."""


@attrs.frozen
class CardFigures:
    """One feature card over a side's games."""

    card: str
    """The card's id."""
    offered: int
    """How often it was in the front row when a seat chose."""
    pick: Proportion
    """How often it was taken when offered."""
    owned: int
    """How many seats ended with it in their city."""
    win: Proportion
    """The win share of the seats that owned it."""
    win_when_taken: Proportion
    """The win share of the seat that took it."""
    win_when_passed: Proportion
    """The win share of the seats that had it on offer and took another card."""
    flag: str
    """``strong``, ``weak`` or empty: its owners win more or less than the average seat, at a
    false-discovery rate of 5% over all the cards."""
    p_adjusted: float
    """The flag's adjusted p value (NaN for a card owned too seldom to be tested)."""


@attrs.frozen
class PlayersSummary:
    """One side at one player count: its own figures."""

    games: int
    """The side's games at this player count."""
    players: int
    """The player count."""
    seats: tuple[SeatFigures, ...]
    """Each seat, in turn order."""
    seat_balance: SeatBalance
    """Whether the seats win equally often."""
    bots: dict[str, BotFigures]
    """By bot level (``hard:2`` as given), in the order of their names."""
    margin: Summary
    """The winner's lead over the second."""
    ties: Proportion
    """Games whose win was shared."""
    tie_breaks: Proportion
    """Games decided by a tie-break (not by the score alone)."""
    decided_by: dict[str, int]
    """Games by what decided them: ``score``, ``sand dollars``, ``longest chain``, ``shared``."""
    points_share: Points
    """Each category's share of all the points."""
    points_per_seat: Points
    """Each category's points per seat and game."""
    turns: Summary
    """Turns played in a game."""
    sand_dollar_actions_per_game: dict[str, float]
    """How often each sand dollar action was bought in a game, by its id."""
    drama: Drama
    """How the games went: scores by round, lead changes, decisions."""
    notable: tuple[Notable, ...]
    """A few games worth opening."""
    cards: tuple[CardFigures, ...]
    """The cards, those furthest from the average win rate first."""


@attrs.frozen
class PackName:
    """The pack a side played."""

    name: str
    """The pack's name (a generated pack's: base's name and its change)."""
    version: str
    """The pack's version."""
    content_hash: str
    """The pack's content hash."""


@attrs.frozen
class SideSummary:
    """One side's own figures (every side but the ladder's)."""

    title: str
    """The side in words, in the language of the run."""
    kind: str
    """``base``, ``variant``, ``change``, ``sweep`` or ``noise``."""
    pack: PackName
    """The pack the side played."""
    players: dict[str, PlayersSummary]
    """By player count."""


# --------------------------------------------------------------------------- the whole report


@attrs.frozen
class Meta:
    """How the run was made."""

    title: str
    """The report's title, in the language of the run."""
    design: str
    """The games in one sentence: how many, players, bots, seats, seed, pairing."""
    bots: tuple[str, ...]
    """The bots by seat, as given."""
    players: tuple[int, ...]
    """The player counts played."""
    seed: int
    """The seed of the first game."""
    games: int
    """Games per side and player count (the last round's total with ``until_clear``)."""
    rounds: int
    """How many times games were played (more than one with ``until_clear``)."""
    per_change: bool
    """Each change of the variant was also played alone."""
    sweep: str | None
    """The sweep as given, or None."""
    until_clear: bool
    """Games were added until the headline intervals reached their precision."""
    cluster: bool
    """The games were played on a Dask cluster."""
    fdr: float
    """The false-discovery rate of the verdicts and the card flags."""
    precision: dict[str, float]
    """The precision of a "no change" per unit."""
    skipped: tuple[str, ...]
    """The changes that could not be played alone, each with why."""
    provenance: Provenance | None = None
    """Where the report came from (reports of smqt 0.2 and later; None for one made without
    ``smqt sim``, which is not written)."""
    clear: bool | None = None
    """With ``until_clear``: whether every headline interval reached its precision (else the
    cap was reached first); None without it."""


@attrs.frozen
class Report:
    """Everything a run found; report.json."""

    schema: int
    """The version of this shape of report.json (``SCHEMA``)."""
    meta: Meta
    """How the run was made."""
    names: dict[str, str]
    """Every card, tile and sand dollar action the sides play, by id: its name."""
    changes: tuple[ChangeEntry, ...]
    """What the variant changes (empty without a variant)."""
    comparisons: tuple[Comparison, ...]
    """Each side against base: the changes alone, the variant, a sweep's values."""
    noise: Noise | None
    """The noise band, with ``--noise``."""
    ladder: tuple[LadderStep, ...]
    """The skill ladder, with ``--ladder``."""
    sides: dict[str, SideSummary]
    """Each side's own figures, by its key (``base``, ``variant``, a change's slug...)."""
    balance: Balance | None = None
    """A balance search (``--tune``): the values tried and the one proposed; its ``base``
    side is the pack at the value proposed."""
