"""Where the Éclats des Cités picture draws the piles, upgrades and seats (``domain.geometry``).

The table is the same for every seat count: the central pile then the five
border piles on one row (the ones a smaller game has are drawn), the three
face-up upgrade slots and the hidden upgrade pile on the next, then the turn,
the pending decision, the discard pile and the legend in a band (tall enough for
every decision and a long discard pile: the boards start lower only if a band
ever needs more), then one board per seat, ``seat_0`` first.
"""

from __future__ import annotations

from domain.geometry import Geometry, Place

TOP = 48
PILE_Y = 76
PILE_W = 118
PILE_H = 96
PILE_GAP = 10
UPGRADE_Y = 204
UPGRADE_W = 150
UPGRADE_H = 46
BAND_Y = 270
"""Where the band of the turn, the pending decision, the discard pile and the legend begins."""
SEATS_Y = 520
SEAT_H = 196
SEAT_GAP = 10
PILES = ("central", "border_0", "border_1", "border_2", "border_3", "border_4")


def pile_origin(index: int) -> tuple[int, int]:
    return 14 + index * (PILE_W + PILE_GAP), PILE_Y


def upgrade_origin(slot: int) -> tuple[int, int]:
    """Face-up slots 0..2, then 3: the hidden pile."""
    return 14 + slot * (UPGRADE_W + 12), UPGRADE_Y


def seat_origin(seat: int) -> tuple[int, int]:
    return 10, SEATS_Y + seat * (SEAT_H + SEAT_GAP)


def _places() -> tuple[Place, ...]:
    places: list[Place] = []
    for index, pile in enumerate(PILES):
        x, y = pile_origin(index)
        places.append(Place(id=pile, kind="pile", x=x + PILE_W / 2, y=y + PILE_H / 2,
                            width=PILE_W, height=PILE_H))  # fmt: skip
    for slot in range(4):
        x, y = upgrade_origin(slot)
        places.append(Place(id="hidden" if slot == 3 else f"upgrade_slot_{slot}", kind="slot",
                            x=x + UPGRADE_W / 2, y=y + UPGRADE_H / 2, width=UPGRADE_W,
                            height=UPGRADE_H))  # fmt: skip
    for seat in range(5):
        x, y = seat_origin(seat)
        places.append(Place(id=f"seat_{seat}", kind="seat", x=400, y=y + SEAT_H / 2,
                            width=780, height=SEAT_H))  # fmt: skip
    return tuple(places)


GEOMETRY = Geometry(width=800, top=TOP, bottom=SEATS_Y - 10, places=_places())
"""Piles `central`, `border_0`..`border_4`; upgrade slots `upgrade_slot_0`..`2` (the face-up
upgrade drawn there carries its own upgrade id) and `hidden`; seat boards `seat_0`..`seat_4`."""
