"""The honest statistics of a run: intervals, tests and their correction for many comparisons
(``stats``), the verdicts in words on what a variant changed, per measure and per card
(``verdicts``), and the headline intervals of ``--until-clear`` as the games come in
(``headlines``); their values (a rate, a summary, a difference, a measure's row, a card's flag)
are kept in the report as they are.

May import ``smqt.sim.run`` and ``smqt.ai``."""
