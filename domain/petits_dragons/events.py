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
    """The board's id."""
    seats: list[PetitsDragonsSeatColours]
    """The colours each seat plays."""
    option_multi_colour: bool
    """True when a seat plays several colours."""
    option_alliances: bool
    """True when colours play in teams."""
    teams: list[list[str]] | None
    """The teams of colours under alliances; else null."""
    colours_in_play: list[Colour]
    """The colours in the game."""
    turn_order: list[Colour]
    """The colours in playing order."""
    side: dict[Colour, str]
    """The side (seat or team) of each colour."""
    bank: PetitsDragonsEggs
    """The eggs in the bank at the start."""


class PetitsDragonsTurnStarted(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.turn_started"
):
    """A colour's turn begins; its units' turn usage is reset."""

    colour: Colour
    """The colour whose turn begins."""
    seat: Seat
    """The seat playing it."""
    round: int
    """The round's number."""


class PetitsDragonsTurnSkipped(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.turn_skipped"
):
    """A colour that cannot act is skipped."""

    colour: Colour
    """The colour skipped."""
    round: int
    """The round's number."""
    reason: Literal["inactive"] = "inactive"
    """Why: the colour is no longer in play."""


class PetitsDragonsDiceRolled(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.dice_rolled"
):
    """The movement roll (random)."""

    colour: Colour
    """The colour rolling."""
    roll_index: int
    """The roll's number within the turn."""
    red: DieValue
    """The red die's face."""
    blue: DieValue
    """The blue die's face."""
    outcome: RollOutcome
    """What the roll allows."""


class PetitsDragonsRollForfeited(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.roll_forfeited"
):
    """The roll produced no action."""

    colour: Colour
    """The colour whose roll is lost."""
    reason: Literal["suite", "no_legal_action", "passed"]
    """Why: a suite, no legal action, or the player passed."""


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
    """The moving colour."""
    unit_kind: UnitKind
    """The kind of the unit moved."""
    piece_ids: list[PieceId]
    """The pieces moved together."""
    from_: str = msgspec.field(name="from")
    """A cell id, or ``exit``."""
    path: list[CellId]
    """The cells crossed, the last one being where the unit stops."""
    value: int
    """The number of cells moved."""
    die: Literal["higher", "red", "blue"]
    """The die whose value was used."""
    ring_direction: RingDirection | None
    """The direction taken on the ring, when one was chosen."""
    outcome: Literal["placed", "stacked", "combat", "arrived"]
    """How the move ended: placed, stacked, a combat, or arrived."""


class PetitsDragonsPieceTeleported(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.piece_teleported"
):
    """A teleport onto an own-colour cell."""

    colour: Colour
    """The colour teleporting."""
    unit_kind: UnitKind
    """The kind of the unit teleported."""
    piece_ids: list[PieceId]
    """The pieces teleported."""
    from_: str = msgspec.field(name="from")
    """Where the unit left from."""
    to: CellId
    """The cell it lands on."""
    outcome: Literal["placed", "combat"]
    """How it ended: placed or a combat."""


class PetitsDragonsStackFormed(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.stack_formed"
):
    """Two own pawns became a stack."""

    colour: Colour
    """The colour stacking."""
    piece_ids: list[PieceId]
    """The pieces of the stack."""
    cell: CellId
    """The cell of the stack."""


class PetitsDragonsFighter(msgspec.Struct, frozen=True, kw_only=True, gc=False):
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
    """The cell fought over."""
    cell_colour: Colour | None
    """The cell's colour, if it has one."""
    attacker: PetitsDragonsFighter
    """The arriving side."""
    defender: PetitsDragonsFighter
    """The side on the cell."""
    winner: Literal["attacker", "defender"]
    """Which side won."""


class PetitsDragonsPiecesReturnedToNest(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.pieces_returned_to_nest"
):
    """A losing pawn or stack went back to its nest."""

    colour: Colour
    """The pieces' colour."""
    piece_ids: list[PieceId]
    """The pieces sent back to the nest."""


class PetitsDragonsChiefKilled(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.chief_killed"
):
    """A chief died: it goes out, and the pawns still in its nest are replaced by eggs."""

    colour: Colour
    """The chief's colour."""
    cell: CellId
    """Where the chief fell."""
    removed_pawn_ids: list[PieceId]
    """The pawns of its nest replaced by eggs (their position becomes `out`)."""
    kept_in_nest_pawn_ids: list[PieceId]
    """The pawns left in the nest because the bank could not replace them."""


class PetitsDragonsPieceArrived(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.piece_arrived"
):
    """Pieces reached the centre and went home."""

    colour: Colour
    """The arriving colour."""
    unit_kind: UnitKind
    """The unit's kind."""
    piece_ids: list[PieceId]
    """The pieces arrived."""


class PetitsDragonsPenaltyCreated(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.penalty_created"
):
    """A pending decision opens for the owner's controller."""

    penalty_id: str
    """The penalty's id."""
    owner: Colour
    """The colour that must distribute the penalty eggs."""
    kind: PenaltyKind
    """The penalty's kind."""
    value: int
    """The penalty's value."""
    restricted_to: Colour | None
    """For a combat win: the defeated colour, the only one it may go to; else null."""
    blocking: bool
    """True when play waits until the penalty is answered."""


class PetitsDragonsPenaltyResolved(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.penalty_resolved"
):
    """The penalty was answered."""

    penalty_id: str
    """The penalty."""
    transfers: list[PetitsDragonsTransfer]
    """The egg transfers it was paid with."""


class PetitsDragonsPenaltyBackfired(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.penalty_backfired"
):
    """A penalty left pending at the close of the turn went into its owner's own nest."""

    penalty_id: str
    """The penalty."""
    eggs: PetitsDragonsEggs
    """The eggs that go into the owner's own nest."""


class PetitsDragonsPenaltyLapsed(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.penalty_lapsed"
):
    """The penalty could not be applied in any way."""

    penalty_id: str
    """The penalty."""
    reason: Literal["impossible"] = "impossible"
    """Why: it cannot be paid."""


class PetitsDragonsEggsTransferred(
    PetitsDragonsEventBase, frozen=True, tag="petits_dragons.eggs_transferred"
):
    """Eggs moved between the bank and a nest."""

    from_: str = msgspec.field(name="from")
    """``bank`` or a colour."""
    to: str
    """``bank`` or a colour."""
    denomination: int
    """The eggs' denomination."""
    count: int
    """How many eggs."""
    reason: Literal["penalty", "backfire", "chief_death"]
    """Why: a penalty, a backfire or a chief's death."""
    penalty_id: str | None = None
    """The penalty concerned, if any."""


class PetitsDragonsTurnEnded(PetitsDragonsEventBase, frozen=True, tag="petits_dragons.turn_ended"):
    """The turn finished."""

    colour: Colour
    """The colour whose turn ends."""
    reason: Literal[
        "plain_roll", "suite", "birth", "no_legal_action", "replay_declined", "closed_with_pending"
    ]
    """Why the turn ends."""
    holds_arena: bool
    """True when a unit of this colour is on the arena as its turn ends."""


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
