"""The table window: the window itself, its menus, the turn as the window shows it, the sharing
of its room, the new-game dialog, help pages, saved games and autosaves on disk, file dialogs,
the hand-over of a playtest to an open table, the table's sounds (``chimes`` makes them), and
``smqt play`` (``start``).

May import ``smqt.ui.game``, ``smqt.ui.table``, ``smqt.ui.panels``, ``smqt.engine``, ``smqt.ai``,
``smqt.coach``, ``smqt.records``, ``smqt.pack``, ``smqt.files``, ``smqt.render`` and
``smqt.desktop``."""
