"""smqt: Santa Monica, the desktop edition. The rooms, from the bottom up (README, "Layout"):
``language``, ``engine`` (the rules), ``files``, ``pack``, ``records``, ``ai``, ``render``, ``sim``,
``desktop``, ``ui`` (the play table), ``cli`` (the commands); the content editor is the
top-level ``editor`` package."""

__version__ = "0.2.0"
