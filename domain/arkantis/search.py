"""The search for legal board actions (spec 7.12 and 10.3), on 49-bit masks.

Nothing here tries every pair of cells: single and pair removals come from the
pieces one or two removals cut off (``Cuts``, a pruned enumeration of connected
sets of at most 5 tokens), moves from one articulation-point pass per colour
(``Split``). Every result is cached by board mask; money and D34 are applied by
the caller. ``tests/domain/arkantis/test_shapes.py`` checks each function
against the spec's definition of a new shape.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from domain.arkantis.shapes import BIT, CELL_COUNT, FULL, NEIGH, indices, piece, sparse, spread


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
    are 1 or 2 cells: removing exactly those cells makes C a new component.

    Such a C has a cell with at most 2 neighbours of the colour: the cells sharing a
    side with C (off the board included) are at least 6, 7, 8, 9 for 2, 3, 4, 5 cells,
    at most 2 of them of the colour, so C's cells have more than |C| sides facing
    another colour or the edge. Each C is grown once, from the first such cell in
    reading order (the earlier ones are excluded), which spares the dense cells most
    seeds of a plain enumeration."""
    out: list[tuple[int, int]] = []
    seeds = sparse(colour)
    rest = seeds
    while rest:
        seed = rest & -rest
        rest ^= seed
        excluded = seeds & (seed - 1)
        border = NEIGH[seed.bit_length() - 1] & colour
        if (border & excluded).bit_count() > 2:
            continue
        first = border & ~excluded
        _grow(seed, 1, border, first, seed | excluded | first, colour, out)
    return out


NEIGH_INDICES: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(indices(n)) for n in NEIGH)
"""Side neighbours of each cell, as cell indices."""


class Split:
    """Components and cut cells of one colour: for every cell ``a`` of the colour,
    ``parts[a]`` lists the components of (a's component minus a), as masks.

    One depth-first search per component (Tarjan's articulation points, carrying
    subtree masks) gives every cell's parts at once, in time linear in the cells.
    Per-cell data are lists indexed by cell (not dicts): the search runs once per
    board and colour on the hot path of ``legal_commands``.
    """

    __slots__ = ("colour", "groups", "comp", "parts", "near", "small_near")

    def __init__(self, colour: int) -> None:
        self.colour = colour
        self.groups: list[tuple[int, list[int]]] = []
        """Each component with its cells (depth-first order)."""
        comp = self.comp = [0] * CELL_COUNT
        """For a cell of the colour: its component."""
        parts_of: list[list[int]] = [[]] * CELL_COUNT
        """For a cell of the colour: its parts (each gets its own list when reached;
        the shared empty list stands for the cells not of the colour)."""
        self.parts = parts_of
        near = self.near = [0] * CELL_COUNT
        """For a cell not of the colour: the union of the components that touch it."""
        disc = [-1] * CELL_COUNT
        low = [0] * CELL_COUNT
        sub = [0] * CELL_COUNT
        small_comps = 0
        rest = colour
        while rest:
            root_bit = rest & -rest
            root = root_bit.bit_length() - 1
            disc[root] = low[root] = 0
            sub[root] = root_bit
            parts_of[root] = []
            order = [root]
            clock = 0
            # A lone cell (common among the red ones) needs no search.
            stack = [(root, -1, iter(NEIGH_INDICES[root]))] if NEIGH[root] & colour else []
            while stack:
                v, parent, neighbours = stack[-1]
                for w in neighbours:
                    if not colour >> w & 1:
                        continue
                    seen_at = disc[w]
                    if seen_at < 0:
                        clock += 1
                        disc[w] = low[w] = clock
                        sub[w] = 1 << w
                        parts_of[w] = []
                        order.append(w)
                        stack.append((w, v, iter(NEIGH_INDICES[w])))
                        break
                    if w != parent and seen_at < low[v]:
                        low[v] = seen_at
                else:
                    stack.pop()
                    if parent >= 0:
                        reach = low[v]
                        if reach < low[parent]:
                            low[parent] = reach
                        sub[parent] |= sub[v]
                        if reach >= disc[parent]:
                            parts_of[parent].append(sub[v])
            whole = sub[root]
            for v in order:
                comp[v] = whole
                if v != root:
                    side = whole & ~(1 << v)
                    parts = parts_of[v]
                    for part in parts:
                        side &= ~part
                    parts.append(side)
            self.groups.append((whole, order))
            if whole.bit_count() <= 4:
                small_comps |= whole
            touching = spread(whole) & ~colour
            while touching:
                low_bit = touching & -touching
                touching ^= low_bit
                near[low_bit.bit_length() - 1] |= whole
            rest &= ~whole
        small = 0
        # Only cells touching a component of at most 4 cells can have 1-4 around them.
        others = spread(small_comps) & ~colour
        while others:
            low_bit = others & -others
            others ^= low_bit
            if near[low_bit.bit_length() - 1].bit_count() <= 4:
                small |= low_bit
        self.small_near = small
        """The cells not of the colour touching components of 1-4 cells in all."""


