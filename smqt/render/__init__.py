"""Faces drawn from data with QPainter, shared by the table, the editor and print and play:
cards, tiles, objectives, backs, the reference card, the application icon, the symbols they
use, and their type scale and layout.

May import ``smqt.engine``."""
