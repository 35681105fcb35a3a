"""The coach at the table: the hint (Turn ▸ Hint, H: what the AI would do now, framed on the
table and said in the hint bar with its reason; asked for, never shown by itself; a game in
which a hint was shown says so in its record and on its scorepad) and the review of the game
(Game ▸ Review this game…, whose moments open on the table with the better choice framed)."""

from __future__ import annotations

from smqt.ai.protocol import level_words
from smqt.ai.thinker import Failure
from smqt.coach.hint import Hint, hint_reason
from smqt.desktop.front import bring_to_front
from smqt.engine.actions import Action
from smqt.language.translate import _
from smqt.ui.game.logtext import describe_action
from smqt.ui.game.preview import preview
from smqt.ui.shell.reviewwindow import ReviewWindow


class TableCoach:
    """Mixed into ``TableWindow``."""

    _hint: tuple[tuple, Hint] | None = None
    _review_mark: tuple[int, Action] | None = None
    """A moment the review opened and the better choice to frame in it."""
    review_window: ReviewWindow | None = None

    def open_review(self) -> None:
        """Review the game on the table: the first person's decisions (or the first seat's);
        the review of this game already made is shown again."""
        ctrl = self.controller
        if ctrl is None or not ctrl.game.actions:
            self.status.setText(_("There is nothing to review yet: no move has been made."))
            return
        people = [i for i, seat in enumerate(ctrl.seats) if not seat.is_ai]
        window = self.review_window
        if window is not None and window.game is ctrl.game and \
                window.moves == len(ctrl.game.actions):
            window.show()
            bring_to_front(window)
            return
        if self.review_window is not None:
            self.review_window.close()
            self.review_window.deleteLater()
        window = ReviewWindow(ctrl.game, ctrl.names, people[0] if people else 0, self)
        window.moment_chosen.connect(self.show_review_moment)
        self.review_window = window
        window.show()
        window.start()

    def show_review_moment(self, moment: int, better: Action, seat: int) -> None:
        """The table at ``moment`` (read-only), ``seat``'s city, ``better`` framed."""
        self._review_mark = (moment, better)
        self.show_moment(moment)
        self.show_city(seat)
        bring_to_front(self)

    def _review_hint(self) -> Action | None:
        if self._review_mark is None or self.viewing != self._review_mark[0]:
            return None
        return self._review_mark[1]

    def ask_hint(self) -> None:
        ctrl = self.controller
        if ctrl is None:
            return
        if not ctrl.can_hint():
            self.status.setText(_("A hint is for a person's turn with a choice to make."))
            return
        if self._hint_now() is not None:
            return  # it is shown already
        if ctrl.ask_hint():
            self.status.setText(_("The AI is looking for its choice…"))

    def _hint_ready(self, answer: object) -> None:
        ctrl = self.controller
        if ctrl is None:
            return
        if isinstance(answer, Failure):
            self._problem(_("No hint this time"),
                          _("The AI could not work out a hint: {problem}").format(
                              problem=answer.head))
            return
        assert isinstance(answer, Hint)
        self._hint = (ctrl.moment(), answer)
        name = ctrl.names[ctrl.state.current]
        words = describe_action(ctrl.state, answer.action, name)
        reason = hint_reason(ctrl.state.catalog, answer)
        reward = preview(ctrl.state, answer.action).reward  # what the truck and foodie give
        text = _("Hint — the {level} AI would do this: {action}. Why: {reason}.").format(
            level=level_words(answer.level), action=words, reason=reason)
        self.hint_bar.say(f"{text} {reward}" if reward else text)
        self.status.setText("")
        self._redraw()

    def _hint_now(self) -> Action | None:
        """The hint's action while its moment lasts (the bar goes when it passes)."""
        ctrl = self.controller
        if self._hint is None or ctrl is None:
            return None
        moment, found = self._hint
        if moment != ctrl.moment() or self.viewing is not None:
            if moment != ctrl.moment():
                self._hint = None
            self.hint_bar.say("")
            return None
        return found.action
