"""The words of Les petits Dragons: names, sentences, labels, targets, steps and refusals.

Every message id is a literal here (the catalogues are
``locales/<lang>/petits_dragons.ftl``; ``domain/words.py`` renders). Sentences are written
from the event alone and labels from the viewer's view (the game hides nothing, §9).
French words are the seed's (``docs/seeds/002_*.txt``; README "French reviewer's
checklist").

**Who acts.** The turn's events name a colour (a people), not a seat: a sentence names the
player where its event does (``turn_started``, the winners of ``game_ended``) and the
people elsewhere ("Le Vert lance les dés : rouge 3, bleu 5."), so a history reads
"Tour 12 (manche 6) : Alice joue le Vert." then the people's moves.

Picture ids (``picture.py``): cells by cell id, units by their first piece id (a stack's
second pawn nested with its own id), off-board pieces by piece id in their colour's panel
``panel_<colour>``, pending penalties by penalty id, the last roll ``last_roll`` holding the
dice ``die_red`` and ``die_blue``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from domain.kernel import RuleViolation, Seat, tag_of_class
from domain.petits_dragons.commands import (
    PetitsDragonsAssignPenalty,
    PetitsDragonsEndTurn,
    PetitsDragonsGiveBirth,
    PetitsDragonsMovePiece,
    PetitsDragonsPassRoll,
    PetitsDragonsRollDice,
    PetitsDragonsTeleport,
    PetitsDragonsTransfer,
)
from domain.petits_dragons.components import (
    ARENA,
    CELL_BRANCH,
    CELL_COLOUR,
    CELL_HEIGHT,
    CELL_SECTOR,
    CELL_SET,
    CELLS,
    CENTRE,
    COLOURS,
    DENOMINATIONS,
    PAWN_NUMBER,
    PIECE_COLOUR,
    PIECE_KIND,
    ROUND_LIMIT,
    PieceId,
    UnitKind,
    chief_id,
    pawn_id,
)
from domain.petits_dragons.events import (
    PetitsDragonsChiefKilled,
    PetitsDragonsCombatResolved,
    PetitsDragonsDiceRolled,
    PetitsDragonsEggsTransferred,
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
from domain.petits_dragons.roll_actions import move_variants, unit_usage
from domain.petits_dragons.state import (
    PetitsDragonsPenalty,
    PetitsDragonsState,
    PetitsDragonsUnit,
    pending_of,
)
from domain.petits_dragons.views import PetitsDragonsView
from domain.petits_dragons.walks import imposed_direction, legal_paths, walk
from domain.words import (
    Arg,
    Many,
    Msg,
    OptionWords,
    Part,
    Player,
    Step,
    labels,
    msg,
    refusals,
    seat_number,
    sentences,
)

MAX_SEATS = 8
SEAT_PREFIX = "seat_"
TEAM_PREFIX = "team_"
EXIT = "exit"
"""A piece's position between its birth and its first move (``piece_moved.from``)."""

# --- Picture ids ----------------------------------------------------------------------

LAST_ROLL = "last_roll"
"""The group of the last roll's two dice."""


def die_id(die: str) -> str:
    """The picture id of a movement die (``red`` -> ``die_red``): what a stack's ``die`` names."""
    return f"die_{die}"


def panel_id(colour: str) -> str:
    """The picture id of a colour's panel (its nest, exit, home, eggs): what a penalty's
    ``to`` names, and where the nest's pieces are drawn."""
    return f"panel_{colour}"


# --- Names ----------------------------------------------------------------------------

COLOUR_NAME: Mapping[str, str] = {
    "white": "petits_dragons-colour-white",
    "black": "petits_dragons-colour-black",
    "yellow": "petits_dragons-colour-yellow",
    "red": "petits_dragons-colour-red",
    "skeleton": "petits_dragons-colour-skeleton",
    "green": "petits_dragons-colour-green",
    "brown": "petits_dragons-colour-brown",
    "blue": "petits_dragons-colour-blue",
}
"""A people, by its colour: ``le Vert``, ``Green`` (the seed's "le Dragon Vert", "au Blanc")."""
CELL_COLOUR_NAME: Mapping[str, str] = {
    "white": "petits_dragons-cell-colour-white",
    "black": "petits_dragons-cell-colour-black",
    "yellow": "petits_dragons-cell-colour-yellow",
    "red": "petits_dragons-cell-colour-red",
    "skeleton": "petits_dragons-cell-colour-skeleton",
    "green": "petits_dragons-cell-colour-green",
    "brown": "petits_dragons-cell-colour-brown",
    "blue": "petits_dragons-cell-colour-blue",
}
"""A colour as it qualifies a cell or a branch (French: feminine, ``case verte``)."""
CELL_CENTRE = "petits_dragons-cell-centre"
CELL_ARENA = "petits_dragons-cell-arena"
CELL_BASE = "petits_dragons-cell-base"
CELL_IN_BRANCH = "petits_dragons-cell-in-branch"
BRANCH = "petits_dragons-branch"
PIECE_PAWN = "petits_dragons-piece-pawn"
PIECE_CHIEF = "petits_dragons-piece-chief"
NUMBER = "petits_dragons-number"
CHIEF = "petits_dragons-chief"
TEAM = "petits_dragons-team"
NEST_EXIT = "petits_dragons-nest-exit"
DIE_NAME: Mapping[str, str] = {
    "red": "petits_dragons-die-red",
    "blue": "petits_dragons-die-blue",
    "green": "petits_dragons-die-green",
}
PENALTY_KIND_NAME: Mapping[str, str] = {
    "chief_arrival": "petits_dragons-penalty-kind-chief-arrival",
    "pawn_arrival": "petits_dragons-penalty-kind-pawn-arrival",
    "stack_arrival": "petits_dragons-penalty-kind-stack-arrival",
    "combat_win": "petits_dragons-penalty-kind-combat-win",
    "arena_hold": "petits_dragons-penalty-kind-arena-hold",
}
PHASE_NAME: Mapping[str, str] = {
    "awaiting_roll": "petits_dragons-phase-awaiting-roll",
    "awaiting_action": "petits_dragons-phase-awaiting-action",
    "awaiting_penalty": "petits_dragons-phase-awaiting-penalty",
    "closing": "petits_dragons-phase-closing",
}
DECIDED_BY_NAME: Mapping[str, str] = {
    "score": "petits_dragons-decided-by-score",
    "pieces_home": "petits_dragons-decided-by-pieces-home",
    "completed_by": "petits_dragons-decided-by-completed-by",
    "pieces_in_nest": "petits_dragons-decided-by-pieces-in-nest",
    "tie": "petits_dragons-decided-by-tie",
}
END_REASON_NAME: Mapping[str, str] = {
    "colour_completed": "petits_dragons-end-reason-colour-completed",
    "no_colour_can_act": "petits_dragons-end-reason-no-colour-can-act",
    "round_limit": "petits_dragons-end-reason-round-limit",
}
ROLL_OUTCOME_NAME: Mapping[str, str] = {
    "plain": "petits_dragons-roll-outcome-plain",
    "double": "petits_dragons-roll-outcome-double",
    "suite": "petits_dragons-roll-outcome-suite",
}
POSITION_NAME: Mapping[str, str] = {
    "nest": "petits_dragons-position-nest",
    "exit": "petits_dragons-position-exit",
    "board": "petits_dragons-position-board",
    "home": "petits_dragons-position-home",
    "out": "petits_dragons-position-out",
}
DIRECTION_NAME: Mapping[str, str] = {
    "clockwise": "petits_dragons-direction-clockwise",
    "anticlockwise": "petits_dragons-direction-anticlockwise",
}
UNIT_KIND_NAME: Mapping[str, str] = {
    "pawn": "petits_dragons-unit-kind-pawn",
    "chief": "petits_dragons-unit-kind-chief",
    "stack": "petits_dragons-unit-kind-stack",
}


