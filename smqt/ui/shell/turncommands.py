"""The table's turn commands (play, undo, end the turn, the final movement's buttons, a
reward's choice) and the history it can show (another city, the scorepad, an earlier moment)."""

from __future__ import annotations

import time

from smqt.engine.actions import Action, MovePerson, ReturnPerson
from smqt.engine.game import replay
from smqt.engine.scoring import score_game
from smqt.engine.state import FINAL
from smqt.language.translate import _, ngettext

KEY_GRACE_S = 0.8
"""How long after a person's turn begins an End turn key is taken for a stray one."""


class TurnCommands:
    """Turn commands and history of ``TableWindow``; each plays through the controller."""

    def _play(self, action: Action | None) -> bool:
        if action is None:
            self._tell_refusal()
            return False
        if self.controller is None or self.viewing is not None:
            return False
        self._confirm_end = False
        played = self.controller.play(action)
        if played:
            self.status.setText("")  # an earlier refusal no longer applies
            self._summaries = []  # the AI turns before this move are no longer news
            self.statusBar().clearMessage()
        else:
            self.refresh()
        return played

    def undo(self) -> None:
        if self.controller is not None and self.viewing is None and self.controller.undo():
            self._confirm_end = False

    def end_turn(self) -> None:
        if self.controller is None or self.viewing is not None or not self._live_legal():
            return
        if time.monotonic() - self._turn_started_at < KEY_GRACE_S and \
                self.controller.state.phase == "acquire":
            return  # an E pressed for the turn before (or during the AI's): not for this one
        action = self.interaction.end_turn()
        if action is None:
            self._tell_refusal()
            return
        unused = any(isinstance(a, MovePerson | ReturnPerson) for a in self.interaction.legal)
        if unused and not self._confirm_end:
            self._confirm_end = True
            if self.interaction.person is not None:  # a half-made move goes with the others:
                self.interaction.person, self.interaction.path = None, ()
                self.refresh()  # its spaces and their points leave the table
            else:
                self._update_turn_panel(self.interaction.highlights())
            return
        self._play(action)

    def stop_here(self) -> None:
        self._play(self.interaction.stop_here())

    def return_person(self) -> None:
        self._play(self.interaction.return_person())

    def no_swap(self) -> None:
        self._play(self.interaction.no_swap())

    def final_done(self) -> None:
        self._play(self.interaction.finish_final())

    def auto_final(self) -> None:
        if self.controller is not None and self.viewing is None:
            made = self.controller.auto_final()
            if self.controller.state.phase == FINAL and not made and self._live_legal():
                self.status.setText(_("Nobody else can gain anything by moving: press Done."))

    def take_back(self, person: int) -> None:
        if self.controller is not None and self.viewing is None:
            self.controller.take_back(person)

    def step_back(self) -> None:
        """Esc: close the large card if it is open, else take back the half-made choice."""
        if self.popup.isVisible():
            self.popup.close_now()
            return
        self.popup.close_now()
        if self.interaction.slot is not None or self.interaction.first_card is not None:
            self.interaction.clear()
        else:
            self.interaction.back_step()
        self._confirm_end = False
        self._redraw()

    def choose_reward(self, choice: str) -> None:
        self._play(self.interaction.choose_reward(choice))

    def next_city(self) -> None:
        if self.controller is not None:
            self.show_city((self.shown + 1) % self.controller.state.num_players)

    def show_city(self, index: int) -> None:
        self.popup.close_now()
        self.show_overview(False)
        self.shown = index
        if self.city_tabs.currentIndex() != index:
            self.city_tabs.setCurrentIndex(index)
        self._redraw()

    def show_scorepad(self) -> None:
        """The scorepad: the final one, or during the game the scores as they stand (what
        the game would give if it ended now, the final movement not made)."""
        ctrl = self.controller
        if self.score is not None:
            self.pages.setCurrentIndex(1)
        elif ctrl is not None:
            now = score_game(ctrl.state)
            people = [i for i, seat in enumerate(ctrl.seats) if not seat.is_ai]
            leader = ctrl.names[now.winners[0]]
            points = now.totals[now.winners[0]]
            # Translators: English says "points" for one too
            title = ngettext("As it stands (turn {turn}, before any final movement): {leader} "
                             "leads with {points} points",
                             "As it stands (turn {turn}, before any final movement): {leader} "
                             "leads with {points} points", points)
            self.end_page.show_score(
                ctrl.state, now, ctrl.names, people[0] if people else now.winners[0],
                title=title.format(turn=ctrl.state.turn + 1, leader=leader, points=points),
                hints=ctrl.hints_used)
            self.pages.setCurrentIndex(1)

    def show_moment(self, moment: int) -> None:
        """Show the game after ``moment`` actions, read-only (the live game goes on)."""
        ctrl = self.controller
        if ctrl is None:
            return
        total = len(ctrl.game.actions)
        moment = max(0, min(moment, total))
        if moment == total and not ctrl.state.is_over:
            self.show_live()
            return
        self.viewing = moment
        self._view_state = replay(ctrl.game.record, ctrl.game.catalog, upto=moment,
                                  check_pack=False).state
        self.history_bar.show_moment(moment, total)
        self.pages.setCurrentIndex(0)
        self.shown = self._view_state.current
        self._redraw()

    def show_live(self) -> None:
        self.viewing = None
        self._view_state = None
        self.history_bar.hide()
        self._shown_for = None
        self.refresh()
