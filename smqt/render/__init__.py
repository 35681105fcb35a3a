"""Faces drawn from data with QPainter, shared by the table, the editor and print and play:
cards, tiles, objectives, backs, the reference card, the application icon, the symbols they
use, their type scale and layout, and every entry's rules in plain words.

May import ``smqt.engine``."""