def seat_name(seat: Seat) -> Msg:
    """``Player 1`` for ``seat_0``: seats are numbered from 1 in the options' order."""
    return seat_number(int(seat.removeprefix(SEAT_PREFIX)) + 1)


def cell_name(cell_id: str) -> Msg:
    """``la case verte de la branche noire``: a branch is named after its base's colour and
    holds one cell of each colour, so a branch and a colour name every cell but the base."""
    if cell_id == CENTRE:
        return msg(CELL_CENTRE)
    if cell_id == ARENA:
        return msg(CELL_ARENA)
    branch, height = CELL_SECTOR[cell_id], CELL_HEIGHT[cell_id]
    assert branch is not None and height is not None
    if height == 0:
        return msg(CELL_BASE, branch=msg(CELL_COLOUR_NAME[branch]))
    colour = CELL_COLOUR[cell_id]
    assert colour is not None
    return msg(
        CELL_IN_BRANCH,
        colour=msg(CELL_COLOUR_NAME[colour]),
        branch=msg(CELL_COLOUR_NAME[branch]),
    )


def piece_name(piece_id: str) -> Msg:
    """``pion 3 du Vert``, ``chef du Vert``."""
    colour = Part("colour", PIECE_COLOUR[piece_id])
    if PIECE_KIND[piece_id] == "chief":
        return msg(PIECE_CHIEF, colour=colour)
    return msg(PIECE_PAWN, number=PAWN_NUMBER[piece_id], colour=colour)


def team_number(side: str) -> int:
    return int(side.removeprefix(TEAM_PREFIX))


