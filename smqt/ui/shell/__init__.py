"""The table window: the window itself, its menus, the turn as the window shows it, the sharing
of its room, the new-game dialog, help pages, saved games and autosaves on disk, file dialogs,
the hand-over of a playtest to an open table, and ``smqt play`` (``start``).

May import every other room of ``smqt.ui`` and those below them."""
