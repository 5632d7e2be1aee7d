"""The legal actions of a roll (§10.3): births, walks and teleports of the active colour.

``decide`` validates one command with the same helpers (walks.check_walk /
teleport_error), so what is listed here is exactly what ``decide`` accepts.
"""

from __future__ import annotations

from domain.petits_dragons.commands import (
    PetitsDragonsGiveBirth,
    PetitsDragonsMovePiece,
    PetitsDragonsTeleport,
)
from domain.petits_dragons.components import (
    BIRTH_CHIEF_DOUBLES,
    CELL_BRANCH,
    CELL_COLOUR,
    OWN_CELLS,
    PIECE_KIND,
    CellId,
    Colour,
    DieId,
    UnitKind,
    chief_id,
)
from domain.petits_dragons.state import (
    PetitsDragonsDragon,
    PetitsDragonsRoll,
    PetitsDragonsState,
    PetitsDragonsTurn,
    PetitsDragonsUnit,
    PetitsDragonsUsage,
)
from domain.petits_dragons.walks import imposed_direction, legal_paths, occupancy, usage_of


def units_of(state: PetitsDragonsState, colour: Colour) -> list[tuple[PetitsDragonsUnit, str]]:
    """The colour's units on the board or at its exit, with their start (cell or ``exit``)."""
    dragon = state.dragons[colour]
    out: list[tuple[PetitsDragonsUnit, str]] = []
    seen: set[str] = set()
    for pid, p in ((chief_id(colour), dragon.chief), *dragon.pawns.items()):
        if p.position == "exit":
            kind: UnitKind = PIECE_KIND[pid]
            out.append((PetitsDragonsUnit(colour=colour, kind=kind, piece_ids=(pid,)), "exit"))
        elif p.position == "board" and p.cell is not None and p.cell not in seen:
            unit = state.board[p.cell]
            if unit is not None and unit.colour == colour:
                seen.add(p.cell)
                out.append((unit, p.cell))
    return out


def unit_usage(turn: PetitsDragonsTurn, pid: str, start: str) -> PetitsDragonsUsage:
    return usage_of(turn.usage, pid, start)


def birth_error(dragon: PetitsDragonsDragon, kind: str, d: int) -> str | None:
    """§7.3 from ``invalid_kind`` on."""
    if kind not in ("pawn", "chief"):
        return "invalid_kind"
    if kind == "chief":
        if d not in BIRTH_CHIEF_DOUBLES:
            return "chief_needs_double_5_or_6"
        if dragon.chief.position != "nest":
            return "chief_not_in_nest"
        return None
    if dragon.chief_dead:
        return "chief_dead"
    if not any(p.position == "nest" for p in dragon.pawns.values()):
        return "nest_empty"
    if d in BIRTH_CHIEF_DOUBLES and dragon.chief.position == "nest":
        return "chief_must_be_born_first"
    return None


def teleport_error(
    state: PetitsDragonsState,
    unit: PetitsDragonsUnit,
    start: str,
    usage: PetitsDragonsUsage,
    to: str,
) -> str | None:
    """§7.5 from ``unknown_cell`` on (the unit is a chief or a stack of the active colour)."""
    if to not in state.board:
        return "unknown_cell"
    if CELL_COLOUR[to] != unit.colour:
        return "not_own_colour_cell"
    if to == start:
        return "already_there"
    b = CELL_BRANCH[to]
    if b is not None and b != CELL_BRANCH.get(start) and usage.branches.get(b) == "done":
        return "branch_already_used"
    occupant = state.board[to]
    if occupant is not None:
        err, _ = occupancy(state, unit.colour, unit.kind, occupant)
        return err
    return None


def move_variants(
    unit: PetitsDragonsUnit, roll: PetitsDragonsRoll
) -> list[tuple[DieId | None, int]]:
    if unit.kind != "stack":
        return [(None, max(roll.red, roll.blue))]
    if roll.outcome == "double":
        return [(None, roll.red), ("red", roll.red), ("blue", roll.red)]
    return [("red", roll.red), ("blue", roll.blue)]


