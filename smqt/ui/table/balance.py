"""How the table shares its height between the display and the city (Qt-free): the share that
draws the smaller of the two as large as possible, so that neither is tiny while the other has
room to spare (a long city is limited by its width, so the display then takes the height)."""

from __future__ import annotations

CITY_CAP = 1.5
"""A small city is drawn at most this much larger than its design size."""
LEAST = 0.22
"""Neither part gets less than this share of the height."""


MARGIN = 4
"""A view fits its scene within this many pixels less than its size (QGraphicsView)."""


def scale(width: float, height: float, scene_w: float, scene_h: float,
          cap: float | None = None) -> float:
    """The scale at which a scene of that size fits the area (kept in proportion)."""
    if scene_w <= 0 or scene_h <= 0 or width <= MARGIN or height <= MARGIN:
        return 0.0
    fitted = min((width - MARGIN) / scene_w, (height - MARGIN) / scene_h)
    return min(fitted, cap) if cap is not None else fitted


FILL = 0.81
"""Each part should be filled at least this much by what it shows (no wide empty bands; a
little above the 80% the layout promises, for the rounding to whole pixels)."""


def fill(width: float, height: float, scene_w: float, scene_h: float,
         cap: float | None = None) -> float:
    """The part of an area that a scene fitted into it covers."""
    if width <= 0 or height <= 0:
        return 0.0
    factor = scale(width, height, scene_w, scene_h, cap)
    return min(1.0, factor * scene_w / width) * min(1.0, factor * scene_h / height)


def side_width(window_width: float, text: float = 1.0) -> int:
    """The side panels' share of a window's width: a fifth, within 340 and 560 pixels, all
    three times the text size ``text`` (larger words need a wider side), and never more than
    45% of the window."""
    return int(min(window_width * 0.45, max(340 * text, min(560 * text, window_width * 0.2 * text))))


def balanced_heights(total: float, width: float, display: tuple[float, float],
                     city: tuple[float, float], city_chrome: float = 0.0) -> tuple[int, int]:
    """(display height, city height) adding up to ``total``; ``city_chrome``: the city part's
    height that is not the view (its tabs). Among the shares (to the pixel) where both parts
    are filled (``FILL``), the one that draws the smaller part largest; when no share fills
    both, the one that draws the smaller part largest. Then a part limited by its width hands
    the height it cannot use to the other, as far as that one can use it."""
    if total <= 0:
        return 0, 0

    def judge(hd: float) -> tuple[bool, float, float]:
        hc = total - hd - city_chrome
        sd = scale(width, hd, *display)
        sc = scale(width, hc, *city, cap=CITY_CAP)
        filled = fill(width, hd, *display) >= FILL and fill(width, hc, *city, cap=CITY_CAP) >= FILL
        return filled, min(sd, sc), sd + sc

    low, high = int(total * LEAST), int(total * (1 - LEAST))
    hd = float(max(range(low, high + 1), key=judge))
    filled = judge(hd)[0]
    hc = total - hd - city_chrome
    display_most = display[1] * scale(width, 10**6, *display)  # its height at full width
    city_most = city[1] * scale(width, 10**6, *city, cap=CITY_CAP)
    if hd > display_most:
        moved = hd - min(hd - display_most, max(0.0, city_most - hc))
    elif hc > city_most:
        moved = hd + min(hc - city_most, max(0.0, display_most - hd))
    else:
        moved = hd
    if judge(moved)[0] or not filled:
        hd = moved
    return int(hd), int(total - int(hd))