def _gains(cells: Split, others: Split) -> list[int]:
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
    out = [0] * CELL_COUNT
    parts_of = cells.parts
    for whole, members in cells.groups:
        near = spread(whole)
        base = small & ~near
        big = whole.bit_count() > 6
        for a in members:
            parts = parts_of[a]
            if big and len(parts) == 1:
                # a is no cut cell and its component keeps more than 5 cells: only a
                # cell touching that component through a alone can join a shape of
                # 2-5 cells.
                gains = base
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
            gains = base
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
    blue, red = Split(tokens), Split(FULL & ~tokens)
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


class Cuts:
    """The token pieces one or two removals cut off, and the red around every cell.

    ``cut_by_one``: x -> the cells common to every piece of 2-5 tokens that removing
    x alone cuts off; ``cut_by_two``: the pairs {x, y} (masks) whose removal together
    cuts off such a piece (``cut_pieces``); ``near``: for a token, the union of the
    red components it touches (one flood per red component)."""

    __slots__ = ("cut_by_one", "cut_by_two", "near", "small_near")

    def __init__(self, tokens: int) -> None:
        self.cut_by_one: dict[int, int] = {}
        cut_by_two: set[int] = set()
        for part, border in cut_pieces(tokens):
            if border.bit_count() == 1:
                x = border.bit_length() - 1
                self.cut_by_one[x] = self.cut_by_one.get(x, part) & part
            else:
                cut_by_two.add(border)
        self.cut_by_two = frozenset(cut_by_two)
        red = FULL & ~tokens
        near = [0] * CELL_COUNT
        small_comps = 0
        rest = red
        while rest:
            comp, _ = piece(rest & -rest, red, CELL_COUNT)
            rest &= ~comp
            if comp.bit_count() <= 4:
                small_comps |= comp
            touching = spread(comp) & tokens
            while touching:
                low_bit = touching & -touching
                touching ^= low_bit
                near[low_bit.bit_length() - 1] |= comp
        small = 0
        # Only tokens touching a red component of at most 4 cells can have 1-4 around them.
        candidates = spread(small_comps) & tokens
        while candidates:
            low_bit = candidates & -candidates
            candidates ^= low_bit
            if near[low_bit.bit_length() - 1].bit_count() <= 4:
                small |= low_bit
        self.near = near
        self.small_near = small
        """The tokens touching red components of 1-4 cells in all."""


@lru_cache(maxsize=256)
def cuts(tokens: int) -> Cuts:
    """The board's ``Cuts``. Shared by the single and pair searches of one board (and
    the forced-pass check before them); their results have their own larger caches,
    so a small cache suffices and keeps few objects alive for the garbage collector."""
    return Cuts(tokens)


def _single(c: Cuts) -> int:
    """The legal single removals as a mask: x cuts off 2-5 tokens alone and opens,
    with the red around it, a red component of 2-5 cells."""
    mask = 0
    for x in c.cut_by_one:
        mask |= BIT[x]
    return mask & c.small_near


