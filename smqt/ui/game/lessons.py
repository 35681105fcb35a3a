"""Learn to play (Qt-free): the lessons of the guided first game, each shown once, at the first
moment its idea matters, with what it points at (a target of the table or a button of the turn
panel). The learner makes every move; a lesson stays while its moment lasts and then goes.

The texts are the product's own (not the rulebook's sentences) and say what to click."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from smqt.engine.actions import FRONT, Action, Buy, ChooseTile, MovePerson, PlaceTruck, Take
from smqt.engine.geometry import Space
from smqt.engine.scoring import GameScore, score_game
from smqt.engine.state import ACQUIRE, FINAL, MOVE, GameState
from smqt.language.translate import N_
from smqt.ui.game.interaction import Highlights
from smqt.ui.game.keyfocus import Target

LEARNER = 0
"""The learner's seat; the other seat is a gentle AI."""
START_PLAYER = 1
"""The AI starts, so the learner, the last player, chooses a tile first and places the food
truck (R2.5, R2.7)."""
SEED = 17
"""The guided game's seed (a game in which every lesson comes up early)."""
OBJECTIVE = "blue"
"""The objective tile recommended for a first game."""
OPPONENT_LEVEL = "easy"


@attrs.frozen
class Moment:
    """What a lesson looks at: the game now, what the learner may do, what the table offers."""

    state: GameState
    legal: tuple[Action, ...]
    h: Highlights
    learner: int = LEARNER
    score: GameScore | None = None
    """The table's own scoring of ``state`` when it has one (a redraw scores the game once)."""

    @property
    def mine(self) -> bool:
        """The learner is to play and has a choice."""
        return not self.state.is_over and self.state.current == self.learner and bool(self.legal)

    def people(self, kind: str) -> list[int]:
        """The learner's people of ``kind`` that may move now."""
        own = self.state.players[self.learner].people
        return sorted(pid for pid in self.h.people if own.get(pid, ("", None))[0] == kind)


@attrs.frozen
class Lesson:
    key: str
    title: str
    """In English; ``_()`` where shown."""
    text: str
    when: Callable[[Moment], bool]
    target: Callable[[Moment], Target | None] = lambda _m: None
    """A target of the table, or ("button", name) of the turn panel, or None."""
    info: bool = False
    """It asks for no move: the learner closes it ("Got it"), or its moment passes."""


def _first(items: Sequence[object]) -> object | None:
    return items[0] if items else None


def _front_slot(m: Moment) -> Target | None:
    slots = sorted(s for s in m.h.slots if s[0] == FRONT) or sorted(m.h.slots)
    return ("slot", slots[0]) if slots else None


def _first_space(m: Moment) -> Target | None:
    spaces = sorted(m.h.spaces)
    return ("space", spaces[0]) if spaces else None


def _walker(kinds: tuple[str, ...]) -> Callable[[Moment], Target | None]:
    def target(m: Moment) -> Target | None:
        for kind in kinds:
            people = m.people(kind)
            if people:
                return ("person", people[0])
        return None
    return target


def _can_move(kinds: tuple[str, ...]) -> Callable[[Moment], bool]:
    def when(m: Moment) -> bool:
        return m.mine and m.state.phase == MOVE and m.h.selected_person is None and \
            any(m.people(kind) for kind in kinds) and \
            any(isinstance(a, MovePerson) for a in m.legal)
    return when


def _full_ring(m: Moment) -> Space | None:
    """A space of the learner's city whose card has a full ring now (None: none has)."""
    sheet = (m.score or score_game(m.state)).sheets[m.learner]
    for space, outcome in sheet.rings:
        if outcome.full_rings:
            return space
    return None



