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


def _grow(
    part: int,
    size: int,
    border: int,
    untried: int,
    seen: int,
    colour: int,
    out: list[tuple[int, int]],
) -> None:
    """Redelmeier enumeration of connected sets, pruned by their boundary.

    ``border``: the neighbours of ``part`` of the colour. In a subtree only cells
    of its ``untried`` set (and cells discovered later) can still join the set; its
    other neighbours are boundary for good, and a wanted set has at most 2 boundary
    cells and at most 5 cells. Children that cannot lead to a wanted set are not
    visited; the caller has checked ``part`` itself.
    """
    if size >= 2 and 1 <= border.bit_count() <= 2:
        out.append((part, border))
    limit = 6 - size  # boundary bound of a child: 7 - (size + 1)
    while untried:
        if (border & ~untried).bit_count() > 2:
            return  # this child and every later one keep these boundary cells
        v = untried & -untried
        untried ^= v
        around = NEIGH[v.bit_length() - 1] & colour
        grown = part | v
        child_border = (border | around) & ~grown
        count = child_border.bit_count()
        if count > limit:
            continue
        new = around & ~seen
        child_untried = untried | new
        if (child_border & ~child_untried).bit_count() > 2:
            continue
        if size == 4:
            if 1 <= count:
                out.append((grown, child_border))
            continue
        _grow(grown, size + 1, child_border, child_untried, seen | new, colour, out)


def cut_pieces(colour: int) -> list[tuple[int, int]]:
    """Every connected set C of 2-5 cells of ``colour`` whose neighbours of that colour
    are 1 or 2 cells: removing exactly those cells makes C a new component."""
    out: list[tuple[int, int]] = []
    rest = colour
    while rest:
        seed = rest & -rest
        rest ^= seed
        lower = seed - 1
        border = NEIGH[seed.bit_length() - 1] & colour
        if (border & lower).bit_count() > 2:
            continue
        first = border & ~lower
        _grow(seed, 1, border, first, seed | lower | first, colour, out)
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


class _Around(dict[int, int]):
    """x -> the union of the components of ``colour`` adjacent to cell x, on demand."""

    def __init__(self, colour: int) -> None:
        super().__init__()
        self.colour = colour
        self.comp_of: dict[int, int] = {}

    def __missing__(self, x: int) -> int:
        around = 0
        rest = NEIGH[x] & self.colour
        while rest:
            low = rest & -rest
            rest ^= low
            if low & around:
                continue
            i = low.bit_length() - 1
            comp = self.comp_of.get(i)
            if comp is None:
                comp, _ = piece(low, self.colour, 49)
                for j in indices(comp):
                    self.comp_of[j] = comp
            around |= comp
        self[x] = around
        return around


class _Analysis:
    """What the removal search needs to know about one board."""

    __slots__ = ("around", "cut_by_one", "cut_by_two")

    def __init__(self, tokens: int) -> None:
        self.around = _Around(FULL & ~tokens)
        self.cut_by_one: dict[int, int] = {}  # x -> cells common to every piece cut off by x alone
        self.cut_by_two: set[int] = set()  # {x, y} masks cutting off a piece together
        for part, border in cut_pieces(tokens):
            if border.bit_count() == 1:
                x = border.bit_length() - 1
                self.cut_by_one[x] = self.cut_by_one.get(x, part) & part
            else:
                self.cut_by_two.add(border)

    def single(self, x: int) -> bool:
        return x in self.cut_by_one and 1 <= self.around[x].bit_count() <= 4

    def red_pair(self, x: int, y: int) -> bool:
        """Removing x and y opens a red component of 2-5 cells."""
        rx, ry = self.around[x], self.around[y]
        if NEIGH[x] & BIT[y] or rx & ry:
            return (rx | ry).bit_count() <= 3
        return 1 <= rx.bit_count() <= 4 or 1 <= ry.bit_count() <= 4


@lru_cache(maxsize=2048)
def _analyse(tokens: int) -> _Analysis:
    return _Analysis(tokens)


