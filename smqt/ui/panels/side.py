"""Side panels of the table: a panel per player, the card inspector, the game log and the
reward dialog (the turn panel has a module of its own)."""

from __future__ import annotations

import html

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QContextMenuEvent, QImage, QMouseEvent, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from smqt.engine.catalog import Catalog
from smqt.engine.content import FeatureCard, ObjectiveTile, SandDollarAction, StartingTile
from smqt.engine.scorewords import breakdown, line_words
from smqt.engine.scoring import OBJECTIVE, ScoreSheet
from smqt.engine.state import GameState
from smqt.language.translate import N_, _, ngettext
from smqt.render.cardface import card_image
from smqt.render.symbols import contrast, letter_colour
from smqt.render.tilefaces import paint_objective, paint_sand_dollar_action, tile_image
from smqt.ui.game.controller import Seat
from smqt.ui.panels.words import card_text, objective_text, sand_dollar_text, tile_text
from smqt.ui.table.appearance import Appearance, css, restyle
from smqt.ui.table.motion import count_up
from smqt.ui.table.turns import LATER_MS

PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
"""Seat colours (Okabe-Ito), always shown with the name."""


def seat_ink(seat: int, ground: str = "#ffffff") -> str:
    """The seat's colour for words on a light ``ground``: darkened until it reads (a WCAG
    contrast of 4.5 or more; the pink and the green seats need it)."""
    colour = QColor(PLAYER_COLOURS[seat % len(PLAYER_COLOURS)])
    back = QColor(ground)
    for _attempt in range(12):
        if contrast(colour, back) >= 4.5:
            break
        colour = colour.darker(112)
    return colour.name()


def seat_fill_words(seat: int) -> str:
    """Dark or white words on the seat's colour, whichever reads better."""
    return letter_colour(QColor(PLAYER_COLOURS[seat % len(PLAYER_COLOURS)])).name()
KIND_WORDS = {"human": N_("person"), "random": N_("AI (random)"), "easy": N_("AI (easy)"),
              "medium": N_("AI (medium)"), "hard": N_("AI (hard)"), "expert": N_("AI (expert)")}
"""Who plays a seat, in words (marked: translated where shown)."""


