"""The two scenes of the table, rebuilt from the game state on every change (model -> view):
the display (starting tiles, back and front rows, food truck and foodie, sand dollar actions,
objective, deck) and one player's city (cards, people, footprints, ring marks, score badges,
targets and the walk in progress).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QGraphicsScene, QGraphicsSceneMouseEvent

from smqt.engine.actions import BACK, FRONT, Action
from smqt.engine.features import UPPER_HALF_ID
from smqt.engine.geometry import BEACH, Space
from smqt.engine.scoring import ScoreSheet
from smqt.engine.state import CHOOSE_TILE, GameState
from smqt.language.translate import N_, _, ngettext
from smqt.render.cardface import RING_MARK_X, paint_card, ring_centres
from smqt.render.tilefaces import paint_objective, paint_sand_dollar_action, paint_tile_top
from smqt.ui.game.interaction import Highlights
from smqt.ui.game.logtext import REWARD_WORDS
from smqt.ui.table.appearance import Appearance
from smqt.ui.table.hintmarks import mark_city, mark_display
from smqt.ui.table.items import (
    CARD_H,
    CARD_W,
    ArrowItem,
    FaceItem,
    FootprintItem,
    LabelItem,
    PersonItem,
    RingMarks,
    StepItem,
    TargetItem,
    TokenItem,
    TrayItem,
)
from smqt.ui.table.rewards import offer_rewards
from smqt.ui.table.tablescene import TableScene

PITCH_X = CARD_W + 16
STRIP = 52.0
"""Room under each city card for its people and footprint."""
PITCH_Y = CARD_H + STRIP + 34
ROW_LABEL_W = PITCH_X - 24
"""The room of a city row's name, left of its first column."""


@attrs.define
class Recent:
    """What the last action changed, to highlight it (AI moves above all)."""

    player: int = -1
    spaces: set[Space] = attrs.Factory(set)
    people: set[int] = attrs.Factory(set)


def token_tips(state: GameState) -> dict[str, str]:
    """What the food truck and the foodie give, in words, with the pack's numbers (R3.3-R3.5)."""
    dollars = state.rules.food_truck_reward
    truck = ngettext("Food truck: take the front-row card above it in a regular turn and the "
                     "truck gives you {n} sand dollar; then the truck moves one column right.",
                     "Food truck: take the front-row card above it in a regular turn and the "
                     "truck gives you {n} sand dollars; then the truck moves one column right.",
                     dollars).format(n=dollars)
    foodie = _("Foodie: take the front-row card above it in a regular turn and the foodie "
               "gives you a free move (1 person, 1 space); then the foodie moves one column "
               "right.")
    if state.truck == state.foodie:
        # Translators: between the rewards the food truck and foodie together offer
        rewards = _("; or ").join(_(words) for words in REWARD_WORDS.values())
        both = _("Food truck and foodie together: take the card above them for one of: "
                 "{rewards}. Then only the truck moves, two columns.").format(rewards=rewards)
        return {"truck": both, "foodie": both}
    return {"truck": truck, "foodie": foodie}


ROW_LABELS = (N_("Beach"), N_("Street"))
"""The label left of each row of a city (``_()`` where shown)."""

SAND_TOP, SAND_BOTTOM = QColor("#f3e7c9"), QColor("#e6d3a6")
"""The display's ground: dry sand (docs/design.md, table surfaces)."""
SEA, SHORE, PAVEMENT = QColor("#bcd9ec"), QColor("#efe3c4"), QColor("#e4e0d8")
"""The city's grounds: the sea behind the beach row, the pavement behind the street row."""


