"""The content editor (``smqt-editor``), in four rooms: ``model`` (the pack as a document of
TOML tables, its reversible edits and undo commands, templates of new entries, variants, kept
unsaved edits), ``forms`` (forms built from the content classes, their inputs and the words
for each kind), ``export`` (print and play: PDF sheets, PNGs, Tabletop Simulator decks) and
``shell`` (the window, its panels and dialogs, ``smqt-editor``). Each room imports only the
rooms listed before it.

May import ``smqt`` below the command line, except the table (``smqt.ui``)."""
