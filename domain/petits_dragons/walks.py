"""Walks (§3.4): validating a path step by step, and enumerating every legal walk.

Both use the same per-step function, so ``decide`` and ``legal_commands`` share
one source of truth. A walk's turn usage is a small mutable working copy
(``Walker``) that only becomes state once the move is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Literal

from domain.petits_dragons.components import (
    ADJACENT,
    ARENA,
    CELL_BRANCH,
    CELL_HEIGHT,
    CELL_SECTOR,
    CELL_SET,
    CENTRE,
    NEIGHBOURS,
    RING_CELLS,
    BranchState,
    CellId,
    Colour,
    PieceId,
    RingDirection,
    UnitKind,
    cell_id,
    is_clockwise,
)
from domain.petits_dragons.state import PetitsDragonsState, PetitsDragonsUnit, PetitsDragonsUsage

Outcome = Literal["placed", "stacked", "combat", "arrived"]


NO_USAGE = PetitsDragonsUsage()
"""A unit that has used nothing this turn. Usages are shared: they are never mutated."""
_FRESH_USAGE: dict[str, PetitsDragonsUsage] = {
    cell: PetitsDragonsUsage(branches={branch: "in"})
    for cell, branch in CELL_BRANCH.items()
    if branch is not None
}


def fresh_usage(position: str) -> PetitsDragonsUsage:
    """Usage at turn start: ``in`` for the branch the unit stands in (§3.4); the exit and
    the cells outside the branches start with none."""
    return _FRESH_USAGE.get(position, NO_USAGE)


def usage_of(
    usage: dict[PieceId, PetitsDragonsUsage], piece_id: str, start: str
) -> PetitsDragonsUsage:
    """The turn usage of the unit of ``piece_id`` (standing on ``start``, a cell or ``exit``)."""
    known = usage.get(piece_id)  # type: ignore[call-overload]
    return known if known is not None else fresh_usage(start)


class Walker:
    """The turn usage of one unit while a walk is checked."""

    __slots__ = ("centre_used", "branches", "ring_direction")

    def __init__(self, centre_used: bool, branches: dict[Colour, BranchState]) -> None:
        self.centre_used = centre_used
        self.branches = branches
        self.ring_direction: RingDirection | None = None

    def copy(self) -> Walker:
        w = Walker(self.centre_used, dict(self.branches))
        w.ring_direction = self.ring_direction
        return w

    def usage(self) -> PetitsDragonsUsage:
        return PetitsDragonsUsage(centre_used=self.centre_used, branches=dict(self.branches))


_INFO: dict[str, tuple[Colour | None, int, Colour | None, bool]] = {
    c: (
        CELL_SECTOR[c],
        -1 if CELL_HEIGHT[c] is None else CELL_HEIGHT[c],
        CELL_BRANCH[c],
        c in RING_CELLS,
    )  # type: ignore[misc]
    for c in CELL_SET
}
_NO_INFO: tuple[Colour | None, int, Colour | None, bool] = (None, -1, None, False)


def step(
    w: Walker,
    colour: Colour,
    imposed: RingDirection | None,
    prev2: str | None,
    prev: str,
    nxt: str,
    i: int,
    from_exit: bool,
) -> str | None:
    """Check step ``i`` (1-based) ``prev -> nxt`` under R2-R8; update ``w``; return an error code."""
    info_n = _INFO.get(nxt)
    if info_n is None:
        return "unknown_cell"
    # R3: adjacency (the exit link only at the very start of a walk from the exit).
    if from_exit and i <= 2:
        if nxt != (CENTRE if i == 1 else cell_id(colour, 7)):
            return "exit_path_invalid"
    elif (prev, nxt) not in ADJACENT:
        return "not_adjacent"
    # R4: no reversal, except the bounce on the centre.
    if i >= 2 and nxt == prev2 and prev != CENTRE:
        return "reversal_not_allowed"
    sp, hp, bp, ring_p = _INFO.get(prev, _NO_INFO)
    sn, hn, bn, ring_n = info_n
    # R5: the own branch is never climbed.
    if sp == colour and hp >= 0:
        if (sn == colour and hn == hp + 1) or (hp == 7 and nxt == ARENA):
            return "own_branch_climb"
    # R6: branch use.
    branches = w.branches
    if bn is not None:
        if bn != bp:
            if branches.get(bn, "none") != "none":
                return "branch_already_used"
            branches[bn] = "up" if ring_p else "down"
        else:
            direction: BranchState = "up" if hn > hp else "down"
            state = branches.get(bn, "none")
            if state != direction and (state == "up" or state == "down"):
                return "branch_direction_reversed"
            branches[bn] = direction
    if bp is not None and bn != bp:
        # Leaving at the top is an up step, at the base a down step: a branch is used in
        # one direction only ("que dans un seul sens"), even across the moves of a turn.
        state = branches.get(bp, "none")
        leaving: BranchState = "down" if ring_n else "up"
        if state != leaving and (state == "up" or state == "down"):
            return "branch_direction_reversed"
        branches[bp] = "done"
    # R7: the centre once per unit per turn.
    if nxt == CENTRE:
        if w.centre_used:
            return "centre_already_used"
        w.centre_used = True
    # R8: ring direction.
    if ring_p and ring_n:
        direction_taken: RingDirection = "clockwise" if is_clockwise(prev, nxt) else "anticlockwise"
        if imposed is not None and direction_taken != imposed:
            return "wrong_direction"
        w.ring_direction = direction_taken
    return None


def destination(
    state: PetitsDragonsState, colour: Colour, kind: UnitKind, start: str, path: Sequence[str]
) -> tuple[str | None, Outcome]:
    """R9 and R10: (error code or None, outcome)."""
    last = path[-1]
    if last == CENTRE:
        before = path[-2] if len(path) >= 2 else start
        if before != ARENA:
            return "cannot_stop_on_centre", "arrived"
        return None, "arrived"
    if last == start:
        return None, "placed"
    occupant = state.board[last]  # type: ignore[index]
    if occupant is None:
        return None, "placed"
    return occupancy(state, colour, kind, occupant)


def occupancy(
    state: PetitsDragonsState, colour: Colour, kind: UnitKind, occupant: PetitsDragonsUnit
) -> tuple[str | None, Outcome]:
    """R10 for a unit ending on an occupied cell."""
    if occupant.colour == colour:
        if kind == "pawn" and occupant.kind == "pawn":
            return None, "stacked"
        if kind == "chief" or occupant.kind == "chief":
            return "cannot_stack_chief", "placed"
        return "stack_full", "placed"
    if state.side[occupant.colour] == state.side[colour]:
        return "ally_occupied", "placed"
    return None, "combat"


def imposed_direction(kind: UnitKind, red: int, blue: int) -> RingDirection | None:
    """R8: a single pawn on a plain roll follows the higher die's direction."""
    if kind != "pawn" or red == blue:
        return None
    return "clockwise" if red > blue else "anticlockwise"


