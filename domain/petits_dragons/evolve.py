"""``evolve``: one pure fold step per event, through one table of named handlers.

``HANDLERS`` maps every event class (but ``game_created``, which starts the
fold) to the function that folds it; an event without a handler raises. A
handler trusts the log, never mutates its input and copies only the
containers its event changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from msgspec.structs import replace

from domain.kernel import Seat
from domain.petits_dragons.components import (
    BANK,
    CELL_BRANCH,
    CELLS,
    PAWN_NUMBERS,
    PIECE_COLOUR,
    PIECE_KIND,
    CellId,
    Colour,
    PieceId,
    chief_id,
    pawn_id,
)
from domain.petits_dragons.events import (
    PetitsDragonsChiefKilled,
    PetitsDragonsCombatResolved,
    PetitsDragonsDiceRolled,
    PetitsDragonsEggsTransferred,
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
from domain.petits_dragons.state import (
    EndReason,
    PetitsDragonsDragon,
    PetitsDragonsPenalty,
    PetitsDragonsPiece,
    PetitsDragonsResult,
    PetitsDragonsRoll,
    PetitsDragonsState,
    PetitsDragonsTurn,
    PetitsDragonsUnit,
    PetitsDragonsUsage,
    Resume,
)
from domain.petits_dragons.walks import NO_USAGE, fresh_usage, usage_of, walk

NEST = PetitsDragonsPiece(position="nest")
HOME = PetitsDragonsPiece(position="home")
OUT = PetitsDragonsPiece(position="out")


def piece(state: PetitsDragonsState, pid: str) -> PetitsDragonsPiece:
    dragon = state.dragons[PIECE_COLOUR[pid]]
    if PIECE_KIND[pid] == "chief":
        return dragon.chief
    return dragon.pawns[pid]  # type: ignore[index]


def set_pieces(
    state: PetitsDragonsState, colour: Colour, updates: dict[str, PetitsDragonsPiece], **extra: Any
) -> dict[Colour, PetitsDragonsDragon]:
    """A new ``dragons`` mapping with some of one colour's pieces replaced."""
    dragon = state.dragons[colour]
    chief = dragon.chief
    pawns = dragon.pawns
    copied = False
    for pid, p in updates.items():
        if PIECE_KIND[pid] == "chief":
            chief = p
        else:
            if not copied:
                pawns = dict(pawns)
                copied = True
            pawns[pid] = p  # type: ignore[index]
    dragons = dict(state.dragons)
    dragons[colour] = replace(dragon, chief=chief, pawns=pawns, **extra)
    return dragons


def _continue(
    turn: PetitsDragonsTurn, resume: Resume, reason: EndReason | None
) -> PetitsDragonsTurn:
    turn = replace(turn, resume=resume, end_reason=reason if resume == "end_of_turn" else None)
    return replace(turn, phase=_phase(turn))


def _phase(turn: PetitsDragonsTurn) -> Any:
    if turn.blocking_penalty is not None:
        return "awaiting_penalty"
    if turn.resume == "replay":
        return "awaiting_roll"
    if turn.resume == "end_of_turn":
        return "closing"
    return turn.phase


def _after_action(turn: PetitsDragonsTurn) -> PetitsDragonsTurn:
    roll = turn.last_roll
    if roll is not None and roll.outcome == "double":
        return _continue(turn, "replay", None)
    return _continue(turn, "end_of_turn", "plain_roll")


def _usage(
    turn: PetitsDragonsTurn,
    pids: list[PieceId] | tuple[PieceId, ...],
    usage: PetitsDragonsUsage | None,
) -> PetitsDragonsTurn:
    table = dict(turn.usage)
    for pid in pids:
        if usage is None:
            table.pop(pid, None)
        else:
            table[pid] = usage
    return replace(turn, usage=table)


def game_created(ev: PetitsDragonsGameCreated) -> PetitsDragonsState:
    controller: dict[Colour, Seat] = {}
    for entry in ev.seats:
        for c in entry.colours:
            controller[c] = entry.seat
    dragons = {
        c: PetitsDragonsDragon(chief=NEST, pawns={pawn_id(c, n): NEST for n in PAWN_NUMBERS})
        for c in ev.colours_in_play
    }
    board: dict[CellId, PetitsDragonsUnit | None] = dict.fromkeys(CELLS)
    return PetitsDragonsState(
        status="in_progress",
        seats=list(ev.seats),
        option_multi_colour=ev.option_multi_colour,
        option_alliances=ev.option_alliances,
        teams=ev.teams,
        colours_in_play=list(ev.colours_in_play),
        turn_order=list(ev.turn_order),
        controller=controller,
        side=dict(ev.side),
        round=0,
        bank=ev.bank,
        board=board,
        dragons=dragons,
        turn=None,
        penalties=[],
    )


