"""Issue 30: the table played from the keyboard alone. Tab and the arrow keys mark a legal
target of the step, Enter chooses it, Esc steps back, and the turn's commands have their keys;
a whole 2-player game is played with key events only, reading the rules of the cards the mark
brings into the detail pane (run it under a real X server with QT_QPA_PLATFORM=xcb)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from smqt.engine.state import ACQUIRE, FINAL, MOVE, SWAP
from smqt.pack.shipped import default_pack
from smqt.ui.game.interaction import Highlights
from smqt.ui.game.keyfocus import KeyFocus, targets
from smqt.ui.shell.newgame import GameOptions
from smqt.ui.table.focusring import FocusRing

pytestmark = pytest.mark.gui

K = Qt.Key


def rings(scene) -> list[FocusRing]:
    return [item for item in scene.items() if isinstance(item, FocusRing)]


def person_against_ai(window, seed: int = 11) -> None:
    window.menus.set_pace(0)
    window.new_game(GameOptions((("Ann", "human"), ("Bo", "random")), seed, default_pack()))


def wait_for_ann(qtbot, window) -> None:
    ctrl = window.controller
    qtbot.waitUntil(lambda: ctrl.state.is_over or bool(ctrl.legal()), timeout=60_000)


# ================================================================== the order of targets


def test_the_targets_that_finish_a_half_made_choice_come_first_and_take_the_mark():
    h = Highlights(slots={(0, 1), (1, 0)}, sand_dollar_actions={"sd"})
    focus = KeyFocus()
    focus.update(h)
    assert focus.targets == [("slot", (1, 0)), ("slot", (0, 1)), ("sand_dollar", "sd")]
    assert focus.current == ("slot", (1, 0))  # the back row first: it is drawn on top
    focus.step(1)
    assert focus.current == ("slot", (0, 1))
    picked = Highlights(slots=h.slots, selected_slot=(0, 1), spaces={(0, 2), (1, 1)},
                        sand_dollar_actions={"sd"})
    focus.update(picked)
    assert focus.current == ("space", (0, 2))  # the mark jumps to where the card may go
    assert targets(picked)[0] == [("space", (0, 2)), ("space", (1, 1))]
    focus.step(-1)
    assert focus.current == ("sand_dollar", "sd")  # round the end
    focus.update(picked)
    assert focus.current == ("sand_dollar", "sd")  # kept while it is still a target


def test_an_arrow_key_marks_the_nearest_target_that_way():
    h = Highlights(slots={(1, 0), (1, 1), (0, 0), (0, 1)})
    places = {("slot", (1, 0)): (0, 0), ("slot", (1, 1)): (100, 0),
              ("slot", (0, 0)): (0, 150), ("slot", (0, 1)): (100, 150)}
    focus = KeyFocus()
    focus.update(h)
    assert focus.current == ("slot", (1, 0))
    assert focus.toward(1, 0, places.get) == ("slot", (1, 1))
    assert focus.toward(0, 1, places.get) == ("slot", (0, 1))  # straight down, not across
    assert focus.toward(-1, 0, places.get) == ("slot", (0, 0))
    assert focus.toward(0, -1, places.get) == ("slot", (1, 0))


# ================================================================== on the table


def test_tab_shows_a_ring_on_a_legal_target_and_enter_chooses_it(qtbot, window):
    person_against_ai(window)
    wait_for_ann(qtbot, window)
    ctrl = window.controller
    assert not rings(window.widgets.display_scene)  # no ring before a key of the keyboard's play
    qtbot.keyClick(window, K.Key_Tab)
    marked = window.session.key_focus.current
    assert marked is not None and marked[0] in ("tile", "slot")
    ring = rings(window.widgets.display_scene)
    assert len(ring) == 1
    assert ring[0].sceneBoundingRect().contains(window.widgets.display_scene.rect_of(marked))
    assert "Marked:" in window.widgets.status.text()
    first = marked
    qtbot.keyClick(window, K.Key_Right)
    marked = window.session.key_focus.current
    assert marked is not None and marked != first
    moves = len(ctrl.game.actions)
    qtbot.keyClick(window, K.Key_Return)
    if marked[0] == "slot":  # a card was picked: the mark is on a space it may go to
        assert window.session.interaction.slot == marked[1]
        assert window.session.key_focus.current[0] == "space"
        assert rings(window.widgets.city_scene)
        qtbot.keyClick(window, K.Key_Escape)  # Esc puts the card back
        assert window.session.interaction.slot is None
    else:
        assert len(ctrl.game.actions) == moves + 1
    window.widgets.city_scene.clicked.emit("space", (5, 5))  # the mouse plays: the ring goes
    assert not rings(window.widgets.display_scene) and not rings(window.widgets.city_scene)


def test_the_turn_panel_shows_the_keys_of_the_step(qtbot, window):
    person_against_ai(window)
    wait_for_ann(qtbot, window)
    keys = window.widgets.turn_panel.keys
    assert keys.isVisible()
    assert "Tab" in keys.text() and "Enter" in keys.text() and "H" in keys.text()
    names = [a.text() for a in window.keys.key_actions]
    assert any("Choose the marked target" in n for n in names)


def play_one_step(qtbot, window, rng: random.Random) -> None:
    """One key-only decision of Ann: a command key when the step has one and the dice say
    so, else Tab a few times and Enter."""
    ctrl = window.controller
    h = window.session.interaction.highlights()
    phase = ctrl.state.phase
    if phase == FINAL and h.can_finish_final and rng.random() < 0.4:
        qtbot.keyClick(window, K.Key_D)
        return
    if phase == MOVE and h.can_end and (rng.random() < 0.25 or not window.session.key_focus.targets):
        qtbot.keyClick(window, K.Key_E)
        return
    if phase == SWAP and h.can_noswap and rng.random() < 0.5:
        qtbot.keyClick(window, K.Key_N)
        return
    if not window.session.key_focus.targets:
        key = {FINAL: K.Key_D, MOVE: K.Key_E, SWAP: K.Key_N}.get(phase)
        assert key is not None, f"nothing to mark and no command at {phase}"
        qtbot.keyClick(window, key)
        return
    for _ in range(rng.randrange(4)):
        qtbot.keyClick(window, rng.choice((K.Key_Tab, K.Key_Right, K.Key_Down, K.Key_Left)))
    qtbot.keyClick(window, K.Key_Return)
    if not window.session.key_focus.visible:
        raise AssertionError("Enter should leave the mark shown")


def test_a_whole_two_player_game_with_key_events_only(qtbot, window):
    """Ann plays every decision of a whole game from the keyboard (Bo is the random AI); no
    mouse event is sent."""
    import html

    from smqt.ui.panels.side import entry_words

    person_against_ai(window, seed=23)
    window.activateWindow()  # under a real X server the keys' shortcuts need the window active
    qtbot.waitUntil(window.isActiveWindow)
    ctrl = window.controller
    rng = random.Random(5)
    read: list[str] = []  # the rules of each card the mark brought into the detail pane
    inspector = window.widgets.inspector

    def shown(entry: object) -> None:
        words = entry_words(entry)
        if words:
            assert html.escape(words[0]) in inspector.text.text(), "the pane shows its rules"
            read.append(words[0])

    window.keys.inspect.connect(shown)
    for _ in range(6000):
        if ctrl.state.is_over:
            break
        wait_for_ann(qtbot, window)
        if ctrl.state.is_over:
            break
        play_one_step(qtbot, window, rng)
    assert ctrl.state.is_over, f"the game did not end: at {ctrl.state.phase}"
    assert len(set(read)) >= 5, f"the keyboard's mark showed the rules of {read}"
    ann = ctrl.state.players[0]
    assert len([fid for fid in ann.city.values() if fid in ctrl.state.catalog.cards]) >= 5
    assert ann.people, "Ann's moves placed people in her city"
    qtbot.waitUntil(lambda: window.widgets.pages.currentIndex() == 1)  # the scorepad


def test_a_new_game_starts_with_no_mark_of_the_last_one(qtbot, window):
    person_against_ai(window)
    wait_for_ann(qtbot, window)
    qtbot.keyClick(window, K.Key_Tab)
    assert rings(window.widgets.display_scene)
    person_against_ai(window, seed=12)
    assert not window.session.key_focus.visible
    assert not rings(window.widgets.display_scene) and not rings(window.widgets.city_scene)


# ================================================================== issue 42


def test_after_a_person_is_chosen_the_arrows_move_among_their_targets():
    """Up jumped to the other VIP (and Enter then chose it instead): the arrows stay on the
    chosen person's next spaces; Tab still goes round every target."""
    chosen = Highlights(people={1, 2}, selected_person=1, spaces={(0, 1), (0, 3)})
    places = {("space", (0, 1)): (100.0, 300.0), ("space", (0, 3)): (300.0, 300.0),
              ("person", 1): (100.0, 200.0), ("person", 2): (300.0, 100.0)}
    focus = KeyFocus()
    focus.update(chosen)
    assert focus.current == ("space", (0, 1))
    focus.toward(0, -1, places.get)  # up: the other VIP lies that way
    assert focus.current[0] == "space", "the mark stays among the chosen person's spaces"
    focus.current = ("space", (0, 1))
    focus.toward(1, 0, places.get)
    assert focus.current == ("space", (0, 3))
    focus.step(1)
    assert focus.current[0] == "person", "Tab goes on to every target"


