"""The table scene: the display and the city rebuilt from the state, their graphics items
(faces, people, targets, tokens), the views that fit and zoom them, motion, the faces drawn once
per size, and how the height is shared between display and city.

May import ``smqt.ui.game``, ``smqt.render`` and ``smqt.engine``."""
