"""The editor's window: a shell (``window``) that builds the widgets (the entry list and its
filters, the form's page with its preview, the validation, statistics and undo panels, the bar
for files changed on disk) and the parts it passes them to: the ``session`` they share (the
pack, the entry shown, the undo stack, and signals for what happened), ``showing``, ``marks``,
``editing``, ``packfiles``, ``tryout`` (with the simulate dialog and "Find a balanced
value…", ``balancefind``, both ``workerdialog``s) and ``menus`` (with the Help menu); and
``smqt-editor`` (``app``).

May import ``editor.model``, ``editor.forms``, ``editor.export``, ``smqt.desktop``, ``smqt.sim``,
``smqt.sim.run``, ``smqt.sim.plan``, ``smqt.sim.report``, ``smqt.sim.statistics``, ``smqt.ai``,
``smqt.render``, ``smqt.pack``, ``smqt.engine`` and ``smqt.files``; never the table."""
