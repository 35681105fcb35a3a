"""The command line, one module per command (``main`` reads the arguments and runs one): ``play``,
``validate``, ``stats``, ``score``, ``replay``, ``review``, ``sim``, ``cluster``, ``schema``,
``bench``, and the editor's entry point; ``streams`` keeps printing safe in a program started
without a console. Tools of those commands: ``chartimages`` (a report's charts as PNG, ``smqt sim
--png``), ``crowded`` (the crowded positions ``smqt bench`` times) and ``tuning`` (the expert's
weights by self-play, ``python -m smqt.cli.tuning``).

May import ``smqt.ui.shell``, ``smqt.ui.game``, ``editor.shell``, ``smqt.sim``, ``smqt.sim.run``,
``smqt.sim.plan``, ``smqt.sim.report``, ``smqt.sim.cluster``, ``smqt.coach``,
``smqt.ai``, ``smqt.records``, ``smqt.pack``, ``smqt.files``, ``smqt.desktop`` and
``smqt.engine``; nothing imports it."""
