"""The steps of a turn (§7, §10): one function per command, the turn-start and
end-of-turn procedures, penalty creation, combat and the chief's death.

Every step takes the decision's :class:`Emitter` (the kernel ``Emitter``,
stamping each event with the turn's number): it folds each event as it is
emitted, so every rule here reads the state exactly as ``evolve`` will rebuild
it from the log.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain import kernel
from domain.kernel import Rng, RuleViolation, Seat
from domain.petits_dragons import penalties as pen_rules
from domain.petits_dragons.commands import (
    PetitsDragonsAssignPenalty,
    PetitsDragonsGiveBirth,
    PetitsDragonsMovePiece,
    PetitsDragonsTeleport,
)
from domain.petits_dragons.components import (
    ARENA,
    ARENA_HOLD_PENALTY,
    ARRIVAL_PENALTY,
    BANK,
    CELL_COLOUR,
    COMBAT_BONUS,
    COMBAT_DICE,
    COMBAT_WIN_PENALTY,
    DENOMINATIONS,
    OWN_COLOUR_BONUS,
    PAWN_NUMBER,
    PIECE_COLOUR,
    PIECE_KIND,
    ROUND_LIMIT,
    Colour,
    RollOutcome,
    chief_id,
)
from domain.petits_dragons.events import (
    PetitsDragonsChiefKilled,
    PetitsDragonsCombatResolved,
    PetitsDragonsDiceRolled,
    PetitsDragonsEggsTransferred,
    PetitsDragonsEvent,
    PetitsDragonsFighter,
    PetitsDragonsGameCreated,
    PetitsDragonsGameEnded,
    PetitsDragonsPenaltyBackfired,
    PetitsDragonsPenaltyCreated,
    PetitsDragonsPenaltyLapsed,
    PetitsDragonsPenaltyResolved,
    PetitsDragonsPieceArrived,
    PetitsDragonsPieceBorn,
    PetitsDragonsPieceMoved,
    PetitsDragonsPiecesReturnedToNest,
    PetitsDragonsPieceTeleported,
    PetitsDragonsRollForfeited,
    PetitsDragonsStackFormed,
    PetitsDragonsTurnEnded,
    PetitsDragonsTurnSkipped,
    PetitsDragonsTurnStarted,
)
from domain.petits_dragons.evolve import evolve
from domain.petits_dragons.penalties import CLOSED, find_penalty
from domain.petits_dragons.roll_actions import (
    birth_error,
    has_action,
    has_move_or_teleport,
    move_variants,
    teleport_error,
    unit_usage,
)
from domain.petits_dragons.scoring import compute_result
from domain.petits_dragons.state import (
    PenaltyKind,
    PetitsDragonsState,
    PetitsDragonsTurn,
    PetitsDragonsUnit,
    completed,
    inactive,
    pending_of,
)
from domain.petits_dragons.walks import check_walk, imposed_direction


class Emitter(kernel.Emitter[PetitsDragonsState]):
    """The kernel ``Emitter`` over this game's state, stamping every event with the number
    of the turn in progress: what every step takes."""

    __slots__ = ()

    def __init__(self, state: PetitsDragonsState, rng: Rng | None = None) -> None:
        super().__init__(evolve, state, rng)

    @property
    def turn(self) -> PetitsDragonsTurn:
        turn = self.state.turn
        assert turn is not None
        return turn

    def emit(self, event: Any) -> None:
        turn = self.state.turn
        if turn is not None and event.turn_number == 0:
            event = replace(event, turn_number=turn.number)
        super().emit(event)

    def die(self) -> int:
        return self.draw().die()


def violation(code: str, message: str, **details: Any) -> RuleViolation:
    return RuleViolation(code, message, details)


# --- turn start and end, penalties (§10.2, §10.4, §10.7) ------------------------------


def start_turn(em: Emitter, colour: Colour) -> None:
    """The turn-start procedure, from ``colour`` on (skipping inactive colours)."""
    order = em.state.turn_order
    while True:
        state = em.state
        if all(inactive(state.dragons[c]) for c in state.colours_in_play):
            end_game(em, "no_colour_can_act", None)
            return
        rnd = state.round
        if colour == order[0]:
            rnd += 1
            if rnd > ROUND_LIMIT:
                end_game(em, "round_limit", None)
                return
        if inactive(state.dragons[colour]):
            em.emit(PetitsDragonsTurnSkipped(colour=colour, round=rnd))
            colour = order[(order.index(colour) + 1) % len(order)]
            continue
        number = (state.turn.number if state.turn is not None else 0) + 1
        em.emit(
            PetitsDragonsTurnStarted(
                turn_number=number, colour=colour, seat=state.controller[colour], round=rnd
            )
        )
        dragon = em.state.dragons[colour]
        holder = em.state.board[ARENA]
        if dragon.held_arena_at_turn_end and holder is not None and holder.colour == colour:
            create_penalty(em, colour, "arena_hold", ARENA_HOLD_PENALTY, None, False)
        return


def end_game(em: Emitter, reason: Any, completed_by: Colour | None) -> None:
    r = compute_result(em.state, reason, completed_by)
    em.emit(
        PetitsDragonsGameEnded(
            reason=r.reason,
            completed_by=r.completed_by,
            colour_scores=r.colour_scores,
            side_scores=r.side_scores,
            ranking=r.ranking,
            decided_by=r.decided_by,
        )
    )


def finish_turn(em: Emitter, reason: Any) -> None:
    colour = em.turn.colour
    holder = em.state.board[ARENA]
    em.emit(
        PetitsDragonsTurnEnded(
            colour=colour, reason=reason, holds_arena=holder is not None and holder.colour == colour
        )
    )
    if completed(em.state.dragons[colour]):
        end_game(em, "colour_completed", colour)
        return
    order = em.state.turn_order
    start_turn(em, order[(order.index(colour) + 1) % len(order)])


def settle(em: Emitter) -> None:
    """The end-of-turn procedure: finish the turn once no own penalty is pending."""
    turn = em.turn
    if turn.phase == "closing" and not pending_of(em.state, turn.colour):
        finish_turn(em, turn.end_reason or "plain_roll")


def create_penalty(
    em: Emitter,
    owner: Colour,
    kind: PenaltyKind,
    value: int,
    restricted_to: Colour | None,
    blocking: bool,
) -> None:
    pid = f"pen_{em.state.next_penalty_number}"
    em.emit(
        PetitsDragonsPenaltyCreated(
            penalty_id=pid,
            owner=owner,
            kind=kind,
            value=value,
            restricted_to=restricted_to,
            blocking=blocking,
        )
    )
    if not pen_rules.options(em.state, em.state.penalties[-1]):
        em.emit(PetitsDragonsPenaltyLapsed(penalty_id=pid))


# --- the game's opening ---------------------------------------------------------------


def opening(created: PetitsDragonsGameCreated) -> list[PetitsDragonsEvent]:
    """The opening events: the game is created and the first colour's turn starts."""
    em = Emitter(evolve(None, created))
    em.events.append(created)
    start_turn(em, em.state.turn_order[0])
    return em.events


