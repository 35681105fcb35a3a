"""The editor's window: the entry list and its filters, the form with its preview, the
validation, statistics and undo panels, the bar for files changed on disk, the Help menu, the
simulate dialog, and ``smqt-editor`` (``app``).

May import every other room of the editor, ``smqt.desktop`` and the rooms of ``smqt`` below
them; never the table."""