def evolve(state: PetitsDragonsState | None, event: Any) -> PetitsDragonsState:
    """Fold one event: ``game_created`` starts the game, every other event has a handler."""
    if state is None:
        if not isinstance(event, PetitsDragonsGameCreated):
            raise TypeError(f"a petits_dragons log starts with game_created, not {event!r}")
        return game_created(event)
    handler = HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"not a petits_dragons event of a game in progress: {event!r}")
    return handler(state, event)


def _turn(state: PetitsDragonsState) -> PetitsDragonsTurn:
    turn = state.turn
    assert turn is not None, "a turn event outside a turn"
    return turn


def turn_started(state: PetitsDragonsState, ev: PetitsDragonsTurnStarted) -> PetitsDragonsState:
    dragon = state.dragons[ev.colour]
    usage: dict[PieceId, PetitsDragonsUsage] = {}
    for pid, p in ((chief_id(ev.colour), dragon.chief), *dragon.pawns.items()):
        if p.position == "board" and p.cell is not None:
            usage[pid] = fresh_usage(p.cell)
        elif p.position == "exit":
            usage[pid] = NO_USAGE
    turn = PetitsDragonsTurn(
        number=ev.turn_number, colour=ev.colour, phase="awaiting_roll", usage=usage
    )
    return replace(state, round=ev.round, turn=turn)


def turn_skipped(state: PetitsDragonsState, ev: PetitsDragonsTurnSkipped) -> PetitsDragonsState:
    return replace(state, round=ev.round)


def eggs_transferred(
    state: PetitsDragonsState, ev: PetitsDragonsEggsTransferred
) -> PetitsDragonsState:
    bank, dragons = state.bank, dict(state.dragons)
    for end, count in ((ev.from_, -ev.count), (ev.to, ev.count)):
        if end == BANK:
            bank = bank.add(ev.denomination, count)
        else:
            colour = cast(Colour, end)
            nest = dragons[colour]
            dragons[colour] = replace(nest, eggs=nest.eggs.add(ev.denomination, count))
    return replace(state, bank=bank, dragons=dragons)


def game_ended(state: PetitsDragonsState, ev: PetitsDragonsGameEnded) -> PetitsDragonsState:
    result = PetitsDragonsResult(
        reason=ev.reason,
        completed_by=ev.completed_by,
        colour_scores=ev.colour_scores,
        side_scores=ev.side_scores,
        ranking=ev.ranking,
        decided_by=ev.decided_by,
    )
    return replace(state, status="finished", result=result)


def penalty_created(
    state: PetitsDragonsState, ev: PetitsDragonsPenaltyCreated
) -> PetitsDragonsState:
    pen = PetitsDragonsPenalty(
        penalty_id=ev.penalty_id,
        owner=ev.owner,
        kind=ev.kind,
        value=ev.value,
        restricted_to=ev.restricted_to,
        blocking=ev.blocking,
        created_in_turn=ev.turn_number,
    )
    turn = state.turn
    if ev.blocking and turn is not None:
        turn = replace(turn, blocking_penalty=ev.penalty_id, phase="awaiting_penalty")
    return replace(
        state,
        penalties=[*state.penalties, pen],
        turn=turn,
        next_penalty_number=state.next_penalty_number + 1,
    )


def penalty_closed(
    state: PetitsDragonsState,
    ev: PetitsDragonsPenaltyResolved | PetitsDragonsPenaltyBackfired | PetitsDragonsPenaltyLapsed,
) -> PetitsDragonsState:
    """Resolved, backfired or lapsed: the penalty leaves the state (its story stays in the log)."""
    pid = ev.penalty_id
    penalties = [p for p in state.penalties if p.penalty_id != pid]
    turn = state.turn
    if turn is not None and turn.blocking_penalty == pid:
        turn = replace(turn, blocking_penalty=None)
        turn = replace(turn, phase=_phase(turn))
    return replace(state, penalties=penalties, turn=turn)


