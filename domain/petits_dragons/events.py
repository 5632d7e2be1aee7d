"""Events of Les petits Dragons (§8). Facts, past tense; every random outcome
(movement dice, combat dice) is recorded in ``dice_rolled`` / ``combat_resolved``.

Every event carries ``turn_number`` (0 before the first turn). The spec's
``game_id`` and ``seq`` are the service's envelope (game id, log version).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel import EventBase, Seat
from domain.petits_dragons.commands import PetitsDragonsTransfer
from domain.petits_dragons.components import (
    CellId,
    Colour,
    DieValue,
    PieceId,
    PieceKind,
    RingDirection,
    RollOutcome,
    UnitKind,
)
from domain.petits_dragons.state import (
    EndGameReason,
    PenaltyKind,
    PetitsDragonsColourScore,
    PetitsDragonsEggs,
    PetitsDragonsRank,
    PetitsDragonsSeatColours,
    PetitsDragonsSideScore,
)


class PetitsDragonsEventBase(EventBase, frozen=True, kw_only=True):
    turn_number: int = 0
    """The turn's number (``turn_started`` count); 0 before the first turn."""


class PetitsDragonsGameCreated(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.game_created"
):
    """The initial state (§5)."""

    board: str
    seats: list[PetitsDragonsSeatColours]
    option_multi_colour: bool
    option_alliances: bool
    teams: list[list[str]] | None
    colours_in_play: list[Colour]
    turn_order: list[Colour]
    side: dict[Colour, str]
    bank: PetitsDragonsEggs


class PetitsDragonsTurnStarted(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.turn_started"
):
    """A colour's turn begins; its units' turn usage is reset."""

    colour: Colour
    seat: Seat
    round: int


class PetitsDragonsTurnSkipped(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.turn_skipped"
):
    """A colour that cannot act is skipped."""

    colour: Colour
    round: int
    reason: Literal["inactive"] = "inactive"


class PetitsDragonsDiceRolled(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.dice_rolled"
):
    """The movement roll (random)."""

    colour: Colour
    roll_index: int
    red: DieValue
    blue: DieValue
    outcome: RollOutcome


class PetitsDragonsRollForfeited(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.roll_forfeited"
):
    """The roll produced no action."""

    colour: Colour
    reason: Literal["suite", "no_legal_action", "passed"]


class PetitsDragonsPieceBorn(PetitsDragonsEventBase, frozen=True, tag="petits_dragons.piece_born"):
    """A dragon hatched: nest -> exit."""

    colour: Colour
    """The colour of the new piece."""
    piece_id: PieceId
    """The piece born."""
    kind: PieceKind
    """Its kind (chief or pawn)."""
    double_value: int
    """The value of the double that gave birth."""


class PetitsDragonsPieceMoved(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.piece_moved"
):
    """A walk (§3.4)."""

    colour: Colour
    unit_kind: UnitKind
    piece_ids: list[PieceId]
    from_: str = msgspec.field(name="from")
    """A cell id, or ``exit``."""
    path: list[CellId]
    value: int
    die: Literal["higher", "red", "blue"]
    ring_direction: RingDirection | None
    outcome: Literal["placed", "stacked", "combat", "arrived"]


class PetitsDragonsPieceTeleported(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.piece_teleported"
):
    """A teleport onto an own-colour cell."""

    colour: Colour
    unit_kind: UnitKind
    piece_ids: list[PieceId]
    from_: str = msgspec.field(name="from")
    to: CellId
    outcome: Literal["placed", "combat"]


class PetitsDragonsStackFormed(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.stack_formed"
):
    """Two own pawns became a stack."""

    colour: Colour
    piece_ids: list[PieceId]
    cell: CellId


class PetitsDragonsFighter(msgspec.Struct, frozen=True, kw_only=True):
    """One side of a combat."""

    colour: Colour
    """The side's colour."""
    unit_kind: UnitKind
    """The unit's kind."""
    piece_ids: list[PieceId]
    """The pieces fighting."""
    dice: list[DieValue]
    """2 or 3 dice, in the order red, blue, green."""
    kept: list[DieValue]
    """The best two dice, highest first."""
    bonus: int
    """The side's combat bonus."""
    total: int
    """The side's total."""