class PlayerPanel(QFrame):
    """Name, seat, sand dollars, cards, people and the live score (breakdown on hover)."""

    FULL_HEIGHT = 78
    """About the height of a panel with its details (two lines under the name)."""
    clicked = Signal(int)
    seat_menu = Signal(int, QPoint)
    """Right-click: the seat's menu (let the AI play it, take it back)."""

    def __init__(self, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        grid = QGridLayout(self)
        grid.setContentsMargins(8, 6, 8, 6)
        grid.setVerticalSpacing(2)
        self.name = QLabel()
        self.name.setWordWrap(True)  # a long name or a large text size wraps, never cuts
        self.score = QLabel()
        self.score.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.details = QLabel()
        self.details.setWordWrap(True)
        grid.addWidget(self.name, 0, 0)
        grid.addWidget(self.score, 0, 1)
        grid.addWidget(self.details, 1, 0, 1, 2)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.compact = False
        """One line only (name, score, sand dollars, cards): when the side is short of room."""
        self._total: int | None = None
        self._total_size = Appearance.text
        """The text size the total was written at (its markup gives its size in pixels)."""
        self._counting = None
        self._tip_for: tuple | None = None
        """The lines and name the tooltip was made for."""

    def _show_total(self, total: int) -> None:
        self._total_size = Appearance.text
        self.score.setText(_("{total} pts").format(
            total=css(f"<span style='font-size:18px'><b>{total}</b></span>")))  # not translated: markup

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            self.details.setVisible(not compact)

    def show_player(self, state: GameState, seat: Seat, sheet: ScoreSheet | None,
                    current: bool, shown: bool) -> None:
        player = state.players[self.index]
        colour = seat_ink(self.index)
        marker = "▶ " if current and not state.is_over else ""
        cards = player.card_count()
        limit = state.rules.cards_to_end
        kind = _(KIND_WORDS[seat.kind]) if seat.kind in KIND_WORDS else seat.kind
        if self.compact:  # one line: the words of the full panel are in the tooltip
            kind = _("{dollars} $ · {cards}/{limit} cards").format(
                dollars=player.sand_dollars, cards=cards, limit=limit)
            if seat.is_ai:
                kind = _("AI") + " · " + kind
            # a number stays with its word when the line wraps ("1/14 Karten", never "1/14" /
            # "Karten")
            kind = " · ".join(part.replace(" ", "\u00a0") for part in kind.split(" · "))
        self.name.setToolTip(ngettext(
            "$: sand dollars ({dollars}). {cards}/{limit} cards: the cards in this city, out of "
            "the {limit} that end the game",
            "$: sand dollars ({dollars}). {cards}/{limit} cards: the cards in this city, out of "
            "the {limit} that end the game", limit).format(
            dollars=player.sand_dollars, cards=cards, limit=limit) if self.compact else "")
        self.name.setText(css(f"<span style='color:{colour}; font-size:15px'><b>{marker}"
                              f"{html.escape(seat.name)}</b></span> · {kind}"))  # not translated: markup
        cards_words = (_("{cards}/{limit} cards").format(cards=cards, limit=limit)
                       if cards < limit or state.is_over
                       else ngettext("{n} card: the end is triggered",
                                     "{n} cards: the end is triggered", cards).format(n=cards))
        card_colour = "#8a5a00" if cards >= limit else "#1d1d1d"
        unplaced = sheet.unplaced if sheet is not None else 0
        dollars = ngettext("{n} sand dollar", "{n} sand dollars", player.sand_dollars).format(
            n=player.sand_dollars)
        people = ngettext("{n} person in the city", "{n} people in the city",
                          len(player.people)).format(n=len(player.people)) + ", " + ngettext(
            "{n} outside a ring", "{n} outside rings", unplaced).format(n=unplaced)
        footprints = ngettext("{n} footprint", "{n} footprints", len(player.footprints)).format(
            n=len(player.footprints))
        # a number stays with its word when the line wraps ("0 Fußspuren", not "0 / Fußspuren")
        dollars, footprints = (words.replace(" ", "\u00a0") for words in (dollars, footprints))
        objective = sheet.by_category()[OBJECTIVE] if sheet is not None else 0
        # the objective counts from the start (a -2 before the first card): say so here
        standing = (" · " + _("objective now: {points}").format(points=f"{objective:+d}")
                    if objective else "")
        self.details.setText(
            f"{dollars} · <span style='color:{card_colour}'><b>{cards_words}</b></span><br>"
            f"{people} · {footprints}{standing}")  # not translated: markup
        if sheet is not None:
            if sheet.total != self._total:
                old, self._total = self._total, sheet.total
                self._counting = count_up(self, old if old is not None else sheet.total,
                                          sheet.total, self._show_total)
            elif self._total_size != Appearance.text:  # a new text size: the total grows too
                self._show_total(sheet.total)
            if self._tip_for != (sheet.lines, seat.name):  # words for every line: only anew
                self._tip_for = (sheet.lines, seat.name)
                self.setToolTip(breakdown_html(state.catalog, sheet, seat.name))
        current = current and not state.is_over
        restyle(self, _looks(colour))  # once per seat colour: the looks are chosen below
        look = ("current" if current else "") + ("shown" if shown else "") or "plain"
        if self.property("look") != look:  # the panel alone polished anew, not its words
            self.setProperty("look", look)
            self.style().unpolish(self)
            self.style().polish(self)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.index)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self.seat_menu.emit(self.index, event.globalPos())


def _looks(colour: str) -> str:
    """A player panel's style sheet: its border and ground when its seat is to play, when its
    city is shown, both, or neither (the ``look`` property says which)."""
    return (f"PlayerPanel {{ border: 1px solid #d0d0d0; border-radius: 6px; background: #ffffff; }}"
            f"PlayerPanel[look='shown'] {{ border: 2px solid #888888; background: #fffdf5; }}"
            f"PlayerPanel[look='current'] {{ border: 3px solid {colour}; background: #ffffff; }}"
            f"PlayerPanel[look='currentshown'] {{ border: 3px solid {colour}; "
            f"background: #fffdf5; }}")  # not translated: a style sheet


def breakdown_html(catalog: Catalog, sheet: ScoreSheet, name: str) -> str:
    """The live score line by line, each named by its card or objective, grouped by category,
    as a tooltip table."""
    rows = []
    for group in breakdown(sheet):
        if not group.lines:
            continue
        rows.append(f"<tr><td align=right><b>{group.total:+d}</b></td>"
                    f"<td><b>{html.escape(_(group.title))}</b></td></tr>")  # not translated: markup
        rows += [f"<tr><td align=right>{line.points:+d}</td><td>"
                 f"{html.escape(line_words(catalog, line, points=False))}</td></tr>"  # not translated: markup
                 for line in group.lines]
    head = html.escape(_("{name}: {points} points").format(name=name, points=sheet.total))
    nothing = "<tr><td>" + html.escape(_("nothing scores yet")) + "</td></tr>"
    table = "".join(rows) or nothing
    return f"<b>{head}</b><br><table cellspacing=2>{table}</table>"  # not translated: markup


