"""The rules of Santa Monica: the content model (cards, tiles, actions, objectives, rules
parameters), the game state, actions as values, setup, legal actions and ``apply`` (the one
source of legality), scoring with every point's cause (and its lines in words), the exact
final movement, and a game with its record and replay.

Each kind of action is one entry of ``actionkinds.ACTION_KINDS`` (its legality, application,
the rules' refusal and the refusal in the player's words), its code in the module of what it
does (``opening``, ``taking``, ``buying``, ``swapping``, ``moving``) over the turn's shared
flow (``turns``); each kind of placement effect is one entry of ``effectkinds.EFFECT_KINDS``.

A city is a dict of spaces to feature ids in the state (``PlayerState.city``); the rules and
scoring read it as bits: ``city.City`` (scoring: one bit per space, ``row * stride + column +
offset``, masks per tag and copy, per ring and printed symbol; neighbours by shifting a mask one
bit sideways or one stride to the other row, chains by growing a seed bit; the picture is in
its docstring) and ``cityshape.CityShape`` (placements and walks: each row's filled columns as
bits). The dict-based city they replaced stays in the tests as the oracle they are checked
against (``tests/engine/dictcity.py``).

Imports nothing of the project outside this room, and never Qt, TOML or the file system: a
pack, a record or a position reaches the engine already read (``smqt.pack``, ``smqt.records``)."""