class DisplayScene(TableScene):
    wide = False
    """Lay the objective beside the sand dollar actions (for a wide, low area)."""

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        if Appearance.high_contrast:
            painter.fillRect(rect, QColor("#ffffff"))
            return
        whole = self.sceneRect()  # not the exposed part: a repaint must match what is there
        gradient = QLinearGradient(0, whole.top(), 0, whole.bottom())
        gradient.setColorAt(0, SAND_TOP)
        gradient.setColorAt(1, SAND_BOTTOM)
        painter.fillRect(rect, QBrush(gradient))

    def build(self, state: GameState, h: Highlights, interactive: bool,
              buy_tips: dict[str, str] | None = None, animate: bool = False,
              hint: Action | None = None) -> None:
        """``buy_tips``: per sand dollar action, what clicking it would do now or why not;
        ``animate``: cards, the truck and the foodie glide from where they stood; ``hint``:
        the action the coach suggests, framed where it starts."""
        self.begin()
        self.clear()
        where: dict[tuple, QRectF] = {}
        catalog = state.catalog
        columns = state.rules.display_columns
        left = 130.0
        top = 0.0
        if state.phase == CHOOSE_TILE:
            # Translators: a label in two lines left of the starting tiles: "Starting" / "tiles"
            self.addItem(_at(LabelItem(_("Starting"), 20, width=120), 0, CARD_H / 2 - 30))
            self.addItem(_at(LabelItem(_("tiles"), 20, width=120), 0, CARD_H / 2 - 2))
            for i, tile_id in enumerate(state.tile_pool):
                tile = catalog.starting_tiles[tile_id]
                face = FaceItem(paint_card, tile, ("tile", tile_id) if interactive else None)
                face.selectable = interactive and tile_id in h.tiles
                self.addItem(_at(face, left + i * PITCH_X, top))
                where["tile", tile_id] = QRectF(left + i * PITCH_X, top, CARD_W, CARD_H)
            top += CARD_H + 40
        for row, label, cards in ((BACK, _("Back row"), state.back),
                                  (FRONT, _("Front row"), state.front)):
            y = top if row == BACK else top + CARD_H + 20
            self.addItem(_at(LabelItem(label, 20, width=120, wrap=True), 0, y + CARD_H / 2 - 16))
            for column, card_id in enumerate(cards):
                x = left + column * PITCH_X
                if card_id is None:
                    self.addItem(_at(LabelItem(_("(empty)"), 16, False, CARD_W, QColor("#888")), x,
                                     y + CARD_H / 2 - 12))
                    continue
                slot = (row, column)
                face = FaceItem(paint_card, catalog.cards[card_id],
                                ("slot", slot) if interactive else None)
                face.key = ("card", card_id)
                face.selectable = interactive and slot in h.slots
                face.selected = slot == h.selected_slot
                self.addItem(_at(face, x, y))
                where["slot", slot] = QRectF(x, y, CARD_W, CARD_H)
        token_y = top + 2 * CARD_H + 30
        tips = token_tips(state)
        for column in range(columns):
            x = left + column * PITCH_X + (CARD_W - 86) / 2
            if column in h.columns and interactive:
                marker = TokenItem("marker", column)
                self.addItem(_at(marker, x, token_y))
                where["column", column] = marker.mapRectToScene(marker.boundingRect())
            both = state.truck == state.foodie == column
            if state.truck == column:
                truck = TokenItem("truck", column, tips["truck"])
                truck.key = ("token", "truck")
                self.addItem(_at(truck, x - 44 if both else x, token_y))
            if state.foodie == column:
                foodie = TokenItem("foodie", column, tips["foodie"])
                foodie.key = ("token", "foodie")
                self.addItem(_at(foodie, x + 44 if both else x, token_y))
        right = left + columns * PITCH_X + 30
        for i, action_id in enumerate(state.sand_dollar_actions):
            action = catalog.sand_dollar_actions[action_id]
            face = FaceItem(paint_sand_dollar_action, action,
                            ("sand_dollar", action_id) if interactive else None)
            face.selectable = interactive and action_id in h.sand_dollar_actions
            tip = action.name
            if buy_tips and action_id in buy_tips:
                tip += ": " + buy_tips[action_id]
            face.setToolTip(tip)
            self.addItem(_at(face, right + i * PITCH_X, top))
            where["sand_dollar", action_id] = QRectF(right + i * PITCH_X, top, CARD_W, CARD_H)
        objective = catalog.objective_tiles[state.objective]
        # wide: the objective beside the sand dollar actions and the deck under them (a wide,
        # low display); otherwise the objective under the first action, the deck beside it
        objective_at = (right + 2 * PITCH_X, top) if self.wide else (right, top + CARD_H + 20)
        deck_x = right if self.wide else right + PITCH_X
        self.addItem(_at(FaceItem(paint_objective, objective, None), *objective_at))
        # under the two sand dollar actions when wide, else beside the objective: as wide as
        # the room there (the deck's count and the supply's two lines)
        room = 2 * PITCH_X - 20 if self.wide else CARD_W + 60
        deck = LabelItem(_("Deck: {n} cards").format(n=len(state.deck)), 20, width=room,
                         wrap=True)
        self.addItem(_at(deck, deck_x, top + CARD_H + 40))
        self.deck_at = QPointF(deck_x, top + CARD_H + 40)
        """Where new cards come from when the display is refilled."""
        supply = state.supply
        # the supply's lines in one size (the longer line decides it)
        lines = [
            # Translators: the supply in two lines: "Supply: 5 locals, 4 tourists" / "2 VIPs, 3 footprints"
            LabelItem(_("Supply: {locals} locals, {tourists} tourists").format(
                locals=supply["local"], tourists=supply["tourist"]), 17, False, room, wrap=True),
            LabelItem(_("{vips} VIPs, {footprints} footprints").format(
                vips=supply["vip"], footprints=supply["footprint"]), 17, False, room, wrap=True)]
        size = min(line.fitted_size() for line in lines) / Appearance.text  # as asked
        y = top + CARD_H + 40 + max(40.0, deck.boundingRect().height())
        for line in lines:  # each under the one before, however many lines its words took
            line.size = size
            self.addItem(_at(line, deck_x, y))
            y += max(24.0, line.boundingRect().height() - size * Appearance.text * 0.3)
        if hint is not None:
            mark_display(self, hint, where)
        self.where = where
        self.setSceneRect(self.itemsBoundingRect().adjusted(-10, -10, 10, 10))
        arrivals = {key: self.deck_at for key in self._card_keys() if key not in self.before}
        self.finish(animate and bool(self.before), arrivals)

    def rect_of(self, target: tuple) -> QRectF | None:
        """Where a target of the keyboard is drawn: ("slot", slot), ("tile", id),
        ("column", n) or ("sand_dollar", id)."""
        return getattr(self, "where", {}).get(target)

    def _card_keys(self) -> list[tuple]:
        return [item.key for item in self.items()
                if isinstance(item, FaceItem) and getattr(item, "key", None)]