LESSONS: tuple[Lesson, ...] = (
    Lesson("tile", N_("Your starting tile"),
           N_("Every city grows from a starting tile. It fills both rows of your first column, "
              "brings your first people, and says where your VIP leaves footprints. Click a "
              "tile to take it (its text says what it gives)."),
           lambda m: m.mine and any(isinstance(a, ChooseTile) for a in m.legal),
           lambda m: ("tile", _first(sorted(m.h.tiles))) if m.h.tiles else None),
    Lesson("truck", N_("The food truck"),
           N_("Put the food truck under a column of the display. Whoever takes the card above "
              "the truck gets a sand dollar; the foodie, two columns on, lets a person move."),
           lambda m: m.mine and any(isinstance(a, PlaceTruck) for a in m.legal),
           lambda m: ("column", min(m.h.columns)) if m.h.columns else None),
    Lesson("draft", N_("Take a card"),
           N_("Each turn you take one card from the front row of the display (the lower row). "
              "The card behind it then moves forward into the gap. Cards show their points and "
              "rings; the panel on the right shows the card under the pointer. Click a card."),
           lambda m: m.mine and m.state.phase == ACQUIRE and m.h.selected_slot is None and
           any(isinstance(a, Take) for a in m.legal),
           _front_slot),
    Lesson("place", N_("Build it in your city"),
           N_("Beach cards go in the top row, street cards in the bottom row, always beside a "
              "card you have. The number on each free space is what the card would score "
              "there now. Click a space to build (Esc puts the card back)."),
           lambda m: m.mine and m.h.selected_slot is not None and bool(m.h.spaces),
           _first_space),
    Lesson("sand_dollars", N_("Sand dollar actions"),
           N_("You have enough sand dollars for an action on the right of the display. Instead "
              "of a front-row card, an action takes other cards (two at once, one from the back "
              "row…) and moves people: its card says what it takes and how people move. You may "
              "also keep your sand dollars: some cards score them."),
           lambda m: m.mine and m.state.phase == ACQUIRE and m.h.selected_slot is None and
           any(isinstance(a, Buy) for a in m.legal),
           lambda m: ("sand_dollar", min(m.h.sand_dollar_actions))
           if m.h.sand_dollar_actions else None, info=True),
    Lesson("move", N_("Move your people"),
           N_("You have moves to use now (from your new card or the foodie). Click a person with "
              "a green ring, then where they go (or drag them). People score in the rings of "
              "cards that want them; people outside every ring at the end can cost points."),
           _can_move(("local", "tourist")), _walker(("local", "tourist"))),
    Lesson("vip", N_("A VIP's walk"),
           N_("A VIP walks space by space. Each space it enters that your starting tile likes "
              "gets a footprint, and footprints score at the end. Click the VIP, then each step; "
              "press S to stop the walk early."),
           _can_move(("vip",)), _walker(("vip",))),
    Lesson("end_turn", N_("End your turn"),
           N_("Moves you do not want can be left unused. When you are done, press End turn "
              "(or E). Undo takes back the steps of this turn until then."),
           lambda m: m.mine and m.state.phase == MOVE and m.h.can_end and
           m.h.selected_person is None,
           lambda _m: ("button", "end_turn")),
    Lesson("ring", N_("A full ring"),
           N_("A ring on this card now holds the people it asks for: its points count. The "
              "badge on each card shows what the card scores right now."),
           lambda m: _full_ring(m) is not None and m.state.phase != FINAL,
           lambda m: ("space", _full_ring(m)), info=True),
    Lesson("last_round", N_("The last round"),
           N_("A city has reached the card limit shown in the player panel (for example "
              "14/14). This round is finished, then everyone makes a final movement and the "
              "game is scored."),
           lambda m: m.state.triggered and not m.state.is_over, info=True),
    Lesson("final", N_("The final movement"),
           N_("Each of your people may move once more: locals up to 3 spaces, tourists and VIPs "
              "1. Each move you make is drawn as a numbered arrow. Best final movement (F) "
              "places everyone where they score the most; Done (D) ends it."),
           lambda m: m.mine and m.state.phase == FINAL,
           lambda _m: ("button", "final_done"), info=True),
    Lesson("scorepad", N_("Every point, line by line"),
           N_("The scorepad lists where each point came from: the objective's two bonuses and "
              "its penalty, every card, the rings and the footprints. Click a line to see its "
              "card in the city. That was a whole game, and the last lesson: from here on you "
              "play on your own. Game ▸ New game starts the next; Help ▸ Learn to play takes "
              "you through the lessons again."),
           lambda m: m.state.is_over, info=True),
)


class Tutorial:
    """Which lessons were shown, and the one shown now."""

    def __init__(self, learner: int = LEARNER) -> None:
        self.learner = learner
        self.seen: list[str] = []
        self.current: Lesson | None = None

    def update(self, state: GameState, legal: Sequence[Action], h: Highlights,
               score: GameScore | None = None) -> Lesson | None:
        """The lesson to show at this moment: the one shown while its moment lasts, else the
        first lesson not seen yet whose moment this is (``score``: the game's scoring now,
        when the caller has it)."""
        moment = Moment(state, tuple(legal), h, self.learner, score)
        if self.current is not None and self.current.when(moment):
            return self.current
        self.current = None
        for lesson in LESSONS:
            if lesson.key not in self.seen and lesson.when(moment):
                self.seen.append(lesson.key)
                self.current = lesson
                break
        return self.current

    def dismiss(self) -> None:
        """The learner closed the lesson shown ("Got it"): on to the next one's moment."""
        self.current = None

    def target(self, state: GameState, legal: Sequence[Action], h: Highlights,
               score: GameScore | None = None) -> Target | None:
        if self.current is None:
            return None
        return self.current.target(Moment(state, tuple(legal), h, self.learner, score))

    @property
    def number(self) -> int:
        """The current lesson's number among the lessons shown so far (1-based; a lesson
        whose moment never comes in this game is not counted)."""
        return len(self.seen)

    @property
    def finished(self) -> bool:
        return "scorepad" in self.seen
