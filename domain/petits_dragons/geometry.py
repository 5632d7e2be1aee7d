"""Where the petits Dragons picture draws the 66 cells of the disc (``domain.geometry``).

The components give each cell in polar form (radii in cm, angles clockwise
from 12 o'clock); here they become picture coordinates: the centre of each
cell (where its unit is drawn) and the SVG path of its outline. Built from the
cells passed in, so this module imports nothing from ``components``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Protocol

from domain.geometry import Geometry, Place
from domain.svg import num

CENTRE_X = 400
CENTRE_Y = 344
SCALE = 9.4
"""Picture units per cm of the board."""
TOP = 48
BOTTOM = round(CENTRE_Y + 30 * SCALE + 12)


class _Cell(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def inner_radius_cm(self) -> int: ...
    @property
    def outer_radius_cm(self) -> int: ...
    @property
    def start_angle_deg(self) -> int: ...
    @property
    def end_angle_deg(self) -> int: ...


def polar(angle_deg: float, radius: float) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return round(CENTRE_X + radius * math.sin(a), 2), round(CENTRE_Y - radius * math.cos(a), 2)


def sector_path(r0: float, r1: float, a0: float, a1: float) -> str:
    """An annular sector, clockwise from ``a0`` to ``a1`` degrees."""
    p = [polar(a0, r1), polar(a1, r1), polar(a1, r0), polar(a0, r0)]
    return (
        f"M{num(p[0][0])} {num(p[0][1])}A{num(r1)} {num(r1)} 0 0 1 {num(p[1][0])} {num(p[1][1])}"
        f"L{num(p[2][0])} {num(p[2][1])}A{num(r0)} {num(r0)} 0 0 0 {num(p[3][0])} {num(p[3][1])}Z"
    )


def build_geometry(cells: Iterable[_Cell]) -> Geometry:
    """One place per cell: the centre and arena as circles, ring and branch cells as sectors."""
    places: list[Place] = []
    for cell in cells:
        r0, r1 = cell.inner_radius_cm * SCALE, cell.outer_radius_cm * SCALE
        if cell.kind == "centre":
            places.append(Place(id=cell.id, kind="centre", x=CENTRE_X, y=CENTRE_Y, radius=r1))
        elif cell.kind == "arena":
            x, y = polar(0, (r0 + r1) / 2)
            places.append(Place(id=cell.id, kind="arena", x=x, y=y, radius=round(r1, 2),
                                path=sector_path(r0, r1, 0, 180) + sector_path(r0, r1, 180, 360)))  # fmt: skip
        else:
            a0, a1 = cell.start_angle_deg, cell.end_angle_deg
            x, y = polar((a0 + a1) / 2, (r0 + r1) / 2)
            places.append(Place(id=cell.id, kind="cell", x=x, y=y,
                                path=sector_path(r0, r1, a0, a1)))  # fmt: skip
    return Geometry(width=800, top=TOP, bottom=BOTTOM, places=tuple(places))
