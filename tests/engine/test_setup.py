"""Components, supply and setup (R1, R2)."""

from __future__ import annotations

import pytest

from smqt.engine import rng
from smqt.engine.game import Game
from smqt.engine.rules import legal_actions
from smqt.engine.setup import SetupError, check_opening, new_game, opening_text, parse_opening
from smqt.engine.state import ACQUIRE, CHOOSE_TILE, PLACE_TRUCK
from tests.support import base


def test_r1_1_base_content_components():
    """R1.1 78 feature cards, 6 starting tiles, 4 two-sided sand dollar tiles (8 actions),
    3 objective tiles blue/green/orange with wave, miscellaneous and penalty objectives."""
    catalog = base()
    assert len(catalog.cards) == 78
    assert {c.row.value for c in catalog.cards.values()} == {"beach", "street"}
    assert len(catalog.starting_tiles) == 6
    assert len(catalog.sand_dollar_tiles) == 4
    sides = [s for t in catalog.sand_dollar_tiles.values() for s in t.sides]
    assert len(set(sides)) == 8 == len(catalog.sand_dollar_actions)
    assert set(catalog.objective_tiles) == {"blue", "green", "orange"}
    for tile in catalog.objective_tiles.values():
        assert len(tile.objectives) == 3


def test_r1_2_shared_supply_defaults():
    """R1.2 30 locals, 30 tourists, 28 footprints, 8 VIPs in the shared supply."""
    state = new_game(base(), 2, 0)
    assert state.supply == {"local": 30, "tourist": 30, "vip": 8, "footprint": 28}


def test_r2_1_shuffle_and_deal_front_row_then_back_row():
    """R2.1 the seeded shuffle deals the front row left to right, then the back row."""
    catalog = base()
    state = new_game(catalog, 3, 42)
    order = rng.keyed_order(rng.seed_state(42), "card", catalog.cards)
    assert state.front == order[:4]
    assert state.back == order[4:8]
    assert state.deck[-1] == order[8], "the next card dealt is the ninth"
    assert len(state.deck) == 70
    assert new_game(catalog, 3, 43).front != state.front


def test_r2_1_a_card_more_or_less_keeps_the_others_order_and_every_other_draw():
    """R2.1, R2.8 (issue 28): each card's place in the deck comes from a key drawn from the
    seed for that card, so a pack without one card (or with one more) deals the other cards
    in the same relative order, and draws the same tiles, objective and start player."""
    import attrs

    catalog = base()
    for seed in (1, 7, 2**63 - 1):
        whole = new_game(catalog, 3, seed)
        dealt = whole.front + whole.back + list(reversed(whole.deck))
        for gone in (dealt[0], dealt[20], dealt[-1]):
            cards = {k: v for k, v in catalog.cards.items() if k != gone}
            less = new_game(attrs.evolve(catalog, cards=cards), 3, seed)
            assert less.front + less.back + list(reversed(less.deck)) == \
                [c for c in dealt if c != gone]
            assert (less.sand_dollar_actions, less.objective, less.start_player,
                    less.tile_pool, less.rng) == (whole.sand_dollar_actions, whole.objective,
                                                   whole.start_player, whole.tile_pool, whole.rng)
    orders = {tuple(new_game(catalog, 2, seed).front) for seed in range(40)}
    assert len(orders) == 40, "another seed, another deal"


def test_r2_2_two_sand_dollar_tiles_one_side_each():
    """R2.2 two tiles drawn at random, a random side of each; or fixed by setup."""
    catalog = base()
    owner = {side: t.id for t in catalog.sand_dollar_tiles.values() for side in t.sides}
    seen = set()
    for seed in range(60):
        chosen = new_game(catalog, 2, seed).sand_dollar_actions
        assert len(chosen) == 2 and owner[chosen[0]] != owner[chosen[1]]
        seen.update(chosen)
    assert seen == set(catalog.sand_dollar_actions), "every side comes up"
    fixed = new_game(catalog, 2, 5, sand_dollar_actions=("back_row", "tourist_shuffle"))
    assert fixed.sand_dollar_actions == ("back_row", "tourist_shuffle")
    with pytest.raises(SetupError):
        new_game(catalog, 2, 5, sand_dollar_actions=("back_row", "swap_and_move"))


