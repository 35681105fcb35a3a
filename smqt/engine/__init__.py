"""The rules of Santa Monica: the content model (cards, tiles, actions, objectives, rules
parameters), the game state, actions as values, setup, legal actions and ``apply`` (the one
source of legality), scoring with every point's cause (and its lines in words), the exact
final movement, and a game with its record and replay.

Imports nothing of the project outside this room, and never Qt, TOML or the file system: a
pack, a record or a position reaches the engine already read (``smqt.pack``, ``smqt.records``)."""
