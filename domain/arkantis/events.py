"""ArkantiS events (spec section 8). Fields marked hidden are Optional: a redacted
copy (views.py) nulls them; the stored log always holds the truth."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.arkantis.components import (
    CardId,
    CardType,
    CellId,
    Colour,
    DecidedBy,
    LayoutSource,
    PassReason,
    Row,
    SeatId,
    ShapeColour,
    ShapeId,
    Source,
)
from domain.kernel import EventBase

Turn = Annotated[int, msgspec.Meta(ge=1)]


class ArkantisSeatEntry(msgspec.Struct, frozen=True, kw_only=True):
    """A seat of the game: its id and its index in the seat order."""

    seat: SeatId
    seat_index: Annotated[int, msgspec.Meta(ge=0, le=3)]


class ArkantisShape(msgspec.Struct, frozen=True, kw_only=True):
    """A new shape created by an action (spec 3.4-3.6)."""

    shape_id: ShapeId
    colour: ShapeColour
    cells: tuple[CellId, ...]
    """Reading order."""
    size: Annotated[int, msgspec.Meta(ge=2, le=5)]
    card_type: CardType | None
    """The matching card type for 4-5 cells; null for 2-3 cells."""


class ArkantisScore(msgspec.Struct, frozen=True, kw_only=True):
    """One player's final score (spec 11.2)."""

    seat: SeatId
    laid_value: int
    laid_count: int
    sesterces: int
    hand_penalty: int
    score: int
    """laid_value + sesterces - hand_penalty."""
    leave_position: int
    rank: int


class ArkantisGameCreated(EventBase, frozen=True, kw_only=True, tag="arkantis.game_created"):
    """The game exists; bank 50."""

    ruleset: str = "arkantis/1"
    players: tuple[ArkantisSeatEntry, ...]
    tournament_mode: bool
    tournament_config: int | None
    explicit_layout: tuple[Row, ...] | None


class ArkantisBoardLayoutDrawn(EventBase, frozen=True, tag="arkantis.board_layout_drawn"):
    """Phase 1: the 7 empty cells (one per row and per column)."""

    source: LayoutSource
    tournament_config: Annotated[int, msgspec.Meta(ge=1, le=80)] | None
    empty_cells: tuple[CellId, ...]
    """Row order."""


class ArkantisPhase2DieRolled(EventBase, frozen=True, tag="arkantis.phase_2_die_rolled"):
    """Phase 2: the die roll (record of the draw)."""

    value: Annotated[int, msgspec.Meta(ge=1, le=6)]


class ArkantisEmptyCellMoved(EventBase, frozen=True, tag="arkantis.empty_cell_moved"):
    """Phase 2: the empty cell of row 4 moved to the k-th full cell from the base."""

    column: Annotated[int, msgspec.Meta(ge=1, le=7)]
    from_cell: CellId
    to_cell: CellId


class ArkantisBoardPrepared(EventBase, frozen=True, tag="arkantis.board_prepared"):
    """The prepared board (authoritative)."""

    rows: tuple[Row, ...]


class ArkantisPileShuffled(EventBase, frozen=True, tag="arkantis.pile_shuffled"):
    """A hidden pile was shuffled. card_ids (top first) is hidden from everyone."""

    colour: Colour
    count: int
    card_ids: Annotated[
        tuple[CardId, ...] | None,
        msgspec.Meta(description="Top first. Hidden: null in every redacted copy."),
    ]


class ArkantisCardsDealt(EventBase, frozen=True, tag="arkantis.cards_dealt"):
    """A player's starting hand: 2 orange then 1 emerald, from the pile tops."""

    seat: SeatId
    colours: tuple[Colour, ...]
    card_ids: Annotated[
        tuple[CardId, ...] | None,
        msgspec.Meta(description="Hidden from everyone but seat (null for them)."),
    ]


class ArkantisCardTurnedFaceUp(EventBase, frozen=True, tag="arkantis.card_turned_face_up"):
    """The top hidden card of a colour went to its visible slot."""

    colour: Colour
    card_id: CardId


class ArkantisSestercesDistributed(EventBase, frozen=True, tag="arkantis.sesterces_distributed"):
    """Each player got amount_each sesterces; the bank keeps the rest."""

    amount_each: int
    seats: tuple[SeatId, ...]
    bank: int


class ArkantisFirstPlayerDrawn(EventBase, frozen=True, tag="arkantis.first_player_drawn"):
    """The random draw of the first player."""

    seat: SeatId


