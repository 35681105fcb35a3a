"""Playing the games: one game played to the end by bots and everything a report reads from it
(``playgame``), a batch of games as a task a process or a Dask worker runs (``task``), the
runner that spreads the batches over local processes or a Dask cluster (``runner``), and the
workers' logs.

May import ``smqt.engine``, ``smqt.ai``, ``smqt.records`` and ``smqt.pack``."""
