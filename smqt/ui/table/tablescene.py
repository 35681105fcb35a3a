"""What both scenes of the table have: the intents their items report (a click, a drop, the pointer
resting on an entry) and motion from where each keyed item stood before a rebuild."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtWidgets import QGraphicsObject, QGraphicsScene

from smqt.engine.geometry import Space
from smqt.ui.table.motion import drop_in, glide


class TableScene(QGraphicsScene):
    clicked = Signal(str, object)
    """An intent: ("slot", slot), ("space", space), ("person", pid), ("tile", id),
    ("column", n), ("sand_dollar", id)."""
    dropped = Signal(int, object)
    """A person dragged onto a space (None: let go off the city)."""
    dragging = Signal(int)
    """A person began to be dragged."""
    hovered = Signal(object)
    inspect = Signal(object)
    hovered_tip = ""
    """The tooltip of the item the pointer rests on (the large card says it too)."""

    def space_at(self, pos: QPointF) -> Space | None:
        return None

    def rect_of(self, target: tuple) -> QRectF | None:
        """Where a target of the keyboard is drawn (None: not in this scene)."""
        return None

    def entry_of(self, target: tuple) -> object | None:
        """What hovering the keyboard's target would show: the card or tile drawn there (for
        a person, the card they stand on)."""
        rect = self.rect_of(target)
        if rect is None:
            return None
        for item in self.items(rect.center()):
            entry = getattr(item, "entry", None)
            if entry is not None:
                return entry
        return None

    # ------------------------------------------------------------------ motion

    def begin(self) -> None:
        """Before a rebuild: remember where each keyed item stood (motion starts there)."""
        self.before: dict[tuple, QPointF] = dict(getattr(self, "placed", {}))

    def finish(self, animate: bool, arrivals: dict[tuple, QPointF] | None = None) -> None:
        """After a rebuild: items that moved glide from where they stood, items that came
        from elsewhere (``arrivals``, in this scene's coordinates) glide in, new footprints
        drop in. Without ``animate`` (another city shown, history) everything just stands."""
        placed = {}
        for item in self.items():
            key = getattr(item, "key", None)
            if key is None or not isinstance(item, QGraphicsObject):
                continue
            placed[key] = item.pos()
            if not animate:
                continue
            old = self.before.get(key)
            if old is not None:
                glide(item, old)
            elif arrivals and key in arrivals:
                glide(item, arrivals[key])
            elif key[0] == "footprint" and self.before:
                drop_in(item)
        self.placed = placed

    def position(self, key: tuple) -> QPointF | None:
        """Where the keyed item stands now (scene coordinates), or None."""
        return getattr(self, "placed", {}).get(key)
