"""What a run plays: the sides it compares (the base, the variant, each change alone, a sweep's
values, the noise and ladder sides), a rule swept over values, and a report's provenance (what
it was made from, and the options to make it again).

May import ``smqt.sim.run``, ``smqt.engine``, ``smqt.ai`` and ``smqt.pack``."""