def test_r2_3_objective_tile_random_or_chosen():
    """R2.3 one objective tile at random, or as set up."""
    catalog = base()
    assert {new_game(catalog, 2, s).objective for s in range(40)} == {"blue", "green", "orange"}
    assert new_game(catalog, 2, 1, objective="blue").objective == "blue"
    with pytest.raises(SetupError):
        new_game(catalog, 2, 1, objective="purple")


def test_r2_4_start_player_and_turn_order():
    """R2.4 random start player; order runs onward; the last player is just before it."""
    catalog = base()
    assert {new_game(catalog, 4, s).start_player for s in range(40)} == {0, 1, 2, 3}
    state = new_game(catalog, 4, 3, start_player=2)
    assert state.turn_order() == [2, 3, 0, 1]
    assert state.last_player == 1


def test_r2_5_starting_tiles_chosen_in_reverse_turn_order():
    """R2.5 as many tiles as players are drawn; the last player chooses first."""
    state = new_game(base(), 3, 9, start_player=1)
    assert state.phase == CHOOSE_TILE and len(state.tile_pool) == 3
    choosers = []
    while state.phase == CHOOSE_TILE:
        choosers.append(state.current)
        options = legal_actions(state)
        assert [str(a) for a in options] == [f"tile {t}" for t in state.tile_pool]
        from smqt.engine.rules import apply

        apply(state, options[-1])
    assert choosers == [0, 2, 1]
    assert len({p.tile for p in state.players}) == 3


def test_r2_6_placement_bonus_on_the_lower_half():
    """R2.6 people on the lower half, sand dollars, VIPs start on the lower half."""
    expect = {"spots": ({"vip": 1}, 1), "beachcomber": ({"vip": 1}, 0),
              "outdoors": ({"vip": 2}, 0), "shopper": ({"vip": 1, "tourist": 2}, 0),
              "regular": ({"vip": 1}, 1), "surfer": ({"vip": 2}, 0)}
    for tile, (people, dollars) in expect.items():
        game = Game.new(base(), 2, 0)
        game.state.tile_pool = sorted({tile, "spots" if tile != "spots" else "surfer"})
        game.play(next(a for a in game.legal_actions() if str(a) == f"tile {tile}"))
        chooser = game.state.players[game.state.last_player]
        kinds: dict[str, int] = {}
        for kind, space in chooser.people.values():
            assert space == (1, 0)
            kinds[kind] = kinds.get(kind, 0) + 1
        assert kinds == people, tile
        assert chooser.sand_dollars == dollars, tile


def test_r2_7_food_truck_by_last_player_foodie_two_columns_right_wrapping():
    """R2.7 the last player places the truck anywhere; the foodie starts (t + 2) mod 4."""
    for column, foodie in ((0, 2), (1, 3), (2, 0), (3, 1)):
        game = Game.new(base(), 2, 4, start_player=0)
        while game.state.phase == CHOOSE_TILE:
            game.play(game.legal_actions()[0])
        assert game.state.phase == PLACE_TRUCK and game.state.current == 1
        assert [str(a) for a in game.legal_actions()] == [f"truck {c}" for c in range(4)]
        game.play(game.legal_actions()[column])
        assert (game.state.truck, game.state.foodie) == (column, foodie)
        assert game.state.phase == ACQUIRE and game.state.current == 0


