"""Board geometry on 49-bit masks: components, new shapes, legal board actions.

Bit i stands for cell ``CELLS[i]`` (reading order). A board is the mask of the
cells holding a token (blue); the other cells are red. Spec 3.3-3.6.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from domain.arkantis.components import CELL_INDEX, CELLS, TYPE_BY_KEY, CardType, canonical_key

FULL: Final = (1 << 49) - 1
_COL1: Final = sum(1 << (r * 7) for r in range(7))
_NOT_C1: Final = FULL & ~_COL1
_NOT_C7: Final = FULL & ~(_COL1 << 6)
BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(49))


def spread(m: int) -> int:
    """The cells of ``m`` and every cell sharing a side with one of them."""
    return (m | ((m << 1) & _NOT_C1) | ((m >> 1) & _NOT_C7) | (m << 7) | (m >> 7)) & FULL


NEIGH: Final[tuple[int, ...]] = tuple(spread(b) & ~b for b in BIT)
"""Side neighbours of each cell."""


def rows_to_mask(rows: tuple[str, ...] | list[str]) -> int:
    mask = 0
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == "B":
                mask |= 1 << (r * 7 + c)
    return mask


def mask_to_rows(mask: int) -> tuple[str, ...]:
    return tuple(
        "".join("B" if mask >> (r * 7 + c) & 1 else "R" for c in range(7)) for r in range(7)
    )


def indices(mask: int) -> list[int]:
    """Cell indices of a mask, ascending (reading order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cell_ids(mask: int) -> tuple[str, ...]:
    return tuple(CELLS[i] for i in indices(mask))


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
    comp = seed
    while True:
        grown = spread(comp) & colour
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


def _grow(part: int, size: int, untried: int, seen: int, colour: int, out: list[tuple[int, int]]) -> None:
    """Redelmeier enumeration of connected sets, pruned by the size of their boundary."""
    border = spread(part) & colour & ~part
    count = border.bit_count()
    if count > 7 - size:
        # Any superset C (<= 5 cells) keeps at least count - (5 - size) boundary cells.
        return
    if size >= 2 and 1 <= count <= 2:
        out.append((part, border))
    if size == 5:
        return
    while untried:
        v = untried & -untried
        untried ^= v
        new = NEIGH[v.bit_length() - 1] & colour & ~seen
        _grow(part | v, size + 1, untried | new, seen | new, colour, out)


def cut_pieces(colour: int) -> list[tuple[int, int]]:
    """Every connected set C of 2-5 cells of ``colour`` whose neighbours of that colour
    are 1 or 2 cells: removing exactly those cells makes C a new component."""
    out: list[tuple[int, int]] = []
    rest = colour
    while rest:
        seed = rest & -rest
        rest ^= seed
        lower = seed - 1
        first = NEIGH[seed.bit_length() - 1] & colour & ~lower
        _grow(seed, 1, first, seed | lower | first, colour, out)
    return out


class BoardActions:
    """The removals that create a new red and a new blue shape on one board.

    Money and the D34 move rule are not applied here (they depend on the player).
    Moves are computed separately (``board_moves``), only when a player may move.
    """

    __slots__ = ("singles", "pairs")

    def __init__(self, singles: tuple[int, ...], pairs: tuple[tuple[int, int], ...]):
        self.singles = singles
        self.pairs = pairs


def _red_neighbourhoods(tokens: int) -> dict[int, int]:
    """For each token cell: the union of the red components adjacent to it."""
    red = FULL & ~tokens
    comp_of: dict[int, int] = {}
    rest = red
    while rest:
        seed = rest & -rest
        comp, _ = piece(seed, red, 49)
        rest &= ~comp
        for i in indices(comp):
            comp_of[i] = comp
    out: dict[int, int] = {}
    for i in indices(tokens):
        around = 0
        for j in indices(NEIGH[i] & red):
            around |= comp_of[j]
        out[i] = around
    return out


@lru_cache(maxsize=2048)
def board_actions(tokens: int) -> BoardActions:
    """The legal single and pair removals of a board, in reading order (spec 7.12).

    A removal creates a new red shape iff the red component it opens (the removed
    cells and the red components around them) has 2-5 cells; it creates a new blue
    shape iff it cuts off a piece C of 2-5 tokens whose token neighbours are all
    removed (``cut_pieces``). Checked against the direct definition in the tests.
    """
    around = _red_neighbourhoods(tokens)
    cut_by_one: dict[int, int] = {}  # x -> cells common to every piece cut off by x alone
    cut_by_two: set[int] = set()
    for part, border in cut_pieces(tokens):
        if border.bit_count() == 1:
            x = border.bit_length() - 1
            cut_by_one[x] = cut_by_one.get(x, part) & part
        else:
            cut_by_two.add(border)
    singles = tuple(sorted(x for x in cut_by_one if 2 <= around[x].bit_count() + 1 <= 5))
    cells = indices(tokens)
    pairs = []
    for a, x in enumerate(cells):
        rx = around[x]
        bx = BIT[x]
        nx = NEIGH[x]
        one_x = cut_by_one.get(x)
        red_x = 1 <= rx.bit_count() <= 4
        for y in cells[a + 1 :]:
            by = BIT[y]
            one_y = cut_by_one.get(y)
            if not (
                (one_x is not None and not one_x & by)
                or (one_y is not None and not one_y & bx)
                or (bx | by) in cut_by_two
            ):
                continue
            ry = around[y]
            if nx & by or rx & ry:
                if (rx | ry).bit_count() > 3:
                    continue
            elif not (red_x or 1 <= ry.bit_count() <= 4):
                continue
            pairs.append((x, y))
    return BoardActions(singles, tuple(pairs))


def _ok(before: int, after: int) -> bool:
    seeds = spread(before ^ after)
    return bool(_new_of_colour(FULL & ~before, FULL & ~after, seeds, 1)) and bool(
        _new_of_colour(before, after, seeds, 1)
    )


@lru_cache(maxsize=2048)
def board_moves(tokens: int) -> tuple[tuple[int, int], ...]:
    """The legal moves of a board (from, to), in reading order of from then to."""
    empties = indices(FULL & ~tokens)
    return tuple(
        (i, j) for i in indices(tokens) for j in empties if _ok(tokens, (tokens & ~BIT[i]) | BIT[j])
    )


def has_move(tokens: int) -> bool:
    """Whether some move is legal (early exit; uses the cache when filled)."""
    empties = indices(FULL & ~tokens)
    return any(_ok(tokens, (tokens & ~BIT[i]) | BIT[j]) for i in indices(tokens) for j in empties)


def has_board_action(tokens: int, can_pair: bool, can_move: bool) -> bool:
    """Whether some board action is legal (spec 10.3)."""
    acts = board_actions(tokens)
    if acts.singles or (can_pair and acts.pairs):
        return True
    return can_move and has_move(tokens)