@lru_cache(maxsize=2048)
def board_actions(tokens: int) -> BoardActions:
    """The legal single and pair removals of a board, in reading order (spec 7.12).

    A removal creates a new red shape iff the red component it opens (the removed
    cells and the red components around them) has 2-5 cells; it creates a new blue
    shape iff it cuts off a piece C of 2-5 tokens whose token neighbours are all
    removed (``cut_pieces``). Checked against the direct definition in the tests.
    """
    a = _analyse(tokens)
    singles = tuple(sorted(x for x in a.cut_by_one if a.single(x)))
    candidates = {((b & -b).bit_length() - 1, b.bit_length() - 1) for b in a.cut_by_two}
    cells = indices(tokens)
    for x, common in a.cut_by_one.items():
        candidates.update((min(x, y), max(x, y)) for y in cells if y != x and not common & BIT[y])
    pairs = tuple(sorted(p for p in candidates if a.red_pair(*p)))
    return BoardActions(singles, pairs)


class _Moves:
    """Move legality on one board (spec 3.4 applied to a move x -> y).

    New blue shapes of a move are (a) the component of the token at y (y and the
    token components around it once x is lifted) or (b) a piece cut off by lifting
    x that does not touch y; new red shapes are the same with the colours and the
    two cells swapped. Checked against the direct definition in the tests.
    """

    def __init__(self, tokens: int) -> None:
        self.tokens = tokens
        self.red = FULL & ~tokens
        self.blue_cut = self._cut(tokens)
        self.red_cut = self._cut(self.red)
        self.blue_around = _Around(tokens)
        self.red_around = _Around(self.red)

    @staticmethod
    def _cut(colour: int) -> dict[int, list[int]]:
        """x -> the neighbourhoods of the 2-5 cell pieces that removing x alone cuts off."""
        out: dict[int, list[int]] = {}
        for part, border in cut_pieces(colour):
            if border.bit_count() == 1:
                out.setdefault(border.bit_length() - 1, []).append(spread(part))
        return out

    @staticmethod
    def _joined(cell: int, other: int, colour: int, around: _Around) -> bool:
        """The component of ``cell`` (newly of ``colour``) once ``other`` leaves it has 2-5 cells."""
        union = around[cell]
        if not union & BIT[other]:
            return 1 <= union.bit_count() <= 4
        start = NEIGH[cell] & colour & ~BIT[other]
        if not start:
            return False
        _, small = piece(start, colour & ~BIT[other], 4)
        return small

    def legal(self, x: int, y: int) -> bool:
        by, bx = BIT[y], BIT[x]
        if not (
            any(not near & by for near in self.blue_cut.get(x, ()))
            or self._joined(y, x, self.tokens, self.blue_around)
        ):
            return False
        return any(not near & bx for near in self.red_cut.get(y, ())) or self._joined(
            x, y, self.red, self.red_around
        )


@lru_cache(maxsize=2048)
def board_moves(tokens: int) -> tuple[tuple[int, int], ...]:
    """The legal moves of a board (from, to), in reading order of from then to."""
    m = _Moves(tokens)
    empties = indices(FULL & ~tokens)
    return tuple((i, j) for i in indices(tokens) for j in empties if m.legal(i, j))


def has_move(tokens: int) -> bool:
    """Whether some move is legal (stops at the first found)."""
    m = _Moves(tokens)
    empties = indices(FULL & ~tokens)
    return any(m.legal(i, j) for i in indices(tokens) for j in empties)


def has_board_action(tokens: int, can_pair: bool, can_move: bool) -> bool:
    """Whether some board action is legal (spec 10.3), stopping at the first found."""
    a = _analyse(tokens)
    if any(a.single(x) for x in a.cut_by_one):
        return True
    if can_pair:
        for border in a.cut_by_two:
            x = (border & -border).bit_length() - 1
            if a.red_pair(x, border.bit_length() - 1):
                return True
        cells = indices(tokens)
        for x, common in a.cut_by_one.items():
            if any(y != x and not common & BIT[y] and a.red_pair(x, y) for y in cells):
                return True
    return can_move and has_move(tokens)