# --- combat and the chief's death (§10.5, §10.6) --------------------------------------


def _fighter(em: Emitter, unit: PetitsDragonsUnit, cell: str) -> PetitsDragonsFighter:
    dice = [em.die() for _ in range(COMBAT_DICE[unit.kind])]
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


def combat(
    em: Emitter, attacker: PetitsDragonsUnit, defender: PetitsDragonsUnit, cell: Any
) -> None:
    """§10.5: dice, bonus, the loser's fate, the winner's penalty."""
    a = _fighter(em, attacker, cell)
    d = _fighter(em, defender, cell)
    attacker_wins = a.total > d.total
    em.emit(
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
        kill_chief(em, loser.colour, cell)
    else:
        em.emit(
            PetitsDragonsPiecesReturnedToNest(colour=loser.colour, piece_ids=list(loser.piece_ids))
        )
    create_penalty(
        em,
        winner.colour,
        "combat_win",
        COMBAT_WIN_PENALTY,
        loser.colour,
        winner.colour != em.turn.colour,
    )


def kill_chief(em: Emitter, colour: Colour, cell: Any) -> None:
    """The chief dies: it goes out with the nest's pawns, replaced by eggs from the bank."""
    bank = em.state.bank
    b100, b50 = bank.e100, bank.e50
    n100 = n50 = 0
    removed: list[Any] = []
    kept: list[Any] = []
    nest = sorted(
        (p for p, x in em.state.dragons[colour].pawns.items() if x.position == "nest"),
        key=PAWN_NUMBER.__getitem__,
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
    em.emit(
        PetitsDragonsChiefKilled(
            colour=colour, cell=cell, removed_pawn_ids=removed, kept_in_nest_pawn_ids=kept
        )
    )
    for denomination, count in ((500, min(1, bank.e500)), (100, n100), (50, n50)):
        if count:
            em.emit(
                PetitsDragonsEggsTransferred(
                    from_=BANK,
                    to=colour,
                    denomination=denomination,
                    count=count,
                    reason="chief_death",
                )
            )


# --- the steps of a turn, one per command (§7) ----------------------------------------


def _phase(em: Emitter, *phases: str) -> None:
    if em.turn.phase not in phases:
        raise violation("wrong_phase", f"not allowed in phase {em.turn.phase}", phase=em.turn.phase)


def roll_dice(em: Emitter) -> None:
    _phase(em, "awaiting_roll")
    red, blue = em.die(), em.die()
    outcome: RollOutcome = "double" if red == blue else "suite" if abs(red - blue) == 1 else "plain"
    em.emit(
        PetitsDragonsDiceRolled(
            colour=em.turn.colour,
            roll_index=em.turn.roll_index + 1,
            red=red,
            blue=blue,
            outcome=outcome,
        )
    )
    if outcome == "suite":
        em.emit(PetitsDragonsRollForfeited(colour=em.turn.colour, reason="suite"))
    elif not has_action(em.state):
        em.emit(PetitsDragonsRollForfeited(colour=em.turn.colour, reason="no_legal_action"))
    settle(em)


def give_birth(em: Emitter, cmd: PetitsDragonsGiveBirth) -> None:
    _phase(em, "awaiting_action")
    roll = em.turn.last_roll
    assert roll is not None
    if roll.outcome != "double":
        raise violation("not_a_double", f"{roll.red}/{roll.blue} is not a double")
    colour = em.turn.colour
    dragon = em.state.dragons[colour]
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
            key=PAWN_NUMBER.__getitem__,
        )
    em.emit(
        PetitsDragonsPieceBorn(colour=colour, piece_id=pid, kind=cmd.kind, double_value=roll.red)
    )
    settle(em)


def _unit(em: Emitter, pid: str) -> tuple[PetitsDragonsUnit, str]:
    """Common piece checks of move_piece / teleport; returns the unit and its start."""
    colour = PIECE_COLOUR.get(pid)
    if colour is None:
        raise violation("unknown_piece", f"no piece {pid!r}", piece_id=pid)
    if colour != em.turn.colour:
        raise violation("not_your_piece", f"{pid} is not {em.turn.colour}'s", piece_id=pid)
    dragon = em.state.dragons[colour]
    p = dragon.chief if PIECE_KIND[pid] == "chief" else dragon.pawns[pid]  # type: ignore[index]
    if p.position == "exit":
        return PetitsDragonsUnit(colour=colour, kind=PIECE_KIND[pid], piece_ids=(pid,)), "exit"  # type: ignore[arg-type]
    if p.position != "board" or p.cell is None:
        raise violation("piece_not_in_play", f"{pid} is in position {p.position}", piece_id=pid)
    unit = em.state.board[p.cell]
    assert unit is not None
    return unit, p.cell


def move_piece(em: Emitter, cmd: PetitsDragonsMovePiece) -> None:
    _phase(em, "awaiting_action")
    unit, start = _unit(em, cmd.piece_id)
    roll = em.turn.last_roll
    assert roll is not None
    if unit.kind == "stack" and roll.outcome == "plain" and cmd.die is None:
        raise violation("die_choice_required", f"the stack of {cmd.piece_id} must choose a die")
    if cmd.die is not None and cmd.die not in ("red", "blue"):
        raise violation("invalid_die", f"{cmd.die!r} is not red or blue")
    if unit.kind != "stack" and cmd.die is not None:
        raise violation("die_choice_not_allowed", f"{cmd.piece_id} moves by the higher die")
    value = dict(move_variants(unit, roll))[cmd.die]
    usage = unit_usage(em.turn, cmd.piece_id, start)
    imposed = imposed_direction(unit.kind, roll.red, roll.blue)
    err, i, res = check_walk(
        em.state, unit.colour, unit.kind, start, usage, imposed, value, cmd.path
    )
    if err is not None or res is None:
        where = f" at step {i} ({cmd.path[i - 1]})" if i else ""
        # The failing step's cell and the walk's length let a refusal say where and how far.
        at = {"cell": cmd.path[i - 1]} if i and cmd.path[i - 1] in CELL_COLOUR else {}
        raise violation(
            err or "invalid_path",
            f"{cmd.piece_id}: {err}{where}",
            piece_id=cmd.piece_id,
            step=i,
            value=value,
            **at,
        )
    dest = res.path[-1]
    defender = em.state.board[dest]
    em.emit(
        PetitsDragonsPieceMoved(
            colour=unit.colour,
            unit_kind=unit.kind,
            piece_ids=list(unit.piece_ids),
            from_=start,
            path=res.path,
            value=value,
            die=cmd.die or "higher",
            ring_direction=res.ring_direction,
            outcome=res.outcome,
        )
    )
    if res.outcome == "stacked" and defender is not None:
        ids = sorted([*unit.piece_ids, *defender.piece_ids], key=PAWN_NUMBER.__getitem__)
        em.emit(PetitsDragonsStackFormed(colour=unit.colour, piece_ids=ids, cell=dest))
    elif res.outcome == "combat" and defender is not None:
        combat(em, unit, defender, dest)
    elif res.outcome == "arrived":
        em.emit(
            PetitsDragonsPieceArrived(
                colour=unit.colour, unit_kind=unit.kind, piece_ids=list(unit.piece_ids)
            )
        )
        kind: Any = f"{unit.kind}_arrival"
        create_penalty(em, unit.colour, kind, ARRIVAL_PENALTY[unit.kind], None, False)
    settle(em)


def teleport(em: Emitter, cmd: PetitsDragonsTeleport) -> None:
    _phase(em, "awaiting_action")
    roll = em.turn.last_roll
    assert roll is not None
    if roll.outcome != "double":
        raise violation("not_a_double", f"{roll.red}/{roll.blue} is not a double")
    unit, start = _unit(em, cmd.piece_id)
    if unit.kind == "pawn":
        raise violation(
            "teleport_not_allowed", f"{cmd.piece_id} is a lone pawn", piece_id=cmd.piece_id
        )
    usage = unit_usage(em.turn, cmd.piece_id, start)
    err = teleport_error(em.state, unit, start, usage, cmd.to)
    if err is not None:
        raise violation(err, f"{cmd.piece_id} cannot teleport to {cmd.to}: {err}", to=cmd.to)
    defender = em.state.board[cmd.to]
    em.emit(
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
        combat(em, unit, defender, cmd.to)
    settle(em)


def pass_roll(em: Emitter) -> None:
    _phase(em, "awaiting_action")
    if has_move_or_teleport(em.state):
        raise violation("legal_move_available", "a move or teleport is legal: play it")
    em.emit(PetitsDragonsRollForfeited(colour=em.turn.colour, reason="passed"))
    settle(em)


def assign_penalty(em: Emitter, seat: Seat, cmd: PetitsDragonsAssignPenalty) -> None:
    state = em.state
    pen = find_penalty(state, cmd.penalty_id)
    if pen is None:
        raise violation("unknown_penalty", f"no penalty {cmd.penalty_id!r}")
    if pen is CLOSED:
        raise violation("penalty_not_pending", f"{cmd.penalty_id} is no longer pending")
    if state.controller[pen.owner] != seat:
        raise violation(
            "not_your_penalty",
            f"{pen.penalty_id} belongs to {pen.owner}",
            penalty_id=pen.penalty_id,
            owner=pen.owner,
        )
    turn = em.turn
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
        em.emit(
            PetitsDragonsEggsTransferred(
                from_=BANK if t.action == "give" else pen.owner,
                to=t.to if t.to is not None else BANK,
                denomination=t.denomination,
                count=1,
                reason="penalty",
                penalty_id=pen.penalty_id,
            )
        )
    em.emit(PetitsDragonsPenaltyResolved(penalty_id=pen.penalty_id, transfers=transfers))
    settle(em)


def end_turn(em: Emitter) -> None:
    turn = em.turn
    if turn.phase == "awaiting_roll" and turn.roll_index == 0:
        raise violation("must_roll", "the first roll of a turn is compulsory")
    if turn.phase == "awaiting_action":
        raise violation("action_pending", "play the roll first (or pass it)")
    if turn.phase not in ("closing", "awaiting_roll"):
        raise violation("wrong_phase", f"not allowed in phase {turn.phase}")
    reason = "replay_declined" if turn.phase == "awaiting_roll" else "closed_with_pending"
    for pen in pending_of(em.state, turn.colour):
        eggs = pen_rules.backfire_eggs(em.state, pen)
        if eggs.value == 0:
            em.emit(PetitsDragonsPenaltyLapsed(penalty_id=pen.penalty_id))
            continue
        em.emit(PetitsDragonsPenaltyBackfired(penalty_id=pen.penalty_id, eggs=eggs))
        for denomination in DENOMINATIONS:
            if eggs.get(denomination):
                em.emit(
                    PetitsDragonsEggsTransferred(
                        from_=BANK,
                        to=pen.owner,
                        denomination=denomination,
                        count=eggs.get(denomination),
                        reason="backfire",
                        penalty_id=pen.penalty_id,
                    )
                )
    finish_turn(em, reason)
