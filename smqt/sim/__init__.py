"""Headless simulation of many games: tasks, the runner (local processes or Dask), a Dask
cluster served by smqt itself, what a variant changes, statistics, verdicts and the HTML
report.

May import ``smqt.engine``, ``smqt.pack``, ``smqt.records``, ``smqt.ai`` and ``smqt.files``."""
