"""The language in force and the functions that translate into it.

Texts are written in English in the code and marked: ``_("Save")`` for a sentence,
``ngettext("{n} sand dollar", "{n} sand dollars", n).format(n=n)`` for one with a count, and
``N_("...")`` for a text kept in a table and translated where it is shown (``_(TEXT)``).
Placeholders are named (``{name}``) so that a translation may put them in another order.

The language is process-wide: ``use(code)`` switches it (the table and the editor do so at
start, before any window text is made); ``None`` follows the system's locale.
"""

from __future__ import annotations

import gettext
import locale
import os
from importlib import resources

LANGUAGES = {"en": "English", "de": "Deutsch"}  # not translated: each in its own language
"The languages the product speaks, each by its own name (as a language menu lists them)."
SOURCE = "en"
"The language the texts are written in (no catalog)."
DOMAIN = "smqt"

_state: dict[str, object] = {"code": SOURCE, "catalog": gettext.NullTranslations()}


def system_language() -> str:
    """The system's language when the product speaks it, else English: the first of
    ``LANGUAGE`` (a list), ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, then the locale
    the platform reports (Windows and macOS set no variables)."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            for part in value.split(":"):
                code = _code(part)
                if code in LANGUAGES:
                    return code
            if variable != "LANGUAGE":
                return SOURCE  # set to a language we do not speak (or C): English
    try:
        found = locale.getlocale()[0] or ""
    except ValueError:
        found = ""
    code = _code(found)
    return code if code in LANGUAGES else SOURCE


def _code(name: str) -> str:
    """``de_DE.UTF-8`` -> ``de``; ``German_Germany`` (Windows) -> ``de``."""
    name = name.strip().lower()
    if name.startswith("german") or name.startswith("deutsch"):
        return "de"
    return name.replace("-", "_").split("_")[0].split(".")[0]


def parse_language(text: str) -> str:
    """A language code given by a person (``de``, ``DE``, ``de_AT``): one we speak, or
    ValueError saying which we do."""
    code = _code(text)
    if code not in LANGUAGES:
        choices = ", ".join(LANGUAGES)
        # the commands say it in words of their own; this is for developers
        raise ValueError(f"unknown language {text!r}; choose one of {choices}")  # not translated: dev
    return code


def given_language(argv: list[str]) -> str | None:
    """The ``--lang`` among command-line arguments, read before the parser is made (its help
    texts are in that language); None when absent or not one we speak (the parser says so)."""
    for index, word in enumerate(argv):
        value = word.partition("=")[2] if word.startswith("--lang=") else \
            (argv[index + 1] if word == "--lang" and index + 1 < len(argv) else None)
        if value is not None:
            try:
                return parse_language(value)
            except ValueError:
                return None
    return None


def use(code: str | None) -> str:
    """Make ``code`` (or the system's language, for None) the language in force; returns it."""
    code = system_language() if code is None else parse_language(code)
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    if code != SOURCE:
        # one name per step: frozen on Python 3.11, where smqt.locale may be a namespace
        # package, files() is a MultiplexedPath whose joinpath takes a single name
        compiled = resources.files("smqt.locale") / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        with compiled.open("rb") as stream:
            catalog = gettext.GNUTranslations(stream)
    _state["code"] = code
    _state["catalog"] = catalog
    return code


def current() -> str:
    """The code of the language in force (``en``, ``de``)."""
    return str(_state["code"])


def _(message: str) -> str:
    """``message`` in the language in force."""
    catalog = _state["catalog"]
    assert isinstance(catalog, gettext.NullTranslations)
    return catalog.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a text for ``count`` (German and English: one, and every other number)."""
    catalog = _state["catalog"]
    assert isinstance(catalog, gettext.NullTranslations)
    return catalog.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in force, in ``context`` (the same English word meaning two
    things: ``pgettext("tag", "local")`` and ``pgettext("person", "local")``)."""
    catalog = _state["catalog"]
    assert isinstance(catalog, gettext.NullTranslations)
    return catalog.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """``ngettext`` in ``context`` (the same English words in another grammatical role:
    ``npgettext("subject", "{n} local", "{n} locals", n)``)."""
    catalog = _state["catalog"]
    assert isinstance(catalog, gettext.NullTranslations)
    return catalog.npgettext(context, singular, plural, count)


def N_(message: str) -> str:
    """Marks a text for the catalog without translating it now (kept in a table, translated
    with ``_`` where it is shown)."""
    return message


def quoted(name: str) -> str:
    """A card's or tile's printed name inside a sentence: as it is in English, in German
    quotation marks (so that it needs no article: ``nach „Versteckte Bucht“``)."""
    # Translators: a card's or tile's name inside a sentence (German: „{name}“, so that the
    # sentence needs no article or case ending for it)
    return pgettext("a name in a sentence", "{name}").format(name=name)
