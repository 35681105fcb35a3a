"""The language of a window: the one given on the command line, else the one a person chose
(View ▸ Language, remembered in the settings), else the system's; Qt's own texts (the buttons
of its dialogs, the context menu of a text field) and its numbers follow it."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTimer, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from smqt.desktop.datafolder import settings
from smqt.desktop.mnemonics import with_mnemonics
from smqt.language.translate import LANGUAGES, N_, _, current, system_language, use

KEY = "language"  # not translated: a settings key
QT_TRANSLATOR = "smqt-qt-texts"  # not translated: an object name


def remembered() -> str | None:
    """The language a person chose, or None for the system's."""
    value = settings().value(KEY, "")
    return value if isinstance(value, str) and value in LANGUAGES else None


def remember(code: str | None) -> None:
    """Keep ``code`` as the choice (None: follow the system's language)."""
    store = settings()
    store.setValue(KEY, code or "")
    store.sync()


def start_language(given: str | None) -> str:
    """Put the language in force for a window about to be made (``--lang`` wins over the
    remembered choice, which wins over the system's), Qt's texts included; returns it."""
    code = use(given if given is not None else remembered())
    qt_language(code)
    return code


def qt_language(code: str) -> None:
    """Qt's own texts and number forms in ``code`` (``qtbase_de.qm`` from Qt's translations)."""
    app = QCoreApplication.instance()
    QLocale.setDefault(QLocale(code))
    if app is None:
        return
    for old in app.findChildren(QTranslator, QT_TRANSLATOR):
        app.removeTranslator(old)
        old.deleteLater()
    if code == "en":
        return
    translator = QTranslator(app)
    translator.setObjectName(QT_TRANSLATOR)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(QLocale(code), "qtbase", "_", folder):
        app.installTranslator(translator)
    keys = KeyNames(app)  # installed last: asked first
    keys.setObjectName(QT_TRANSLATOR)
    app.installTranslator(keys)


KEY_NAMES = {
    # Translators: the name of the Return key in menus and on the shortcuts page (German
    # keyboards say "Eingabe"; Qt's own German leaves it "Return")
    "Return": N_("Return"),  # not translated: the key Qt names (the value is translated)
}
"""Key names Qt's translations leave in English, by Qt's own name for the key."""


class KeyNames(QTranslator):
    """Qt's names of keys (in shortcuts shown by menus) in the window's language where Qt's
    own catalog does not give them."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:
        if context == "QShortcut" and source in KEY_NAMES:
            return _(KEY_NAMES[source])
        return None  # not ours: the next catalog (Qt's) answers ("" would be an answer)


def fill_language_menu(menu: QMenu, window: QObject) -> None:
    """View ▸ Language: the system's language, then each language by its own name, the
    remembered choice checked. A choice is remembered at once; the program that made
    ``window`` then makes it again in that language (its ``on_language``, if it set one)."""
    chosen = remembered()
    if chosen is None and current() != system_language():
        chosen = current()  # given on the command line for this run
    system = LANGUAGES[system_language()]
    entries = ((_("System language ({language})").format(language=system), None),
               *((name, code) for code, name in LANGUAGES.items()))
    group = QActionGroup(window)
    labels = with_mnemonics([label for label, _code in entries])
    for label, (_label, code) in zip(labels, entries, strict=True):
        act = QAction(label, window, checkable=True)
        act.setChecked(code == chosen)
        act.triggered.connect(lambda _checked=False, c=code: _choose(window, c))
        group.addAction(act)
        menu.addAction(act)


def _choose(window: QObject, code: str | None) -> None:
    remember(code)
    again = getattr(window, "on_language", None)
    if again is not None:  # after the menu has closed: the window is replaced
        QTimer.singleShot(0, lambda: again(code))
