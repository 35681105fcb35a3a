"""What the table says to the seat to play (Qt-free): the turn panel's prompt (one entry per
phase that asks for an action, ``PHASE_PROMPTS``), the final round banner and the words of a
final movement's moves."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import attrs

from smqt.engine.state import (
    ACQUIRE,
    CHOOSE_TILE,
    FINAL,
    MOVE,
    OVER,
    PLACE,
    PLACE_TRUCK,
    REWARD,
    SWAP,
    GameState,
)
from smqt.language.translate import N_, _, ngettext
from smqt.ui.game.interaction import Highlights
from smqt.ui.game.logtext import card_name, still_to_play

WALK_WORDS = {
    ("local", False): N_("{who}, click the highlighted space where this local should end: they go "
                         "straight there (Esc: cancel)."),
    ("local", True): N_("{who}, click the highlighted space where this local should end: they go "
                        "straight there or Return to supply (R) (Esc: cancel)."),
    ("tourist", False): N_("{who}, click the highlighted space where this tourist should end: "
                           "they go straight there (Esc: cancel)."),
    ("tourist", True): N_("{who}, click the highlighted space where this tourist should end: "
                          "they go straight there or Return to supply (R) (Esc: cancel)."),
    ("person", False): N_("{who}, click the highlighted space where this person should end: they "
                          "go straight there (Esc: cancel)."),
    ("person", True): N_("{who}, click the highlighted space where this person should end: they "
                         "go straight there or Return to supply (R) (Esc: cancel)."),
}
"""The prompt while a person (not a VIP) is picked up, by kind and whether they may go home."""
STEP_KIND_WORDS = {"local": N_("local"), "tourist": N_("tourist"), "vip": N_("VIP")}


def _spaces(n: int) -> str:
    return ngettext("{n} space", "{n} spaces", n).format(n=n)


@attrs.frozen
class Asking:
    """What a phase's prompt reads: the game, whose turn it is (rich text), the seats' names
    and what the table shows now."""

    state: GameState
    names: Sequence[str]
    who: str
    h: Highlights
    waiting_end: bool
    confirm_end: bool
    reward: str
    """What taking the picked card would earn from the food truck or the foodie."""


def prompt(state: GameState, names: Sequence[str], *, ai: bool, interactive: bool,
           waiting_end: bool, confirm_end: bool, h: Highlights, reward: str = "") -> str:
    """The turn panel's sentence (rich text) for the seat to play; ``reward``: what taking
    the picked card would earn from the food truck or the foodie."""
    if state.phase == OVER:
        return _("The game is over. The scorepad (Ctrl+P) shows who won and every point; a "
                 "click on a log line shows that moment of the game.")
    name = names[state.current]
    who = f"<b>{html.escape(name)}</b>"
    if ai:
        return _("{who} (AI) is thinking…").format(who=who)
    if not interactive:
        return _("{who} to play.").format(who=who)
    ask = PHASE_PROMPTS.get(state.phase)
    if ask is None:
        return _("{who} to play.").format(who=who)
    return ask(Asking(state, names, who, h, waiting_end, confirm_end, reward))


def _tile_prompt(a: Asking) -> str:
    return _("{who}, choose your starting tile (players choose in reverse turn order)."
             ).format(who=a.who)


def _truck_prompt(a: Asking) -> str:
    return _("{who}, put the food truck under a column: click “truck here”. The foodie goes "
             "{offset} columns further. {first} plays first.").format(
        who=a.who, offset=a.state.rules.foodie_offset,
        first=html.escape(a.names[a.state.start_player]))


def _card_prompt(a: Asking) -> str:
    who, state = a.who, a.state
    if a.h.selected_slot is not None:
        if a.reward:
            return _("{who}, click a highlighted space in your city to build the card; each "
                     "shows the points it would score there (Esc: put it back). {reward}"
                     ).format(who=who, reward=html.escape(a.reward))
        return _("{who}, click a highlighted space in your city to build the card; each "
                 "shows the points it would score there (Esc: put it back).").format(who=who)
    if state.phase == PLACE:
        sd = state.catalog.sand_dollar_actions[state.bought or ""]
        return _("{who}, {action}: pick a highlighted display card, then where it goes "
                 "({n} to take).").format(who=who, action=html.escape(sd.name),
                                          n=state.to_place)
    return _("{who}, pick a highlighted front-row card, then a highlighted space in your "
             "city, or buy a highlighted sand dollar action.").format(who=who)


def _reward_prompt(a: Asking) -> str:
    return _("{who}, choose your food truck and foodie reward.").format(who=a.who)


def _swap_prompt(a: Asking) -> str:
    if a.h.selected_card is not None:
        return _("{who}, click the card to swap it with (same row), or click it again to "
                 "cancel.").format(who=a.who)
    return _("{who}, you may swap two cards of one row: click one, then the other, or No "
             "swap.").format(who=a.who)


def _move_prompt(a: Asking) -> str:
    who, h = a.who, a.h
    if a.waiting_end:
        return _("{who}: no moves left. <b>End turn (E)</b> or Undo (Ctrl+Z).").format(who=who)
    if a.confirm_end:
        return _("{who}, you still have moves left. Click “Confirm: end turn” (or E again) "
                 "to give them up.").format(who=who)
    if h.selected_person is not None:
        if h.path:
            if h.can_stop:
                return _("{who}, walk on: click the next highlighted space or Stop here (S). "
                         "Dashed footprints show where footprints land.").format(who=who)
            return _("{who}, walk on: click the next highlighted space. Dashed footprints "
                     "show where footprints land.").format(who=who)
        state = a.state
        kind = state.players[state.current].people.get(h.selected_person, ("", None))[0]
        if kind == "vip":
            if h.can_return:
                return _("{who}, the VIP walks one step at a time: click the next "
                         "highlighted space or Return to supply (R) (Esc: cancel)."
                         ).format(who=who)
            return _("{who}, the VIP walks one step at a time: click the next highlighted "
                     "space (Esc: cancel).").format(who=who)
        words = kind if kind in ("local", "tourist") else "person"  # not translated: a key
        return _(WALK_WORDS[words, bool(h.can_return)]).format(who=who)
    return _("{who}, use your moves: click (or drag) a highlighted person, then a "
             "highlighted space. End turn (E) when you are done.").format(who=who)


def _final_prompt(a: Asking) -> str:
    if a.waiting_end:
        return _("{who}: nobody else can move. Check the moves below, then <b>Done (D)</b>, "
                 "or take one back.").format(who=a.who)
    final = a.state.rules.final_move
    # Translators: {local}, {tourist} and {vip} are distances such as "2 spaces"
    return _("{who}, final movement: each person may move once (locals {local}, tourists "
             "{tourist}, VIPs {vip}). Move them by hand, or let “Best final movement (F)” "
             "place the rest; then Done (D).").format(
        who=a.who, local=_spaces(final.local), tourist=_spaces(final.tourist),
        vip=_spaces(final.vip))


PHASE_PROMPTS: dict[str, Callable[[Asking], str]] = {
    CHOOSE_TILE: _tile_prompt,
    PLACE_TRUCK: _truck_prompt,
    ACQUIRE: _card_prompt,
    PLACE: _card_prompt,
    REWARD: _reward_prompt,
    SWAP: _swap_prompt,
    MOVE: _move_prompt,
    FINAL: _final_prompt,
}
"""The prompt of each phase that asks the seat for an action (the kinds it lists are the
engine's ``legal.PHASE_TYPES``): what to click now."""


def banner(state: GameState, names: Sequence[str], kinds: Sequence[str],
           trigger: int | None) -> str:
    """The final round banner: whose last turn this is and who still plays (R9.1), or the
    final movement's order (R9.4); empty when neither applies."""
    if state.phase == OVER or not (state.triggered or state.phase == FINAL):
        return ""
    current = state.current
    name = names[current]
    if state.phase == FINAL:
        order = [names[(state.start_player + i) % state.num_players]
                 for i in range(state.num_players)]
        return _("Final movement: {name} moves now. Everyone moves in turn: {order}.").format(
            name=name, order=", ".join(order))
    sentences = []
    if trigger is not None:
        cards = state.players[trigger].card_count()
        sentences.append(ngettext("{name} has {n} card.", "{name} has {n} cards.", cards).format(
            name=names[trigger], n=cards))
    sentences.append(_("{name}, this is your last turn.").format(name=name)
                     if kinds[current] == "human"
                     else _("{name} plays a last turn.").format(name=name))
    after = still_to_play(state, current)
    sentences.append(_("Still to play after: {names}; then the final movement.").format(
        names=", ".join(names[p] for p in after)) if after else _("Then the final movement."))
    # Translators: {sentences}: who triggered the end, whose last turn it is, who still plays
    return _("Final round — {sentences}").format(sentences=" ".join(sentences))


def final_step_words(state: GameState, player: int, kind: str, origin: tuple[int, int],
                     path: Sequence[tuple[int, int]]) -> str:
    """``local: Surf Shack → Pier``."""
    return (f"{_(STEP_KIND_WORDS[kind])}: {card_name(state, player, origin)} → "
            f"{card_name(state, player, path[-1])}")


