"""decide / legal_commands / to_act (§7, §10).

``decide`` checks what every command shares in the spec's order (game over,
seat, turn, a blocking penalty), then runs the command's step of
``procedures`` through a :class:`~domain.petits_dragons.procedures.Emitter`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Rng, Seat
from domain.petits_dragons import penalties as pen_rules
from domain.petits_dragons import procedures
from domain.petits_dragons.commands import (
    TURN_COMMANDS,
    PetitsDragonsAssignPenalty,
    PetitsDragonsCommand,
    PetitsDragonsEndTurn,
    PetitsDragonsGiveBirth,
    PetitsDragonsMovePiece,
    PetitsDragonsPassRoll,
    PetitsDragonsRollDice,
    PetitsDragonsTeleport,
)
from domain.petits_dragons.events import PetitsDragonsEvent
from domain.petits_dragons.penalties import find_penalty
from domain.petits_dragons.procedures import Emitter, violation
from domain.petits_dragons.roll_actions import roll_actions
from domain.petits_dragons.state import PetitsDragonsPenalty, PetitsDragonsState, pending_of

# --- decide ------------------------------------------------------------------------------

Step = Callable[[Emitter, Seat, Any], None]

STEPS: dict[type[Any], Step] = {
    PetitsDragonsRollDice: lambda em, seat, cmd: procedures.roll_dice(em),
    PetitsDragonsMovePiece: lambda em, seat, cmd: procedures.move_piece(em, cmd),
    PetitsDragonsGiveBirth: lambda em, seat, cmd: procedures.give_birth(em, cmd),
    PetitsDragonsTeleport: lambda em, seat, cmd: procedures.teleport(em, cmd),
    PetitsDragonsPassRoll: lambda em, seat, cmd: procedures.pass_roll(em),
    PetitsDragonsAssignPenalty: procedures.assign_penalty,
    PetitsDragonsEndTurn: lambda em, seat, cmd: procedures.end_turn(em),
}
"""The step of ``procedures`` that plays each command."""


def decide(
    state: PetitsDragonsState, seat: Seat, command: PetitsDragonsCommand, rng: Rng
) -> list[PetitsDragonsEvent]:
    if state.status != "in_progress":
        raise violation("game_finished", "the game is over")
    if not any(entry.seat == seat for entry in state.seats):
        raise violation("unknown_seat", f"{seat!r} is not a seat of this game", seat=seat)
    turn = state.turn
    assert turn is not None
    if isinstance(command, TURN_COMMANDS) and seat != state.controller[turn.colour]:
        raise violation(
            "not_your_turn",
            f"it is {turn.colour}'s turn ({state.controller[turn.colour]})",
            seat=seat,
            colour=turn.colour,
        )
    if turn.phase == "awaiting_penalty" and not (
        isinstance(command, PetitsDragonsAssignPenalty)
        and command.penalty_id == turn.blocking_penalty
    ):
        raise violation(
            "awaiting_other_player",
            f"waiting for penalty {turn.blocking_penalty} to be assigned",
            penalty_id=turn.blocking_penalty,
        )
    step = STEPS.get(type(command))
    if step is None:
        raise violation(
            "unknown_command", f"not a petits_dragons command: {type(command).__name__}"
        )
    em = Emitter(state, rng)
    step(em, seat, command)
    return em.events


# --- queries -----------------------------------------------------------------------------


def to_act(state: PetitsDragonsState) -> list[Seat]:
    turn = state.turn
    if state.status != "in_progress" or turn is None:
        return []
    if turn.phase == "awaiting_penalty" and turn.blocking_penalty is not None:
        pen = find_penalty(state, turn.blocking_penalty)
        assert pen is not None
        return [state.controller[pen.owner]]
    return [state.controller[turn.colour]]


def _assignments(
    state: PetitsDragonsState, pen: PetitsDragonsPenalty
) -> list[PetitsDragonsCommand]:
    return [
        PetitsDragonsAssignPenalty(penalty_id=pen.penalty_id, transfers=list(ts))
        for ts in pen_rules.options(state, pen)
    ]


def legal_commands(state: PetitsDragonsState, seat: Seat) -> list[PetitsDragonsCommand]:
    if seat not in to_act(state):
        return []
    turn = state.turn
    assert turn is not None
    if turn.phase == "awaiting_penalty":
        pen = find_penalty(state, turn.blocking_penalty or "")
        return _assignments(state, pen) if pen is not None else []
    out: list[PetitsDragonsCommand] = []
    if turn.phase == "awaiting_roll":
        out.append(PetitsDragonsRollDice())
        if turn.roll_index >= 1:
            out.append(PetitsDragonsEndTurn())
    elif turn.phase == "awaiting_action":
        births_, walks, jumps = roll_actions(state)
        out.extend(births_)
        out.extend(walks)
        out.extend(jumps)
        if not walks and not jumps:
            out.append(PetitsDragonsPassRoll())
    elif turn.phase == "closing":
        out.append(PetitsDragonsEndTurn())
    for pen in pending_of(state, turn.colour):
        out.extend(_assignments(state, pen))
    return out
