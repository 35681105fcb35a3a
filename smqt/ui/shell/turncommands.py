"""The table's turn commands: play an action, undo, end the turn, the walk's and the swap's
buttons, the final movement's, a reward's choice, an allowance chosen, a person taken back,
Esc; each plays through the controller, and a refusal is said in the engine's words."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from smqt.engine.actions import Action, MovePerson, ReturnPerson
from smqt.engine.state import FINAL
from smqt.language.translate import _
from smqt.ui.panels.popup import CardPopup
from smqt.ui.panels.turnpanel import TurnPanel

if TYPE_CHECKING:
    from smqt.ui.shell.session import TableSession

KEY_GRACE_S = 0.8
"""How long after a person's turn begins an End turn key is taken for a stray one."""


class TurnCommands(QObject):
    """The turn's commands (a part of the table window, given the session, the turn panel
    that shows a refusal, and the large card that Esc closes)."""

    def __init__(self, session: TableSession, turn_panel: TurnPanel, popup: CardPopup) -> None:
        super().__init__(session)
        self.session = session
        self.turn_panel = turn_panel
        self.popup = popup

    def play(self, action: Action | None) -> bool:
        """Play ``action`` (one of the live game's legal actions); None: say why not."""
        session = self.session
        if action is None:
            self.tell_refusal()
            return False
        if session.controller is None or session.viewing is not None:
            return False
        session.confirm_end = False
        played = session.controller.play(action)
        if played:
            session.played.emit()  # an earlier refusal and the AI turns before are old news
        else:
            session.refresh_wanted.emit()
        return played

    def tell_refusal(self) -> None:
        reason = self.session.interaction.reason
        self.turn_panel.show_reason(reason)
        if reason:
            self.session.say(reason)

    def tell_not_yours(self) -> None:
        """A click while nobody at the table may play: whose turn it is."""
        session = self.session
        ctrl = session.controller
        if ctrl is None or session.viewing is not None:
            return
        state = ctrl.state
        if state.is_over:
            text = _("The game is over: the scorepad (Ctrl+P) shows every point.")
        else:
            seat = ctrl.seats[state.current]
            text = (_("It is {name}'s turn (the AI is thinking).") if seat.is_ai
                    else _("It is {name}'s turn.")).format(name=seat.name)
        session.interaction.reason = text
        self.tell_refusal()

    def undo(self) -> None:
        session = self.session
        if session.controller is not None and session.viewing is None and \
                session.controller.undo():
            session.confirm_end = False

    def end_turn(self) -> None:
        session = self.session
        ctrl = session.controller
        if ctrl is None or session.viewing is not None or not session.live_legal():
            return
        if time.monotonic() - session.turn_started_at < KEY_GRACE_S and \
                ctrl.state.phase == "acquire":
            return  # an E pressed for the turn before (or during the AI's): not for this one
        it = session.interaction
        action = it.end_turn()
        if action is None:
            self.tell_refusal()
            return
        unused = any(isinstance(a, MovePerson | ReturnPerson) for a in it.legal)
        if unused and not session.confirm_end:
            session.confirm_end = True
            if it.person is not None:  # a half-made move goes with the others:
                it.clear()
            session.refresh_wanted.emit()  # its spaces and their points leave the table
            return
        self.play(action)

    def stop_here(self) -> None:
        self.play(self.session.interaction.stop_here())

    def return_person(self) -> None:
        self.play(self.session.interaction.return_person())

    def no_swap(self) -> None:
        self.play(self.session.interaction.no_swap())

    def final_done(self) -> None:
        self.play(self.session.interaction.finish_final())

    def auto_final(self) -> None:
        session = self.session
        ctrl = session.controller
        if ctrl is not None and session.viewing is None:
            made = ctrl.auto_final()
            if ctrl.state.phase == FINAL and not made and session.live_legal():
                session.say(_("Nobody else can gain anything by moving: press Done."))

    def take_back(self, person: int) -> None:
        session = self.session
        if session.controller is not None and session.viewing is None:
            session.controller.take_back(person)

    def step_back(self) -> None:
        """Esc: close the large card if it is open, else take back the half-made choice."""
        if self.popup.isVisible():
            self.popup.close_now()
            return
        self.popup.close_now()
        it = self.session.interaction
        if it.slot is not None or it.first_card is not None:
            it.clear()
        else:
            it.back_step()
        self.session.confirm_end = False
        self.session.redraw_wanted.emit()

    def choose_reward(self, choice: str) -> None:
        self.play(self.session.interaction.choose_reward(choice))

    def choose_allowance(self, index: int | None) -> None:
        self.session.interaction.choose_allowance(index)
        self.session.redraw_wanted.emit()
