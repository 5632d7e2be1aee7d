"""Building positions for the scenario tests: place pieces, start a colour's turn,
roll chosen dice, and play commands through ``decide`` + ``evolve``.

``play`` and ``rejected`` are the shared helpers of ``tests/domain/helpers.py``
bound to this ruleset (a command must be listed to be played, and a refused one
must not be listed and must leave the state unchanged); ``dice`` scripts the
dice of a decision as a :class:`~tests.domain.helpers.ScriptedRng`."""

from __future__ import annotations

from typing import Any, cast

from msgspec.structs import replace

from domain.kernel import Rng, RuleViolation, Seat, SetupContext, fold, tag_of
from domain.petits_dragons import RULESET
from domain.petits_dragons.commands import (
    PetitsDragonsAssignPenalty,
    PetitsDragonsCommand,
    PetitsDragonsMovePiece,
    PetitsDragonsRollDice,
    PetitsDragonsTransfer,
)
from domain.petits_dragons.components import (
    PIECE_COLOUR,
    PIECE_KIND,
    CellId,
    Colour,
    PieceId,
    chief_id,
)
from domain.petits_dragons.events import PetitsDragonsTurnStarted
from domain.petits_dragons.options import PetitsDragonsOptions
from domain.petits_dragons.state import (
    PetitsDragonsEggs,
    PetitsDragonsPiece,
    PetitsDragonsState,
    PetitsDragonsUnit,
)
from tests.domain import helpers
from tests.domain.helpers import ScriptedRng
from tests.domain.petits_dragons.support import canonical

rs = RULESET


def dice(*values: int) -> ScriptedRng:
    """The dice of one decision, in the order they are rolled (red, blue, then combat dice)."""
    return ScriptedRng(values)


def play(
    state: PetitsDragonsState, seat: Seat, command: PetitsDragonsCommand, rng: Rng | None = None
) -> tuple[PetitsDragonsState, list[Any]]:
    """decide + fold, asserting that the command was listed as legal first."""
    return helpers.play(rs, state, seat, command, rng or dice(), canonical=canonical)


def rejected(
    state: PetitsDragonsState,
    seat: Seat,
    command: PetitsDragonsCommand,
    code: str | None = None,
    rng: Rng | None = None,
) -> RuleViolation:
    """The command is refused (with ``code``), not listed, and changes nothing."""
    return helpers.rejected(rs, state, seat, command, code, rng or dice(), canonical=canonical)


def new(seats: list[list[str]] | None = None, **options: Any) -> PetitsDragonsState:
    opts = PetitsDragonsOptions(seats=seats or [["white"], ["black"], ["red"]], **options)  # type: ignore[arg-type]
    rs.validate_options(opts)
    return fold(rs, rs.setup(opts, SetupContext(), Rng("t", 0)))  # type: ignore[no-any-return]


def _set(state: PetitsDragonsState, pid: str, piece: PetitsDragonsPiece) -> PetitsDragonsState:
    colour = PIECE_COLOUR[pid]
    dragon = state.dragons[colour]
    if PIECE_KIND[pid] == "chief":
        dragon = replace(dragon, chief=piece)
    else:
        pawns = dict(dragon.pawns)
        pawns[pid] = piece  # type: ignore[index]
        dragon = replace(dragon, pawns=pawns)
    dragons = dict(state.dragons)
    dragons[colour] = dragon
    return replace(state, dragons=dragons)


def place(state: PetitsDragonsState, pid: str, cell: str) -> PetitsDragonsState:
    at = cast(CellId, cell)
    state = _set(state, pid, PetitsDragonsPiece(position="board", cell=at))
    board = dict(state.board)
    board[at] = PetitsDragonsUnit(
        colour=PIECE_COLOUR[pid], kind=PIECE_KIND[pid], piece_ids=(cast(PieceId, pid),)
    )
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
    people = cast(Colour, colour)
    event = PetitsDragonsTurnStarted(
        turn_number=number, colour=people, seat=state.controller[people], round=round_
    )
    return rs.evolve(state, event)


def seat_of(state: PetitsDragonsState, colour: str) -> str:
    return state.controller[colour]  # type: ignore[index]


def roll(state: PetitsDragonsState, red: int, blue: int) -> tuple[PetitsDragonsState, list[Any]]:
    assert state.turn is not None
    return play(state, seat_of(state, state.turn.colour), PetitsDragonsRollDice(), dice(red, blue))


def move(pid: str, *path: str, die: str | None = None) -> PetitsDragonsMovePiece:
    return PetitsDragonsMovePiece(piece_id=pid, path=list(path), die=die)  # type: ignore[arg-type]


def give(d: int, to: str) -> PetitsDragonsTransfer:
    return PetitsDragonsTransfer(action="give", denomination=d, to=to)  # type: ignore[arg-type]


def remove(d: int) -> PetitsDragonsTransfer:
    return PetitsDragonsTransfer(action="remove", denomination=d)  # type: ignore[arg-type]


def assign(pid: str, *transfers: PetitsDragonsTransfer) -> PetitsDragonsAssignPenalty:
    return PetitsDragonsAssignPenalty(penalty_id=pid, transfers=list(transfers))


def types(events: list[Any]) -> list[str]:
    """The events' spec names (their tags without the ``petits_dragons.`` prefix)."""
    return [tag_of(e).split(".", 1)[1] for e in events]


def of(events: list[Any], name: str) -> list[Any]:
    """The events of one spec name."""
    return [e for e in events if tag_of(e) == f"petits_dragons.{name}"]


def t14_state() -> tuple[PetitsDragonsState, list[Any]]:
    """Spec scenario T14's position: black's pawn arrives (shared by T14-T17)."""
    state = start_turn(place(new(), "black_pawn_2", "yellow_h4"), "black")
    state, _ = roll(state, 5, 1)
    cmd = move("black_pawn_2", "yellow_h5", "yellow_h6", "yellow_h7", "arena", "centre")
    return play(state, "seat_1", cmd)
