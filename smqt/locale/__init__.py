"""The compiled catalogs people read (``<lang>/LC_MESSAGES/smqt.mo``) and their sources, one
``.po`` per room (``smqt.language.catalogs`` updates and compiles them). Data only."""