def test_r2_8_one_seed_and_the_choices_reproduce_a_game():
    """R2.8 a seed plus the same choices gives the same game, whatever is fixed."""
    catalog = base()
    one = new_game(catalog, 3, 77)
    two = new_game(catalog, 3, 77)
    assert one == two
    fixed = new_game(catalog, 3, 77, objective="orange" if one.objective != "orange" else "blue")
    assert fixed.deck == one.deck and fixed.tile_pool == one.tile_pool, \
        "fixing a setup choice does not change the other draws"
    import random

    from smqt.engine.rules import apply

    chooser_a, chooser_b = random.Random(1), random.Random(1)
    while not one.is_over:
        apply(one, chooser_a.choice(legal_actions(one)))
        apply(two, chooser_b.choice(legal_actions(two)))
        assert one == two


# ---------------------------------------------------------------- playtest: chosen opening display


def test_r2_1_opening_cards_go_into_the_display_front_row_first():
    """R2.1 a playtest setup deals chosen cards first: front row left to right, then back row;
    the other slots and the deck come from the seeded shuffle without them."""
    catalog = base()
    plain = new_game(catalog, 2, 5)
    chosen = [c for c in catalog.cards if c not in plain.front + plain.back][-5:]
    state = new_game(catalog, 2, 5, opening=tuple(chosen))
    assert state.front == chosen[:4]
    assert state.back[0] == chosen[4]
    order = rng.keyed_order(rng.seed_state(5), "card", catalog.cards)
    rest = [c for c in order if c not in chosen]
    assert state.back[1:] == rest[:3], "the other slots are dealt in shuffled order"
    assert list(reversed(state.deck)) == rest[3:], "the deck is the other cards, in order"
    assert sorted(state.deck + state.front + state.back) == sorted(catalog.cards)
    assert (state.sand_dollar_actions, state.objective, state.start_player, state.tile_pool) == (
        plain.sand_dollar_actions, plain.objective, plain.start_player, plain.tile_pool), \
        "the opening changes no other draw of the seed"


def test_r2_1_an_opening_gap_leaves_its_slot_to_the_deal():
    """R2.1 an empty name (written '_') is dealt as usual: a card can be put in the back row."""
    catalog = base()
    card = sorted(catalog.cards)[0]
    opening = parse_opening(f"_,_,-,,{card}")
    assert opening == ("", "", "", "", card)
    assert opening_text(opening) == f"_,_,_,_,{card}"
    assert parse_opening(f"{card}, -, ,") == (card,)
    state = new_game(catalog, 3, 11, opening=opening)
    assert state.back[0] == card and card not in state.front and card not in state.deck
    assert None not in state.front + state.back


def test_r2_8_the_same_seed_and_opening_give_the_same_game():
    """R2.8 the opening is part of the setup: same (seed, opening), same state."""
    catalog = base()
    opening = tuple(sorted(catalog.cards)[:3])
    one = new_game(catalog, 3, 21, opening=opening)
    assert one == new_game(catalog, 3, 21, opening=opening)
    assert one.front[:3] == list(opening)
    assert new_game(catalog, 3, 22, opening=opening).deck != one.deck, "the seed still shuffles"
    assert new_game(catalog, 3, 21, opening=()) == new_game(catalog, 3, 21)


def test_r2_1_a_bad_opening_is_refused_saying_why():
    """R2.1 the opening display has 2 rows of display.columns slots, one copy of each card."""
    catalog = base()
    card = sorted(catalog.cards)[0]
    with pytest.raises(SetupError, match=r"the pack has no feature card 'no_such_card'"):
        new_game(catalog, 2, 1, opening=("no_such_card",))
    with pytest.raises(SetupError, match=rf"did you mean {card}"):
        new_game(catalog, 2, 1, opening=(card[:-1] + "x",))
    with pytest.raises(SetupError, match=rf"card '{card}' is named twice"):
        new_game(catalog, 2, 1, opening=(card, "", card))
    nine = tuple(sorted(catalog.cards)[:9])
    with pytest.raises(SetupError, match=r"the opening display has 8 slots \(2 rows of 4\), not 9"):
        new_game(catalog, 2, 1, opening=nine)
    with pytest.raises(SetupError):
        check_opening(catalog, (card, card))
    check_opening(catalog, nine[:8])
