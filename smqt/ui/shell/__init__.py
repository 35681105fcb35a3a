"""The table window: the window itself (``window``, a shell that builds the widgets,
``tablewidgets``, and owns its parts), the session its parts share (``session``, the one
mediator), and the parts, each given what it needs: the drawing, the turn view, clicks, the
turn's commands, navigation, the coach, Learn to play, the keys, games on disk, the sharing of
the room, the sounds (``chimes`` makes them) and the menus; the new-game dialog, help pages,
autosaves on disk, file dialogs, the hand-over of a playtest to an open table, and
``smqt play`` (``start``, with ``screenshot``: where its picture can be saved).

May import ``smqt.ui.game``, ``smqt.ui.table``, ``smqt.ui.panels``, ``smqt.engine``, ``smqt.ai``,
``smqt.coach``, ``smqt.records``, ``smqt.pack``, ``smqt.files``, ``smqt.render`` and
``smqt.desktop``."""
