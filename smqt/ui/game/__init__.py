"""The game as the table plays it: ``controller`` (the one owner of the game in a window, the
AI's answers from its own process, hints, undo and autosave), ``interaction`` and
``gestures`` (clicks turned into legal actions, a gesture of several clicks one object), and
the table's words, Qt-free: log lines, prompts, previews of a choice.

May import ``smqt.engine``, ``smqt.ai``, ``smqt.coach``, ``smqt.records`` and ``smqt.desktop``."""
