"""smqt: Santa Monica, the desktop edition."""

__version__ = "0.2.0"
