"""smqt: Santa Monica, the desktop edition. The rooms, from the bottom up (README, "Layout"):
``language`` (with its catalogs in ``locale``), ``engine`` (the rules), ``files``, ``pack``,
``records``, ``ai``, ``coach``, ``render``, ``sim``, ``desktop``, ``ui`` (the play table), ``cli``
(the commands); ``help`` holds the shipped rules text. The content editor is the top-level
``editor`` package.

Each room's docstring ends with what it may import, as the code does
(``tests/test_rooms.py`` compares them); every room may import ``smqt.language``."""

__version__ = "0.2.0"
