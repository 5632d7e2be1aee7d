"""ArkantiS game state (spec section 6)."""

from __future__ import annotations

import msgspec

from domain.arkantis.components import (
    CardId,
    CardType,
    CellId,
    Colour,
    DecidedBy,
    Phase,
    SeatId,
    ShapeColour,
    ShapeId,
    Status,
)
from domain.arkantis.events import ArkantisScore
from domain.arkantis.options import ArkantisOptions


class ArkantisLaidCard(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A card laid face up in front of a player."""

    card_id: CardId
    """The card."""
    card_type: CardType
    """Its type."""
    shape_id: ShapeId
    """The shape it validated."""
    turn: int
    """The turn it was laid in."""


class ArkantisPlayerState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One seat's state."""

    seat: SeatId
    seat_index: int
    sesterces: int
    hand: tuple[CardId, ...]
    """Acquisition order."""
    laid: tuple[ArkantisLaidCard, ...] = ()
    passed: bool = False
    leave_position: int | None = None
    tokens_at_last_move: int | None = None
    """Tokens on the board right after this player's last move (D34); null before any."""
    swapped_in_turn: int | None = None
    """Turn number of this player's last swap (D34); null before any."""


class ArkantisPile(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One colour's face-down pile (index 0 = top) and face-up slot."""

    hidden: tuple[CardId, ...] = ()
    visible: CardId | None = None


class ArkantisTurnShape(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A shape created by this turn's action."""

    shape_id: ShapeId
    """The shape's id."""
    colour: ShapeColour
    """The colour of its cells."""
    cells: tuple[CellId, ...]
    """Its cells."""
    size: int
    """How many cells it has."""
    card_type: CardType | None
    """The card type it matches, if any."""
    validated_by: CardId | None = None
    """The card laid on it, if any."""


class ArkantisResult(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The final result, once every player has passed."""

    scores: tuple[ArkantisScore, ...]
    """Every seat's score."""
    ranking: tuple[SeatId, ...]
    """The seats, best first."""
    winner_seat: SeatId
    """The winning seat."""
    decided_by: DecidedBy
    """What separated the first two places."""


class ArkantisState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The whole game state (the truth, hidden parts included)."""

    status: Status
    options: ArkantisOptions
    tokens: int
    """49-bit mask of the cells holding a token: bit (row-1)*7 + (column-1)."""
    bank: int
    orange: ArkantisPile
    emerald: ArkantisPile
    players: tuple[ArkantisPlayerState, ...]
    turn: int = 0
    active_seat: SeatId | None = None
    phase: Phase | None = None
    turn_shapes: tuple[ArkantisTurnShape, ...] = ()
    pending_shape_ids: tuple[ShapeId, ...] = ()
    leave_count: int = 0
    result: ArkantisResult | None = None

    def pile(self, colour: Colour) -> ArkantisPile:
        return self.orange if colour == "orange" else self.emerald

    def player(self, seat: str) -> ArkantisPlayerState | None:
        for p in self.players:
            if p.seat == seat:
                return p
        return None
