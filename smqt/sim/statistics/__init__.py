"""The honest statistics of a run: intervals, tests and their correction for many comparisons
(``stats``), and the verdicts in words on what a variant changed, per measure and per card
(``verdicts``).

May import ``smqt.sim.run`` and ``smqt.ai``."""
