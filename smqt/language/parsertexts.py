"""The ``--lang`` argument of both commands, and the command-line parser's own words
(``usage:``, ``options``, its error messages) in the language in force: argparse asks the
default gettext domain for them, which holds nothing of ours, so its two translation functions
are pointed at the product's catalog. The messages a person meets are listed here so that they
are extracted with the room's texts."""

from __future__ import annotations

import argparse

from smqt.language.translate import LANGUAGES, N_, _, ngettext, parse_language

PARSER_TEXTS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("can't open '%(filename)s': %(error)s"),
)
"What argparse says to a person (its messages for programmers are left as they are)."


def _plural_texts() -> tuple[str, ...]:
    return (ngettext("expected %s argument", "expected %s arguments", 2),)


def install() -> None:
    """argparse's words in the language in force from now on (as the language changes)."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def language_argument(text: str) -> str:
    """``--lang``'s type: a language we speak, or the parser's error naming the choices."""
    try:
        return parse_language(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("unknown language {given}; choose one of {choices}").format(
                given=text, choices=", ".join(LANGUAGES))) from None
