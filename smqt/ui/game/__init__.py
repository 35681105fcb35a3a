"""The game as the table plays it: ``controller`` (the one owner of the game in a window, the
bots on a worker thread, undo and autosave), ``interaction`` (clicks turned into legal actions),
and the table's words, Qt-free: log lines, prompts, previews of a choice, score lines.

May import ``smqt.engine``, ``smqt.ai``, ``smqt.records`` and ``smqt.desktop``."""
