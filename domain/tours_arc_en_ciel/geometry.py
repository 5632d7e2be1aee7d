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
OUTER = 268
INNER = 150
RADIUS = {"centre": 44, "medium": 31, "peripheral": 25}
TOWER_W = 36
TOWER_H = 26
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


def build_geometry(islands: Iterable[_Island], bridges: Iterable[_Bridge]) -> Geometry:
    """The places of the 25 islands (circles), 40 towers (rectangles) and 16 fixed bridges."""
    centre: dict[str, tuple[float, float]] = {}
    cls: dict[str, str] = {}
    places: list[Place] = []
    for island in islands:
        x, y = island_centre(island)
        centre[island.id] = (x, y)
        cls[island.id] = island.cls
        places.append(Place(id=island.id, kind="island", x=x, y=y, radius=RADIUS[island.cls]))
    for bridge in bridges:
        (xa, ya), (xb, yb) = centre[bridge.a], centre[bridge.b]
        # Bridges from two mediums to neighbouring peripherals cross half-way: their towers
        # sit nearer the peripheral end so that they do not overlap.
        t = 0.64 if (cls[bridge.a], cls[bridge.b]) == ("medium", "peripheral") else 0.5
        mx, my = round(xa + (xb - xa) * t, 2), round(ya + (yb - ya) * t, 2)
        if bridge.fixed_house is None:
            places.append(Place(id=bridge.id, kind="tower", x=mx, y=my, width=TOWER_W,
                                height=TOWER_H, ends=(bridge.a, bridge.b)))  # fmt: skip
        else:
            places.append(Place(id=bridge.id, kind="bridge", x=mx, y=my,
                                ends=(bridge.a, bridge.b)))  # fmt: skip
    return Geometry(width=800, top=TOP, bottom=BOTTOM, places=tuple(places))