def moves(state: PetitsDragonsState) -> list[PetitsDragonsMovePiece]:
    turn = state.turn
    assert turn is not None and turn.last_roll is not None
    roll = turn.last_roll
    out: list[PetitsDragonsMovePiece] = []
    for unit, start in units_of(state, turn.colour):
        usage = unit_usage(turn, unit.piece_ids[0], start)
        imposed = imposed_direction(unit.kind, roll.red, roll.blue)
        by_value: dict[int, list[tuple[CellId, ...]]] = {}
        for die, v in move_variants(unit, roll):
            if v not in by_value:
                by_value[v] = legal_paths(state, turn.colour, unit.kind, start, usage, imposed, v)
            for path in by_value[v]:
                for pid in unit.piece_ids:
                    out.append(PetitsDragonsMovePiece(piece_id=pid, path=list(path), die=die))
    return out


def teleports(state: PetitsDragonsState) -> list[PetitsDragonsTeleport]:
    turn = state.turn
    assert turn is not None
    out: list[PetitsDragonsTeleport] = []
    for unit, start in units_of(state, turn.colour):
        if unit.kind == "pawn":
            continue
        usage = unit_usage(turn, unit.piece_ids[0], start)
        for to in OWN_CELLS[turn.colour]:
            if teleport_error(state, unit, start, usage, to) is None:
                for pid in unit.piece_ids:
                    out.append(PetitsDragonsTeleport(piece_id=pid, to=to))
    return out


def births(state: PetitsDragonsState) -> list[PetitsDragonsGiveBirth]:
    turn = state.turn
    assert turn is not None and turn.last_roll is not None
    dragon = state.dragons[turn.colour]
    out: list[PetitsDragonsGiveBirth] = []
    for kind in ("chief", "pawn"):
        if birth_error(dragon, kind, turn.last_roll.red) is None:
            out.append(PetitsDragonsGiveBirth(kind=kind))
    return out


def roll_actions(
    state: PetitsDragonsState,
) -> tuple[list[PetitsDragonsGiveBirth], list[PetitsDragonsMovePiece], list[PetitsDragonsTeleport]]:
    """Every action for the current roll (§10.3)."""
    turn = state.turn
    assert turn is not None and turn.last_roll is not None
    if turn.last_roll.outcome == "suite":
        return [], [], []
    if turn.last_roll.outcome == "double":
        return births(state), moves(state), teleports(state)
    return [], moves(state), []


def has_move_or_teleport(state: PetitsDragonsState) -> bool:
    """Whether some ``move_piece`` or ``teleport`` is legal now (early exit)."""
    turn = state.turn
    assert turn is not None and turn.last_roll is not None
    roll = turn.last_roll
    if roll.outcome == "suite":
        return False
    units = units_of(state, turn.colour)
    if roll.outcome == "double":
        for unit, start in units:
            if unit.kind == "pawn":
                continue
            usage = unit_usage(turn, unit.piece_ids[0], start)
            for to in OWN_CELLS[turn.colour]:
                if teleport_error(state, unit, start, usage, to) is None:
                    return True
    for unit, start in units:
        usage = unit_usage(turn, unit.piece_ids[0], start)
        imposed = imposed_direction(unit.kind, roll.red, roll.blue)
        for v in {v for _, v in move_variants(unit, roll)}:
            if legal_paths(state, turn.colour, unit.kind, start, usage, imposed, v, True):
                return True
    return False


def has_action(state: PetitsDragonsState) -> bool:
    """Whether the current roll allows anything at all (§10.3)."""
    turn = state.turn
    assert turn is not None and turn.last_roll is not None
    if turn.last_roll.outcome == "double" and births(state):
        return True
    return has_move_or_teleport(state)
