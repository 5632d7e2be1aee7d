"""Board geometry as data: where each picture draws every thing a command can name.

Each game's ``domain/<game>/geometry.py`` builds one :class:`Geometry` from
its components; the game's ``Components`` carry it (``geometry``), so a
third-party client can draw its own board in the same places as
``GET /games/{game_id}/picture.svg``. Coordinates are the picture's own
user units (1 unit = 1 px at the picture's 800 px width), y downwards.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

GEOMETRY_DOC = (
    "Where GET /games/{game_id}/picture.svg draws every cell, island, tower, bridge, pile or"
    " slot, in the picture's units (800 wide, y downwards); each place's id is the id the"
    " commands use and the id of its element in the picture."
)

PlaceKind = Literal["cell", "island", "tower", "bridge", "pile", "slot", "seat", "centre", "arena"]


class Place(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """One drawn thing: its id (as the commands name it), its centre and its outline."""

    id: Annotated[
        str,
        msgspec.Meta(
            description="The identifier the commands use (`r3c4`, an island, tower or bridge id, a cell or pile id); the picture's element for it carries the same `id`."
        ),
    ]
    kind: Annotated[
        PlaceKind,
        msgspec.Meta(
            description="What it is: a board cell, an island, a tower, a bridge, a pile, a card slot or a seat's area."
        ),
    ]
    x: Annotated[
        float,
        msgspec.Meta(description="Centre, x (left to right)."),
    ]
    y: Annotated[
        float,
        msgspec.Meta(description="Centre, y (top to bottom)."),
    ]
    width: Annotated[
        float,
        msgspec.Meta(description="Width of its rectangle (0: not a rectangle)."),
    ] = 0
    height: Annotated[
        float,
        msgspec.Meta(description="Height of its rectangle (0: not a rectangle)."),
    ] = 0
    radius: Annotated[
        float,
        msgspec.Meta(description="Radius of its circle (0: not a circle)."),
    ] = 0
    path: Annotated[
        str | None,
        msgspec.Meta(
            description="SVG path data of its outline (ring and branch cells of a disc), in the same units."
        ),
    ] = None
    ends: Annotated[
        tuple[str, str] | None,
        msgspec.Meta(
            description="A bridge or a tower (on its bridge): the ids of the two islands it joins; the bridge is drawn from one island's centre to the other's; x, y is where its tower (or middle) is."
        ),
    ] = None


class Geometry(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The places of one game's picture."""

    width: Annotated[
        int,
        msgspec.Meta(description="Width of the picture (always 800)."),
    ]
    top: Annotated[
        int,
        msgspec.Meta(description="y where the board starts (below the title line)."),
    ]
    bottom: Annotated[
        int,
        msgspec.Meta(description="y where the board ends; per-seat panels follow below it."),
    ]
    places: Annotated[
        tuple[Place, ...],
        msgspec.Meta(
            description="Every cell, island, tower, bridge, pile or slot the picture draws at a fixed place."
        ),
    ]

    def by_id(self) -> dict[str, Place]:
        return {p.id: p for p in self.places}
