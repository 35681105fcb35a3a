"""The table's one mediator: the game on the table and what of it is shown. The window's parts
(drawing, clicks, the turn's commands, the coach, the lessons, the keys, games on disk, the
room's sharing) are each given the session and read the game from it; none reads another
part's attributes. What a part wants of the others goes through the session's signals: a
redraw, a line in the status bar, a problem in the bar above the table, another city or
moment shown."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from smqt.engine.actions import Action
from smqt.engine.catalog import Catalog
from smqt.engine.scoring import GameScore
from smqt.engine.state import GameState
from smqt.language.translate import _
from smqt.pack.shipped import is_base_pack, pack_title
from smqt.ui.game.controller import GameController
from smqt.ui.game.interaction import TurnInteraction
from smqt.ui.game.keyfocus import KeyFocus


class TableSession(QObject):
    """The game on the table (its controller, pack and file), the moment and city shown, and
    the person's choice in progress (``interaction``) and keyboard mark (``key_focus``)."""

    redraw_wanted = Signal()
    """The table should be drawn again from the session (nothing in the game changed)."""
    refresh_wanted = Signal()
    """The game's legal actions may have changed: work the turn out again, then redraw."""
    status = Signal(str)
    """A line for the status bar ("" clears it)."""
    problem = Signal(str, str, object)
    """A problem for the bar above the table: title, details, choices ((label, callable)...)."""
    city_wanted = Signal(int)
    """Show this seat's city alone."""
    moment_wanted = Signal(int)
    """Show the game after this many actions, read-only."""
    played = Signal()
    """A person's action was played (the status bar's old news goes)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller: GameController | None = None
        self.catalog: Catalog | None = None
        self.pack_folder: Path | None = None
        self.playtest = False
        self.save_path: Path | None = None
        """Where Save writes the game (None: Save asks)."""
        self.score: GameScore | None = None
        """The final score, once the game on the table has ended."""
        self.viewing: int | None = None
        """Moment (actions played) shown read-only, or None for the live game."""
        self.view_state: GameState | None = None
        self.shown = 0
        """The seat whose city is shown."""
        self.overview = False
        """The city area shows every city (the All cities tab)."""
        self.interaction = TurnInteraction()
        self.key_focus = KeyFocus()
        self.confirm_end = False
        """End turn was pressed once with moves unused: the next press ends the turn."""
        self.trigger: int | None = None
        """Who triggered the final round (None before, or when a loaded game does not say)."""
        self.last_seat = -1
        """The seat of the last line logged."""
        self.turn_started_at = 0.0
        """When the turn shown began (time.monotonic)."""

    def state(self) -> GameState:
        """The state shown: the moment looked back at, or the live game's."""
        if self.viewing is not None and self.view_state is not None:
            return self.view_state
        assert self.controller is not None
        return self.controller.state

    def live_legal(self) -> tuple[Action, ...]:
        """The live game's legal actions for a person now (none while an AI plays)."""
        return self.controller.legal() if self.controller is not None else ()

    def is_live(self) -> bool:
        return self.viewing is None

    def people(self) -> list[int]:
        """The seats people play (not AIs)."""
        ctrl = self.controller
        return [i for i, seat in enumerate(ctrl.seats) if not seat.is_ai] if ctrl else []

    def game_title(self) -> str:
        """The game on the table in a few words: who plays, and how far it is."""
        ctrl = self.controller
        if ctrl is None:
            return ""
        seats = ", ".join(seat.name if not seat.is_ai else _("{name} (AI)").format(name=seat.name)
                          for seat in ctrl.seats)
        # Translators: the game on the table, "Ann, Bo (AI), turn 12"
        return _("{seats}, turn {turn}").format(seats=seats, turn=ctrl.state.turn + 1)

    def pack_words(self) -> str | None:
        """The pack on the table in a few words (the base game by its title)."""
        if self.catalog is None:
            return None
        identity = self.catalog.identity
        if is_base_pack(identity.name, self.pack_folder):
            return pack_title(identity.name, identity.version, self.pack_folder)
        return _("{name} pack {version}").format(name=identity.name, version=identity.version)

    def say(self, text: str) -> None:
        self.status.emit(text)

    def tell_problem(self, title: str, text: str, choices: object = ()) -> None:
        self.problem.emit(title, text, choices)