class Inspector(QFrame):
    """The hovered (or right-clicked) card or tile, enlarged to the panel's room (never
    cropped), with its rules in words."""

    LARGEST = 300
    SMALLEST = 110
    """Below this width a face is not drawn (its words still are)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.image = QLabel()
        self.image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.image.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.text = QLabel(_("Point at a card to see it here."))
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.words = QScrollArea()  # long rules scroll when the panel is short
        self.words.setWidget(self.text)
        self.words.setWidgetResizable(True)
        self.words.setFrameShape(QFrame.Shape.NoFrame)
        self.words.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.image, 1)
        layout.addWidget(self.words)
        self.entry: object = None
        self._drawn_at = 0

    def clear(self) -> None:
        """Nothing pointed at (a new game)."""
        self.entry = None
        self.image.clear()
        self.image.hide()
        self.text.setText(_("Point at a card to see it here."))

    def show_entry(self, entry: object) -> None:
        if entry is None or entry is self.entry:
            return
        self.entry = entry
        lines = entry_words(entry)
        if lines is None:
            return
        body = "".join(f"<p style='margin:2px'>{html.escape(line)}</p>" for line in lines[1:])
        self.text.setText(css(f"<b style='font-size:15px'>{html.escape(lines[0])}</b>{body}"))
        self._draw()

    def shows_faces(self) -> bool:
        """Whether a card's face fits here at a size that reads (else the large card beside the
        pointer shows it)."""
        if not self.isVisible():
            return False
        room_w = self.contentsRect().width() - 12
        room_h = self.contentsRect().height() * 0.55 - 24
        return min(self.LARGEST, room_w, room_h * CARD_ASPECT) >= self.SMALLEST

    def _draw(self) -> None:
        """The face as large as the room left above the words allows (and the width)."""
        if self.entry is None:
            return
        room_w = self.contentsRect().width() - 12
        words = self.text.heightForWidth(max(50, room_w - 16)) if self.text.text() else 0
        shown_words = min(words, int(self.contentsRect().height() * 0.45))  # more scroll
        room_h = self.contentsRect().height() - shown_words - 24
        width = int(min(self.LARGEST, room_w, room_h * CARD_ASPECT))
        if width < self.SMALLEST:  # too small to read: the words alone (the pop-up is large)
            self.image.clear()
            self.image.hide()
            self.words.setMinimumHeight(0)
            self._drawn_at = 0
            return
        self.words.setMinimumHeight(shown_words + 4)  # the words (whole if they fit) under the face
        image = entry_image(self.entry, width, self.devicePixelRatioF())
        if image is not None:
            self.image.setPixmap(QPixmap.fromImage(image))
            self.image.show()
            self._drawn_at = width

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().resizeEvent(event)
        self._draw()


CARD_ASPECT = 300 / 420
"""A face's width over its height."""


def entry_image(entry: object, width: int, ratio: float) -> QImage | None:
    """The face of a card or tile at ``width`` pixels (device ``ratio``), or None."""
    if isinstance(entry, FeatureCard | StartingTile):
        return card_image(entry, width, ratio)
    if isinstance(entry, SandDollarAction):
        return tile_image(paint_sand_dollar_action, entry, width, ratio)
    if isinstance(entry, ObjectiveTile):
        return tile_image(paint_objective, entry, width, ratio)
    return None


def entry_words(entry: object) -> list[str] | None:
    """The rules of a card or tile in words (the first line is its name), or None."""
    if isinstance(entry, FeatureCard):
        return card_text(entry)
    if isinstance(entry, StartingTile):
        return tile_text(entry)
    if isinstance(entry, SandDollarAction):
        return sand_dollar_text(entry)
    if isinstance(entry, ObjectiveTile):
        return objective_text(entry)
    return None


class LogPanel(QListWidget):
    """The game log in player colours; clicking a line asks to see that moment."""

    moment_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.itemClicked.connect(lambda item: self.moment_chosen.emit(
            item.data(Qt.ItemDataRole.UserRole)))
        self.setToolTip(_("Click a line to look at the game at that moment"))
        self._scroll_due = False

    def drop_after(self, moment: int) -> None:
        """Forget the lines of undone actions."""
        while self.count() and self.item(self.count() - 1).data(Qt.ItemDataRole.UserRole) > moment:
            self.takeItem(self.count() - 1)

    def add_line(self, seat: int, text: str, moment: int) -> None:
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, moment)
        colour = QColor(seat_ink(seat))
        item.setForeground(colour if not text.startswith(" ") else QColor("#555555"))
        self.addItem(item)
        self._scroll_soon()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A log that showed its last line still does when it is made lower or narrower."""
        bar = self.verticalScrollBar()
        at_end = bar.value() >= bar.maximum()
        super().resizeEvent(event)
        if at_end:
            self._scroll_soon()

    def _scroll_soon(self) -> None:
        if not self._scroll_due:  # once for the lines of one moment: each scroll lays out
            self._scroll_due = True  # every line of the log anew (wrapped words)
            QTimer.singleShot(LATER_MS, self, self._scroll)

    def _scroll(self) -> None:
        self._scroll_due = False
        self.scrollToBottom()


