"""How the table shares its height between the display and the city (Qt-free): the share that
draws the smaller of the two as large as possible, so that neither is tiny while the other has
room to spare (a long city is limited by its width, so the display then takes the height)."""

from __future__ import annotations

CITY_CAP = 1.5
"""A small city is drawn at most this much larger than its design size."""
LEAST = 0.22
"""Neither part gets less than this share of the height."""


def scale(width: float, height: float, scene_w: float, scene_h: float,
          cap: float | None = None) -> float:
    """The scale at which a scene of that size fits the area (kept in proportion)."""
    if scene_w <= 0 or scene_h <= 0 or width <= 0 or height <= 0:
        return 0.0
    fitted = min(width / scene_w, height / scene_h)
    return min(fitted, cap) if cap is not None else fitted


def balanced_heights(total: float, width: float, display: tuple[float, float],
                     city: tuple[float, float], city_chrome: float = 0.0,
                     steps: int = 120) -> tuple[int, int]:
    """(display height, city height) adding up to ``total``; ``city_chrome``: the city part's
    height that is not the view (its tabs). The smaller scale is made as large as it can be;
    any height left over once a part is limited by its width goes to the other part."""
    if total <= 0:
        return 0, 0
    best: tuple[float, float, int] | None = None
    low, high = int(total * LEAST), int(total * (1 - LEAST))
    for i in range(steps + 1):
        hd = low + (high - low) * i / steps
        sd = scale(width, hd, *display)
        sc = scale(width, total - hd - city_chrome, *city, cap=CITY_CAP)
        key = (min(sd, sc), sd + sc)
        if best is None or key > best[:2]:
            best = (*key, int(hd))
    assert best is not None
    hd = best[2]
    # hand what the display cannot use (it is width-bound) to the city, and the other way
    display_need = int(display[1] * scale(width, hd, *display)) + 2
    if display_need < hd:
        hd = display_need
    city_scale = scale(width, total - hd - city_chrome, *city, cap=CITY_CAP)
    city_need = int(city[1] * city_scale + city_chrome) + 2
    if city_need < total - hd:
        hd = int(total - city_need)
    return hd, int(total - hd)
