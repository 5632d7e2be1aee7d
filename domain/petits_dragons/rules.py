"""decide / evolve / legal_commands / to_act / outcome (§7, §10, §11).

``decide`` validates in the spec's order and then builds the events through a
small context that folds each event as it is emitted, so the flow rules
(continuation, end of turn, next turn) read the state exactly as ``evolve``
will rebuild it.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Outcome, Rng

from . import penalties as pen_rules
from .actions import (
    birth_error,
    births,
    has_action,
    has_move_or_teleport,
    move_variants,
    moves,
    roll_actions,
    teleport_error,
    teleports,
    unit_usage,
)
from .commands import (
    TURN_COMMANDS,
    PetitsDragonsAssignPenalty,
    PetitsDragonsEndTurn,
    PetitsDragonsGiveBirth,
    PetitsDragonsMovePiece,
    PetitsDragonsPassRoll,
    PetitsDragonsRollDice,
    PetitsDragonsTeleport,
)
from .components import (
    ARRIVAL_PENALTY,
    PIECE_COLOUR,
    PIECE_KIND,
    RollOutcome,
    chief_id,
)
from .events import (
    PetitsDragonsDiceRolled,
    PetitsDragonsEggsTransferred,
    PetitsDragonsPenaltyBackfired,
    PetitsDragonsPenaltyLapsed,
    PetitsDragonsPenaltyResolved,
    PetitsDragonsPieceArrived,
    PetitsDragonsPieceBorn,
    PetitsDragonsPieceMoved,
    PetitsDragonsPieceTeleported,
    PetitsDragonsRollForfeited,
    PetitsDragonsStackFormed,
)
from .flow import (
    CLOSED,
    Ctx,
    combat,
    create_penalty,
    find_penalty,
    finish_turn,
    settle,
    violation,
)
from .fold import evolve
from .scoring import outcome_of
from .state import (
    PetitsDragonsPenalty,
    PetitsDragonsState,
    PetitsDragonsUnit,
    pending_of,
)
from .walks import check_walk, imposed_direction

# --- decide ------------------------------------------------------------------------------


def decide(state: PetitsDragonsState, seat: str, command: Any, rng: Rng) -> list[Any]:
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
    ctx = Ctx(state, rng)
    t = type(command)
    if t is PetitsDragonsRollDice:
        roll_dice(ctx)
    elif t is PetitsDragonsMovePiece:
        move_piece(ctx, command)
    elif t is PetitsDragonsGiveBirth:
        give_birth(ctx, command)
    elif t is PetitsDragonsTeleport:
        teleport(ctx, command)
    elif t is PetitsDragonsPassRoll:
        pass_roll(ctx)
    elif t is PetitsDragonsAssignPenalty:
        assign_penalty(ctx, seat, command)
    elif t is PetitsDragonsEndTurn:
        end_turn(ctx)
    else:
        raise violation("unknown_command", f"not a petits_dragons command: {t.__name__}")
    return ctx.events


def _phase(ctx: Ctx, *phases: str) -> None:
    if ctx.turn.phase not in phases:
        raise violation(
            "wrong_phase", f"not allowed in phase {ctx.turn.phase}", phase=ctx.turn.phase
        )


def roll_dice(ctx: Ctx) -> None:
    _phase(ctx, "awaiting_roll")
    red, blue = ctx.die(), ctx.die()
    outcome: RollOutcome = "double" if red == blue else "suite" if abs(red - blue) == 1 else "plain"
    ctx.emit(
        PetitsDragonsDiceRolled(
            colour=ctx.turn.colour,
            roll_index=ctx.turn.roll_index + 1,
            red=red,
            blue=blue,
            outcome=outcome,
        )
    )
    if outcome == "suite":
        ctx.emit(PetitsDragonsRollForfeited(colour=ctx.turn.colour, reason="suite"))
    elif not has_action(ctx.state):
        ctx.emit(PetitsDragonsRollForfeited(colour=ctx.turn.colour, reason="no_legal_action"))
    settle(ctx)


def give_birth(ctx: Ctx, cmd: PetitsDragonsGiveBirth) -> None:
    _phase(ctx, "awaiting_action")
    roll = ctx.turn.last_roll
    assert roll is not None
    if roll.outcome != "double":
        raise violation("not_a_double", f"{roll.red}/{roll.blue} is not a double")
    colour = ctx.turn.colour
    dragon = ctx.state.dragons[colour]
    err = birth_error(dragon, cmd.kind, roll.red)
    if err is not None:
        raise violation(
            err, f"{colour} cannot hatch a {cmd.kind} on double {roll.red}", kind=cmd.kind
        )
    if cmd.kind == "chief":
        pid: Any = chief_id(colour)
    else:
        pid = min(
            (p for p, x in dragon.pawns.items() if x.position == "nest"),
            key=lambda p: int(p.rsplit("_", 1)[1]),
        )
    ctx.emit(
        PetitsDragonsPieceBorn(colour=colour, piece_id=pid, kind=cmd.kind, double_value=roll.red)
    )
    settle(ctx)


def _unit(ctx: Ctx, pid: str) -> tuple[PetitsDragonsUnit, str]:
    """Common piece checks of move_piece / teleport; returns the unit and its start."""
    colour = PIECE_COLOUR.get(pid)
    if colour is None:
        raise violation("unknown_piece", f"no piece {pid!r}", piece_id=pid)
    if colour != ctx.turn.colour:
        raise violation("not_your_piece", f"{pid} is not {ctx.turn.colour}'s", piece_id=pid)
    dragon = ctx.state.dragons[colour]
    p = dragon.chief if PIECE_KIND[pid] == "chief" else dragon.pawns[pid]  # type: ignore[index]
    if p.position == "exit":
        return PetitsDragonsUnit(colour=colour, kind=PIECE_KIND[pid], piece_ids=(pid,)), "exit"  # type: ignore[arg-type]
    if p.position != "board" or p.cell is None:
        raise violation("piece_not_in_play", f"{pid} is in position {p.position}", piece_id=pid)
    unit = ctx.state.board[p.cell]
    assert unit is not None
    return unit, p.cell


def move_piece(ctx: Ctx, cmd: PetitsDragonsMovePiece) -> None:
    _phase(ctx, "awaiting_action")
    unit, start = _unit(ctx, cmd.piece_id)
    roll = ctx.turn.last_roll
    assert roll is not None
    if unit.kind == "stack" and roll.outcome == "plain" and cmd.die is None:
        raise violation("die_choice_required", f"the stack of {cmd.piece_id} must choose a die")
    if cmd.die is not None and cmd.die not in ("red", "blue"):
        raise violation("invalid_die", f"{cmd.die!r} is not red or blue")
    if unit.kind != "stack" and cmd.die is not None:
        raise violation("die_choice_not_allowed", f"{cmd.piece_id} moves by the higher die")
    value = dict(move_variants(unit, roll))[cmd.die]
    usage = unit_usage(ctx.turn, cmd.piece_id, start)
    imposed = imposed_direction(unit.kind, roll.red, roll.blue)
    err, i, res = check_walk(
        ctx.state, unit.colour, unit.kind, start, usage, imposed, value, cmd.path
    )
    if err is not None or res is None:
        where = f" at step {i} ({cmd.path[i - 1]})" if i else ""
        raise violation(
            err or "invalid_path", f"{cmd.piece_id}: {err}{where}", piece_id=cmd.piece_id, step=i
        )
    dest = res.path[-1]
    defender = ctx.state.board[dest]
    ctx.emit(
        PetitsDragonsPieceMoved(
            colour=unit.colour,
            unit_kind=unit.kind,
            piece_ids=list(unit.piece_ids),
            from_=start,
            path=res.path,
            value=value,
            die=cmd.die or "higher",
            ring_direction=res.walker.ring_direction,
            outcome=res.outcome,
        )
    )
    if res.outcome == "stacked" and defender is not None:
        ids = sorted([*unit.piece_ids, *defender.piece_ids], key=lambda p: int(p.rsplit("_", 1)[1]))
        ctx.emit(PetitsDragonsStackFormed(colour=unit.colour, piece_ids=ids, cell=dest))
    elif res.outcome == "combat" and defender is not None:
        combat(ctx, unit, defender, dest)
    elif res.outcome == "arrived":
        ctx.emit(
            PetitsDragonsPieceArrived(
                colour=unit.colour, unit_kind=unit.kind, piece_ids=list(unit.piece_ids)
            )
        )
        kind: Any = f"{unit.kind}_arrival"
        create_penalty(ctx, unit.colour, kind, ARRIVAL_PENALTY[unit.kind], None, False)
    settle(ctx)


def teleport(ctx: Ctx, cmd: PetitsDragonsTeleport) -> None:
    _phase(ctx, "awaiting_action")
    roll = ctx.turn.last_roll
    assert roll is not None
    if roll.outcome != "double":
        raise violation("not_a_double", f"{roll.red}/{roll.blue} is not a double")
    unit, start = _unit(ctx, cmd.piece_id)
    if unit.kind == "pawn":
        raise violation(
            "teleport_not_allowed", f"{cmd.piece_id} is a lone pawn", piece_id=cmd.piece_id
        )
    usage = unit_usage(ctx.turn, cmd.piece_id, start)
    err = teleport_error(ctx.state, unit, start, usage, cmd.to)
    if err is not None:
        raise violation(err, f"{cmd.piece_id} cannot teleport to {cmd.to}: {err}", to=cmd.to)
    defender = ctx.state.board[cmd.to]
    ctx.emit(
        PetitsDragonsPieceTeleported(
            colour=unit.colour,
            unit_kind=unit.kind,
            piece_ids=list(unit.piece_ids),
            from_=start,
            to=cmd.to,
            outcome="placed" if defender is None else "combat",
        )
    )
    if defender is not None:
        combat(ctx, unit, defender, cmd.to)
    settle(ctx)


def pass_roll(ctx: Ctx) -> None:
    _phase(ctx, "awaiting_action")
    if has_move_or_teleport(ctx.state):
        raise violation("legal_move_available", "a move or teleport is legal: play it")
    ctx.emit(PetitsDragonsRollForfeited(colour=ctx.turn.colour, reason="passed"))
    settle(ctx)


def assign_penalty(ctx: Ctx, seat: str, cmd: PetitsDragonsAssignPenalty) -> None:
    state = ctx.state
    pen = find_penalty(state, cmd.penalty_id)
    if pen is None:
        raise violation("unknown_penalty", f"no penalty {cmd.penalty_id!r}")
    if pen is CLOSED:
        raise violation("penalty_not_pending", f"{cmd.penalty_id} is no longer pending")
    if state.controller[pen.owner] != seat:
        raise violation("not_your_penalty", f"{pen.penalty_id} belongs to {pen.owner}")
    turn = ctx.turn
    if pen.blocking:
        timely = turn.phase == "awaiting_penalty" and turn.blocking_penalty == pen.penalty_id
    else:
        timely = pen.owner == turn.colour and turn.phase in (
            "awaiting_roll",
            "awaiting_action",
            "closing",
        )
    if not timely:
        raise violation("wrong_phase", f"{pen.penalty_id} cannot be answered now")
    pen_rules.validate(state, pen, cmd.transfers)
    transfers = pen_rules.canonical_transfers(cmd.transfers)
    for t in transfers:
        ctx.emit(
            PetitsDragonsEggsTransferred(
                from_="bank" if t.action == "give" else pen.owner,
                to=t.to if t.to is not None else "bank",
                denomination=t.denomination,
                count=1,
                reason="penalty",
                penalty_id=pen.penalty_id,
            )
        )
    ctx.emit(PetitsDragonsPenaltyResolved(penalty_id=pen.penalty_id, transfers=transfers))
    settle(ctx)


def end_turn(ctx: Ctx) -> None:
    turn = ctx.turn
    if turn.phase == "awaiting_roll" and turn.roll_index == 0:
        raise violation("must_roll", "the first roll of a turn is compulsory")
    if turn.phase == "awaiting_action":
        raise violation("action_pending", "play the roll first (or pass it)")
    if turn.phase not in ("closing", "awaiting_roll"):
        raise violation("wrong_phase", f"not allowed in phase {turn.phase}")
    reason = "replay_declined" if turn.phase == "awaiting_roll" else "closed_with_pending"
    for pen in pending_of(ctx.state, turn.colour):
        eggs = pen_rules.backfire_eggs(ctx.state, pen)
        if eggs.value == 0:
            ctx.emit(PetitsDragonsPenaltyLapsed(penalty_id=pen.penalty_id))
            continue
        ctx.emit(PetitsDragonsPenaltyBackfired(penalty_id=pen.penalty_id, eggs=eggs))
        for denomination in (500, 100, 50):
            if eggs.get(denomination):
                ctx.emit(
                    PetitsDragonsEggsTransferred(
                        from_="bank",
                        to=pen.owner,
                        denomination=denomination,
                        count=eggs.get(denomination),
                        reason="backfire",
                        penalty_id=pen.penalty_id,
                    )
                )
    finish_turn(ctx, reason)


# --- queries -----------------------------------------------------------------------------


def to_act(state: PetitsDragonsState) -> list[str]:
    turn = state.turn
    if state.status != "in_progress" or turn is None:
        return []
    if turn.phase == "awaiting_penalty" and turn.blocking_penalty is not None:
        pen = find_penalty(state, turn.blocking_penalty)
        assert pen is not None
        return [state.controller[pen.owner]]
    return [state.controller[turn.colour]]


def _assignments(state: PetitsDragonsState, pen: PetitsDragonsPenalty) -> list[Any]:
    return [
        PetitsDragonsAssignPenalty(penalty_id=pen.penalty_id, transfers=list(ts))
        for ts in pen_rules.options(state, pen)
    ]


def legal_commands(state: PetitsDragonsState, seat: str) -> list[Any]:
    if seat not in to_act(state):
        return []
    turn = state.turn
    assert turn is not None
    if turn.phase == "awaiting_penalty":
        pen = find_penalty(state, turn.blocking_penalty or "")
        return _assignments(state, pen) if pen is not None else []
    out: list[Any] = []
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


def outcome(state: PetitsDragonsState) -> Outcome | None:
    return outcome_of(state)


__all__ = [
    "births",
    "decide",
    "evolve",
    "legal_commands",
    "moves",
    "outcome",
    "teleports",
    "to_act",
]
