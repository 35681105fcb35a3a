"""What a run writes and shows: each side's summary and ``games.csv`` (``summary``), the report
of a whole run (``build``), two reports compared (``compare``) and the HTML page with its
charts (``html``).

May import ``smqt.sim.plan``, ``smqt.sim.statistics``, ``smqt.sim.run``, ``smqt.ai`` and
``smqt.pack``."""
