"""The pack as the editor holds it: a document of the TOML tables as written, edited only by
reversible changes (``QUndoCommand``s on one stack), the templates of new entries, new variants,
and the unsaved edits kept aside.

May import ``smqt.desktop`` (the user's documents folder), ``smqt.pack``, ``smqt.engine`` and
``smqt.files``."""
