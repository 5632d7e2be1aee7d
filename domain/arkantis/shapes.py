"""Board geometry on 49-bit masks: components, new shapes, legal board actions.

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


NEIGH_INDICES: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(indices(n)) for n in NEIGH)
"""Side neighbours of each cell, as cell indices."""


class Split:
    """Components and cut cells of one colour: for every cell ``a`` of the colour,
    ``parts[a]`` lists the components of (a's component minus a), as masks.

    One depth-first search per component (Tarjan's articulation points, carrying
    subtree masks) gives every cell's parts at once, in time linear in the cells.
    """

    __slots__ = ("colour", "comp", "parts", "near", "cut_off", "cutters", "small_near")

    def __init__(self, colour: int) -> None:
        self.colour = colour
        self.comp: dict[int, int] = {}
        self.parts: dict[int, list[int]] = {}
        self.near: list[int] = [0] * CELL_COUNT
        """For a cell not of the colour: the union of the components that touch it."""
        self.cut_off: dict[int, int] = {}
        """a -> the cells common to every part of 2-5 cells of a (for the cells in ``cutters``)."""
        self.cutters = 0
        """The cells whose leaving cuts off a part of 2-5 cells."""
        self.small_near = 0
        """The cells not of the colour touching components of 1-4 cells in all."""
        disc: dict[int, int] = {}
        low: dict[int, int] = {}
        sub: dict[int, int] = {}
        rest = colour
        while rest:
            root = (rest & -rest).bit_length() - 1
            disc[root] = low[root] = 0
            sub[root] = 1 << root
            cut: dict[int, list[int]] = {root: []}
            order = [root]
            clock = 0
            stack = [(root, -1, iter(NEIGH_INDICES[root]))]
            while stack:
                v, parent, neighbours = stack[-1]
                for w in neighbours:
                    if not colour >> w & 1:
                        continue
                    if w not in disc:
                        clock += 1
                        disc[w] = low[w] = clock
                        sub[w] = 1 << w
                        cut[w] = []
                        order.append(w)
                        stack.append((w, v, iter(NEIGH_INDICES[w])))
                        break
                    if w != parent and disc[w] < low[v]:
                        low[v] = disc[w]
                else:
                    stack.pop()
                    if parent >= 0:
                        if low[v] < low[parent]:
                            low[parent] = low[v]
                        sub[parent] |= sub[v]
                        if low[v] >= disc[parent]:
                            cut[parent].append(sub[v])
            whole = sub[root]
            for v in order:
                self.comp[v] = whole
                parts = cut[v]
                if v != root:
                    side = whole & ~(1 << v)
                    for part in parts:
                        side &= ~part
                    parts.append(side)
                self.parts[v] = parts
                common = -1
                for part in parts:
                    if 2 <= part.bit_count() <= 5:
                        common &= part
                if common != -1:
                    self.cut_off[v] = common
                    self.cutters |= 1 << v
            touching = spread(whole) & ~colour
            while touching:
                low_bit = touching & -touching
                touching ^= low_bit
                self.near[low_bit.bit_length() - 1] |= whole
            rest &= ~whole
        near = self.near
        small = 0
        others = FULL & ~colour
        while others:
            low_bit = others & -others
            others ^= low_bit
            if 1 <= near[low_bit.bit_length() - 1].bit_count() <= 4:
                small |= low_bit
        self.small_near = small

    def around(self, cell: int) -> int:
        """The union of the components of the colour that touch ``cell`` (not of the colour)."""
        return self.near[cell]


@lru_cache(maxsize=4096)
def split(colour: int) -> Split:
    return Split(colour)


def _gains(cells: Split, others: Split) -> dict[int, int]:
    """a -> the cells b of the other colour such that a leaving ``cells.colour`` and b
    joining it creates a new shape of that colour (spec 3.4, one side of a move).

    The new shape is either a part of (a's component minus a) of 2-5 cells that b
    does not touch, or the component b joins, when it has 2-5 cells: b with the
    components around it, minus what a's leaving cuts away from it.
    """
    colour = cells.colour
    other = others.colour
    around = cells.near
    small = cells.small_near
    out: dict[int, int] = {}
    spread_of: dict[int, int] = {}
    for a, parts in cells.parts.items():
        whole = cells.comp[a]
        near = spread_of.get(whole)
        if near is None:
            near = spread_of[whole] = spread(whole)
        gains = small & ~near
        if len(parts) == 1 and parts[0].bit_count() > 5:
            # a is no cut cell and its component keeps more than 5 cells: only a cell
            # touching that component through a alone can join a shape of 2-5 cells.
            bit = BIT[a]
            candidates = NEIGH[a] & other & ~gains
            while candidates:
                b_bit = candidates & -candidates
                candidates ^= b_bit
                b = b_bit.bit_length() - 1
                if not NEIGH[b] & whole & ~bit and 1 <= (around[b] & ~whole).bit_count() <= 4:
                    gains |= b_bit
            out[a] = gains
            continue
        common = -1
        cut = False
        pieces: list[int] = []
        covered = 0
        for part in parts:
            size = part.bit_count()
            if size <= 5:
                pieces.append(part)
                covered |= part
                if size >= 2:
                    cut = True
                    common &= spread(part)
        if cut:
            gains |= other & ~common
        bit = BIT[a]
        candidates = (spread(covered) | NEIGH[a]) & other & near & ~gains
        while candidates:
            b_bit = candidates & -candidates
            candidates ^= b_bit
            b = b_bit.bit_length() - 1
            touching = NEIGH[b] & colour & ~bit
            if touching & whole & ~covered:
                continue  # b joins a part of more than 5 cells
            joined = around[b] & ~whole
            for piece_ in pieces:
                if piece_ & touching:
                    joined |= piece_
            if 1 <= joined.bit_count() <= 4:
                gains |= b_bit
        out[a] = gains
    return out


@lru_cache(maxsize=2048)
def board_moves(tokens: int) -> tuple[tuple[int, int], ...]:
    """The legal moves of a board (from, to), in reading order of from then to.

    A move x -> y is legal iff y is among x's blue gains and x among y's red gains
    (``_gains``); each side is computed for every cell at once from one ``Split``
    of its colour, so no pair of cells is tried blindly. Checked against the
    direct definition in the tests."""
    return tuple((x, y) for x, targets in move_targets(tokens) for y in indices(targets))


@lru_cache(maxsize=2048)
def move_targets(tokens: int) -> tuple[tuple[int, int], ...]:
    """``(x, mask of the cells y)`` of the legal moves x -> y, x in reading order
    (``board_moves`` unpacked)."""
    blue, red = split(tokens), split(FULL & ~tokens)
    blue_gains = _gains(blue, red)
    red_gains = _gains(red, blue)
    out: list[tuple[int, int]] = []
    for x in indices(tokens):
        targets = blue_gains[x]
        legal = 0
        while targets:
            y_bit = targets & -targets
            targets ^= y_bit
            if red_gains[y_bit.bit_length() - 1] >> x & 1:
                legal |= y_bit
        if legal:
            out.append((x, legal))
    return tuple(out)


class BoardActions:
    """The removals that create a new red and a new blue shape on one board.

    Money and the D34 move rule are not applied here (they depend on the player).
    Moves are computed separately (``board_moves``), only when a player may move.
    """

    __slots__ = ("singles", "pairs")

    def __init__(self, singles: tuple[int, ...], pairs: tuple[tuple[int, int], ...]):
        self.singles = singles
        self.pairs = pairs


@lru_cache(maxsize=2048)
def board_singles(tokens: int) -> tuple[int, ...]:
    """The legal single removals of a board, in reading order (spec 7.12).

    Removing x creates a new red shape iff x and the red components around it have
    2-5 cells, and a new blue shape iff a part of x's component without x has 2-5
    cells (both read from the boards' ``Split``s)."""
    return tuple(indices(split(tokens).cutters & split(FULL & ~tokens).small_near))


def _red_pair(near: list[int], x: int, y: int) -> bool:
    """Removing x and y opens a red component of 2-5 cells (``near``: red around a cell)."""
    rx, ry = near[x], near[y]
    if NEIGH[x] & BIT[y] or rx & ry:
        return (rx | ry).bit_count() <= 3
    return 1 <= rx.bit_count() <= 4 or 1 <= ry.bit_count() <= 4


def _pair_partners(tokens: int, stop: bool = False) -> list[int]:
    """x -> the mask of cells y such that removing {x, y} is legal (symmetric).

    Blue: the pair cuts off a piece C of 2-5 tokens whose token neighbours are all
    removed: C is cut off by x alone and y is not in every such piece
    (``Split.cut_off``), or C's neighbours are exactly the pair (``cut_pieces``).
    Red: ``_red_pair``; for a given x it only needs checking one by one for the y
    next to x or to the red around x, the others follow from the red around y.
    With ``stop``, returns as soon as one legal pair is found."""
    blue, red = split(tokens), split(FULL & ~tokens)
    near = red.near
    partners = [0] * CELL_COUNT
    for x, common in blue.cut_off.items():
        ys = tokens & ~common & ~BIT[x]
        rx = near[x]
        special = ys & (NEIGH[x] | spread(rx))
        plain = ys & ~special
        ok = plain if 1 <= rx.bit_count() <= 4 else plain & red.small_near
        while special:
            low_bit = special & -special
            special ^= low_bit
            if _red_pair(near, x, low_bit.bit_length() - 1):
                ok |= low_bit
        if ok:
            partners[x] |= ok
            rest = ok
            while rest:
                low_bit = rest & -rest
                rest ^= low_bit
                partners[low_bit.bit_length() - 1] |= BIT[x]
            if stop:
                return partners
    for border in _two_cuts(tokens):
        x, y = (border & -border).bit_length() - 1, border.bit_length() - 1
        if not partners[x] & BIT[y] and _red_pair(near, x, y):
            partners[x] |= BIT[y]
            partners[y] |= BIT[x]
            if stop:
                return partners
    return partners


@lru_cache(maxsize=2048)
def _two_cuts(tokens: int) -> frozenset[int]:
    """The pairs {x, y} (as masks) whose removal together cuts off 2-5 tokens."""
    return frozenset(border for _, border in cut_pieces(tokens) if border.bit_count() == 2)


@lru_cache(maxsize=2048)
def board_pairs(tokens: int) -> tuple[tuple[int, int], ...]:
    """The legal pair removals of a board, in reading order (spec 7.12); see
    ``_pair_partners``."""
    return tuple((x, y) for x, later in pair_targets(tokens) for y in indices(later))


@lru_cache(maxsize=2048)
def pair_targets(tokens: int) -> tuple[tuple[int, int], ...]:
    """``(x, mask of the cells y > x)`` of the legal pairs {x, y}, x in reading order
    (``board_pairs`` unpacked)."""
    partners = _pair_partners(tokens)
    out: list[tuple[int, int]] = []
    for x in indices(tokens):
        later = partners[x] & ~((2 << x) - 1)
        if later:
            out.append((x, later))
    return tuple(out)


def board_actions(tokens: int) -> BoardActions:
    """The legal single and pair removals of a board, in reading order (spec 7.12).
    Checked against the direct definition in the tests."""
    return BoardActions(board_singles(tokens), board_pairs(tokens))


def has_single(tokens: int) -> bool:
    """Whether some single removal is legal, stopping at the first found.

    Cheaper than ``board_singles`` for a board seen once: only tokens touching red
    components of at most 4 cells in all are tried, each with floods capped at 5."""
    red = FULL & ~tokens
    small = big = 0
    rest = red
    while rest:
        comp, is_small = piece(rest & -rest, red, 4)
        if is_small:
            small |= comp
        else:
            comp, _ = piece(rest & -rest, red, CELL_COUNT)
            big |= comp
        rest &= ~comp
    candidates = tokens & spread(small) & ~spread(big)
    while candidates:
        x_bit = candidates & -candidates
        candidates ^= x_bit
        x = x_bit.bit_length() - 1
        _, is_small = piece(x_bit, small | x_bit, 5)
        if not is_small:
            continue  # the red components around x have more than 4 cells
        others = tokens & ~x_bit
        seen = 0
        for n in NEIGH_INDICES[x]:
            n_bit = BIT[n]
            if not others & n_bit or seen & n_bit:
                continue
            part, is_part = piece(n_bit, others, 5)
            if is_part and part.bit_count() >= 2:
                return True
            seen |= part
    return False


def has_board_action(tokens: int, can_pair: bool, can_move: bool) -> bool:
    """Whether some board action is legal (spec 10.3), stopping at the first found."""
    if has_single(tokens):
        return True
    if can_pair and any(_pair_partners(tokens, stop=True)):
        return True
    return can_move and bool(board_moves(tokens))