def turn_ended(state: PetitsDragonsState, ev: PetitsDragonsTurnEnded) -> PetitsDragonsState:
    dragons = dict(state.dragons)
    dragons[ev.colour] = replace(dragons[ev.colour], held_arena_at_turn_end=ev.holds_arena)
    return replace(state, dragons=dragons)


def dice_rolled(state: PetitsDragonsState, ev: PetitsDragonsDiceRolled) -> PetitsDragonsState:
    roll = PetitsDragonsRoll(red=ev.red, blue=ev.blue, outcome=ev.outcome)
    turn = replace(
        _turn(state),
        roll_index=ev.roll_index,
        last_roll=roll,
        birth_this_roll=False,
        phase="awaiting_action",
        resume=None,
        end_reason=None,
    )
    return replace(state, turn=turn)


def roll_forfeited(state: PetitsDragonsState, ev: PetitsDragonsRollForfeited) -> PetitsDragonsState:
    turn = _turn(state)
    double = turn.last_roll is not None and turn.last_roll.outcome == "double"
    if ev.reason == "suite":
        turn = _continue(turn, "end_of_turn", "suite")
    elif double:
        turn = _continue(turn, "replay", None)
    elif ev.reason == "no_legal_action":
        turn = _continue(turn, "end_of_turn", "no_legal_action")
    else:
        turn = _continue(turn, "end_of_turn", "plain_roll")
    return replace(state, turn=turn)


def piece_born(state: PetitsDragonsState, ev: PetitsDragonsPieceBorn) -> PetitsDragonsState:
    dragons = set_pieces(state, ev.colour, {ev.piece_id: PetitsDragonsPiece(position="exit")})
    turn = replace(_turn(state), birth_this_roll=True)
    turn = _continue(turn, "end_of_turn", "birth")
    return replace(state, dragons=dragons, turn=turn)


def stack_formed(state: PetitsDragonsState, ev: PetitsDragonsStackFormed) -> PetitsDragonsState:
    a, b = ev.piece_ids[0], ev.piece_ids[1]
    unit = PetitsDragonsUnit(colour=ev.colour, kind="stack", piece_ids=(a, b))
    board = dict(state.board)
    board[ev.cell] = unit
    dragons = set_pieces(
        state,
        ev.colour,
        {
            a: PetitsDragonsPiece(position="board", cell=ev.cell, stacked_with=b),
            b: PetitsDragonsPiece(position="board", cell=ev.cell, stacked_with=a),
        },
    )
    return replace(state, board=board, dragons=dragons)


def combat_resolved(
    state: PetitsDragonsState, ev: PetitsDragonsCombatResolved
) -> PetitsDragonsState:
    if ev.winner != "attacker":
        return state
    board = dict(state.board)
    att = ev.attacker
    board[ev.cell] = PetitsDragonsUnit(
        colour=att.colour, kind=att.unit_kind, piece_ids=tuple(att.piece_ids)
    )
    return replace(state, board=board)


def pieces_returned_to_nest(
    state: PetitsDragonsState, ev: PetitsDragonsPiecesReturnedToNest
) -> PetitsDragonsState:
    dragons = set_pieces(state, ev.colour, dict.fromkeys(ev.piece_ids, NEST))
    return replace(state, dragons=dragons, turn=_usage(_turn(state), ev.piece_ids, None))


def chief_killed(state: PetitsDragonsState, ev: PetitsDragonsChiefKilled) -> PetitsDragonsState:
    updates: dict[str, PetitsDragonsPiece] = dict.fromkeys(ev.removed_pawn_ids, OUT)
    updates[chief_id(ev.colour)] = OUT
    dragons = set_pieces(state, ev.colour, updates, chief_dead=True)
    turn = _usage(_turn(state), (chief_id(ev.colour),), None)
    return replace(state, dragons=dragons, turn=turn)


def piece_arrived(state: PetitsDragonsState, ev: PetitsDragonsPieceArrived) -> PetitsDragonsState:
    dragons = set_pieces(state, ev.colour, dict.fromkeys(ev.piece_ids, HOME))
    return replace(state, dragons=dragons, turn=_usage(_turn(state), ev.piece_ids, None))


def _merge(mover: PetitsDragonsUsage, other: PetitsDragonsUsage) -> PetitsDragonsUsage:
    """Stack usage (§7.4): done if either is done, else the mover's state unless none."""
    branches = dict(other.branches)
    for b, s in mover.branches.items():
        if branches.get(b) == "done" or s == "done":
            branches[b] = "done"
        elif s != "none":
            branches[b] = s
    return PetitsDragonsUsage(centre_used=mover.centre_used or other.centre_used, branches=branches)