class ArkantisTurnStarted(EventBase, frozen=True, tag="arkantis.turn_started"):
    """A turn starts: seat is active, phase action."""

    turn: Turn
    seat: SeatId


class ArkantisTokensRemoved(EventBase, frozen=True, tag="arkantis.tokens_removed"):
    """One (free) or two (2 sesterces) tokens left the board."""

    turn: Turn
    seat: SeatId
    cells: tuple[CellId, ...]
    """Reading order."""
    cost: Literal[0, 2]


class ArkantisTokenMoved(EventBase, frozen=True, tag="arkantis.token_moved"):
    """A token moved to an empty cell (3 sesterces)."""

    turn: Turn
    seat: SeatId
    from_cell: CellId
    to_cell: CellId
    cost: Literal[3]


class ArkantisShapesCreated(EventBase, frozen=True, tag="arkantis.shapes_created"):
    """The new shapes of the action: red ones first, then blue, by first cell."""

    turn: Turn
    seat: SeatId
    shapes: tuple[ArkantisShape, ...]


class ArkantisSestercesEarned(EventBase, frozen=True, tag="arkantis.sesterces_earned"):
    """The 2-3 cell shapes pay their sizes; the bank pays at most what it holds."""

    turn: Turn
    seat: SeatId
    shape_ids: tuple[ShapeId, ...]
    owed: int
    paid: int


class ArkantisCardLaid(EventBase, frozen=True, tag="arkantis.card_laid"):
    """A card from hand validated a pending shape; it scores face_value at the end."""

    turn: Turn
    seat: SeatId
    shape_id: ShapeId
    card_id: CardId
    card_type: CardType
    face_value: int


class ArkantisTurnEnded(EventBase, frozen=True, tag="arkantis.turn_ended"):
    """The turn is over; shapes still pending are forfeited for good."""

    turn: Turn
    seat: SeatId
    forfeited_shape_ids: tuple[ShapeId, ...]


class ArkantisPlayerPassed(EventBase, frozen=True, tag="arkantis.player_passed"):
    """A player left the game for good (voluntarily or with no legal action)."""

    turn: Turn
    seat: SeatId
    reason: PassReason
    leave_position: Annotated[int, msgspec.Meta(ge=1, le=4)]


class ArkantisCardBought(EventBase, frozen=True, tag="arkantis.card_bought"):
    """A player bought a card; card_id is hidden from others when source is hidden."""

    turn: Turn
    seat: SeatId
    colour: Colour
    source: Source
    card_id: Annotated[
        CardId | None,
        msgspec.Meta(
            description="Hidden from everyone but seat when source is hidden (null for them)."
        ),
    ]
    price: Literal[1, 2]


class ArkantisDuplicateSwapped(EventBase, frozen=True, tag="arkantis.duplicate_swapped"):
    """Two identical cards shown; one went to the bottom of its pile, the top card was drawn."""

    turn: Turn
    seat: SeatId
    colour: Colour
    card_type: CardType
    shown_card_ids: tuple[CardId, ...]
    """[card_id, twin_card_id]: public."""
    discarded_card_id: CardId
    drawn_card_id: Annotated[
        CardId | None,
        msgspec.Meta(description="Hidden from everyone but seat (null for them)."),
    ]


class ArkantisGameEnded(EventBase, frozen=True, kw_only=True, tag="arkantis.game_ended"):
    """Every player has passed: final hands, scores and ranking."""

    reason: Literal["all_players_passed"] = "all_players_passed"
    hands: dict[str, tuple[CardId, ...]]
    scores: tuple[ArkantisScore, ...]
    """Seat order."""
    ranking: tuple[SeatId, ...]
    winner_seat: SeatId
    decided_by: DecidedBy


ArkantisEvent = (
    ArkantisGameCreated
    | ArkantisBoardLayoutDrawn
    | ArkantisPhase2DieRolled
    | ArkantisEmptyCellMoved
    | ArkantisBoardPrepared
    | ArkantisPileShuffled
    | ArkantisCardsDealt
    | ArkantisCardTurnedFaceUp
    | ArkantisSestercesDistributed
    | ArkantisFirstPlayerDrawn
    | ArkantisTurnStarted
    | ArkantisTokensRemoved
    | ArkantisTokenMoved
    | ArkantisShapesCreated
    | ArkantisSestercesEarned
    | ArkantisCardLaid
    | ArkantisTurnEnded
    | ArkantisPlayerPassed
    | ArkantisCardBought
    | ArkantisDuplicateSwapped
    | ArkantisGameEnded
)
