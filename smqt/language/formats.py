"""Numbers and dates in the form of the language in force (``1,234.5`` / ``1.234,5``;
``25 Nov 2026`` / ``25.11.2026``), by Babel's locale data."""

from __future__ import annotations

from datetime import datetime

from smqt.language.translate import SOURCE, current

_LOCALES = {"en": "en_GB", "de": "de_DE"}


def number(value: float, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals and the language's separators."""
    import decimal

    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    with decimal.localcontext() as context:  # room for any number of digits
        context.prec = max(28, len(str(int(abs(value)))) + digits + 2)
        return format_decimal(value, format=pattern, locale=_LOCALES[current()])


def percent(value: float, digits: int = 0) -> str:
    """``0.423`` -> ``42%`` (English) or ``42 %`` (German)."""
    import re

    from babel import Locale
    from babel.numbers import format_percent

    locale = Locale.parse(_LOCALES[current()])
    pattern = locale.percent_formats[None].pattern  # '#,##0%', '#,##0\xa0%'
    if digits > 0:
        pattern = re.sub(r"0(?=[^0]*$)", "0." + "0" * digits, pattern)
    return format_percent(value, format=pattern, locale=locale)


def date_time(moment: datetime) -> str:
    """A date and time as the language writes them (``25 Nov 2026 18:40``, ``25.11.2026 18:40``)."""
    from babel.dates import format_date, format_time

    locale = _LOCALES[current()]
    return f"{format_date(moment, format='medium', locale=locale)} " \
           f"{format_time(moment, format='short', locale=locale)}"


def fixed(value: float, spec: str) -> str:
    """``format(value, spec)`` for a fixed-point spec (``".1f"``, ``"+.2f"``): as Python writes
    it in English, with a decimal comma in German (``-13,30``)."""
    text = format(value, spec)
    return text if current() == SOURCE else text.replace(".", ",")


def with_percent(number_text: str) -> str:
    """A number followed by its percent sign as the language writes it (``48.3%``, ``48,3 %``)."""
    return number_text + ("%" if current() == SOURCE else "\u00a0%")
