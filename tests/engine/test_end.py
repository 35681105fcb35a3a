"""End of the game: trigger, final round, final movement (R9)."""

from __future__ import annotations

import attrs

from smqt.engine.content import FinalMove as FinalMoveRules
from smqt.engine.finalmove import best_final_movement
from smqt.engine.game import Game, replay
from smqt.engine.rules import apply, awaiting_end
from smqt.engine.scoring import score_game
from smqt.engine.state import ACQUIRE, FINAL, OVER
from tests.support import act, base, in_turn, lab, legal_texts, player, position

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


def test_r9_4_final_movement_in_turn_order_from_the_start_player():
    """R9.4: with player 2 to start, the final movement goes 2, 3, 1, then the game is over."""
    tables = [player(tile=tile, cards={"street:1": card}, people={"street:0": ["local"]})
              for tile, card in (("outdoors", "lab_plain"), ("surfer", "lab_local"),
                                 ("shopper", "lab_tourist"))]
    state = position(lab(), *tables, phase="final", start_player=1)
    order = []
    while state.phase == FINAL:
        order.append(state.current)
        act(state, "done")
    assert order == [1, 2, 0]
    assert state.phase == OVER


def test_r9_4_footprint_supply_serves_the_final_movements_in_turn_order():
    """R9.4, R1.3, R7.5: one footprint left; the start player's VIP takes it, the next
    player's VIP walks onto a worthy space and gets none."""
    state = position(lab(),
                     player(tile="outdoors", cards={"street:1": "lab_nature"},
                            people={"street:0": ["vip"]}),
                     player(tile="surfer", cards={"street:1": "juice_bar"},
                            people={"street:0": ["vip"]}),
                     phase="final", start_player=1)
    state.supply["footprint"] = 1
    (second_vip,) = state.players[1].people
    (first_vip,) = state.players[0].people
    assert state.current == 1
    act(state, f"final p{second_vip} street:1")
    assert state.players[1].footprints == {(1, 1)}
    assert state.supply["footprint"] == 0
    assert state.current == 0, "nobody left to move: the next player's final movement begins"
    act(state, f"final p{first_vip} street:1")
    assert state.players[0].footprints == set()


def test_r9_4_automatic_final_movement_counts_later_players_as_they_stand():
    """R9.4, R9.3, R11.7 blue: player 1 keeps one tourist unplaced whatever it does; player 2
    stands with two unplaced tourists, so player 1's best final movement expects to be second
    (-2). Player 2 then puts one tourist in a ring: both have one unplaced, and player 1 ends on
    -4, which the automatic final movement could not know."""
    state = position(lab(),
                     player(tile="outdoors", people={"street:0": ["tourist"]}),
                     player(tile="surfer", cards={"street:1": "lab_ring_tourist"},
                            people={"street:0": ["tourist", "tourist"]}),
                     phase="final", start_player=0)
    penalty = lambda s: next(line.points for line in score_game(s).sheets[0].lines  # noqa: E731
                             if line.entry == "penalty")
    first = best_final_movement(state)
    assert first.moves == ()
    assert penalty(state) == -2
    assert first.total == score_game(state).sheets[0].total
    act(state, "done")
    second = best_final_movement(state)
    assert len(second.moves) == 1
    for move in second.moves:
        apply(state, move)
    act(state, "done")
    assert state.phase == OVER
    assert penalty(state) == -4


def test_r9_2_held_final_movement_waits_for_done():
    """R9.2: with ``hold`` the player whose last person has moved keeps the turn until
    ``done``; the record leaves that confirmation out and replays to the same state."""
    game = Game.new(base(), 2, 11)
    while game.state.phase != FINAL and not game.state.is_over:
        game.play(game.legal_actions()[0])
    assert game.state.phase == FINAL
    seat = game.state.current
    while not awaiting_end(game.state):
        move = next(a for a in game.legal_actions() if str(a).startswith("final"))
        game.play(move, hold=True)
        assert game.state.current == seat and game.state.phase == FINAL
    assert [str(a) for a in game.legal_actions()] == ["done"]
    recorded = len(game.actions)
    game.play(game.legal_actions()[0], hold=True)
    assert len(game.actions) == recorded
    again = replay(game.record, base())
    assert (again.state.phase, again.state.current) == (game.state.phase, game.state.current)
    assert [p.people for p in again.state.players] == [p.people for p in game.state.players]
