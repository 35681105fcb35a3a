"""A Dask cluster served by smqt itself (``smqt cluster``): the scheduler and the workers of
``smqt sim --cluster``, from the installed app, without Dask's own commands.

May import ``smqt.sim.run``."""
