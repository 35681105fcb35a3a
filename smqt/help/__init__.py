"""Shipped help text: ``rules.md``, the rules page of the table (Help ▸ Rules). Data only."""