def names() -> dict[str, dict[str, Msg]]:
    """Every component a command, event or picture names, by kind."""
    return {
        "cell": {c: cell_name(c) for c in CELLS},
        "branch": {b: msg(BRANCH, branch=msg(CELL_COLOUR_NAME[b])) for b in COLOURS},
        "piece": {p: piece_name(p) for p in PIECE_COLOUR},
        "colour": {c: msg(COLOUR_NAME[c]) for c in COLOURS},
        "die": {d: msg(DIE_NAME[d]) for d in DIE_NAME},
        "penalty-kind": {k: msg(PENALTY_KIND_NAME[k]) for k in PENALTY_KIND_NAME},
        "phase": {p: msg(PHASE_NAME[p]) for p in PHASE_NAME},
        "decided-by": {d: msg(DECIDED_BY_NAME[d]) for d in DECIDED_BY_NAME},
        "end-reason": {
            r: msg(END_REASON_NAME[r], rounds=ROUND_LIMIT) if r == "round_limit" else msg(key)
            for r, key in END_REASON_NAME.items()
        },
        "roll-outcome": {o: msg(ROLL_OUTCOME_NAME[o]) for o in ROLL_OUTCOME_NAME},
        "position": {p: msg(POSITION_NAME[p]) for p in POSITION_NAME},
        "direction": {d: msg(DIRECTION_NAME[d]) for d in DIRECTION_NAME},
        "unit-kind": {k: msg(UNIT_KIND_NAME[k]) for k in UNIT_KIND_NAME},
        "seat": {f"{SEAT_PREFIX}{i}": seat_name(f"{SEAT_PREFIX}{i}") for i in range(MAX_SEATS)},
        "team": {f"{TEAM_PREFIX}{k}": msg(TEAM, number=k) for k in range(1, MAX_SEATS // 2 + 1)},
    }


def colour(c: str) -> Part:
    return Part("colour", c)


def cell(c: str) -> Part:
    return Part("cell", c)


def die(d: str) -> Part:
    return Part("die", d)


def pawn_part(piece_id: str) -> Part:
    """A pawn shown by its number (the unit's words say which pawn and whose)."""
    return Part("piece", piece_id, name=msg(NUMBER, number=PAWN_NUMBER[piece_id]))


def chief_part(piece_id: str) -> Part:
    return Part("piece", piece_id, name=msg(CHIEF))


def penalty_part(penalty_id: str) -> Part:
    """A penalty shown by its number (``pen_3`` -> ``3``)."""
    return Part("penalty", penalty_id, name=msg(NUMBER, number=penalty_number(penalty_id)))


def penalty_number(penalty_id: str) -> int:
    number = penalty_id.removeprefix("pen_")
    return int(number) if number.isdigit() else 0


def where(position: str) -> Msg:
    """``sur la base de la branche noire`` or ``à la sortie du nid``."""
    return msg(WHERE_EXIT) if position == EXIT else msg(WHERE_CELL, cell=cell(position))


def origin(position: str) -> Arg:
    """A walk's or a teleport's start: a cell, or the nest's exit."""
    return msg(NEST_EXIT) if position == EXIT else cell(position)


# Units: a chief, a pawn, or two stacked pawns, in four forms (who acts is said apart).
UNIT_OWN: Mapping[str, str] = {
    "chief": "petits_dragons-unit-own-chief",
    "pawn": "petits_dragons-unit-own-pawn",
    "stack": "petits_dragons-unit-own-stack",
}
"""``son chef``, ``son pion 3``, ``ses pions empilés 3 et 5``: after the people that acts."""
UNIT_OF: Mapping[str, str] = {
    "chief": "petits_dragons-unit-of-chief",
    "pawn": "petits_dragons-unit-of-pawn",
    "stack": "petits_dragons-unit-of-stack",
}
"""``le chef du Noir``, ``le pion 3 du Noir``, ``les pions empilés 3 et 5 du Noir``."""
UNIT_LABEL: Mapping[str, str] = {
    "chief": "petits_dragons-unit-label-chief",
    "pawn": "petits_dragons-unit-label-pawn",
    "stack": "petits_dragons-unit-label-stack",
}
"""``le chef``, ``le pion 3``, ``les pions empilés 3 et 5``: in a label, to the player."""
UNIT_STEP: Mapping[str, str] = {
    "chief": "petits_dragons-unit-step-chief",
    "pawn": "petits_dragons-unit-step-pawn",
    "stack": "petits_dragons-unit-step-stack",
}
"""``Le pion 3 sur l'arène``: the first step of a move, the piece the player points at."""
WHERE_CELL = "petits_dragons-where-cell"
WHERE_EXIT = "petits_dragons-where-exit"


def unit(form: Mapping[str, str], kind: str, piece_ids: Sequence[str], **more: Arg) -> Msg:
    """A unit in one of the forms above; a stack's pawns in the order given (a command
    names the pawn it designates first, an event lists them by number)."""
    args: dict[str, Arg] = {}
    if kind == "chief":
        args["chief"] = chief_part(piece_ids[0])
    elif kind == "pawn":
        args["pawn"] = pawn_part(piece_ids[0])
    else:
        args["pawns"] = Many(tuple(pawn_part(p) for p in piece_ids))
    args.update(more)
    return Msg(form[kind], args)


def unit_of(kind: str, piece_ids: Sequence[str]) -> Msg:
    return unit(UNIT_OF, kind, piece_ids, colour=colour(PIECE_COLOUR[piece_ids[0]]))


# --- Sentences -------------------------------------------------------------------------

TURN_STARTED = "petits_dragons-turn-started"
TURN_SKIPPED = "petits_dragons-turn-skipped"
DICE_ROLLED: Mapping[str, str] = {
    "plain": "petits_dragons-dice-rolled",
    "double": "petits_dragons-dice-rolled-double",
    "suite": "petits_dragons-dice-rolled-suite",
}
ROLL_FORFEITED: Mapping[str, str] = {
    "suite": "petits_dragons-roll-forfeited-suite",
    "no_legal_action": "petits_dragons-roll-forfeited-no-legal-action",
    "passed": "petits_dragons-roll-forfeited-passed",
}
PIECE_BORN = "petits_dragons-piece-born"
PIECE_MOVED = "petits_dragons-piece-moved"
PIECE_MOVED_DIE = "petits_dragons-piece-moved-die"
PIECE_MOVED_EXIT = "petits_dragons-piece-moved-exit"
PIECE_TELEPORTED = "petits_dragons-piece-teleported"
STACK_FORMED = "petits_dragons-stack-formed"
COMBAT = "petits_dragons-combat"
COMBAT_TIE = "petits_dragons-combat-tie"
FIGHTER = "petits_dragons-fighter"
FIGHTER_BONUS = "petits_dragons-fighter-bonus"
FIGHTER_THREE_DICE = "petits_dragons-fighter-three-dice"
RETURNED_TO_NEST = "petits_dragons-returned-to-nest"
CHIEF_KILLED = "petits_dragons-chief-killed"
PIECE_ARRIVED = "petits_dragons-piece-arrived"
PENALTY_CREATED = "petits_dragons-penalty-created"
PENALTY_CREATED_RESTRICTED = "petits_dragons-penalty-created-restricted"
PENALTY_CREATED_BLOCKING = "petits_dragons-penalty-created-blocking"
PENALTY_LAPSED = "petits_dragons-penalty-lapsed"
EGGS_GIVEN = "petits_dragons-eggs-given"
EGGS_REMOVED = "petits_dragons-eggs-removed"
EGGS_BACKFIRED = "petits_dragons-eggs-backfired"
EGGS_FOR_CHIEF = "petits_dragons-eggs-for-chief"
EGGS_FOR_PAWNS = "petits_dragons-eggs-for-pawns"
TURN_ENDED: Mapping[tuple[str, bool], str] = {
    ("replay_declined", False): "petits_dragons-turn-ended-replay-declined",
    ("replay_declined", True): "petits_dragons-turn-ended-replay-declined-arena",
    ("closed_with_pending", False): "petits_dragons-turn-ended-closed",
    ("closed_with_pending", True): "petits_dragons-turn-ended-closed-arena",
}
TURN_ENDED_ARENA = "petits_dragons-turn-ended-arena"
GAME_ENDED = "petits_dragons-game-ended"
END_COMPLETED = "petits_dragons-end-completed"


def _turn_started(e: PetitsDragonsTurnStarted, seat: Seat | None) -> Msg:
    return msg(
        TURN_STARTED,
        turn=e.turn_number,
        round=e.round,
        player=Player(e.seat),
        colour=colour(e.colour),
    )


def _turn_skipped(e: PetitsDragonsTurnSkipped, seat: Seat | None) -> Msg:
    return msg(TURN_SKIPPED, colour=colour(e.colour))


def _dice_rolled(e: PetitsDragonsDiceRolled, seat: Seat | None) -> Msg:
    return msg(DICE_ROLLED[e.outcome], colour=colour(e.colour), red=e.red, blue=e.blue)


def _roll_forfeited(e: PetitsDragonsRollForfeited, seat: Seat | None) -> Msg:
    return msg(ROLL_FORFEITED[e.reason], colour=colour(e.colour))


def _piece_born(e: PetitsDragonsPieceBorn, seat: Seat | None) -> Msg:
    return msg(
        PIECE_BORN,
        colour=colour(e.colour),
        unit=unit(UNIT_OWN, e.kind, (e.piece_id,)),
        double=e.double_value,
    )


def _piece_moved(e: PetitsDragonsPieceMoved, seat: Seat | None) -> Msg:
    args: dict[str, Arg] = {
        "colour": colour(e.colour),
        "unit": unit(UNIT_OWN, e.unit_kind, e.piece_ids),
        "to": cell(e.path[-1]),
        "value": e.value,
    }
    if e.from_ == EXIT:
        return Msg(PIECE_MOVED_EXIT, args)
    args["from"] = cell(e.from_)
    if e.die in ("red", "blue"):
        return Msg(PIECE_MOVED_DIE, {**args, "die": die(e.die)})
    return Msg(PIECE_MOVED, args)


def _piece_teleported(e: PetitsDragonsPieceTeleported, seat: Seat | None) -> Msg:
    return msg(
        PIECE_TELEPORTED,
        colour=colour(e.colour),
        unit=unit(UNIT_OWN, e.unit_kind, e.piece_ids),
        origin=origin(e.from_),
        to=cell(e.to),
    )


def _stack_formed(e: PetitsDragonsStackFormed, seat: Seat | None) -> Msg:
    return msg(
        STACK_FORMED,
        colour=colour(e.colour),
        pawns=Many(tuple(pawn_part(p) for p in e.piece_ids)),
        cell=cell(e.cell),
    )


def fighter(f: PetitsDragonsFighter) -> Msg:
    """``le pion 3 du Vert (11 : dés 6 et 5)``: a side of a combat, its dice and bonus."""
    args: dict[str, Arg] = {
        "unit": unit_of(f.unit_kind, f.piece_ids),
        "total": f.total,
        "dice": Many(tuple(f.dice)),
        "bonus": f.bonus,
    }
    if len(f.dice) > 2:
        return Msg(FIGHTER_THREE_DICE, {**args, "kept": Many(tuple(f.kept))})
    return Msg(FIGHTER_BONUS if f.bonus else FIGHTER, args)


def _combat(e: PetitsDragonsCombatResolved, seat: Seat | None) -> Msg:
    winner = e.attacker if e.winner == "attacker" else e.defender
    tie = e.attacker.total == e.defender.total
    return msg(
        COMBAT_TIE if tie else COMBAT,
        cell=cell(e.cell),
        attacker=fighter(e.attacker),
        defender=fighter(e.defender),
        winner=colour(winner.colour),
    )


def _returned(e: PetitsDragonsPiecesReturnedToNest, seat: Seat | None) -> Msg:
    kind = "stack" if len(e.piece_ids) > 1 else PIECE_KIND[e.piece_ids[0]]
    return msg(RETURNED_TO_NEST, unit=unit_of(kind, e.piece_ids), count=len(e.piece_ids))


def _chief_killed(e: PetitsDragonsChiefKilled, seat: Seat | None) -> Msg:
    return msg(
        CHIEF_KILLED,
        colour=colour(e.colour),
        cell=cell(e.cell),
        removed=len(e.removed_pawn_ids),
        kept=len(e.kept_in_nest_pawn_ids),
    )


def _piece_arrived(e: PetitsDragonsPieceArrived, seat: Seat | None) -> Msg:
    return msg(
        PIECE_ARRIVED, colour=colour(e.colour), unit=unit(UNIT_OWN, e.unit_kind, e.piece_ids)
    )


def _penalty_created(e: PetitsDragonsPenaltyCreated, seat: Seat | None) -> Msg:
    args: dict[str, Arg] = {
        "penalty": penalty_part(e.penalty_id),
        "owner": colour(e.owner),
        "value": e.value,
        "kind": Part("penalty-kind", e.kind),
    }
    if e.restricted_to is None:
        return Msg(PENALTY_CREATED, args)
    args["target"] = colour(e.restricted_to)
    return Msg(PENALTY_CREATED_BLOCKING if e.blocking else PENALTY_CREATED_RESTRICTED, args)


def _penalty_lapsed(e: PetitsDragonsPenaltyLapsed, seat: Seat | None) -> Msg:
    return msg(PENALTY_LAPSED, penalty=penalty_part(e.penalty_id))


def _eggs(e: PetitsDragonsEggsTransferred, seat: Seat | None) -> Msg:
    """One sentence per egg movement: a penalty's answer (given or removed), a forgotten
    penalty's backfire, the eggs that replace a dead chief and its nest's pawns."""
    args: dict[str, Arg] = {"count": e.count, "denomination": e.denomination}
    penalty = penalty_part(e.penalty_id) if e.penalty_id else None
    if e.reason == "chief_death":
        key = EGGS_FOR_CHIEF if e.denomination == 500 else EGGS_FOR_PAWNS
        return Msg(key, {**args, "colour": colour(e.to)})
    if e.reason == "backfire" and penalty is not None:
        return Msg(EGGS_BACKFIRED, {**args, "colour": colour(e.to), "penalty": penalty})
    if penalty is not None and e.from_ in COLOURS:
        return Msg(EGGS_REMOVED, {**args, "colour": colour(e.from_), "penalty": penalty})
    target = e.to if e.to in COLOURS else e.from_
    return Msg(EGGS_GIVEN, {**args, "colour": colour(target), "penalty": penalty or 0})


def _turn_ended(e: PetitsDragonsTurnEnded, seat: Seat | None) -> Msg | None:
    """A turn closed by ``end_turn`` (a replay declined, penalties left) is a decision; a
    turn that ends by itself is bookkeeping, unless its people holds the arena (which
    makes an arena penalty at its next turn)."""
    key = TURN_ENDED.get((e.reason, e.holds_arena))
    if key is not None:
        return msg(key, colour=colour(e.colour))
    if e.holds_arena:
        return msg(TURN_ENDED_ARENA, colour=colour(e.colour))
    return None


def side_name(side: str) -> Arg:
    """A side: its seat's player, or a team (``l'équipe 1``)."""
    if side.startswith(TEAM_PREFIX):
        return Part("team", side)
    return Player(side)


def _game_ended(e: PetitsDragonsGameEnded, seat: Seat | None) -> Msg:
    first = [r.side_id for r in e.ranking if r.rank == 1]
    total = next((s.total for s in e.side_scores if s.side_id in first), 0)
    reason: Arg = Part("end-reason", e.reason)
    if e.reason == "colour_completed" and e.completed_by is not None:
        reason = msg(END_COMPLETED, colour=colour(e.completed_by))
    return msg(
        GAME_ENDED,
        reason=reason,
        winners=Many(tuple(side_name(s) for s in first)),
        count=len(first),
        score=total,
        decided=Part("decided-by", e.decided_by),
    )


SENTENCES: Mapping[type[Any], Callable[[Any, Seat | None], Msg | None] | None] = {
    # Setup: the created game is the picture's to show.
    PetitsDragonsGameCreated: None,
    # Said by the egg movements that precede them (who gets what, from whom).
    PetitsDragonsPenaltyResolved: None,
    PetitsDragonsPenaltyBackfired: None,
    # Who plays, and every move and its consequences.
    PetitsDragonsTurnStarted: _turn_started,
    PetitsDragonsTurnSkipped: _turn_skipped,
    PetitsDragonsDiceRolled: _dice_rolled,
    PetitsDragonsRollForfeited: _roll_forfeited,
    PetitsDragonsPieceBorn: _piece_born,
    PetitsDragonsPieceMoved: _piece_moved,
    PetitsDragonsPieceTeleported: _piece_teleported,
    PetitsDragonsStackFormed: _stack_formed,
    PetitsDragonsCombatResolved: _combat,
    PetitsDragonsPiecesReturnedToNest: _returned,
    PetitsDragonsChiefKilled: _chief_killed,
    PetitsDragonsPieceArrived: _piece_arrived,
    PetitsDragonsPenaltyCreated: _penalty_created,
    PetitsDragonsPenaltyLapsed: _penalty_lapsed,
    PetitsDragonsEggsTransferred: _eggs,
    PetitsDragonsTurnEnded: _turn_ended,
    PetitsDragonsGameEnded: _game_ended,
}
"""Every event class -> its sentence (None: setup, or said by the events around it)."""


sentence = sentences(SENTENCES)


# --- What a command is about, from the view -------------------------------------------


def unit_at(game: PetitsDragonsState, piece_id: str) -> tuple[PetitsDragonsUnit, str] | None:
    """The unit ``piece_id`` belongs to and where it stands (a cell or ``exit``)."""
    colour_ = PIECE_COLOUR.get(piece_id)
    dragon = game.dragons.get(colour_) if colour_ is not None else None
    if colour_ is None or dragon is None:
        return None
    pid = cast(PieceId, piece_id)
    piece = dragon.chief if PIECE_KIND[pid] == "chief" else dragon.pawns.get(pid)
    if piece is None:
        return None
    kind: UnitKind = PIECE_KIND[pid]
    if piece.position == EXIT:
        return PetitsDragonsUnit(colour=colour_, kind=kind, piece_ids=(pid,)), EXIT
    if piece.position == "board" and piece.cell is not None:
        found = game.board.get(piece.cell)
        if found is not None and pid in found.piece_ids:
            return found, piece.cell
        partner = piece.stacked_with
        ids = (pid,) if partner is None else (pid, partner)
        kind = "stack" if partner is not None else kind
        return PetitsDragonsUnit(colour=colour_, kind=kind, piece_ids=ids), piece.cell
    return None


def designated(unit_: PetitsDragonsUnit, piece_id: str) -> tuple[str, ...]:
    """The unit's pieces, the one a command names first."""
    return (piece_id, *(p for p in unit_.piece_ids if p != piece_id))


def nest_pawn(game: PetitsDragonsState, colour_: str) -> str | None:
    """The pawn a birth hatches: the lowest-numbered one in the nest."""
    dragon = game.dragons.get(colour_)  # type: ignore[call-overload]
    if dragon is None:
        return None
    nest = [p for p, x in dragon.pawns.items() if x.position == "nest"]
    return min(nest, key=PAWN_NUMBER.__getitem__) if nest else None


def born(game: PetitsDragonsState, kind: str) -> str | None:
    """The piece ``give_birth {kind}`` hatches for the colour whose turn it is."""
    turn = game.turn
    if turn is None:
        return None
    if kind == "chief":
        return chief_id(turn.colour)
    return nest_pawn(game, turn.colour)


def move_value(game: PetitsDragonsState, unit_: PetitsDragonsUnit, die_: str | None) -> int | None:
    """How far a move goes: the higher die, or a stack's chosen die."""
    roll = game.turn.last_roll if game.turn is not None else None
    if roll is None:
        return None
    return dict(move_variants(unit_, roll)).get(die_)  # type: ignore[arg-type]


def rivals(game: PetitsDragonsState, command: PetitsDragonsMovePiece) -> dict[str, tuple[str, ...]]:
    """The legal walks of the same unit, by the same die, to the same destination, keyed by
    their ring direction (or their cells when the direction does not tell them apart);
    empty when the walk is the only one. On this board two walks of one length reach one
    cell only the two ways round the outer ring."""
    found = unit_at(game, command.piece_id)
    turn = game.turn
    if found is None or turn is None or turn.last_roll is None or not command.path:
        return {}
    unit_, start = found
    value = move_value(game, unit_, command.die)
    if value is None:
        return {}
    roll = turn.last_roll
    usage = unit_usage(turn, command.piece_id, start)
    imposed = imposed_direction(unit_.kind, roll.red, roll.blue)
    paths = [
        p
        for p in legal_paths(game, unit_.colour, unit_.kind, start, usage, imposed, value)
        if p[-1] == command.path[-1]
    ]
    if len(paths) < 2:
        return {}
    directions = [walk(unit_.colour, imposed, start, usage, p)[3] for p in paths]
    if None not in directions and len(set(directions)) == len(paths):
        return {str(d): p for d, p in zip(directions, paths, strict=True)}
    return {"|".join(p): p for p in paths}


def variant_key(game: PetitsDragonsState, command: PetitsDragonsMovePiece) -> str | None:
    """The key of this walk among its rivals (None when it has none)."""
    for key, path in rivals(game, command).items():
        if list(path) == list(command.path):
            return key
    return None


def variant_label(key: str, path: Sequence[str]) -> Msg:
    if key in DIRECTION_NAME:
        return msg(STEP_DIRECTION, direction=Part("direction", key))
    return msg(STEP_VIA, cells=Many(tuple(cell(c) for c in path)))


def consequence(game: PetitsDragonsState, unit_: PetitsDragonsUnit, to: str) -> Msg | None:
    """What landing on ``to`` does: an arrival, a stack, or a combat against its occupant."""
    if to == CENTRE:
        return msg(NOTE_ARRIVAL)
    occupant = game.board.get(to)  # type: ignore[call-overload]
    if occupant is None or set(occupant.piece_ids) & set(unit_.piece_ids):
        return None
    if occupant.colour == unit_.colour:
        return msg(NOTE_STACK, unit=unit(UNIT_LABEL, occupant.kind, occupant.piece_ids))
    return msg(NOTE_COMBAT, unit=unit_of(occupant.kind, occupant.piece_ids))


# --- Labels ---------------------------------------------------------------------------

LABEL_ROLL = "petits_dragons-label-roll"
LABEL_ROLL_AGAIN = "petits_dragons-label-roll-again"
LABEL_END_TURN = "petits_dragons-label-end-turn"
LABEL_DECLINE_REPLAY = "petits_dragons-label-decline-replay"
LABEL_PASS = "petits_dragons-label-pass"
LABEL_BIRTH = "petits_dragons-label-birth"
LABEL_MOVE = "petits_dragons-label-move"
LABEL_MOVE_NOTES = "petits_dragons-label-move-notes"
LABEL_MOVE_EXIT = "petits_dragons-label-move-exit"
LABEL_MOVE_EXIT_NOTES = "petits_dragons-label-move-exit-notes"
LABEL_TELEPORT = "petits_dragons-label-teleport"
LABEL_TELEPORT_NOTES = "petits_dragons-label-teleport-notes"
LABEL_ASSIGN = "petits_dragons-label-assign"
TRANSFER_GIVE = "petits_dragons-transfer-give"
TRANSFER_REMOVE = "petits_dragons-transfer-remove"
NOTE_ARRIVAL = "petits_dragons-note-arrival"
NOTE_STACK = "petits_dragons-note-stack"
NOTE_COMBAT = "petits_dragons-note-combat"


def _label_roll(c: PetitsDragonsRollDice, view: PetitsDragonsView) -> Msg:
    turn = view.game.turn
    return msg(LABEL_ROLL_AGAIN if turn is not None and turn.roll_index else LABEL_ROLL)


def _pending_count(game: PetitsDragonsState) -> int:
    return len(pending_of(game, game.turn.colour)) if game.turn is not None else 0


def _label_end_turn(c: PetitsDragonsEndTurn, view: PetitsDragonsView) -> Msg:
    game = view.game
    closing = game.turn is not None and game.turn.phase == "closing"
    return msg(LABEL_END_TURN if closing else LABEL_DECLINE_REPLAY, pending=_pending_count(game))


def _label_pass(c: PetitsDragonsPassRoll, view: PetitsDragonsView) -> Msg:
    return msg(LABEL_PASS)


def _label_birth(c: PetitsDragonsGiveBirth, view: PetitsDragonsView) -> Msg:
    game = view.game
    roll = game.turn.last_roll if game.turn is not None else None
    people = game.turn.colour if game.turn is not None else "green"
    piece = born(game, c.kind) or (chief_id(people) if c.kind == "chief" else pawn_id(people, 1))
    return msg(
        LABEL_BIRTH,
        unit=unit(UNIT_LABEL, c.kind, (piece,)),
        double=roll.red if roll is not None else 0,
    )


def _notes(*notes: Arg | None) -> Many | None:
    kept = tuple(n for n in notes if n is not None)
    return Many(kept) if kept else None


def _label_move(c: PetitsDragonsMovePiece, view: PetitsDragonsView) -> Msg:
    game = view.game
    found = unit_at(game, c.piece_id)
    kind, pieces, start = (
        (found[0].kind, designated(found[0], c.piece_id), found[1])
        if found is not None
        else (PIECE_KIND.get(c.piece_id, "pawn"), (c.piece_id,), "")
    )
    to = c.path[-1] if c.path else CENTRE
    key = variant_key(game, c)
    notes = _notes(
        consequence(game, found[0], to) if found is not None else None,
        die(c.die) if c.die in ("red", "blue") else None,
        Part("direction", key) if key is not None and key in DIRECTION_NAME else None,
    )
    args: dict[str, Arg] = {
        "unit": unit(UNIT_LABEL, kind, pieces),
        "value": len(c.path),
        "to": cell(to),
    }
    if notes is not None:
        args["notes"] = notes
    if start == EXIT:
        return Msg(LABEL_MOVE_EXIT_NOTES if notes else LABEL_MOVE_EXIT, args)
    return Msg(LABEL_MOVE_NOTES if notes else LABEL_MOVE, args)


def _label_teleport(c: PetitsDragonsTeleport, view: PetitsDragonsView) -> Msg:
    game = view.game
    found = unit_at(game, c.piece_id)
    kind, pieces = (
        (found[0].kind, designated(found[0], c.piece_id))
        if found is not None
        else (PIECE_KIND.get(c.piece_id, "chief"), (c.piece_id,))
    )
    note = consequence(game, found[0], c.to) if found is not None else None
    args: dict[str, Arg] = {"unit": unit(UNIT_LABEL, kind, pieces), "to": cell(c.to)}
    if note is None:
        return Msg(LABEL_TELEPORT, args)
    return Msg(LABEL_TELEPORT_NOTES, {**args, "notes": Many((note,))})


def transfer(t: PetitsDragonsTransfer, owner: str, label_id: str | None = None) -> Msg:
    """``donner un œuf 100 au Noir``, ``ôter un œuf 50 du nid du Vert``."""
    if t.action == "give" and t.to is not None:
        return msg(label_id or TRANSFER_GIVE, denomination=t.denomination, colour=colour(t.to))
    return msg(label_id or TRANSFER_REMOVE, denomination=t.denomination, colour=colour(owner))


def _penalty(game: PetitsDragonsState, penalty_id: str) -> PetitsDragonsPenalty | None:
    return next((p for p in game.penalties if p.penalty_id == penalty_id), None)


def _owner(game: PetitsDragonsState, penalty_id: str) -> str:
    pen = _penalty(game, penalty_id)
    if pen is not None:
        return pen.owner
    return game.turn.colour if game.turn is not None else "green"


def _label_assign(c: PetitsDragonsAssignPenalty, view: PetitsDragonsView) -> Msg:
    owner = _owner(view.game, c.penalty_id)
    return msg(
        LABEL_ASSIGN,
        penalty=penalty_part(c.penalty_id),
        transfers=Many(tuple(transfer(t, owner) for t in c.transfers)),
    )


LABELS: Mapping[type[Any], Callable[[Any, PetitsDragonsView], Msg]] = {
    PetitsDragonsRollDice: _label_roll,
    PetitsDragonsGiveBirth: _label_birth,
    PetitsDragonsMovePiece: _label_move,
    PetitsDragonsTeleport: _label_teleport,
    PetitsDragonsPassRoll: _label_pass,
    PetitsDragonsAssignPenalty: _label_assign,
    PetitsDragonsEndTurn: _label_end_turn,
}
"""Every command class -> its label."""


label = labels(LABELS)


# --- Targets and steps ----------------------------------------------------------------


def _unique(ids: Sequence[str | None]) -> tuple[str, ...]:
    out: list[str] = []
    for i in ids:
        if i is not None and i not in out:
            out.append(i)
    return tuple(out)


def targets(command: Any, view: PetitsDragonsView) -> tuple[str, ...]:
    """The picture ids ``command`` names: the piece (on the board, or in its panel when
    at the exit or hatching from the nest), a stack's die, the walk's or teleport's
    destination; a penalty and the panels of the colours its eggs go to or come from.
    Rolling, passing and ending the turn name nothing."""
    game = view.game
    if isinstance(command, PetitsDragonsMovePiece):
        chosen = die_id(command.die) if command.die in ("red", "blue") else None
        return _unique((command.piece_id, chosen, command.path[-1] if command.path else None))
    if isinstance(command, PetitsDragonsTeleport):
        return _unique((command.piece_id, command.to))
    if isinstance(command, PetitsDragonsGiveBirth):
        return _unique((born(game, command.kind),))
    if isinstance(command, PetitsDragonsAssignPenalty):
        owner = _owner(game, command.penalty_id)
        panels = [panel_id(t.to if t.to is not None else owner) for t in command.transfers]
        return _unique((command.penalty_id, *panels))
    return ()


STEP_WALK = "petits_dragons-step-walk"
STEP_WALK_DIE = "petits_dragons-step-walk-die"
STEP_WALK_EXIT = "petits_dragons-step-walk-exit"
STEP_TELEPORT = "petits_dragons-step-teleport"
STEP_TO = "petits_dragons-step-to"
STEP_TO_NOTES = "petits_dragons-step-to-notes"
STEP_ONTO = "petits_dragons-step-onto"
STEP_ONTO_NOTES = "petits_dragons-step-onto-notes"
STEP_DIRECTION = "petits_dragons-step-direction"
STEP_VIA = "petits_dragons-step-via"
STEP_PENALTY = "petits_dragons-step-penalty"
STEP_PENALTY_RESTRICTED = "petits_dragons-step-penalty-restricted"
STEP_GIVE = "petits_dragons-step-give"
STEP_REMOVE = "petits_dragons-step-remove"


def _dice_ids(game: PetitsDragonsState, die_: str | None) -> tuple[str, ...]:
    """The dice a walk goes by: the chosen one, else the higher (both on a double)."""
    roll = game.turn.last_roll if game.turn is not None else None
    if roll is None:
        return ()
    if die_ in ("red", "blue"):
        return (die_id(die_),)
    if roll.red == roll.blue:
        return (die_id("red"), die_id("blue"))
    return (die_id("red" if roll.red > roll.blue else "blue"),)


def _piece_step(game: PetitsDragonsState, piece_id: str) -> Step:
    found = unit_at(game, piece_id)
    kind: str = PIECE_KIND.get(piece_id, "pawn")
    pieces: tuple[str, ...] = (piece_id,)
    start = EXIT
    if found is not None:
        kind, pieces, start = found[0].kind, designated(found[0], piece_id), found[1]
    return Step(piece_id, unit(UNIT_STEP, kind, pieces, where=where(start)), (piece_id,))


def _destination_step(game: PetitsDragonsState, piece_id: str, to: str, teleport: bool) -> Step:
    found = unit_at(game, piece_id)
    note = consequence(game, found[0], to) if found is not None else None
    if note is None:
        return Step(to, msg(STEP_ONTO if teleport else STEP_TO, to=cell(to)), (to,))
    key = STEP_ONTO_NOTES if teleport else STEP_TO_NOTES
    return Step(to, msg(key, to=cell(to), notes=Many((note,))), (to,))


def _penalty_step(game: PetitsDragonsState, penalty_id: str) -> Step:
    pen = _penalty(game, penalty_id)
    args: dict[str, Arg] = {
        "penalty": penalty_part(penalty_id),
        "value": pen.value if pen is not None else 0,
        "kind": Part("penalty-kind", pen.kind if pen is not None else "pawn_arrival"),
    }
    if pen is not None and pen.restricted_to is not None:
        args["target"] = colour(pen.restricted_to)
        return Step(penalty_id, Msg(STEP_PENALTY_RESTRICTED, args), (penalty_id,))
    return Step(penalty_id, Msg(STEP_PENALTY, args), (penalty_id,))


def path(command: Any, view: PetitsDragonsView) -> tuple[Step, ...]:
    """``command`` as successive choices, in the order a player thinks: the piece, then
    how it goes (the die, or a teleport), then where to, then which way round the ring
    when two walks reach that cell; a birth is the nest's piece; a penalty answer is the
    penalty, then its eggs one by one (in the canonical order the rules list them)."""
    game = view.game
    if isinstance(command, PetitsDragonsMovePiece):
        found = unit_at(game, command.piece_id)
        start = found[1] if found is not None else ""
        value = len(command.path)
        if start == EXIT:
            how = Step("walk", msg(STEP_WALK_EXIT, value=value), _dice_ids(game, None))
        elif command.die in ("red", "blue"):
            how = Step(
                command.die,
                msg(STEP_WALK_DIE, value=value, die=die(command.die)),
                _dice_ids(game, command.die),
            )
        else:
            how = Step("walk", msg(STEP_WALK, value=value), _dice_ids(game, None))
        to = command.path[-1] if command.path else CENTRE
        steps = [
            _piece_step(game, command.piece_id),
            how,
            _destination_step(game, command.piece_id, to, False),
        ]
        key = variant_key(game, command)
        if key is not None:
            steps.append(Step(key, variant_label(key, command.path), tuple(command.path)))
        return tuple(steps)
    if isinstance(command, PetitsDragonsTeleport):
        return (
            _piece_step(game, command.piece_id),
            Step("teleport", msg(STEP_TELEPORT)),
            _destination_step(game, command.piece_id, command.to, True),
        )
    if isinstance(command, PetitsDragonsGiveBirth):
        piece = born(game, command.kind)
        return (Step(piece or command.kind, label(command, view), targets(command, view)),)
    if isinstance(command, PetitsDragonsAssignPenalty):
        owner = _owner(game, command.penalty_id)
        steps = [_penalty_step(game, command.penalty_id)]
        for t in command.transfers:
            nest = t.to if t.to is not None else owner
            key = " ".join((t.action, str(t.denomination), nest))
            label_id = STEP_GIVE if t.action == "give" else STEP_REMOVE
            steps.append(Step(key, transfer(t, owner, label_id), (panel_id(nest),)))
        return tuple(steps)
    return (Step(tag_of_class(type(command)), label(command, view)),)


# --- The last move --------------------------------------------------------------------


def drawn_pieces(game: PetitsDragonsState) -> set[str]:
    """Every piece the picture draws: all pieces of the colours in play, wherever they are."""
    return {p for c in game.dragons for p in (chief_id(c), *game.dragons[c].pawns)}


def changed(
    events: Sequence[Any], before: PetitsDragonsView, after: PetitsDragonsView
) -> tuple[str, ...]:
    """The picture ids one move changed, as drawn after it: the dice rolled (while the turn
    shows them), the pieces that were born, moved, came back, died or arrived, the cells a
    walk, teleport or combat touched, the penalties still pending and the panels whose
    eggs changed."""
    game = after.game
    pieces = drawn_pieces(game)
    pending = {p.penalty_id for p in game.penalties}
    roll_shown = game.turn is not None and game.turn.last_roll is not None
    panels = {panel_id(c) for c in game.dragons}
    out: list[str] = []

    def add(*ids: str) -> None:
        out.extend(i for i in ids if i not in out)

    for e in events:
        if isinstance(e, PetitsDragonsDiceRolled) and roll_shown:
            add(die_id("red"), die_id("blue"))
        elif isinstance(e, PetitsDragonsPieceBorn):
            add(*({e.piece_id} & pieces))
        elif isinstance(e, PetitsDragonsPieceMoved):
            start = (e.from_,) if e.from_ in CELL_SET else ()
            add(*(p for p in e.piece_ids if p in pieces), *start, e.path[-1])
        elif isinstance(e, PetitsDragonsPieceTeleported):
            start = (e.from_,) if e.from_ in CELL_SET else ()
            add(*(p for p in e.piece_ids if p in pieces), *start, e.to)
        elif isinstance(e, PetitsDragonsStackFormed):
            add(e.cell, *(p for p in e.piece_ids if p in pieces))
        elif isinstance(e, PetitsDragonsCombatResolved):
            add(e.cell)
        elif isinstance(e, PetitsDragonsPiecesReturnedToNest | PetitsDragonsPieceArrived):
            add(*(p for p in e.piece_ids if p in pieces))
        elif isinstance(e, PetitsDragonsChiefKilled):
            killed = (chief_id(e.colour), *e.removed_pawn_ids)
            add(*(p for p in killed if p in pieces))
        elif isinstance(e, PetitsDragonsPenaltyCreated) and e.penalty_id in pending:
            add(e.penalty_id)
        elif isinstance(e, PetitsDragonsEggsTransferred):
            add(*(panel_id(c) for c in (e.from_, e.to) if panel_id(c) in panels))
    return tuple(out)


# --- The picture's text ---------------------------------------------------------------

PICTURE_CENTRE = "petits_dragons-picture-centre"
PICTURE_ARENA = "petits_dragons-picture-arena"
PICTURE_BRANCH = "petits_dragons-picture-branch"
PICTURE_TURN = "petits_dragons-picture-turn"
PICTURE_ROUND = "petits_dragons-picture-round"
PICTURE_LAST_ROLL = "petits_dragons-picture-last-roll"
PICTURE_DIE_RED = "petits_dragons-picture-die-red"
PICTURE_DIE_BLUE = "petits_dragons-picture-die-blue"
PICTURE_BANK = "petits_dragons-picture-bank"
PICTURE_FINISHED = "petits_dragons-picture-finished"
PICTURE_RANK = "petits_dragons-picture-rank"
PICTURE_LEGEND_PIECES = "petits_dragons-picture-legend-pieces"
PICTURE_LEGEND_BOARD = "petits_dragons-picture-legend-board"
PICTURE_LEGEND_COLOURS = "petits_dragons-picture-legend-colours"
PICTURE_PENALTY = "petits_dragons-picture-penalty"
PICTURE_PENALTY_RESTRICTED = "petits_dragons-picture-penalty-restricted"
PICTURE_PANEL = "petits_dragons-picture-panel"
PICTURE_PANEL_CHIEF_DEAD = "petits_dragons-picture-panel-chief-dead"
PICTURE_EGGS = "petits_dragons-picture-eggs"
PICTURE_POSITION: Mapping[str, str] = {
    "nest": "petits_dragons-picture-nest",
    "exit": "petits_dragons-picture-exit",
    "home": "petits_dragons-picture-home",
    "out": "petits_dragons-picture-out",
}


# --- Refusals -------------------------------------------------------------------------

REFUSAL: Mapping[str, str] = {
    "action_pending": "petits_dragons-refusal-action-pending",
    "alliances_need_even_players": "petits_dragons-refusal-alliances-need-even-players",
    "ally_occupied": "petits_dragons-refusal-ally-occupied",
    "already_there": "petits_dragons-refusal-already-there",
    "awaiting_other_player": "petits_dragons-refusal-awaiting-other-player",
    "branch_already_used": "petits_dragons-refusal-branch-already-used",
    "branch_direction_reversed": "petits_dragons-refusal-branch-direction-reversed",
    "cannot_stack_chief": "petits_dragons-refusal-cannot-stack-chief",
    "cannot_stop_on_centre": "petits_dragons-refusal-cannot-stop-on-centre",
    "centre_already_used": "petits_dragons-refusal-centre-already-used",
    "chief_dead": "petits_dragons-refusal-chief-dead",
    "chief_must_be_born_first": "petits_dragons-refusal-chief-must-be-born-first",
    "chief_needs_double_5_or_6": "petits_dragons-refusal-chief-needs-double-5-or-6",
    "chief_not_in_nest": "petits_dragons-refusal-chief-not-in-nest",
    "die_choice_not_allowed": "petits_dragons-refusal-die-choice-not-allowed",
    "die_choice_required": "petits_dragons-refusal-die-choice-required",
    "duplicate_colour": "petits_dragons-refusal-duplicate-colour",
    "egg_not_in_nest": "petits_dragons-refusal-egg-not-in-nest",
    "egg_unavailable": "petits_dragons-refusal-egg-unavailable",
    "exit_path_invalid": "petits_dragons-refusal-exit-path-invalid",
    "game_finished": "petits_dragons-refusal-game-finished",
    "invalid_colour": "petits_dragons-refusal-invalid-colour",
    "invalid_colour_count": "petits_dragons-refusal-invalid-colour-count",
    "invalid_die": "petits_dragons-refusal-invalid-die",
    "invalid_kind": "petits_dragons-refusal-invalid-kind",
    "invalid_path": "petits_dragons-refusal-invalid-path",
    "invalid_player_count": "petits_dragons-refusal-invalid-player-count",
    "invalid_teams": "petits_dragons-refusal-invalid-teams",
    "invalid_transfers": "petits_dragons-refusal-invalid-transfers",
    "legal_move_available": "petits_dragons-refusal-legal-move-available",
    "multi_colour_disabled": "petits_dragons-refusal-multi-colour-disabled",
    "must_roll": "petits_dragons-refusal-must-roll",
    "nest_empty": "petits_dragons-refusal-nest-empty",
    "no_colour": "petits_dragons-refusal-no-colour",
    "not_a_double": "petits_dragons-refusal-not-a-double",
    "not_adjacent": "petits_dragons-refusal-not-adjacent",
    "not_own_colour_cell": "petits_dragons-refusal-not-own-colour-cell",
    "not_your_penalty": "petits_dragons-refusal-not-your-penalty",
    "not_your_piece": "petits_dragons-refusal-not-your-piece",
    "not_your_turn": "petits_dragons-refusal-not-your-turn",
    "own_branch_climb": "petits_dragons-refusal-own-branch-climb",
    "penalty_not_pending": "petits_dragons-refusal-penalty-not-pending",
    "piece_not_in_play": "petits_dragons-refusal-piece-not-in-play",
    "reversal_not_allowed": "petits_dragons-refusal-reversal-not-allowed",
    "stack_full": "petits_dragons-refusal-stack-full",
    "target_must_be_defeated": "petits_dragons-refusal-target-must-be-defeated",
    "target_not_enemy": "petits_dragons-refusal-target-not-enemy",
    "teams_without_alliances": "petits_dragons-refusal-teams-without-alliances",
    "teleport_not_allowed": "petits_dragons-refusal-teleport-not-allowed",
    "unknown_cell": "petits_dragons-refusal-unknown-cell",
    "unknown_command": "petits_dragons-refusal-unknown-command",
    "unknown_penalty": "petits_dragons-refusal-unknown-penalty",
    "unknown_piece": "petits_dragons-refusal-unknown-piece",
    "unknown_seat": "petits_dragons-refusal-unknown-seat",
    "wrong_denomination": "petits_dragons-refusal-wrong-denomination",
    "wrong_direction": "petits_dragons-refusal-wrong-direction",
    "wrong_path_length": "petits_dragons-refusal-wrong-path-length",
    "wrong_phase": "petits_dragons-refusal-wrong-phase",
    "wrong_total": "petits_dragons-refusal-wrong-total",
}
"""Every code of ``RULESET.error_codes`` -> its sentence (tested equal)."""
PLAIN: Mapping[str, str] = {
    "ally_occupied": "petits_dragons-refusal-ally-occupied-plain",
    "already_there": "petits_dragons-refusal-already-there-plain",
    "awaiting_other_player": "petits_dragons-refusal-awaiting-other-player-plain",
    "branch_already_used": "petits_dragons-refusal-branch-already-used-plain",
    "chief_dead": "petits_dragons-refusal-chief-dead-plain",
    "duplicate_colour": "petits_dragons-refusal-duplicate-colour-plain",
    "egg_not_in_nest": "petits_dragons-refusal-egg-not-in-nest-plain",
    "egg_unavailable": "petits_dragons-refusal-egg-unavailable-plain",
    "not_a_double": "petits_dragons-refusal-not-a-double-plain",
    "not_adjacent": "petits_dragons-refusal-not-adjacent-plain",
    "not_own_colour_cell": "petits_dragons-refusal-not-own-colour-cell-plain",
    "not_your_penalty": "petits_dragons-refusal-not-your-penalty-plain",
    "not_your_piece": "petits_dragons-refusal-not-your-piece-plain",
    "not_your_turn": "petits_dragons-refusal-not-your-turn-plain",
    "piece_not_in_play": "petits_dragons-refusal-piece-not-in-play-plain",
    "target_must_be_defeated": "petits_dragons-refusal-target-must-be-defeated-plain",
    "target_not_enemy": "petits_dragons-refusal-target-not-enemy-plain",
    "wrong_denomination": "petits_dragons-refusal-wrong-denomination-plain",
    "wrong_direction": "petits_dragons-refusal-wrong-direction-plain",
    "wrong_path_length": "petits_dragons-refusal-wrong-path-length-plain",
    "wrong_phase": "petits_dragons-refusal-wrong-phase-plain",
    "wrong_total": "petits_dragons-refusal-wrong-total-plain",
}
"""The same refusals when neither the violation nor the view gives the fact they name."""


def _known(violation: RuleViolation, key: str, known: Any) -> str | None:
    """A detail that names a known component (details may echo what the caller sent)."""
    value = violation.details.get(key)
    return value if isinstance(value, str) and value in known else None


def _number(violation: RuleViolation, key: str) -> int | None:
    value = violation.details.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _refusal_args(
    violation: RuleViolation, view: PetitsDragonsView | None
) -> dict[str, Arg] | None:
    """The arguments of a code's refusal; None when a fact it needs is missing."""
    code = violation.code
    game = view.game if view is not None else None
    turn = game.turn if game is not None else None
    roll = turn.last_roll if turn is not None else None
    step_cell = _known(violation, "cell", CELL_SET)
    if code in ("ally_occupied", "not_adjacent"):
        return {"cell": cell(step_cell)} if step_cell else None
    if code == "branch_already_used":
        to = step_cell or _known(violation, "to", CELL_SET)
        branch = CELL_BRANCH.get(to) if to else None
        return {"branch": Part("branch", branch)} if branch else None
    if code == "already_there":
        to = _known(violation, "to", CELL_SET)
        return {"cell": cell(to)} if to else None
    if code == "not_own_colour_cell":
        to = _known(violation, "to", CELL_SET)
        return {"cell": cell(to), "colour": colour(turn.colour)} if to and turn else None
    if code == "awaiting_other_player":
        blocking = turn.blocking_penalty if turn is not None else None
        pen = _penalty(game, blocking) if game is not None and blocking else None
        if pen is None:
            return None
        return {"penalty": penalty_part(pen.penalty_id), "colour": colour(pen.owner)}
    if code == "chief_dead":
        return {"colour": colour(turn.colour)} if turn is not None else None
    if code in ("duplicate_colour", "target_not_enemy"):
        named = _known(violation, "colour" if code == "duplicate_colour" else "to", COLOURS)
        return {"colour": colour(named)} if named else None
    if code in ("egg_not_in_nest", "egg_unavailable", "wrong_denomination"):
        d = _number(violation, "denomination")
        return {"denomination": d} if d in DENOMINATIONS else None
    if code == "not_a_double":
        return {"red": roll.red, "blue": roll.blue} if roll is not None else None
    if code == "not_your_penalty":
        owner = _known(violation, "owner", COLOURS)
        return {"colour": colour(owner)} if owner else None
    if code in ("not_your_piece", "piece_not_in_play"):
        piece = _known(violation, "piece_id", PIECE_COLOUR)
        if piece is None:
            return None
        if code == "not_your_piece":
            return {"piece": Part("piece", piece)}
        found = game.dragons.get(PIECE_COLOUR[piece]) if game is not None else None
        pid = cast(PieceId, piece)
        if found is None or (PIECE_KIND[pid] == "pawn" and pid not in found.pawns):
            return None
        position = (found.chief if PIECE_KIND[pid] == "chief" else found.pawns[pid]).position
        return {"piece": Part("piece", piece), "position": Part("position", position)}
    if code == "not_your_turn":
        if game is None or turn is None:
            return None
        return {"player": Player(game.controller[turn.colour]), "colour": colour(turn.colour)}
    if code == "target_must_be_defeated":
        named = violation.details.get("penalty_id")
        pen = _penalty(game, named) if game is not None and isinstance(named, str) else None
        target = pen.restricted_to if pen is not None else None
        return {"colour": colour(target)} if target else None
    if code == "wrong_direction":
        if roll is None or roll.red == roll.blue:
            return None
        way = "clockwise" if roll.red > roll.blue else "anticlockwise"
        return {"red": roll.red, "blue": roll.blue, "direction": Part("direction", way)}
    if code == "wrong_path_length":
        value = _number(violation, "value")
        return {"value": value} if value is not None else None
    if code == "wrong_phase":
        phase = _known(violation, "phase", PHASE_NAME) or (turn.phase if turn else None)
        return {"phase": Part("phase", phase)} if phase else None
    if code == "wrong_total":
        total, due = _number(violation, "total"), _number(violation, "due")
        return {"total": total, "due": due} if total is not None and due is not None else None
    if code == "invalid_player_count":
        return {"low": 2, "high": MAX_SEATS}
    if code in ("chief_needs_double_5_or_6", "chief_must_be_born_first"):
        return {"low": 5, "high": 6}
    return {}


refusal = refusals(REFUSAL, PLAIN, _refusal_args)


__all__ = [
    "LABELS",
    "SENTENCES",
    "changed",
    "label",
    "names",
    "options",
    "path",
    "refusal",
    "seat_name",
    "sentence",
    "targets",
]


# --- The options --------------------------------------------------------------------

OPTION_SEATS = "petits_dragons-option-seats"
OPTION_OPTION_MULTI_COLOUR = "petits_dragons-option-option-multi-colour"
OPTION_OPTION_ALLIANCES = "petits_dragons-option-option-alliances"
OPTION_TEAMS = "petits_dragons-option-teams"


def options() -> Mapping[str, OptionWords]:
    """Every option's display name (the lobby's form), and what names its values."""
    return {
        "seats": OptionWords(msg(OPTION_SEATS), "colour"),
        "option_multi_colour": OptionWords(msg(OPTION_OPTION_MULTI_COLOUR)),
        "option_alliances": OptionWords(msg(OPTION_OPTION_ALLIANCES)),
        "teams": OptionWords(msg(OPTION_TEAMS), "seat"),
    }