class WalkResult:
    __slots__ = ("path", "outcome", "usage", "ring_direction")

    def __init__(
        self,
        path: list[CellId],
        outcome: Outcome,
        usage: PetitsDragonsUsage,
        ring_direction: RingDirection | None,
    ) -> None:
        self.path = path
        self.outcome = outcome
        self.usage = usage
        self.ring_direction = ring_direction


Walk = tuple[str | None, int, PetitsDragonsUsage | None, RingDirection | None]
"""(error code or None, failing step or 0, the unit's usage after the walk, ring direction)."""


def walk(
    colour: Colour,
    imposed: RingDirection | None,
    start: str,
    usage: PetitsDragonsUsage,
    path: Sequence[str],
) -> Walk:
    """R2-R8 step by step along ``path``: the first error, or the usage the walk leaves."""
    return _walk(
        colour, imposed, start, usage.centre_used, tuple(usage.branches.items()), tuple(path)
    )


@lru_cache(maxsize=1 << 16)
def _walk(
    colour: Colour,
    imposed: RingDirection | None,
    start: str,
    centre_used: bool,
    branches: tuple[tuple[Colour, BranchState], ...],
    path: tuple[str, ...],
) -> Walk:
    """:func:`walk`, memoised: ``decide`` and ``evolve`` walk the same paths again and again
    (the branches keep their order, so the usage is the one an unmemoised walk builds)."""
    w = Walker(centre_used, dict(branches))
    from_exit = start == "exit"
    prev2: str | None = None
    prev = start
    for i, nxt in enumerate(path, start=1):
        err = step(w, colour, imposed, prev2, prev, nxt, i, from_exit)
        if err is not None:
            return err, i, None, None
        prev2, prev = prev, nxt
    return None, 0, w.usage(), w.ring_direction


