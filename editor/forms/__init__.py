"""Forms built from the content classes: a field editor per schema field with its help and
range, a key a table does not have (a typo) with Rename and Delete, inputs that behave in a
long scrolling form, and what the editor says about each kind.

May import ``editor.model``, ``smqt.desktop`` (the flowing layout), ``smqt.pack``, ``smqt.render``
and ``smqt.engine``."""
