"""Where the ArkantiS picture draws the 7x7 board and the two piles (``domain.geometry``)."""

from __future__ import annotations

from domain.geometry import Geometry, Place

CELL = 56
"""Side of a board cell."""
BOARD_X = 24
BOARD_Y = 64
PILE_X = 470
PILE_Y = 96
PILE_W = 150
PILE_H = 96
PILE_GAP = 16


def cell_origin(row: int, column: int) -> tuple[int, int]:
    """Top-left corner of cell r<row>c<column> (1-based)."""
    return BOARD_X + (column - 1) * CELL, BOARD_Y + (row - 1) * CELL


def pile_origin(colour: str) -> tuple[int, int]:
    index = 0 if colour == "orange" else 1
    return PILE_X, PILE_Y + index * (PILE_H + 2 * PILE_GAP + 10)


def _places() -> tuple[Place, ...]:
    cells = []
    for row in range(1, 8):
        for column in range(1, 8):
            x, y = cell_origin(row, column)
            cells.append(
                Place(
                    id=f"r{row}c{column}",
                    kind="cell",
                    x=x + CELL / 2,
                    y=y + CELL / 2,
                    width=CELL,
                    height=CELL,
                )  # fmt: skip
            )
    piles = []
    for colour in ("orange", "emerald"):
        x, y = pile_origin(colour)
        w = 2 * PILE_W + PILE_GAP
        piles.append(Place(id=colour, kind="pile", x=x + w / 2, y=y + PILE_H / 2, width=w,
                           height=PILE_H))  # fmt: skip
    hidden = []
    for colour in ("orange", "emerald"):
        x, y = pile_origin(colour)
        hidden.append(Place(id=f"{colour}_hidden", kind="pile", x=x + PILE_W / 2,
                            y=y + PILE_H / 2, width=PILE_W, height=PILE_H))  # fmt: skip
    return (*cells, *piles, *hidden)


GEOMETRY = Geometry(width=800, top=BOARD_Y, bottom=BOARD_Y + 7 * CELL, places=_places())
"""The 49 cells (`r1c1` .. `r7c7`) and the two piles (`orange`, `emerald`: the hidden pile on
the left half, the face-up card on the right half), then the hidden halves alone
(`orange_hidden`, `emerald_hidden`: what buying from the face-down pile points at)."""
