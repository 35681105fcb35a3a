"""The coach at the table: the hint (Turn ▸ Hint, H: what the AI would do now, framed on the
table and said in the hint bar with its reason; asked for, never shown by itself; a game in
which a hint was shown says so in its record and on its scorepad) and the review of the game
(Game ▸ Review this game…, whose moments open on the table with the better choice framed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from smqt.ai.protocol import level_words
from smqt.ai.thinker import Failure
from smqt.coach.hint import Hint, hint_reason
from smqt.desktop.front import bring_to_front
from smqt.engine.actions import Action
from smqt.language.translate import _
from smqt.ui.game.logtext import describe_action
from smqt.ui.game.preview import preview
from smqt.ui.panels.bars import HintBar
from smqt.ui.shell.reviewwindow import ReviewWindow

if TYPE_CHECKING:
    from smqt.ui.shell.session import TableSession


class TableCoach(QObject):
    """The hint and the review (a part of the table window, given the session, the hint bar
    and the window the review belongs to)."""

    def __init__(self, session: TableSession, hint_bar: HintBar, window: QWidget) -> None:
        super().__init__(window)
        self.session = session
        self.hint_bar = hint_bar
        self.window = window
        self.hint: tuple[object, Hint] | None = None
        """The hint shown, with the moment it is for."""
        self.review_mark: tuple[int, Action] | None = None
        """A moment the review opened and the better choice to frame in it."""
        self.review_window: ReviewWindow | None = None

    def new_game(self) -> None:
        """Another game is on the table: its hint and review are not this one's."""
        self.hint = None
        self.review_mark = None
        if self.review_window is not None:  # it reviewed another game
            self.review_window.close()
            self.review_window = None
        self.hint_bar.say("")

    def open_review(self) -> None:
        """Review the game on the table: the first person's decisions (or the first seat's);
        the review of this game already made is shown again."""
        ctrl = self.session.controller
        if ctrl is None or not ctrl.game.actions:
            self.session.say(_("There is nothing to review yet: no move has been made."))
            return
        people = self.session.people()
        window = self.review_window
        if window is not None and window.game is ctrl.game and \
                window.moves == len(ctrl.game.actions):
            window.show()
            bring_to_front(window)
            return
        if self.review_window is not None:
            self.review_window.close()
            self.review_window.deleteLater()
        window = ReviewWindow(ctrl.game, ctrl.names, people[0] if people else 0, self.window)
        window.moment_chosen.connect(self.show_review_moment)
        self.review_window = window
        window.show()
        window.start()

    def show_review_moment(self, moment: int, better: Action, seat: int) -> None:
        """The table at ``moment`` (read-only), ``seat``'s city, ``better`` framed."""
        self.review_mark = (moment, better)
        self.session.moment_wanted.emit(moment)
        self.session.city_wanted.emit(seat)
        bring_to_front(self.window)

    def review_hint(self) -> Action | None:
        """The review's better choice, while its moment is the one shown."""
        if self.review_mark is None or self.session.viewing != self.review_mark[0]:
            return None
        return self.review_mark[1]

    def ask_hint(self) -> None:
        ctrl = self.session.controller
        if ctrl is None:
            return
        if not ctrl.can_hint():
            self.session.say(_("A hint is for a person's turn with a choice to make."))
            return
        if self.hint_now() is not None:
            return  # it is shown already
        if ctrl.ask_hint():
            self.session.say(_("The AI is looking for its choice…"))

    def hint_ready(self, answer: object) -> None:
        ctrl = self.session.controller
        if ctrl is None:
            return
        if isinstance(answer, Failure):
            self.session.tell_problem(_("No hint this time"),
                                      _("The AI could not work out a hint: {problem}").format(
                                          problem=answer.head))
            return
        assert isinstance(answer, Hint)
        self.hint = (ctrl.moment(), answer)
        name = ctrl.names[ctrl.state.current]
        words = describe_action(ctrl.state, answer.action, name)
        reason = hint_reason(ctrl.state.catalog, answer)
        reward = preview(ctrl.state, answer.action).reward  # what the truck and foodie give
        text = _("Hint — the {level} AI would do this: {action}. Why: {reason}.").format(
            level=level_words(answer.level), action=words, reason=reason)
        self.hint_bar.say(f"{text} {reward}" if reward else text)
        self.session.say("")
        self.session.redraw_wanted.emit()

    def hint_now(self) -> Action | None:
        """The hint's action while its moment lasts. The moment passes whoever acts (a person,
        an AI, an undo, a seat handed over): the hint and its bar go for good; while an
        earlier moment is looked at, the bar is out of sight and comes back with the game."""
        ctrl = self.session.controller
        if self.hint is None or ctrl is None:
            return None
        moment, found = self.hint
        if moment != ctrl.moment():
            self.hint = None
            self.hint_bar.say("")
            return None
        if self.session.viewing is not None:
            self.hint_bar.setVisible(False)
            return None
        self.hint_bar.setVisible(bool(self.hint_bar.text()))
        return found.action

    def mark(self, interactive: bool) -> Action | None:
        """The choice to frame on the table: the hint while a person plays its moment, the
        review's better choice at a moment looked back at (asked at every drawing, so that a
        hint goes as soon as its moment passes, whoever acts)."""
        hint = self.hint_now()
        return hint if interactive else self.review_hint()
