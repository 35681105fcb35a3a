"""Files of games: game records as readable TOML, saved games (a record with the table's seats),
and position files (a game state described by hand). Read as untrusted input: every limit is
checked before any work and every refusal names the file.

May import ``smqt.engine``, ``smqt.pack`` and ``smqt.files``."""
