"""What a run writes and shows: the report as values (``model``: frozen attrs classes, structured
from JSON and back by the one converter), report.json written and read back whatever version
wrote it (``reportfile``: each older version migrated to the current classes, a damaged file
refused in a sentence), each side's summary and ``games.csv`` (``summary``), the report of a
whole run (``build``), the games two reports share and how each side of them is compared
(``sharedgames``), two reports compared (``compare``) and shown in the terminal, compare.json
and a page (``compareview``), the HTML page (``html``) and its charts as SVG (``charts``).

May import ``smqt.sim.plan``, ``smqt.sim.statistics``, ``smqt.sim.run``, ``smqt.ai`` and
``smqt.pack``."""
