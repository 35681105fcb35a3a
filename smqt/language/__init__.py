"""The language people read: the one in force (English, the source language, or German),
chosen by ``--lang``, a remembered choice or the system's locale; the gettext functions every
room marks its texts with (``_``, ``ngettext``, ``N_``); numbers and dates in the language's
form; and the catalogs, written per room in ``smqt/locale/<lang>/<room>.po`` and compiled into
one ``smqt.mo``.

Imports nothing of the project; every room may import it."""
