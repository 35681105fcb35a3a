"""The table scene: the display and the city rebuilt from the state, their graphics items
(faces, people, targets, tokens), the views that fit and zoom them, motion, the faces drawn once
per size, work done one piece per turn of the event loop (``turns``: a bot's next answer, a face
that waited for its size, the game's end), and how the height is shared between display and city.

May import ``smqt.ui.game``, ``smqt.render`` and ``smqt.engine``."""
