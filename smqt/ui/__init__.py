"""The play table, in four rooms: ``game`` (the game as the table plays it: the controller that
owns it, intents turned into legal actions, and the table's words), ``table`` (the scene and
its items, views and motion), ``panels`` (the panels around the scene: players, turn, log,
inspector, bars, the end page) and ``shell`` (the window with its menus, dialogs, games on disk
and ``smqt play``). Each room imports only the rooms listed before it.

May import every room of ``smqt`` below the command line; never the editor."""
