"""Headless simulation of many games, in five rooms by job: ``run`` (one game and its result,
a batch of games as a task, the runner on local processes or Dask), ``plan`` (the sides a run
compares: base, variant, each change, a sweep's values; where a report came from and how to
run it again), ``statistics`` (intervals, tests and the verdicts on what a variant changed),
``report`` (each side's summary, the comparison of two reports, the HTML page) and ``cluster``
(a Dask cluster served by smqt itself); ``command`` runs ``smqt sim`` with them. Each room
imports only the rooms listed before it (``cluster`` only ``run``).

May import ``smqt.sim.run``, ``smqt.sim.plan``, ``smqt.sim.statistics``, ``smqt.sim.report``,
``smqt.engine``, ``smqt.pack``, ``smqt.ai`` and ``smqt.files``."""
