"""Headless simulation of many games: tasks, the runner (local processes or Dask), what a
variant changes, statistics, verdicts and the HTML report.

May import ``smqt.engine``, ``smqt.pack``, ``smqt.records``, ``smqt.ai`` and ``smqt.files``."""