def piece_moved(state: PetitsDragonsState, ev: PetitsDragonsPieceMoved) -> PetitsDragonsState:
    turn = _turn(state)
    start = ev.from_
    pids = ev.piece_ids
    err, _, new_usage, _ = walk(
        ev.colour, None, start, usage_of(turn.usage, pids[0], start), ev.path
    )
    assert new_usage is not None, f"a logged walk fails: {err}"
    dest = ev.path[-1]
    board = dict(state.board)
    if start != "exit":
        board[start] = None  # type: ignore[index]
    if ev.outcome == "stacked":
        occupant = state.board[dest]
        if occupant is not None:
            other = usage_of(turn.usage, occupant.piece_ids[0], dest)
            new_usage = _merge(new_usage, other)
            pids = [*pids, *occupant.piece_ids]
    if ev.outcome == "placed":
        board[dest] = PetitsDragonsUnit(
            colour=ev.colour, kind=ev.unit_kind, piece_ids=tuple(ev.piece_ids)
        )
    cell = None if ev.outcome == "arrived" else dest
    updates: dict[str, PetitsDragonsPiece] = {}
    for pid in ev.piece_ids:
        updates[pid] = replace(piece(state, pid), position="board", cell=cell)
    dragons = set_pieces(state, ev.colour, updates)
    turn = _usage(turn, pids, new_usage)
    turn = _after_action(turn)
    return replace(state, board=board, dragons=dragons, turn=turn)


def piece_teleported(
    state: PetitsDragonsState, ev: PetitsDragonsPieceTeleported
) -> PetitsDragonsState:
    turn = _turn(state)
    start, to = ev.from_, ev.to
    new_usage = teleport_usage(usage_of(turn.usage, ev.piece_ids[0], start), start, to)
    board = dict(state.board)
    if start != "exit":
        board[start] = None  # type: ignore[index]
    if ev.outcome == "placed":
        board[to] = PetitsDragonsUnit(
            colour=ev.colour, kind=ev.unit_kind, piece_ids=tuple(ev.piece_ids)
        )
    updates: dict[str, PetitsDragonsPiece] = {
        pid: replace(piece(state, pid), position="board", cell=to) for pid in ev.piece_ids
    }
    dragons = set_pieces(state, ev.colour, updates)
    turn = _usage(turn, ev.piece_ids, new_usage)
    turn = _continue(turn, "replay", None)
    return replace(state, board=board, dragons=dragons, turn=turn)


def teleport_usage(old: PetitsDragonsUsage, start: str, to: str) -> PetitsDragonsUsage:
    """§7.5: leaving branch a for elsewhere closes a; landing in a new branch b marks it ``in``."""
    a = CELL_BRANCH.get(start)
    b = CELL_BRANCH.get(to)
    branches = dict(old.branches)
    if a is not None and a != b:
        branches[a] = "done"
    if b is not None and b != a:
        branches[b] = "in"
    return PetitsDragonsUsage(centre_used=old.centre_used, branches=branches)


Handler = Callable[[PetitsDragonsState, Any], PetitsDragonsState]

HANDLERS: dict[type[Any], Handler] = {
    PetitsDragonsTurnStarted: turn_started,
    PetitsDragonsTurnSkipped: turn_skipped,
    PetitsDragonsDiceRolled: dice_rolled,
    PetitsDragonsRollForfeited: roll_forfeited,
    PetitsDragonsPieceBorn: piece_born,
    PetitsDragonsPieceMoved: piece_moved,
    PetitsDragonsPieceTeleported: piece_teleported,
    PetitsDragonsStackFormed: stack_formed,
    PetitsDragonsCombatResolved: combat_resolved,
    PetitsDragonsPiecesReturnedToNest: pieces_returned_to_nest,
    PetitsDragonsChiefKilled: chief_killed,
    PetitsDragonsPieceArrived: piece_arrived,
    PetitsDragonsPenaltyCreated: penalty_created,
    PetitsDragonsPenaltyResolved: penalty_closed,
    PetitsDragonsPenaltyBackfired: penalty_closed,
    PetitsDragonsPenaltyLapsed: penalty_closed,
    PetitsDragonsEggsTransferred: eggs_transferred,
    PetitsDragonsTurnEnded: turn_ended,
    PetitsDragonsGameEnded: game_ended,
}
"""The handler of every event but ``game_created`` (which starts the fold from None)."""
