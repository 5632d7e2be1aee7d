"""Board geometry on 49-bit masks: components, new shapes (3.4), card matching (3.5).

The search for legal actions is in ``search.py``.

Bit i stands for cell ``CELLS[i]`` (reading order). A board is the mask of the
cells holding a token (blue); the other cells are red. Spec 3.3-3.6.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from domain.arkantis.components import CELL_INDEX, CELLS, TYPE_BY_KEY, CardType, canonical_key

CELL_COUNT: Final = 49
FULL: Final = (1 << CELL_COUNT) - 1
_COL1: Final = sum(1 << (r * 7) for r in range(7))
_NOT_C1: Final = FULL & ~_COL1
_NOT_C7: Final = FULL & ~(_COL1 << 6)
BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(49))


def spread(m: int) -> int:
    """The cells of ``m`` and every cell sharing a side with one of them."""
    return (m | ((m << 1) & _NOT_C1) | ((m >> 1) & _NOT_C7) | (m << 7) | (m >> 7)) & FULL


NEIGH: Final[tuple[int, ...]] = tuple(spread(b) & ~b for b in BIT)
"""Side neighbours of each cell."""


def sparse(m: int) -> int:
    """The cells of ``m`` with at most 2 side neighbours in ``m`` (all cells at once)."""
    up = (m << 7) & FULL  # bit i: cell i - 7 (above) is in m
    down = m >> 7
    left = (m << 1) & _NOT_C1
    right = (m >> 1) & _NOT_C7
    three = (up & down & (left | right)) | (left & right & (up | down))
    return m & ~three


def rows_to_mask(rows: tuple[str, ...] | list[str]) -> int:
    mask = 0
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == "B":
                mask |= 1 << (r * 7 + c)
    return mask


_ROW_TEXT: Final[tuple[str, ...]] = tuple(
    "".join("B" if row >> c & 1 else "R" for c in range(7)) for row in range(128)
)
"""A row's text by its 7 bits (column 1 the lowest): a view writes the board at every read."""


def mask_to_rows(mask: int) -> tuple[str, ...]:
    """The board's rows as text, ``B`` a token, ``R`` a red cell (``rows_to_mask`` reversed)."""
    return tuple(_ROW_TEXT[mask >> shift & 127] for shift in range(0, CELL_COUNT, 7))


def indices(mask: int) -> list[int]:
    """Cell indices of a mask, ascending (reading order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cell_ids(mask: int) -> tuple[str, ...]:
    """Cell ids of a mask, in reading order (``indices`` read in place)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CELLS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def mask_of(cells: list[str] | tuple[str, ...]) -> int:
    m = 0
    for cell in cells:
        m |= 1 << CELL_INDEX[cell]
    return m


def piece(seed: int, colour: int, cap: int = 5) -> tuple[int, bool]:
    """The component of ``colour`` containing the one-bit mask ``seed``.

    Stops growing past ``cap`` cells: returns ``(cells, True)`` for a component
    of at most ``cap`` cells, ``(some cells of it, False)`` for a larger one.
    """
    # ``spread`` inlined: this loop is the inner loop of the forced-pass check.
    within = colour & FULL
    comp = seed
    while True:
        grown = (
            comp | ((comp << 1) & _NOT_C1) | ((comp >> 1) & _NOT_C7) | (comp << 7) | (comp >> 7)
        ) & within
        if grown == comp:
            return comp, True
        if grown.bit_count() > cap:
            return grown, False
        comp = grown


def _new_of_colour(before: int, after: int, seeds: int, limit: int) -> list[int]:
    """New components of 2-5 cells of the colour ``after`` (``before``: same colour before)."""
    found: list[int] = []
    seen = 0
    seeds &= after
    while seeds:
        low = seeds & -seeds
        seeds ^= low
        if low & seen:
            continue
        comp, small = piece(low, after)
        seen |= comp
        if not small or comp.bit_count() < 2:
            continue
        # Unchanged iff it was a whole component of the same colour before.
        if comp & ~before == 0 and spread(comp) & ~comp & before == 0:
            continue
        found.append(comp)
        if len(found) >= limit:
            break
    return found


def new_shapes(before: int, after: int, limit: int = 99) -> tuple[list[int], list[int]]:
    """(red, blue) new shapes of an action from board ``before`` to board ``after``.

    Only components touching a changed cell (or a neighbour of one) can be new;
    each list is in order of first cell (reading order).
    """
    seeds = spread(before ^ after)
    red = _new_of_colour(FULL & ~before, FULL & ~after, seeds, limit)
    blue = _new_of_colour(before, after, seeds, limit)
    red.sort(key=lambda m: m & -m)
    blue.sort(key=lambda m: m & -m)
    return red, blue


def shape_error(before: int, after: int) -> str | None:
    """The S1-S3 error code of an action (spec 7.0), or None when it is legal."""
    seeds = spread(before ^ after)
    has_red = bool(_new_of_colour(FULL & ~before, FULL & ~after, seeds, 1))
    has_blue = bool(_new_of_colour(before, after, seeds, 1))
    return error_of(has_red, has_blue)


def error_of(has_red: bool, has_blue: bool) -> str | None:
    """The S1-S3 error code of an action creating these shapes, or None when it is legal."""
    if not has_red and not has_blue:
        return "no_new_shapes"
    if not has_red:
        return "no_new_red_shape"
    if not has_blue:
        return "no_new_blue_shape"
    return None


@lru_cache(maxsize=4096)
def card_type_of_mask(mask: int) -> CardType | None:
    """The card type a 4-5 cell shape matches (spec 3.5); None for 2-3 cells."""
    if mask.bit_count() < 4:
        return None
    return TYPE_BY_KEY[canonical_key(divmod(i, 7) for i in indices(mask))]