def check_walk(
    state: PetitsDragonsState,
    colour: Colour,
    kind: UnitKind,
    start: str,
    usage: PetitsDragonsUsage,
    imposed: RingDirection | None,
    value: int,
    path: Sequence[str],
) -> tuple[str | None, int, WalkResult | None]:
    """Validate ``path`` (R1-R10, in order). Returns (error, failing step, result)."""
    if len(path) != value:
        return "wrong_path_length", 0, None
    err, i, after, ring_direction = walk(colour, imposed, start, usage, path)
    if err is not None or after is None:
        return err, i, None
    err, outcome = destination(state, colour, kind, start, path)
    if err is not None:
        return err, len(path), None
    return None, 0, WalkResult(list(path), outcome, after, ring_direction)  # type: ignore[arg-type]


@lru_cache(maxsize=1 << 16)
def _geometry(
    colour: Colour,
    start: str,
    centre_used: bool,
    branches: tuple[tuple[Colour, BranchState], ...],
    imposed: RingDirection | None,
    value: int,
) -> tuple[tuple[CellId, ...], ...]:
    """Every path of length ``value`` passing R1-R9 (occupancy aside), in a stable order.

    A pure function of its arguments, memoised: the same walks come up again and again.
    """
    out: list[tuple[CellId, ...]] = []
    from_exit = start == "exit"
    own_tip = cell_id(colour, 7)

    def rec(w: Walker, path: list[str], prev2: str | None, prev: str) -> None:
        i = len(path) + 1
        if from_exit and i <= 2:
            candidates: tuple[str, ...] = (CENTRE,) if i == 1 else (own_tip,)
        else:
            candidates = NEIGHBOURS[prev]
        for nxt in candidates:
            if nxt == prev2 and prev != CENTRE:
                continue
            if nxt == CENTRE and (w.centre_used or (i == value and prev != ARENA)):
                continue
            w2 = w.copy()
            if step(w2, colour, imposed, prev2, prev, nxt, i, from_exit) is not None:
                continue
            path.append(nxt)
            if i == value:
                out.append(tuple(path))  # type: ignore[arg-type]
            else:
                rec(w2, path, prev, nxt)
            path.pop()

    rec(Walker(centre_used, dict(branches)), [], None, start)
    return tuple(out)


def legal_paths(
    state: PetitsDragonsState,
    colour: Colour,
    kind: UnitKind,
    start: str,
    usage: PetitsDragonsUsage,
    imposed: RingDirection | None,
    value: int,
    first_only: bool = False,
) -> list[tuple[CellId, ...]]:
    """Every path accepted by :func:`check_walk` (only the first with ``first_only``)."""
    branches = tuple(sorted(usage.branches.items()))
    out: list[tuple[CellId, ...]] = []
    for path in _geometry(colour, start, usage.centre_used, branches, imposed, value):
        last = path[-1]
        if last != CENTRE and last != start:
            occupant = state.board[last]
            if occupant is not None and occupancy(state, colour, kind, occupant)[0] is not None:
                continue
        out.append(path)
        if first_only:
            break
    return out