class PetitsDragonsCombatResolved(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.combat_resolved"
):
    """A combat (random: the dice)."""

    cell: CellId
    cell_colour: Colour | None
    attacker: PetitsDragonsFighter
    defender: PetitsDragonsFighter
    winner: Literal["attacker", "defender"]


class PetitsDragonsPiecesReturnedToNest(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.pieces_returned_to_nest"
):
    """A losing pawn or stack went back to its nest."""

    colour: Colour
    piece_ids: list[PieceId]


class PetitsDragonsChiefKilled(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.chief_killed"
):
    """A chief died: it goes out, and the pawns still in its nest are replaced by eggs."""

    colour: Colour
    cell: CellId
    removed_pawn_ids: list[PieceId]
    kept_in_nest_pawn_ids: list[PieceId]


class PetitsDragonsPieceArrived(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.piece_arrived"
):
    """Pieces reached the centre and went home."""

    colour: Colour
    unit_kind: UnitKind
    piece_ids: list[PieceId]


class PetitsDragonsPenaltyCreated(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.penalty_created"
):
    """A pending decision opens for the owner's controller."""

    penalty_id: str
    owner: Colour
    kind: PenaltyKind
    value: int
    restricted_to: Colour | None
    blocking: bool


class PetitsDragonsPenaltyResolved(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.penalty_resolved"
):
    """The penalty was answered."""

    penalty_id: str
    transfers: list[PetitsDragonsTransfer]


class PetitsDragonsPenaltyBackfired(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.penalty_backfired"
):
    """A penalty left pending at the close of the turn went into its owner's own nest."""

    penalty_id: str
    eggs: PetitsDragonsEggs


class PetitsDragonsPenaltyLapsed(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.penalty_lapsed"
):
    """The penalty could not be applied in any way."""

    penalty_id: str
    reason: Literal["impossible"] = "impossible"


class PetitsDragonsEggsTransferred(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.eggs_transferred"
):
    """Eggs moved between the bank and a nest."""

    from_: str = msgspec.field(name="from")
    """``bank`` or a colour."""
    to: str
    """``bank`` or a colour."""
    denomination: int
    count: int
    reason: Literal["penalty", "backfire", "chief_death"]
    penalty_id: str | None = None


class PetitsDragonsTurnEnded(PetitsDragonsEventBase, frozen=True, tag="petits_dragons.turn_ended"):
    """The turn finished."""

    colour: Colour
    """The colour whose turn ends."""
    reason: Literal[
        "plain_roll", "suite", "birth", "no_legal_action", "replay_declined", "closed_with_pending"
    ]
    """Why the turn ends."""
    holds_arena: bool
    """True when the colour holds the arena at the end of its turn."""


class PetitsDragonsGameEnded(PetitsDragonsEventBase, frozen=True, tag="petits_dragons.game_ended"):
    """The game is over (§11)."""

    reason: EndGameReason
    """Why the game ended."""
    completed_by: Colour | None
    """The colour that completed the game, if any."""
    colour_scores: dict[Colour, PetitsDragonsColourScore]
    """Every colour's score."""
    side_scores: list[PetitsDragonsSideScore]
    """Every side's score."""
    ranking: list[PetitsDragonsRank]
    """The sides, best first."""
    decided_by: str
    """What separated the first two places."""


PetitsDragonsEvent = (
    PetitsDragonsGameCreated
    | PetitsDragonsTurnStarted
    | PetitsDragonsTurnSkipped
    | PetitsDragonsDiceRolled
    | PetitsDragonsRollForfeited
    | PetitsDragonsPieceBorn
    | PetitsDragonsPieceMoved
    | PetitsDragonsPieceTeleported
    | PetitsDragonsStackFormed
    | PetitsDragonsCombatResolved
    | PetitsDragonsPiecesReturnedToNest
    | PetitsDragonsChiefKilled
    | PetitsDragonsPieceArrived
    | PetitsDragonsPenaltyCreated
    | PetitsDragonsPenaltyResolved
    | PetitsDragonsPenaltyBackfired
    | PetitsDragonsPenaltyLapsed
    | PetitsDragonsEggsTransferred
    | PetitsDragonsTurnEnded
    | PetitsDragonsGameEnded
)
