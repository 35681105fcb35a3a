"""End of the game: trigger, final round, final movement (R9)."""

from __future__ import annotations

import attrs

from smqt.engine.content import FinalMove as FinalMoveRules
from smqt.engine.state import ACQUIRE, FINAL, OVER
from tests.support import act, in_turn, lab, legal_texts, player, position

STREET = ["lab_local", "lab_local2", "lab_tourist", "lab_business2", "lab_nature",
          "lab_nature_b", "lab_plain", "lab_adj", "lab_adj_self", "lab_adj_all", "lab_adj_ring",
          "lab_not_adj_ring", "lab_gives_sd"]


def thirteen(players=2, current=0, start=0, catalog=None):
    """Player 0 has 13 feature cards; it is ``current``'s turn."""
    cards = {f"street:{i + 1}": card for i, card in enumerate(STREET)}
    tables = [player(tile="outdoors", cards=cards), player(tile="surfer"),
              player(tile="shopper"), player(tile="spots")][:players]
    state = position(catalog or lab(), *tables, start_player=start)
    in_turn(state, front=["lab_wave", "lab_chain", "lab_tourist", None],
            back=[None] * 4, current=current, truck=3, foodie=3,
            sand_dollar_actions=("two_front", "back_row"))
    state.deck = ["lab_wave2", "lab_beach_nature", "lab_beach_plain"]
    return state


def test_r9_1_fourteenth_card_finishes_the_round():
    """R9.1 a player ending a turn with 14 cards triggers the end; the round is finished."""
    state = thirteen(players=3, current=0, start=0)
    act(state, "take front:0 beach:1")
    assert state.triggered and state.phase == ACQUIRE and state.current == 1
    act(state, "take front:0 beach:1")
    assert state.phase == ACQUIRE and state.current == 2, "the last player still plays"
    act(state, "take front:0 beach:1")
    assert state.phase in (FINAL, OVER)


def test_r9_1_trigger_on_the_last_players_turn_ends_after_it():
    """R9.1 if the trigger happens on the last player's turn, the game ends after it."""
    state = thirteen(players=2, current=0, start=1)  # player 0 is the last player
    act(state, "take front:0 beach:1")
    assert state.phase in (FINAL, OVER)


def test_r9_1_the_tile_does_not_count():
    """R9.1 the starting tile is not one of the 14 cards."""
    state = thirteen()
    assert state.players[0].card_count() == 13
    act(state, "take front:0 beach:1")
    assert state.players[0].card_count() == 14 and state.triggered


def test_r12_1_house_rule_cards_to_end():
    """R12.1 a pack's rules table changes the trigger (cards_to_end = 12)."""
    rules = attrs.evolve(lab().rules, cards_to_end=12)
    state = thirteen(catalog=lab().with_rules(rules))
    state.players[0].city.pop((1, 13))
    state.players[0].city.pop((1, 12))
    act(state, "take front:0 beach:1")
    assert state.players[0].card_count() == 12 and state.triggered


def final_state(catalog=None):
    cards = {"street:1": "lab_local", "street:2": "lab_tourist", "street:3": "lab_plain",
             "street:4": "lab_nature"}
    state = position(catalog or lab(), player(tile="outdoors", cards=cards,
                                              people={"street:0": ["local", "tourist", "vip"]}),
                     phase="final")
    return state


def test_r9_2_final_movement_distances_and_each_person_once():
    """R9.2 tourists and VIPs up to 1 space, locals up to 3; each person moves once."""
    state = final_state()
    assert state.phase == FINAL and state.current == 0
    by_person: dict[str, set[str]] = {}
    for text in legal_texts(state):
        if text.startswith("final"):
            by_person.setdefault(text.split()[1], set()).add(text.split()[-1])
    assert by_person["p1"] == {"beach:0", "street:1", "street:2", "street:3"}
    assert by_person["p2"] == {"beach:0", "street:1"}
    assert by_person["p3"] == {"beach:0", "street:1"}
    act(state, "final p1 street:3")
    assert not any(t.startswith("final p1 ") for t in legal_texts(state))
    act(state, "done")
    assert state.phase == OVER, "the other player has nobody to move"


def test_r9_2_final_distances_are_rules_parameters():
    """R9.2, R12.1 final_move distances come from the rules table."""
    rules = attrs.evolve(lab().rules, final_move=FinalMoveRules(local=1, tourist=2, vip=0))
    state = final_state(lab().with_rules(rules))
    texts = legal_texts(state)
    assert not any(t.startswith("final p3 ") for t in texts), "VIPs may not move"
    assert "final p2 street:2" in texts and "final p1 street:2" not in texts
