"""What the table says to the seat to play (Qt-free): the turn panel's prompt, the final round
banner and the words of a final movement's moves."""

from __future__ import annotations

import html
from collections.abc import Sequence

from smqt.engine.entryrules import count
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
from smqt.ui.game.interaction import Highlights
from smqt.ui.game.logtext import KIND_WORDS, card_name, still_to_play


def prompt(state: GameState, names: Sequence[str], *, ai: bool, interactive: bool,
           waiting_end: bool, confirm_end: bool, h: Highlights, reward: str = "") -> str:
    """The turn panel's sentence (rich text) for the seat to play; ``reward``: what taking
    the picked card would earn from the food truck or the foodie."""
    if state.phase == OVER:
        return ("The game is over. The scorepad (Ctrl+P) shows who won and every point; a "
                "click on a log line shows that moment of the game.")
    name = names[state.current]
    who = f"<b>{html.escape(name)}</b>"
    if ai:
        return f"{who} (AI) is thinking…"
    if not interactive:
        return f"{who} to play."
    phase = state.phase
    if phase == CHOOSE_TILE:
        return f"{who}, choose your starting tile (players choose in reverse turn order)."
    if phase == PLACE_TRUCK:
        return (f"{who}, put the food truck under a column: click “truck here”. "
                f"The foodie goes {state.rules.foodie_offset} columns further. "
                f"{html.escape(names[state.start_player])} plays first.")
    if phase in (ACQUIRE, PLACE):
        if h.selected_slot is not None:
            extra = f" {html.escape(reward)}" if reward else ""
            return (f"{who}, click a highlighted space in your city to build the card; each "
                    f"shows the points it would score there (Esc: put it back).{extra}")
        if phase == PLACE:
            sd = state.catalog.sand_dollar_actions[state.bought or ""]
            return (f"{who}, {html.escape(sd.name)}: pick a highlighted display card, then where "
                    f"it goes ({state.to_place} to take).")
        return (f"{who}, pick a highlighted front-row card, then a highlighted space in your city, "
                f"or buy a highlighted sand dollar action.")
    if phase == REWARD:
        return f"{who}, choose your food truck and foodie reward."
    if phase == SWAP:
        if h.selected_card is not None:
            return f"{who}, click the card to swap it with (same row), or click it again to cancel."
        return f"{who}, you may swap two cards of one row: click one, then the other, or No swap."
    if phase == MOVE:
        if waiting_end:
            return f"{who}: no moves left. <b>End turn (E)</b> or Undo (Ctrl+Z)."
        if confirm_end:
            return (f"{who}, you still have moves left. Click “Confirm: end turn” (or E again) to "
                    f"give them up.")
        if h.selected_person is not None:
            if h.path:
                stop = " or Stop here (S)" if h.can_stop else ""
                return (f"{who}, walk on: click the next highlighted space{stop}. Dashed "
                        f"footprints show where footprints land.")
            return_hint = " or Return to supply (R)" if h.can_return else ""
            kind = state.players[state.current].people.get(h.selected_person, ("", None))[0]
            if kind == "vip":
                return (f"{who}, the VIP walks one step at a time: click the next highlighted "
                        f"space{return_hint} (Esc: cancel).")
            return (f"{who}, click the highlighted space where this {KIND_WORDS.get(kind, 'person')}"
                    f" should end: they go straight there{return_hint} (Esc: cancel).")
        return (f"{who}, use your moves: click (or drag) a highlighted person, then a highlighted "
                f"space. End turn (E) when you are done.")
    if phase == FINAL:
        if waiting_end:
            return (f"{who}: nobody else can move. Check the moves below, then "
                    f"<b>Done (D)</b>, or take one back.")
        final = state.rules.final_move
        return (f"{who}, final movement: each person may move once (locals "
                f"{count(final.local, 'space')}, tourists {count(final.tourist, 'space')}, VIPs "
                f"{count(final.vip, 'space')}). Move them by hand, or let “Best final movement (F)” "
                f"place the rest; then Done (D).")
    return f"{who} to play."


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
        return (f"Final movement: {name} moves now. Everyone moves in turn: "
                f"{', '.join(order)}.")
    last = (f"{name}, this is your last turn." if kinds[current] == "human"
            else f"{name} plays a last turn.")
    after = still_to_play(state, current)
    then = (f" Still to play after: {', '.join(names[p] for p in after)}; then the final "
            f"movement." if after else " Then the final movement.")
    by = f"{names[trigger]} has {count(state.players[trigger].card_count(), 'card')}. " \
        if trigger is not None else ""
    return f"Final round — {by}{last}{then}"


def final_step_words(state: GameState, player: int, kind: str, origin: tuple[int, int],
                     path: Sequence[tuple[int, int]]) -> str:
    """``local: Surf Shack → Pier``."""
    return (f"{KIND_WORDS[kind]}: {card_name(state, player, origin)} → "
            f"{card_name(state, player, path[-1])}")
