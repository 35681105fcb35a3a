"""Motion on the table: short animations of what just happened, a view of the game's changes
(the scenes are rebuilt from the state; an item that stands somewhere else than before, or
that arrives from another place, glides there). The game never waits for an animation, and
the person (View ▸ Motion) or a test (``SMQT_MOTION``) can switch it off or make it instant.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QEasingCurve, QPointF, QPropertyAnimation, QVariantAnimation
from PySide6.QtWidgets import QGraphicsObject

from smqt.language.translate import N_

SPEEDS = ((N_("Off"), -1.0), (N_("Fast"), 0.5), (N_("Normal"), 1.0), (N_("Slow"), 1.8))
"""Menu entries (in English: ``_()`` where shown): a factor on every duration (-1: no motion
at all)."""
MOVE_MS = 280
"""A card or a person gliding to its place (within the issue's 150-400 ms)."""
COUNT_MS = 400
"""A score counting up to its new value."""


def _from_environment() -> float:
    value = os.environ.get("SMQT_MOTION", "").strip().lower()
    if value in ("off", "no", "false"):
        return -1.0
    try:
        return max(0.0, float(value)) if value else 1.0
    except ValueError:
        return 1.0


class Motion:
    """The motion setting of this program (one for every window)."""

    factor: float = _from_environment()
    """-1: off; 0: animations run but end at once (tests); 1: normal."""

    @classmethod
    def on(cls) -> bool:
        return cls.factor >= 0

    @classmethod
    def duration(cls, ms: int) -> int:
        return int(ms * max(0.0, cls.factor))


def glide(item: QGraphicsObject, start: QPointF, ms: int = MOVE_MS) -> None:
    """Move ``item`` from ``start`` to where it stands now (the animation belongs to the item
    and ends with it)."""
    if not Motion.on() or start == item.pos():
        return
    end = item.pos()
    item.setPos(start)
    animation = QPropertyAnimation(item, b"pos", item)
    animation.setDuration(Motion.duration(ms))
    animation.setStartValue(start)
    animation.setEndValue(end)
    animation.setEasingCurve(QEasingCurve.Type.OutCubic)
    animation.start(QPropertyAnimation.DeletionPolicy.DeleteWhenStopped)


def drop_in(item: QGraphicsObject, ms: int = MOVE_MS) -> None:
    """Let a new item (a footprint) appear by growing from nothing."""
    if not Motion.on():
        return
    item.setScale(0.0)
    animation = QPropertyAnimation(item, b"scale", item)
    animation.setDuration(Motion.duration(ms))
    animation.setStartValue(0.0)
    animation.setEndValue(1.0)
    animation.setEasingCurve(QEasingCurve.Type.OutBack)
    animation.start(QPropertyAnimation.DeletionPolicy.DeleteWhenStopped)


def count_up(owner, old: int, new: int, show, ms: int = COUNT_MS):  # type: ignore[no-untyped-def]
    """Show the numbers from ``old`` to ``new`` through ``show(value)``; the animation is a
    child of ``owner`` (a QObject). Returns it (None when motion is off)."""
    if not Motion.on() or old == new:
        show(new)
        return None
    animation = QVariantAnimation(owner)
    animation.setDuration(Motion.duration(ms))
    animation.setStartValue(old)
    animation.setEndValue(new)
    animation.valueChanged.connect(lambda value: show(int(value)))
    animation.finished.connect(lambda: show(new))
    animation.start(QVariantAnimation.DeletionPolicy.DeleteWhenStopped)
    return animation
