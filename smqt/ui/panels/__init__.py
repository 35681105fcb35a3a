"""The panels around the scene: a panel per player, the card inspector, the log, the turn
panel, the problem and history bars, the large card under the pointer, the end page with
its scorepad and every point's breakdown, and every entry's rules in plain words (``words``).

May import ``smqt.ui.table``, ``smqt.ui.game``, ``smqt.desktop`` (a flowing row of buttons),
``smqt.render`` and ``smqt.engine``."""
