"""The editor's window: the entry list and its filters, the form with its preview, the
validation, statistics and undo panels, the bar for files changed on disk, the Help menu, the
simulate dialog, and ``smqt-editor`` (``app``).

May import ``editor.model``, ``editor.forms``, ``editor.export``, ``smqt.desktop``, ``smqt.sim``,
``smqt.sim.run``, ``smqt.ai``, ``smqt.render``, ``smqt.pack``, ``smqt.engine`` and ``smqt.files``; never the
table."""
