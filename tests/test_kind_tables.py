"""Each kind in one place per layer (issue 41): every table keyed by a kind of action holds
every class of the engine's ``Action``, every table keyed by a kind of placement effect every
class of the content schema's ``PlacementAction``, and every table keyed by a phase that asks
for an action every such phase. A kind added to the engine or the schema without its entries
fails here, naming the table and the kind."""

from __future__ import annotations

import typing

import pytest

from editor.forms import kindinfo
from smqt.engine import effects as fx
from smqt.engine.actionkinds import ACTION_KINDS
from smqt.engine.actions import Action
from smqt.engine.effectkinds import EFFECT_KINDS
from smqt.engine.legal import PHASE_TYPES
from smqt.pack.deckstats import PLACEMENT_COUNTS
from smqt.render.cardface import PLACEMENT_ATOMS
from smqt.ui.game.interaction import OFFERS
from smqt.ui.game.logtext import ACTION_WORDS, TURN_TALLY
from smqt.ui.game.prompts import PHASE_PROMPTS
from smqt.ui.panels.words import PLACEMENT_WORDS
from smqt.ui.table.hintmarks import CITY_PLACE, DISPLAY_PLACE

ACTION_KINDS_OF_ENGINE = frozenset(typing.get_args(Action))
EFFECT_KINDS_OF_SCHEMA = frozenset(typing.get_args(fx.PlacementAction))
SCHEMA_UNIONS = (fx.PlacementAction, fx.ScoringEntry, fx.RingEntry, fx.Constraint, fx.Objective)
"""The schema's tagged unions (``Constraint`` is one class for now)."""

ACTION_TABLES = {
    "engine: legality, application, refusals (actionkinds.ACTION_KINDS)": ACTION_KINDS,
    "table: the log's sentence (logtext.ACTION_WORDS)": ACTION_WORDS,
    "table: a turn's summary (logtext.TURN_TALLY)": TURN_TALLY,
    "table: the hint on the display (hintmarks.DISPLAY_PLACE)": DISPLAY_PLACE,
    "table: the hint in the city (hintmarks.CITY_PLACE)": CITY_PLACE,
    "table: what a click is offered (interaction.OFFERS)": OFFERS,
}
EFFECT_TABLES = {
    "engine: symbols given and gains (effectkinds.EFFECT_KINDS)": EFFECT_KINDS,
    "render: the card face's line (cardface.PLACEMENT_ATOMS)": PLACEMENT_ATOMS,
    "panels: the sentence (words.PLACEMENT_WORDS)": PLACEMENT_WORDS,
    "pack: the deck's statistics (deckstats.PLACEMENT_COUNTS)": PLACEMENT_COUNTS,
}
SCHEMA_NAME_TABLES = {
    "editor: the kind's title (kindinfo.TITLES)": kindinfo.TITLES,
    "editor: the kind's picture (kindinfo.PICTURES)": kindinfo.PICTURES,
}
"""Tables of the editor keyed by the class name of every kind of every tagged union."""


def test_the_kinds_are_read_from_the_engine_and_the_schema():
    assert len(ACTION_KINDS_OF_ENGINE) == 12
    assert EFFECT_KINDS_OF_SCHEMA == set(fx.PLACEMENT_KINDS) and len(EFFECT_KINDS_OF_SCHEMA) == 5


@pytest.mark.parametrize("name", ACTION_TABLES)
def test_every_kind_of_action_has_its_entry(name):
    table = ACTION_TABLES[name]
    missing = sorted(kind.__name__ for kind in ACTION_KINDS_OF_ENGINE - set(table))
    unknown = sorted(getattr(kind, "__name__", str(kind)) for kind in set(table) - ACTION_KINDS_OF_ENGINE)
    assert not missing and not unknown, (name, missing, unknown)


def test_every_kind_of_action_is_listed_in_some_phase_and_every_such_phase_prompts():
    """R2-R9: each kind is listed by some phase (``legal.PHASE_TYPES``), and the turn panel
    has a prompt for each phase that lists actions."""
    listed = {kind for kinds in PHASE_TYPES.values() for kind in kinds}
    assert listed == ACTION_KINDS_OF_ENGINE
    assert set(PHASE_PROMPTS) == set(PHASE_TYPES)


@pytest.mark.parametrize("name", EFFECT_TABLES)
def test_every_kind_of_placement_effect_has_its_entry(name):
    table = EFFECT_TABLES[name]
    missing = sorted(kind.__name__ for kind in EFFECT_KINDS_OF_SCHEMA - set(table))
    unknown = sorted(getattr(kind, "__name__", str(kind)) for kind in set(table) - EFFECT_KINDS_OF_SCHEMA)
    assert not missing and not unknown, (name, missing, unknown)


@pytest.mark.parametrize("name", SCHEMA_NAME_TABLES)
def test_every_kind_of_the_schema_has_its_editor_entry(name):
    kinds = {kind.__name__ for union in SCHEMA_UNIONS for kind in typing.get_args(union) or (union,)}
    assert EFFECT_KINDS_OF_SCHEMA <= {getattr(fx, name) for name in kinds}
    table = SCHEMA_NAME_TABLES[name]
    assert set(table) == kinds, (name, sorted(kinds - set(table)), sorted(set(table) - kinds))


@pytest.mark.parametrize("kind", sorted(EFFECT_KINDS_OF_SCHEMA, key=lambda k: k.__name__),
                         ids=lambda k: k.__name__)
def test_a_placement_effect_gives_what_its_kind_says(kind):
    """R0.6, R5.1: sand dollars are gained at once; people, moves, returns and jumps are a
    step of the turn; only sand dollars and added people are printed symbols."""
    entry = EFFECT_KINDS[kind]
    effect = {fx.GainSandDollars: fx.GainSandDollars(2),
              fx.AddPeople: fx.AddPeople(fx.Person.VIP, 2),
              fx.Move: fx.Move(fx.Who.LOCAL, 2, 3),
              fx.MoveHere: fx.MoveHere(fx.Who.ANY, 2),
              fx.ReturnPeople: fx.ReturnPeople(fx.Who.TOURIST, 2)}[kind]
    gained, step = entry.gain(effect)
    assert (gained, step is None) == ((2, True) if kind is fx.GainSandDollars else (0, False))
    gives = set(entry.gives(effect))
    assert gives == {fx.GainSandDollars: {"sand_dollar"}, fx.AddPeople: {"vip", "people"}}.get(
        kind, set())
