"""The flow of play (§10.2, §10.4, §10.5, §10.7): the decide context, the turn-start and
end-of-turn procedures, penalty creation, combat and the chief's death.

``Ctx`` folds each event as it is emitted, so every rule here reads the state
exactly as ``evolve`` will rebuild it from the log.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.kernel import Rng, RuleViolation

from . import penalties as pen_rules
from .components import (
    ARENA,
    CELL_COLOUR,
    COMBAT_BONUS,
    OWN_COLOUR_BONUS,
    ROUND_LIMIT,
    Colour,
)
from .events import (
    PetitsDragonsChiefKilled,
    PetitsDragonsCombatResolved,
    PetitsDragonsEggsTransferred,
    PetitsDragonsFighter,
    PetitsDragonsGameEnded,
    PetitsDragonsPenaltyCreated,
    PetitsDragonsPenaltyLapsed,
    PetitsDragonsPiecesReturnedToNest,
    PetitsDragonsTurnEnded,
    PetitsDragonsTurnSkipped,
    PetitsDragonsTurnStarted,
)
from .fold import evolve
from .scoring import compute_result
from .state import (
    PenaltyKind,
    PetitsDragonsPenalty,
    PetitsDragonsState,
    PetitsDragonsTurn,
    PetitsDragonsUnit,
    completed,
    inactive,
    pending_of,
)


class Ctx:
    """Events being decided, with the state folded so far."""

    __slots__ = ("state", "events", "rng")

    def __init__(self, state: PetitsDragonsState, rng: Rng | None) -> None:
        self.state = state
        self.events: list[Any] = []
        self.rng = rng

    @property
    def turn(self) -> PetitsDragonsTurn:
        assert self.state.turn is not None
        return self.state.turn

    def emit(self, event: Any) -> None:
        turn = self.state.turn
        if turn is not None and event.turn_number == 0:
            event = replace(event, turn_number=turn.number)
        self.events.append(event)
        self.state = evolve(self.state, event)

    def die(self) -> int:
        assert self.rng is not None
        return self.rng.die()


def violation(code: str, message: str, **details: Any) -> RuleViolation:
    return RuleViolation(code, message, details)


# --- flow (§10.2, §10.4) ---------------------------------------------------------------


def start_turn(ctx: Ctx, colour: Colour) -> None:
    """The turn-start procedure, from ``colour`` on (skipping inactive colours)."""
    order = ctx.state.turn_order
    while True:
        state = ctx.state
        if all(inactive(state.dragons[c]) for c in state.colours_in_play):
            end_game(ctx, "no_colour_can_act", None)
            return
        rnd = state.round
        if colour == order[0]:
            rnd += 1
            if rnd > ROUND_LIMIT:
                end_game(ctx, "round_limit", None)
                return
        if inactive(state.dragons[colour]):
            ctx.emit(PetitsDragonsTurnSkipped(colour=colour, round=rnd))
            colour = order[(order.index(colour) + 1) % len(order)]
            continue
        number = (state.turn.number if state.turn is not None else 0) + 1
        ctx.emit(
            PetitsDragonsTurnStarted(
                turn_number=number, colour=colour, seat=state.controller[colour], round=rnd
            )
        )
        dragon = ctx.state.dragons[colour]
        holder = ctx.state.board[ARENA]
        if dragon.held_arena_at_turn_end and holder is not None and holder.colour == colour:
            create_penalty(ctx, colour, "arena_hold", 100, None, False)
        return


def end_game(ctx: Ctx, reason: Any, completed_by: Colour | None) -> None:
    r = compute_result(ctx.state, reason, completed_by)
    ctx.emit(
        PetitsDragonsGameEnded(
            reason=r.reason,
            completed_by=r.completed_by,
            colour_scores=r.colour_scores,
            side_scores=r.side_scores,
            ranking=r.ranking,
            decided_by=r.decided_by,
        )
    )


def finish_turn(ctx: Ctx, reason: Any) -> None:
    colour = ctx.turn.colour
    holder = ctx.state.board[ARENA]
    ctx.emit(
        PetitsDragonsTurnEnded(
            colour=colour, reason=reason, holds_arena=holder is not None and holder.colour == colour
        )
    )
    if completed(ctx.state.dragons[colour]):
        end_game(ctx, "colour_completed", colour)
        return
    order = ctx.state.turn_order
    start_turn(ctx, order[(order.index(colour) + 1) % len(order)])


def settle(ctx: Ctx) -> None:
    """The end-of-turn procedure: finish the turn once no own penalty is pending."""
    turn = ctx.turn
    if turn.phase == "closing" and not pending_of(ctx.state, turn.colour):
        finish_turn(ctx, turn.end_reason or "plain_roll")


def create_penalty(
    ctx: Ctx,
    owner: Colour,
    kind: PenaltyKind,
    value: int,
    restricted_to: Colour | None,
    blocking: bool,
) -> None:
    pid = f"pen_{ctx.state.next_penalty_number}"
    ctx.emit(
        PetitsDragonsPenaltyCreated(
            penalty_id=pid,
            owner=owner,
            kind=kind,
            value=value,
            restricted_to=restricted_to,
            blocking=blocking,
        )
    )
    if not pen_rules.options(ctx.state, ctx.state.penalties[-1]):
        ctx.emit(PetitsDragonsPenaltyLapsed(penalty_id=pid))


# --- setup -------------------------------------------------------------------------------


def opening(first: PetitsDragonsState, created_event: Any) -> list[Any]:
    ctx = Ctx(first, None)
    ctx.events.append(created_event)
    start_turn(ctx, first.turn_order[0])
    return ctx.events


def _fighter(ctx: Ctx, unit: PetitsDragonsUnit, cell: str) -> PetitsDragonsFighter:
    dice = [ctx.die() for _ in range(3 if unit.kind == "stack" else 2)]
    kept = sorted(dice, reverse=True)[:2]
    bonus = COMBAT_BONUS[unit.kind] + (OWN_COLOUR_BONUS if CELL_COLOUR[cell] == unit.colour else 0)
    return PetitsDragonsFighter(
        colour=unit.colour,
        unit_kind=unit.kind,
        piece_ids=list(unit.piece_ids),
        dice=dice,
        kept=kept,
        bonus=bonus,
        total=sum(kept) + bonus,
    )


def combat(ctx: Ctx, attacker: PetitsDragonsUnit, defender: PetitsDragonsUnit, cell: Any) -> None:
    """§10.5: dice, bonus, the loser's fate, the winner's penalty."""
    a = _fighter(ctx, attacker, cell)
    d = _fighter(ctx, defender, cell)
    attacker_wins = a.total > d.total
    ctx.emit(
        PetitsDragonsCombatResolved(
            cell=cell,
            cell_colour=CELL_COLOUR[cell],
            attacker=a,
            defender=d,
            winner="attacker" if attacker_wins else "defender",
        )
    )
    winner, loser = (attacker, defender) if attacker_wins else (defender, attacker)
    if loser.kind == "chief":
        kill_chief(ctx, loser.colour, cell)
    else:
        ctx.emit(
            PetitsDragonsPiecesReturnedToNest(colour=loser.colour, piece_ids=list(loser.piece_ids))
        )
    create_penalty(
        ctx, winner.colour, "combat_win", 50, loser.colour, winner.colour != ctx.turn.colour
    )


def kill_chief(ctx: Ctx, colour: Colour, cell: Any) -> None:
    """The chief dies: it goes out with the nest's pawns, replaced by eggs from the bank."""
    bank = ctx.state.bank
    b100, b50 = bank.e100, bank.e50
    n100 = n50 = 0
    removed: list[Any] = []
    kept: list[Any] = []
    nest = sorted(
        (p for p, x in ctx.state.dragons[colour].pawns.items() if x.position == "nest"),
        key=lambda p: int(p.rsplit("_", 1)[1]),
    )
    for pid in nest:
        if b100 >= 1:
            b100 -= 1
            n100 += 1
            removed.append(pid)
        elif b50 >= 2:
            b50 -= 2
            n50 += 2
            removed.append(pid)
        else:
            kept.append(pid)
    ctx.emit(
        PetitsDragonsChiefKilled(
            colour=colour, cell=cell, removed_pawn_ids=removed, kept_in_nest_pawn_ids=kept
        )
    )
    for denomination, count in ((500, min(1, bank.e500)), (100, n100), (50, n50)):
        if count:
            ctx.emit(
                PetitsDragonsEggsTransferred(
                    from_="bank",
                    to=colour,
                    denomination=denomination,
                    count=count,
                    reason="chief_death",
                )
            )


CLOSED = PetitsDragonsPenalty(
    penalty_id="closed",
    owner="white",
    kind="arena_hold",
    value=0,
    restricted_to=None,
    blocking=False,
    created_in_turn=0,
    status="resolved",
)
"""Stands for a penalty that existed and is no longer pending."""


def find_penalty(state: PetitsDragonsState, pid: str) -> PetitsDragonsPenalty | None:
    prefix, _, number = pid.partition("_")
    if prefix != "pen" or not number.isdigit():
        return None
    n = int(number)
    if not 1 <= n < state.next_penalty_number or pid != f"pen_{n}":
        return None
    for pen in state.penalties:
        if pen.penalty_id == pid:
            return pen
    return CLOSED
