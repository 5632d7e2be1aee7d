"""Where the Tours Arc-en-Ciel picture draws the archipelago (``domain.geometry``).

The Diamond in the middle, the 8 mediums on an inner circle, the 16
peripherals (P1 at 12 o'clock, clockwise) on an outer one; each medium faces
the four peripherals it is bridged to. A tower sits in the middle of its
bridge. Built from the islands and bridges passed in, so this module imports
nothing from ``components`` (which builds the geometry).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Protocol

from domain.geometry import Geometry, Place

CENTRE_X = 400
CENTRE_Y = 360
OUTER = 272
INNER = 146
RADIUS = {"centre": 44, "medium": 31, "peripheral": 25}
TOWER_W = 34
TOWER_H = 24
TOP = 48
BOTTOM = CENTRE_Y + OUTER + 44


class _Island(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def cls(self) -> str: ...
    @property
    def ring_pos(self) -> int | None: ...
    @property
    def medium_index(self) -> int | None: ...


class _Bridge(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def a(self) -> str: ...
    @property
    def b(self) -> str: ...
    @property
    def fixed_house(self) -> str | None: ...


def _polar(angle_deg: float, radius: float) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return round(CENTRE_X + radius * math.sin(a), 2), round(CENTRE_Y - radius * math.cos(a), 2)


def island_centre(island: _Island) -> tuple[float, float]:
    if island.cls == "centre":
        return float(CENTRE_X), float(CENTRE_Y)
    if island.cls == "medium":
        assert island.medium_index is not None
        return _polar((2 * island.medium_index - 1.5) * 22.5, INNER)
    assert island.ring_pos is not None
    return _polar((island.ring_pos - 1) * 22.5, OUTER)


def _overlap(x: float, y: float, towers: list[tuple[float, float]],
             circles: list[tuple[float, float, float]]) -> float:  # fmt: skip
    """How badly a tower at x, y overlaps the towers placed so far and the islands (0: not)."""
    worst = 0.0
    for tx, ty in towers:
        dx = TOWER_W + 4 - abs(tx - x)
        dy = TOWER_H + 4 - abs(ty - y)
        if dx > 0 and dy > 0:
            worst = max(worst, min(dx, dy))
    for cx, cy, r in circles:
        nx = min(max(cx, x - TOWER_W / 2), x + TOWER_W / 2)
        ny = min(max(cy, y - TOWER_H / 2), y + TOWER_H / 2)
        worst = max(worst, r + 2 - math.hypot(cx - nx, cy - ny))
    return worst


def build_geometry(islands: Iterable[_Island], bridges: Iterable[_Bridge]) -> Geometry:
    """The places of the 25 islands (circles), 40 towers (rectangles) and 16 fixed bridges.

    A tower sits on its bridge at the first of a few fixed fractions of its length
    that overlaps no tower placed before it nor any island (else the least bad one):
    bridges of neighbouring mediums cross half-way, so not every tower is in the middle."""
    centre: dict[str, tuple[float, float]] = {}
    circles: list[tuple[float, float, float]] = []
    places: list[Place] = []
    for island in islands:
        x, y = island_centre(island)
        centre[island.id] = (x, y)
        circles.append((x, y, RADIUS[island.cls]))
        places.append(Place(id=island.id, kind="island", x=x, y=y, radius=RADIUS[island.cls]))
    towers: list[tuple[float, float]] = []
    for bridge in bridges:
        (xa, ya), (xb, yb) = centre[bridge.a], centre[bridge.b]
        if bridge.fixed_house is not None:
            mx, my = round((xa + xb) / 2, 2), round((ya + yb) / 2, 2)
            places.append(Place(id=bridge.id, kind="bridge", x=mx, y=my,
                                ends=(bridge.a, bridge.b)))  # fmt: skip
            continue
        best: tuple[float, float, float] | None = None
        for t in (0.5, 0.42, 0.58, 0.34, 0.66, 0.27, 0.73):
            x, y = round(xa + (xb - xa) * t, 2), round(ya + (yb - ya) * t, 2)
            bad = _overlap(x, y, towers, circles)
            if best is None or bad < best[0]:
                best = (bad, x, y)
            if bad <= 0:
                break
        assert best is not None
        towers.append((best[1], best[2]))
        places.append(Place(id=bridge.id, kind="tower", x=best[1], y=best[2], width=TOWER_W,
                            height=TOWER_H, ends=(bridge.a, bridge.b)))  # fmt: skip
    return Geometry(width=800, top=TOP, bottom=BOTTOM, places=tuple(places))
