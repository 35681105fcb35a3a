"""The command line, one module per command (``main`` reads the arguments and runs one): ``play``,
``validate``, ``stats``, ``score``, ``replay``, ``review``, ``sim``, ``cluster``, ``schema``,
``bench``, and the editor's entry point; ``streams`` keeps printing safe in a program started
without a console.

May import everything; nothing imports it."""
