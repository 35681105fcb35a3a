"""The table's sounds (View ▸ Sound, off until chosen): a chime when a person's turn begins, a
tock when a card is placed, an arpeggio when a ring fills, a fanfare at the end of the game,
played through Qt's multimedia module. The cues are made by ``smqt.ui.shell.chimes``; without
the multimedia module (it comes with the ``sound`` extra) the menu says how to add it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, QUrl

from smqt.desktop.datafolder import data_folder
from smqt.engine.actions import Action, Take
from smqt.engine.scoring import GameScore
from smqt.language.translate import _
from smqt.ui.shell.chimes import write_cues

try:  # the multimedia module is in PySide6's add-ons, not in its essentials
    from PySide6.QtMultimedia import QSoundEffect
except ImportError:  # pragma: no cover - depends on what is installed
    QSoundEffect = None

ADD_SOUND = "python -m pip install 'smqt[sound]'"  # not translated: a command


def sound_available() -> bool:
    return QSoundEffect is not None


class SoundPlayer(QObject):
    """Plays the cues when on; remembers what it was asked to play (``asked``)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.enabled = False
        self.asked: list[str] = []
        self._effects: dict[str, Any] = {}

    def play(self, cue: str) -> None:
        if not self.enabled:
            return
        self.asked.append(cue)
        if QSoundEffect is None:
            return
        effect = self._effects.get(cue)
        if effect is None:
            files = write_cues(data_folder("sounds"))
            for name, path in files.items():
                made = QSoundEffect(self)
                made.setSource(QUrl.fromLocalFile(str(path)))
                made.setVolume(0.6)
                self._effects[name] = made
            effect = self._effects.get(cue)
        if effect is not None:
            effect.play()


def full_rings(score: GameScore) -> list[int]:
    """Each seat's full rings now."""
    return [sum(len(outcome.full_rings) for _space, outcome in sheet.rings)
            for sheet in score.sheets]


class TableSounds:
    """Which cue a change of the live game calls for (a part of the table window, given the
    player it plays through)."""

    def __init__(self, player: SoundPlayer) -> None:
        self.player = player
        self.heard: tuple[int, list[int]] | None = None
        """The moves and the full rings when the sounds last listened (None: a new game)."""

    def new_game(self) -> None:
        """The sounds listen to the next game from its first change."""
        self.heard = None

    def listen(self, actions: Sequence[Action], score: GameScore, person_to_play: bool,
               new_turn: bool) -> None:
        """After each change of the live game (``actions`` played so far): a ring filled, a
        card placed, a person's turn begun (one cue at a time, the most telling)."""
        moves, rings = len(actions), full_rings(score)
        before, self.heard = self.heard, (moves, rings)
        if before is None or moves <= before[0] or len(before[1]) != len(rings):
            return  # a new game, an undo or a look back: nothing was played
        if any(now > then for now, then in zip(rings, before[1], strict=True)):
            self.player.play("ring_filled")
        elif any(isinstance(action, Take) for action in actions[before[0]:]):
            self.player.play("card_placed")
        elif person_to_play and new_turn:
            self.player.play("your_turn")

    def enable(self, on: bool) -> str:
        """View ▸ Sound: what to tell the person ("" when all is well)."""
        self.player.enabled = on
        if on and not sound_available():
            return _("Sound needs Qt's multimedia module, which is not installed: "
                     "{command}").format(command=ADD_SOUND)
        return ""
