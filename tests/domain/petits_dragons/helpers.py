"""Building positions for the scenario tests: place pieces, start a colour's turn,
roll chosen dice, and play commands through ``decide`` + ``evolve``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from msgspec.structs import replace

from domain.kernel import Rng, RuleViolation, fold
from domain.petits_dragons import RULESET
from domain.petits_dragons.commands import (
    PetitsDragonsAssignPenalty,
    PetitsDragonsMovePiece,
    PetitsDragonsRollDice,
    PetitsDragonsTransfer,
)
from domain.petits_dragons.components import PIECE_COLOUR, PIECE_KIND, chief_id
from domain.petits_dragons.events import PetitsDragonsTurnStarted
from domain.petits_dragons.options import PetitsDragonsOptions
from domain.petits_dragons.state import (
    PetitsDragonsEggs,
    PetitsDragonsPiece,
    PetitsDragonsState,
    PetitsDragonsUnit,
)

rs = RULESET


class Dice(Rng):
    """An Rng whose dice are given in advance (red, blue, then combat dice...)."""

    def __init__(self, *values: int) -> None:
        super().__init__("test", 0)
        self.values = list(values)

    def die(self, sides: int = 6) -> int:
        assert self.values, "the scenario ran out of dice"
        return self.values.pop(0)


def new(seats: list[list[str]] | None = None, **options: Any) -> PetitsDragonsState:
    opts = PetitsDragonsOptions(seats=seats or [["white"], ["black"], ["red"]], **options)  # type: ignore[arg-type]
    rs.validate_options(opts)
    from domain.kernel import SetupContext

    return fold(rs, rs.setup(opts, SetupContext(), Rng("t", 0)))  # type: ignore[no-any-return]


def _set(state: PetitsDragonsState, pid: str, piece: PetitsDragonsPiece) -> PetitsDragonsState:
    colour = PIECE_COLOUR[pid]
    dragon = state.dragons[colour]  # type: ignore[index]
    if PIECE_KIND[pid] == "chief":
        dragon = replace(dragon, chief=piece)
    else:
        pawns = dict(dragon.pawns)
        pawns[pid] = piece  # type: ignore[index]
        dragon = replace(dragon, pawns=pawns)
    dragons = dict(state.dragons)
    dragons[colour] = dragon  # type: ignore[index]
    return replace(state, dragons=dragons)


def place(state: PetitsDragonsState, pid: str, cell: str) -> PetitsDragonsState:
    state = _set(state, pid, PetitsDragonsPiece(position="board", cell=cell))  # type: ignore[arg-type]
    board = dict(state.board)
    board[cell] = PetitsDragonsUnit(
        colour=PIECE_COLOUR[pid], kind=PIECE_KIND[pid], piece_ids=(pid,)
    )  # type: ignore[index,arg-type]
    return replace(state, board=board)


def stack(state: PetitsDragonsState, a: str, b: str, cell: str) -> PetitsDragonsState:
    state = _set(state, a, PetitsDragonsPiece(position="board", cell=cell, stacked_with=b))  # type: ignore[arg-type]
    state = _set(state, b, PetitsDragonsPiece(position="board", cell=cell, stacked_with=a))  # type: ignore[arg-type]
    board = dict(state.board)
    board[cell] = PetitsDragonsUnit(colour=PIECE_COLOUR[a], kind="stack", piece_ids=(a, b))  # type: ignore[index,arg-type]
    return replace(state, board=board)


def put(state: PetitsDragonsState, pid: str, position: str) -> PetitsDragonsState:
    """Move a piece off-board: nest, exit, home or out."""
    return _set(state, pid, PetitsDragonsPiece(position=position))  # type: ignore[arg-type]


def kill(state: PetitsDragonsState, colour: str) -> PetitsDragonsState:
    state = put(state, chief_id(colour), "out")  # type: ignore[arg-type]
    dragons = dict(state.dragons)
    dragons[colour] = replace(dragons[colour], chief_dead=True)  # type: ignore[index]
    return replace(state, dragons=dragons)


def all_pieces(colour: str) -> list[str]:
    return [chief_id(colour)] + [f"{colour}_pawn_{n}" for n in range(1, 10)]  # type: ignore[arg-type]


def eggs(state: PetitsDragonsState, colour: str | None = None, **counts: int) -> PetitsDragonsState:
    """Set the bank's (colour None) or a nest's eggs: eggs(s, e100=0, e50=5)."""
    if colour is None:
        return replace(state, bank=replace(state.bank, **counts))
    dragons = dict(state.dragons)
    dragons[colour] = replace(dragons[colour], eggs=PetitsDragonsEggs(**counts))  # type: ignore[index]
    return replace(state, dragons=dragons)


def start_turn(state: PetitsDragonsState, colour: str, round_: int = 1) -> PetitsDragonsState:
    """Begin ``colour``'s turn as the turn-start procedure would (fresh usage)."""
    number = (state.turn.number if state.turn else 0) + 1
    event = PetitsDragonsTurnStarted(
        turn_number=number,
        colour=colour,
        seat=state.controller[colour],
        round=round_,  # type: ignore[arg-type,index]
    )
    return rs.evolve(state, event)


def seat_of(state: PetitsDragonsState, colour: str) -> str:
    return state.controller[colour]  # type: ignore[index]


def act(
    state: PetitsDragonsState, seat: str, command: Any, dice: Iterable[int] = ()
) -> tuple[PetitsDragonsState, list[Any]]:
    """decide + fold, asserting that the command was listed as legal first."""
    assert command in rs.legal_commands(state, seat), f"{command!r} is not listed for {seat}"
    events = rs.decide(state, seat, command, Dice(*dice))
    return fold(rs, events, state), events


def roll(state: PetitsDragonsState, red: int, blue: int) -> tuple[PetitsDragonsState, list[Any]]:
    assert state.turn is not None
    return act(state, seat_of(state, state.turn.colour), PetitsDragonsRollDice(), (red, blue))


def error(state: PetitsDragonsState, seat: str, command: Any, dice: Iterable[int] = ()) -> str:
    """The code of the RuleViolation ``command`` gets (it must not be listed)."""
    assert command not in rs.legal_commands(state, seat)
    try:
        rs.decide(state, seat, command, Dice(*dice))
    except RuleViolation as exc:
        return exc.code
    raise AssertionError(f"{command!r} was accepted")


def move(pid: str, *path: str, die: str | None = None) -> PetitsDragonsMovePiece:
    return PetitsDragonsMovePiece(piece_id=pid, path=list(path), die=die)  # type: ignore[arg-type]


def give(d: int, to: str) -> PetitsDragonsTransfer:
    return PetitsDragonsTransfer(action="give", denomination=d, to=to)  # type: ignore[arg-type]


def remove(d: int) -> PetitsDragonsTransfer:
    return PetitsDragonsTransfer(action="remove", denomination=d)  # type: ignore[arg-type]


def assign(pid: str, *transfers: PetitsDragonsTransfer) -> PetitsDragonsAssignPenalty:
    return PetitsDragonsAssignPenalty(penalty_id=pid, transfers=list(transfers))


def types(events: list[Any]) -> list[str]:
    return [type(e).__struct_config__.tag.split(".", 1)[1] for e in events]


def of(events: list[Any], tag: str) -> list[Any]:
    return [e for e in events if type(e).__struct_config__.tag == f"petits_dragons.{tag}"]