def test_the_detail_pane_follows_the_keyboards_mark(qtbot, window):
    person_against_ai(window)
    wait_for_ann(qtbot, window)
    inspector = window.widgets.inspector
    seen = []
    window.keys.inspect.connect(seen.append)
    for _ in range(3):
        qtbot.keyClick(window.widgets.city_view, K.Key_Tab)
    assert seen and inspector.entry is seen[-1], "the marked card's rules are in the pane"
    # a whole turn by keys; at Ann's next turn the mark went to a card by itself: the pane too
    ctrl = window.controller
    rng = random.Random(2)

    def ann_takes_a_card() -> bool:
        return ctrl.state.current == 0 and ctrl.state.phase == ACQUIRE and bool(ctrl.legal())

    def to_anns_card() -> None:
        for _ in range(500):
            if ann_takes_a_card():
                return
            if ctrl.legal():  # the starting tiles and placements, the moves
                play_one_step(qtbot, window, rng)
            else:
                qtbot.wait(5)  # Bo's turn

    to_anns_card()
    assert ann_takes_a_card()
    ann_turn = ctrl.state.turn
    for _ in range(50):  # Ann's turn to its end by keys, then Bo's, to Ann's next card
        if ctrl.state.turn != ann_turn:
            to_anns_card()
            break
        if ctrl.legal():
            play_one_step(qtbot, window, rng)
        else:
            qtbot.wait(5)
    assert ann_takes_a_card() and ctrl.state.turn != ann_turn
    focus = window.session.key_focus
    assert focus.visible and focus.current is not None and focus.current[0] == "slot"
    marked = window.widgets.display_scene.entry_of(focus.current)
    assert marked is not None and inspector.entry is marked, "the pane follows the mark"