class CityScene(TableScene):
    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._spaces: dict[Space, QRectF] = {}
        self.seat_colour: QColor | None = None
        """The colour of the city's owner, along the top edge when it is their turn."""

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        """The sea behind the beach row fading into sand, the pavement behind the street."""
        split = PITCH_Y - 17  # between the rows (half the gap under the beach row's trays)
        if Appearance.high_contrast:  # plain grounds, and a black line between the rows
            painter.fillRect(rect, QColor("#ffffff"))
            painter.fillRect(QRectF(rect.left(), split, rect.width(),
                                    max(0.0, rect.bottom() - split)), QColor("#e6e6e6"))
            painter.setPen(QPen(QColor("#000000"), 3))
            painter.drawLine(QPointF(rect.left(), split), QPointF(rect.right(), split))
            return
        sea = QLinearGradient(0, -120, 0, split)
        sea.setColorAt(0, SEA)
        sea.setColorAt(0.55, SHORE)
        sea.setColorAt(1, SHORE)
        painter.fillRect(QRectF(rect.left(), rect.top(), rect.width(),
                                max(0.0, split - rect.top())), QBrush(sea))
        painter.fillRect(QRectF(rect.left(), split, rect.width(), max(0.0, rect.bottom() - split)),
                         PAVEMENT)
        painter.setPen(QPen(QColor("#cbbf9f"), 2, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(rect.left(), split), QPointF(rect.right(), split))

    def space_at(self, pos: QPointF) -> Space | None:
        for space, rect in self._spaces.items():
            if rect.contains(pos):
                return space
        return None

    def rect_of(self, target: tuple) -> QRectF | None:
        """Where a target of the keyboard is drawn: ("space", space), ("person", pid) or
        ("reward", choice)."""
        if target[0] == "space":
            return self._spaces.get(target[1])  # type: ignore[arg-type]
        if target[0] == "reward":
            return getattr(self, "_rewards", {}).get(target[1])
        at = self.position(target)
        if target[0] == "person" and at is not None:
            return QRectF(at.x(), at.y(), PersonItem.SIZE, PersonItem.SIZE)
        return None

    @staticmethod
    def grid_rect(space: Space) -> QRectF:
        """Where ``space`` is drawn (its card; the tray of people is below it)."""
        return QRectF(space[1] * PITCH_X, space[0] * PITCH_Y, CARD_W, CARD_H)

    def grid_space(self, pos: QPointF) -> Space | None:
        """The space of the city grid under ``pos``, built or not (None between rows)."""
        row = int(pos.y() // PITCH_Y) if pos.y() >= 0 else -1
        column = int(pos.x() // PITCH_X) - (1 if pos.x() < 0 else 0)
        if row not in (0, 1) or pos.y() - row * PITCH_Y > CARD_H + STRIP:
            return None
        if pos.x() - column * PITCH_X > CARD_W:
            return None
        return (row, column)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """A click on an empty part of the city: report the grid space (to hear why not)."""
        super().mouseReleaseEvent(event)  # an item that took the press takes the release
        if event.isAccepted() or event.button() != Qt.MouseButton.LeftButton:
            return
        moved = event.scenePos() - event.buttonDownScenePos(Qt.MouseButton.LeftButton)
        if moved.manhattanLength() > 8:
            return  # the city was dragged, not clicked
        space = self.grid_space(event.scenePos())
        if space is not None:
            self.clicked.emit("space", space)

    def build(self, state: GameState, index: int, h: Highlights, sheet: ScoreSheet | None,
              interactive: bool, recent: Recent, *,
              previews: dict[Space, tuple] | None = None,
              arrows: Sequence[tuple[int, Sequence[Space], str]] = (),
              focus: Space | None = None, animate: bool = False,
              arrivals: dict[tuple, QPointF] | None = None, hint: Action | None = None,
              rewards: tuple[str, ...] = (), reward_at: Space | None = None) -> None:
        """``previews``: per target space, the points the picked card would score there, why,
        what the food truck and the foodie give, and how much of it is the card's own;
        ``arrows``: numbered final moves (number, origin then path, words); ``focus``: a
        card to point out (the score breakdown's line); ``arrivals``: where new cards come
        from (the display), in this scene's coordinates; ``animate``: motion at all."""
        self.begin()
        self.clear()
        self._spaces = draw_city(self, state, index, h, sheet, interactive, recent,
                                 previews=previews, arrows=arrows, focus=focus, room=True)
        self._rewards: dict[str, QRectF] = {}
        if rewards and reward_at is not None and reward_at in self._spaces:
            right = max(rect.right() for rect in self._spaces.values())
            self._rewards = offer_rewards(self, rewards, self._spaces[reward_at], right)
        if hint is not None:
            mark_city(self, state, index, hint,
                      lambda space: QPointF(space[1] * PITCH_X, space[0] * PITCH_Y))
        # the city with a free column on each side, whether or not a card is picked: the
        # view does not move or rescale when the spaces to build on come and go
        columns = [c for _row, c in state.players[index].city] or [0]
        frame = QRectF(QPointF((min(columns) - 2) * PITCH_X + 60, -44),  # a mark's label too
                       QPointF((max(columns) + 1) * PITCH_X + CARD_W + 12,
                               PITCH_Y + CARD_H + STRIP + 12))
        self.setSceneRect(self.itemsBoundingRect().united(frame).adjusted(-10, -10, 10, 10))
        self.finish(animate, arrivals)


def draw_city(scene: QGraphicsScene, state: GameState, index: int, h: Highlights,
              sheet: ScoreSheet | None, interactive: bool, recent: Recent, *,
              previews: dict[Space, tuple] | None = None,
              arrows: Sequence[tuple[int, Sequence[Space], str]] = (),
              focus: Space | None = None, offset: QPointF | None = None, room: bool = False
              ) -> dict[Space, QRectF]:
    """Add the items of ``index``'s city to ``scene`` with its column 0 at ``offset``; returns
    where each space (and target) is, for drops and clicks. ``room``: the row labels stay one
    column left of the city, where a card may come."""
    offset = offset if offset is not None else QPointF()
    spaces: dict[Space, QRectF] = {}
    player = state.players[index]
    catalog = state.catalog
    shown = set(player.city) | (h.spaces if interactive else set())
    columns = [c for _row, c in shown] or [0]
    first = min(columns)
    if room:  # the row labels left of a column a card may go to, whether offered now or not
        first = min([c for _row, c in player.city] or [0]) - 1
    points: dict[Space, int] = {}
    why: dict[Space, list[str]] = {}
    full: dict[Space, tuple[int, ...]] = {}
    if sheet is not None:
        for line in sheet.lines:
            if line.space is not None:
                points[line.space] = points.get(line.space, 0) + line.points
                why.setdefault(line.space, []).append(f"{line.points:+d}  {line.why}")
        full = {space: outcome.full_rings for space, outcome in sheet.rings}
    for row in (BEACH, 1):
        # the whole gap left of the first column: a long row name ("Promenade") keeps its
        # size at a larger text size rather than shrinking into 110 px
        scene.addItem(_at(LabelItem(_(ROW_LABELS[row]), 18, width=ROW_LABEL_W,
                                   colour=QColor("#555"), align=Qt.AlignmentFlag.AlignRight),
                         first * PITCH_X - ROW_LABEL_W - 24 + offset.x(),
                         row * PITCH_Y + CARD_H / 2 - 14 + offset.y()))

    def origin(space: Space) -> QPointF:
        return QPointF(space[1] * PITCH_X, space[0] * PITCH_Y) + offset

    for space, fid in player.city.items():
        at = origin(space)
        spaces[space] = QRectF(at, QPointF(at.x() + CARD_W, at.y() + CARD_H + STRIP))
        tile = catalog.starting_tiles[player.tile] if player.tile else None
        if fid == UPPER_HALF_ID:
            face = FaceItem(paint_tile_top, tile, ("space", space))
            rings: tuple = ()
        else:
            entry = tile if fid.startswith("@") else catalog.cards[fid]
            face = FaceItem(paint_card, entry, ("space", space))
            face.key = ("card", fid)
            rings = entry.rings  # type: ignore[union-attr]
            face.badge = points.get(space, 0) if sheet is not None else None
        face.setToolTip("\n".join(why.get(space, [])))
        face.selectable = interactive and space in h.cards
        face.selected = interactive and space == h.selected_card
        face.target = interactive and space in h.spaces
        face.recent = space in recent.spaces
        if space == focus:
            face.selected = True
        scene.addItem(_at(face, at.x(), at.y()))
        scene.addItem(_at(TrayItem(CARD_W, STRIP - 4), at.x(), at.y() + CARD_H + 4))
        if rings:
            _ring_marks(scene, entry, full.get(space, ()), at)
        _people(scene, state, index, space, at, h, interactive, recent)
        if space in player.footprints:
            footprint = FootprintItem()
            footprint.key = ("footprint", space)
            scene.addItem(_at(footprint, at.x() + CARD_W - 36, at.y() + CARD_H + 7))
        elif interactive and (space in h.footprints or space in h.footprint_targets):
            scene.addItem(_at(FootprintItem(ghost=True), at.x() + CARD_W - 36,
                             at.y() + CARD_H + 7))
    if interactive:
        for space in h.spaces - set(player.city):
            at = origin(space)
            spaces[space] = QRectF(at, QPointF(at.x() + CARD_W, at.y() + CARD_H))
            gain, tip, _reward, own = (previews or {}).get(space, (None, "", "", None))
            scene.addItem(_at(TargetItem(space, gain, tip, own), at.x(), at.y()))
        for number, space in enumerate(h.path, start=1):
            at = origin(space)
            scene.addItem(_at(StepItem(number), at.x() + CARD_W / 2 - 18, at.y() + CARD_H / 2 - 18))
    seen: dict[tuple[Space, ...], int] = {}
    for number, way, words in arrows:  # (not ``spaces``: that is what this returns)
        twin = seen.get(tuple(way), 0)  # the same way again: draw it beside the first
        seen[tuple(way)] = twin + 1
        shift = QPointF(CARD_W / 2 + 22 * twin, CARD_H / 2 + 20 + 22 * twin)
        points = [origin(space) + shift for space in way]
        if len(points) > 1:
            scene.addItem(ArrowItem(number, points, words))
    return spaces


def _people(scene: QGraphicsScene, state: GameState, index: int, space: Space, at: QPointF,
        h: Highlights, interactive: bool, recent: Recent) -> None:
    people = [(pid, kind) for pid, (kind, where) in sorted(state.players[index].people.items())
              if where == space]
    if not people:
        return
    room = CARD_W - 40
    step = min(PersonItem.SIZE + 2, room / len(people))
    for i, (pid, kind) in enumerate(people):
        item = PersonItem(pid, kind)
        item.key = ("person", pid)
        item.selectable = interactive and pid in h.people
        item.selected = interactive and pid == h.selected_person
        item.recent = pid in recent.people
        scene.addItem(_at(item, at.x() + 2 + i * step, at.y() + CARD_H + 8))


def _ring_marks(scene: QGraphicsScene, card: object, full: tuple[int, ...], at: QPointF) -> None:
    """A mark at the right end of each printed ring (where the face keeps room for it):
    filled when the ring is full. Faces are drawn 300 x 420 and scaled to the item."""
    scale = CARD_W / 300.0
    for i, centre in enumerate(ring_centres(card)):  # type: ignore[arg-type]
        mark = RingMarks([i in full])
        scene.addItem(_at(mark, at.x() + (RING_MARK_X + 8) * scale,
                          at.y() + centre.y() * scale - 12))


def _at(item, x: float, y: float):  # type: ignore[no-untyped-def]
    item.setPos(x, y)
    return item


class CityBlock(QGraphicsObject):
    """The ground under one city of the overview: a click anywhere on the city (a card, a
    person, a gap between cards) shows that city alone."""

    def __init__(self, index: int, rect: QRectF, colour: QColor) -> None:
        super().__init__()
        self.index, self.rect, self.colour = index, rect, colour
        self.key = None
        self.setZValue(-10)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(_("Click to see this city alone"))

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, painter: QPainter, _option: object, _widget: object = None) -> None:
        fill = QColor(self.colour)
        fill.setAlpha(28)
        painter.setPen(QPen(self.colour, 3))
        painter.setBrush(fill)
        painter.drawRoundedRect(self.rect, 18, 18)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = self.scene()
        if isinstance(scene, TableScene) and self.rect.contains(event.pos()):
            scene.clicked.emit("city", self.index)


class OverviewScene(TableScene):
    """Every city at once, each under its owner's name, two to a row (for 3 and 4 players):
    to read, not to play; a click on a city shows it alone."""

    GAP = 90.0
    COLUMNS = 2

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, SHORE)

    def build(self, state: GameState, names: Sequence[str], colours: Sequence[str],
              sheets: Sequence[ScoreSheet]) -> None:
        self.begin()
        self.clear()

        def draw(scene: QGraphicsScene, index: int, at: QPointF) -> None:
            label = LabelItem(_("{name} · {total} points").format(name=names[index],
                                                                  total=sheets[index].total), 28,
                              colour=QColor(colours[index]), width=900)
            scene.addItem(_at(label, at.x() - PITCH_X, at.y()))
            draw_city(scene, state, index, Highlights(), sheets[index], False, Recent(),
                      offset=QPointF(at.x(), at.y() + 60))

        # each city's extent, measured on a scratch scene, then a grid of them: the widest
        # city sets the columns' width, the tallest of a row that row's height
        extents = []
        for index in range(state.num_players):
            scratch = QGraphicsScene()
            draw(scratch, index, QPointF())
            extents.append(scratch.itemsBoundingRect())
            scratch.clear()
        columns = self.COLUMNS if state.num_players > 2 else 1
        cell_w = max(extent.width() for extent in extents)
        top = 0.0
        for row_start in range(0, len(extents), columns):
            row = extents[row_start:row_start + columns]
            for column, extent in enumerate(row):
                index = row_start + column
                left = column * (cell_w + self.GAP)
                before = set(self.items())
                draw(self, index, QPointF(left - extent.left(), top - extent.top()))
                for item in set(self.items()) - before:
                    if isinstance(item, FaceItem):
                        item.intent = ("city", index)
                    elif isinstance(item, PersonItem):
                        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                    item.key = None
                block = QRectF(left, top, cell_w, extent.height())
                self.addItem(CityBlock(index, block.adjusted(-20, -14, 20, 14),
                                       QColor(colours[index])))
            top += max(extent.height() for extent in row) + self.GAP
        self.setSceneRect(self.itemsBoundingRect().adjusted(-10, -10, 10, 10))
        self.finish(False)
