"""Print and play: what a pack prints as, where each component goes on a sheet, the PDF sheets
and PNGs, Tabletop Simulator decks, the dialog and the command without a window.

May import ``smqt.render``, ``smqt.pack`` (a variant's changes too), ``smqt.engine``,
``smqt.files`` and ``smqt.desktop`` (its work off the window's thread)."""
