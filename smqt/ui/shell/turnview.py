"""What the table window shows about the turn: the turn panel (prompt, reason, allowances,
final moves, buttons), the tips of the sand dollar actions, the placement previews, the final
movement's arrows and the last move's outline, all read from the controller and the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QKeySequence

from smqt.engine import explain
from smqt.engine.actions import Buy, FinalMove, MovePerson, ReturnPerson, Swap, Take
from smqt.engine.scorewords import line_change_words
from smqt.engine.scoring import score_game
from smqt.engine.state import FINAL, MOVE, SWAP, GameState
from smqt.language.translate import _, ngettext
from smqt.ui.game.interaction import Highlights
from smqt.ui.game.preview import Preview, move_previews, placement_previews
from smqt.ui.game.prompts import final_step_words, prompt
from smqt.ui.panels.turnpanel import TurnPanel
from smqt.ui.table.scenes import Recent

if TYPE_CHECKING:
    from smqt.ui.shell.session import TableSession


class TurnView:
    """The turn's panel and the previews the table draws for the turn (a part of the table
    window, given the session and the turn panel)."""

    def __init__(self, session: TableSession, turn_panel: TurnPanel) -> None:
        self.session = session
        self.turn_panel = turn_panel
        self.previews: dict = {}
        self.previews_for: object = None
        self.gains: dict = {}
        self.gains_for: tuple | None = None
        """The person's move previews, and the choice they were worked out for."""

    def forget(self) -> None:
        """The game moved on (or an undo came): the previews worked out are no longer true."""
        self.previews_for = None
        self.gains_for = None

    def buy_tips(self, state: GameState, interactive: bool) -> dict[str, str]:
        """Per sand dollar action: what a click does now, or the engine's reason why not."""
        if not interactive:
            return {}
        tips = {}
        for action_id in state.sand_dollar_actions:
            reason = explain.why_not(state, Buy(action_id))
            cost = state.catalog.sand_dollar_actions[action_id].cost
            tips[action_id] = reason or ngettext("Click to pay {count} sand dollar for it.",
                                                 "Click to pay {count} sand dollars for it.",
                                                 cost).format(count=cost)
        return tips

    def _picked_reward(self, h: Highlights) -> str:
        """What the food truck or the foodie gives for the picked card (the same for every
        space, read from the previews' engine events)."""
        if h.selected_slot is None or self.previews_for != h.selected_slot:
            return ""
        return next((preview[2] for preview in self.previews.values()), "")

    @staticmethod
    def _preview_words(state: GameState, p: Preview) -> str:
        return "\n".join(line_change_words(state.catalog, line, delta)
                         for line, delta in p.lines) or _("Scores nothing now")

    def move_gains(self, state: GameState, pid: int | None = None) -> dict:
        """Per space the chosen person (or ``pid``, being dragged) may end on: the points the
        move would win or lose, and why (the engine's score sheet before and after)."""
        it = self.session.interaction
        key = (pid, it.person, it.path, it.allowance)
        if key != self.gains_for:
            self.gains = {space: (p.gain, self._preview_words(state, p)) for space, p in
                          move_previews(state, it.moves_ending(pid)).items()}
            self.gains_for = key
        return self.gains

    def placement_previews(self, state: GameState, h: Highlights) -> dict:
        """The points the picked card would score on each offered space (engine score sheet)."""
        if h.selected_slot is None:
            return {}
        key = h.selected_slot
        if key != self.previews_for:
            previews = placement_previews(state, h.selected_slot, self.session.interaction.legal)
            self.previews = {
                space: (p.gain, self._preview_words(state, p), p.reward, p.on_space(space))
                for space, p in previews.items()}
            self.previews_for = key
        return self.previews

    def arrows(self, state: GameState) -> list:
        ctrl = self.session.controller
        if ctrl is None or state.phase != FINAL or self.session.shown != state.current:
            return []
        return [(n, (step.origin, *step.move.path),
                 final_step_words(state, state.current, step.kind, step.origin, step.move.path))
                for n, step in enumerate(ctrl.final_steps(), start=1)]

    def recent(self, state: GameState) -> Recent:
        session = self.session
        ctrl = session.controller
        if ctrl is None or session.viewing is not None or not ctrl.game.actions:
            return Recent()
        last = ctrl.game.actions[-1]
        recent = Recent(session.last_seat)
        if session.last_seat != session.shown:
            return recent
        if isinstance(last, Take):
            recent.spaces.add(last.space)
        elif isinstance(last, Swap):
            recent.spaces.update((last.a, last.b))
        elif isinstance(last, MovePerson | FinalMove):
            recent.people.add(last.person)
        return recent

    def update(self, h: Highlights, interactive: bool = True) -> None:
        session = self.session
        ctrl = session.controller
        assert ctrl is not None
        state = session.state()
        tp = self.turn_panel
        live = session.viewing is None
        it = session.interaction
        seat = ctrl.seats[state.current]
        waiting = live and ctrl.awaiting_end
        tp.prompt.setText(
            _("Looking back at an earlier moment. Click “Back to the game” to play on.")
            if not live else
            prompt(state, ctrl.names, ai=seat.is_ai, interactive=interactive, waiting_end=waiting,
                   confirm_end=session.confirm_end, h=h, reward=self._picked_reward(h)))
        tp.show_reason(it.reason if interactive else None)
        names = {"foodie": _("Foodie"), "reward": _("Food truck + foodie")}
        for cid, card in state.catalog.cards.items():
            names[cid] = card.name
        for aid, sd in state.catalog.sand_dollar_actions.items():
            names[aid] = sd.name
        usable = {a.allowance for a in it.legal
                  if isinstance(a, MovePerson | ReturnPerson)} if interactive else None
        idle = {index: why for index in range(len(state.allowances))  # asked only of those unused
                if index not in usable and (why := explain.why_idle(state, index))
                } if usable is not None else None
        tp.show_allowances(state.allowances if state.phase == MOVE else [],
                           it.allowance, names, usable, idle)
        self._show_final_steps(state, interactive)
        tp.undo.setEnabled(live and ctrl.can_undo)
        tp.stop_here.setEnabled(interactive and h.can_stop)
        tp.return_person.setEnabled(interactive and h.can_return)
        tp.no_swap.setEnabled(interactive and h.can_noswap)
        tp.end_turn.setEnabled(interactive and h.can_end)
        tp.end_turn.setText(_("Confirm: end turn") if session.confirm_end else _("End turn"))
        final = interactive and state.phase == FINAL
        tp.auto_final.setEnabled(final and not waiting)
        tp.final_done.setEnabled(final and h.can_finish_final)
        for button in (tp.stop_here, tp.return_person):
            button.setVisible(state.phase in (MOVE, FINAL))
        tp.undo.show()
        tp.no_swap.setVisible(state.phase == SWAP)
        tp.end_turn.setVisible(state.phase == MOVE)
        tp.auto_final.setVisible(state.phase == FINAL)
        tp.final_done.setVisible(state.phase == FINAL)
        tp.scorepad.setVisible(live and state.is_over and session.score is not None)
        keys = self._key_line(h, interactive and live)
        tp.keys.setText(keys)
        tp.keys.setVisible(bool(keys))

    def _key_line(self, h: Highlights, interactive: bool) -> str:
        """The keys of this step: to mark and choose a target, and the turn's commands."""
        ctrl = self.session.controller
        if ctrl is None or not interactive:
            return ""
        parts = [_("Tab or an arrow key marks a target"), _("Enter chooses it"),
                 _("Esc steps back")]
        if h.can_stop:
            parts.append(_("S stops the walk"))
        if h.can_return:
            parts.append(_("R returns the person"))
        if h.can_noswap:
            parts.append(_("N: no swap"))
        if h.can_end:
            parts.append(_("E ends the turn"))
        if self.session.state().phase == FINAL:
            parts.append(_("F: best final movement"))
        if h.can_finish_final:
            parts.append(_("D: done"))
        if ctrl.can_undo:
            undo = QKeySequence(QKeySequence.StandardKey.Undo).toString(
                QKeySequence.SequenceFormat.NativeText)
            parts.append(_("{key} undoes").format(key=undo))
        if ctrl.can_hint():
            parts.append(_("H: a hint"))
        return _("Keys: {keys}").format(keys=" · ".join(parts))

    def _show_final_steps(self, state: GameState, interactive: bool) -> None:
        ctrl = self.session.controller
        if ctrl is None or not interactive or state.phase != FINAL:
            self.turn_panel.show_final_steps([], "")
            return
        steps = ctrl.final_steps()
        player = state.current
        total = score_game(state).sheets[player].total
        rows = [(final_step_words(state, player, step.kind, step.origin, step.move.path),
                 step.gain, step.move.person) for step in steps]
        if steps:
            start = steps[0].total - steps[0].gain
            # Translators: English says "points" for one too
            title = ngettext("Your final moves so far ({moves}): total {total} points ({change}). "
                             "Done keeps them.",
                             "Your final moves so far ({moves}): total {total} points ({change}). "
                             "Done keeps them.", total).format(
                moves=len(steps), total=total, change=f"{total - start:+d}")
        else:
            # Translators: English says "points" for one too
            title = ngettext("Your total now: {total} points.", "Your total now: {total} points.",
                             total).format(total=total)
        earlier = len(state.final_moved) - len(steps)
        if earlier > 0:  # made before the game was opened: in the record, no longer undoable
            title += " " + ngettext(
                "{count} move made before this game was opened stay as they are.",
                "{count} moves made before this game was opened stay as they are.",
                earlier).format(count=earlier)
        self.turn_panel.show_final_steps(rows, title)