@lru_cache(maxsize=2048)
def board_singles(tokens: int) -> tuple[int, ...]:
    """The legal single removals of a board, in reading order (spec 7.12)."""
    return tuple(indices(_single(cuts(tokens))))


def _red_pair(near: list[int], x: int, y: int) -> bool:
    """Removing x and y opens a red component of 2-5 cells (``near``: red around a cell)."""
    rx, ry = near[x], near[y]
    if NEIGH[x] & BIT[y] or rx & ry:
        return (rx | ry).bit_count() <= 3
    return 1 <= rx.bit_count() <= 4 or 1 <= ry.bit_count() <= 4


def _pair_partners(tokens: int, stop: bool = False) -> list[int]:
    """x -> a mask of cells y such that removing {x, y} is legal: every legal pair is
    in the mask of its first cell in reading order (which ``pair_targets`` reads), and
    may be in the other one too (saves filling both rows of every pair).

    Blue: the pair cuts off a piece C of 2-5 tokens whose token neighbours are all
    removed: C is cut off by x alone and y is not in every such piece, or C's
    neighbours are exactly the pair (``Cuts``). Red: ``_red_pair``; for a given x it
    only needs checking one by one for the y next to x or to the red around x, the
    others follow from the red around y. With ``stop``, returns as soon as one
    legal pair is found."""
    c = cuts(tokens)
    near = c.near
    partners = [0] * CELL_COUNT
    for border in c.cut_by_two:
        x, y = (border & -border).bit_length() - 1, border.bit_length() - 1
        if _red_pair(near, x, y):
            partners[x] |= BIT[y]  # x < y
            if stop:
                return partners
    for x, common in c.cut_by_one.items():
        ys = tokens & ~common & ~BIT[x]
        rx = near[x]
        special = ys & (NEIGH[x] | spread(rx))
        plain = ys & ~special
        ok = plain if 1 <= rx.bit_count() <= 4 else plain & c.small_near
        while special:
            low_bit = special & -special
            special ^= low_bit
            if _red_pair(near, x, low_bit.bit_length() - 1):
                ok |= low_bit
        if ok:
            partners[x] |= ok
            rest = ok & (BIT[x] - 1)  # the pairs whose first cell is y, not x
            while rest:
                low_bit = rest & -rest
                rest ^= low_bit
                partners[low_bit.bit_length() - 1] |= BIT[x]
            if stop:
                return partners
    return partners


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
    components of at most 4 cells in all are tried, each with floods capped at 5.
    Those tokens come from one pass over the red components: ``around[k]`` holds the
    tokens with k red cells around them so far (k = 0..4; the others drop out)."""
    red = FULL & ~tokens
    big = 0
    around = [tokens, 0, 0, 0, 0]
    rest = red
    while rest:
        comp, is_small = piece(rest & -rest, red, 4)
        if is_small:
            size = comp.bit_count()
            touching = spread(comp) & tokens
            for k in range(4, -1, -1):  # downwards: each token moves up once
                moved = around[k] & touching
                if moved:
                    around[k] ^= moved
                    if k + size <= 4:
                        around[k + size] |= moved
        else:
            comp, _ = piece(rest & -rest, red, CELL_COUNT)
            big |= comp
        rest &= ~comp
    candidates = (around[1] | around[2] | around[3] | around[4]) & ~spread(big)
    while candidates:
        x_bit = candidates & -candidates
        candidates ^= x_bit
        x = x_bit.bit_length() - 1
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
    """Whether some board action is legal (spec 10.3), stopping at the first found.

    A single removal is looked for with capped floods first (most boards have one);
    pairs come from the cached ``Cuts`` that ``legal_commands`` reads for this board
    next; the moves' search runs only when neither exists."""
    if has_single(tokens):
        return True
    if can_pair and any(_pair_partners(tokens, stop=True)):
        return True
    return can_move and bool(board_moves(tokens))
