"""The base deck's design document and the example variant packs (issue: base content)."""

from __future__ import annotations

import random
import re

import pytest

from smqt.cli.bench import random_playout
from smqt.engine.effects import OBJECTIVE_KINDS
from smqt.engine.rules import apply, legal_actions
from smqt.engine.setup import new_game
from smqt.pack.deckstats import composition_markdown, deck_stats
from smqt.pack.load import load_pack
from tests.support import ROOT, base

VARIANTS = sorted(p for p in (ROOT / "content" / "variants").iterdir() if (p / "pack.toml").exists())


def test_design_doc_composition_matches_the_cards():
    """DESIGN.md embeds the composition table generated from the TOML; it cannot drift."""
    text = (ROOT / "content" / "base" / "DESIGN.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- composition:begin -->\n(.*?)<!-- composition:end -->", text, re.S)
    assert found, "DESIGN.md lost its composition markers"
    assert found.group(1) == composition_markdown(deck_stats(base())), (
        "regenerate the table: smqt stats content/base --markdown")


def test_r11_4_base_objective_tiles_use_every_objective_kind():
    """R11.4 the three objective tiles and their objectives as data."""
    tiles = base().objective_tiles
    kinds = {type(o) for t in tiles.values() for o in t.objectives}
    assert kinds == set(OBJECTIVE_KINDS)
    blue, green, orange = tiles["blue"], tiles["green"], tiles["orange"]
    assert (blue.wave.kind, blue.wave.points_per_tag, [t.value for t in blue.wave.tags]) == \
        ("largest_chain", 2, ["wave"])
    assert (blue.penalty.most, blue.penalty.second) == (-4, -2)
    assert (green.wave.kind, green.wave.points, green.misc.at_least, green.misc.points) == \
        ("count_chains", 3, 3, 3)
    assert "wave" not in {t.value for t in green.misc.tags} and len(green.misc.tags) == 5
    assert green.penalty.points == -1
    assert orange.wave.table == (1, 3, 6, 10)
    assert (orange.penalty.per_full_ring, orange.penalty.per_unplaced, orange.penalty.points) == \
        (1, 2, -1)


def test_variants_exist_and_validate():
    """At least two example house-rule packs extend base and load without errors."""
    assert len(VARIANTS) >= 2
    for folder in VARIANTS:
        catalog = load_pack(folder)
        assert catalog.identity.name == folder.name


def test_short_game_variant_ends_at_twelve_cards():
    """R12.1 the short-game variant overrides cards_to_end only."""
    catalog = load_pack(ROOT / "content" / "variants" / "short-game")
    assert catalog.rules.cards_to_end == 12
    assert catalog.cards == base().cards
    state = random_playout(catalog, 2, 3)
    assert max(p.card_count() for p in state.players) <= 13


def test_swap_variant_removes_replaces_and_adds_cards():
    """A variant removes, replaces and adds cards without copying the base."""
    catalog = load_pack(ROOT / "content" / "variants" / "boardwalk-swap")
    assert "ticket_kiosk" not in catalog.cards and "seawall_savings_bank" not in catalog.cards
    assert {"rollerskate_rink", "lifeguard_cafe"} <= set(catalog.cards)
    assert catalog.cards["pier_arcade"] != base().cards["pier_arcade"]
    assert list(catalog.cards).index("pier_arcade") == list(base().cards).index("pier_arcade")


@pytest.mark.parametrize("folder", VARIANTS, ids=lambda p: p.name)
def test_variants_play_whole_games(folder):
    catalog = load_pack(folder)
    for seed in range(30):
        assert random_playout(catalog, 2 + seed % 3, seed).is_over


@pytest.mark.parametrize("block", range(4))
def test_thousands_of_seeded_games_on_the_base_pack(block):
    """2,000 seeded random games (2-4 players) on the base pack run to the end without error
    (the conformance suite checks 1,002 more action by action)."""
    catalog = base()
    for seed in range(10_000 + block * 500, 10_000 + (block + 1) * 500):
        chooser = random.Random(seed)
        state = new_game(catalog, 2 + seed % 3, seed)
        while not state.is_over:
            apply(state, chooser.choice(legal_actions(state)))