def test_the_ring_stands_out_on_every_ground_at_every_zoom():
    """One of the ring's two tones contrasts at least 3:1 (WCAG 2.1, 1.4.11: a component
    against what is next to it) with every ground it can sit on, and neither gets thinner
    than a few pixels on the screen when the city is zoomed out."""
    from smqt.render.cardface import OCEAN, OCEAN_DEEP, SAND, STREET, WOOD
    from smqt.ui.panels.side import PLAYER_COLOURS
    from smqt.ui.table.focusring import (
        DARK,
        LEAST_DARK_PX,
        LEAST_LIGHT_PX,
        LIGHT,
        widths,
    )
    from smqt.ui.table.items import HINT, RECENT, SELECTABLE, SELECTED
    from smqt.ui.table.scenes import PAVEMENT, SEA, SHORE

    def luminance(colour) -> float:  # type: ignore[no-untyped-def]
        def part(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        return 0.2126 * part(colour.redF()) + 0.7152 * part(colour.greenF()) + \
            0.0722 * part(colour.blueF())

    def contrast(a, b) -> float:  # type: ignore[no-untyped-def]
        high, low = sorted((luminance(a), luminance(b)), reverse=True)
        return (high + 0.05) / (low + 0.05)

    from PySide6.QtGui import QColor
    grounds = [SEA, SHORE, PAVEMENT, OCEAN, OCEAN_DEEP, SAND, STREET, WOOD, SELECTABLE, SELECTED,
               RECENT, HINT, QColor("#ffffff"), QColor("#e6e6e6"), QColor("#000000"),
               *(QColor(c) for c in PLAYER_COLOURS)]
    weak = [g.name() for g in grounds if max(contrast(DARK, g), contrast(LIGHT, g)) < 3.0]
    assert not weak
    for scale in (1.0, 0.6, 0.35, 0.2):
        dark, light = widths(scale)
        assert dark * scale >= LEAST_DARK_PX - 1e-9 and light * scale >= LEAST_LIGHT_PX - 1e-9
    assert widths(1.0) == (9.0, 4.0), "at full size the ring is as it was"
