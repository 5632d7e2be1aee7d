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


class ArkantisSeatEntry(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A seat of the game: its id and its index in the seat order."""

    seat: SeatId
    """The seat's id."""
    seat_index: Annotated[int, msgspec.Meta(ge=0, le=3)]
    """The seat's position in playing order, from 0."""


class ArkantisShape(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A new shape created by an action (spec 3.4-3.6)."""

    shape_id: ShapeId
    """The shape's id within the turn."""
    colour: ShapeColour
    """The colour of the shape's cells."""
    cells: tuple[CellId, ...]
    """Reading order."""
    size: Annotated[int, msgspec.Meta(ge=2, le=5)]
    """How many cells the shape has (2 to 5)."""
    card_type: CardType | None
    """The matching card type for 4-5 cells; null for 2-3 cells."""


class ArkantisScore(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One player's final score (spec 11.2)."""

    seat: SeatId
    """The seat."""
    laid_value: int
    """The summed face values of the seat's laid cards."""
    laid_count: int
    """How many cards the seat laid."""
    sesterces: int
    """The sesterces the seat holds at the end."""
    hand_penalty: int
    """The penalty for the cards left in hand."""
    score: int
    """laid_value + sesterces - hand_penalty."""
    leave_position: int
    """The order in which the seat passed (1 = first)."""
    rank: int
    """The seat's final rank (1 = won)."""


class ArkantisGameCreated(EventBase, frozen=True, kw_only=True, tag="arkantis.game_created"):
    """The game exists; bank 50."""

    ruleset: str = "arkantis/1"
    """The ruleset's id."""
    players: tuple[ArkantisSeatEntry, ...]
    """The seats, in playing order."""
    tournament_mode: bool
    """True for a tournament game."""
    tournament_config: int | None
    """The tournament layout's number, in tournament mode."""
    explicit_layout: tuple[Row, ...] | None
    """A board layout given in the options, if any."""


class ArkantisBoardLayoutDrawn(EventBase, frozen=True, tag="arkantis.board_layout_drawn"):
    """Phase 1: the 7 empty cells (one per row and per column)."""

    source: LayoutSource
    """Where the layout comes from."""
    tournament_config: Annotated[int, msgspec.Meta(ge=1, le=80)] | None
    """The tournament layout's number, when drawn from the tournament layouts."""
    empty_cells: tuple[CellId, ...]
    """Row order."""


class ArkantisPhase2DieRolled(EventBase, frozen=True, tag="arkantis.phase_2_die_rolled"):
    """Phase 2: the die roll (record of the draw)."""

    value: Annotated[int, msgspec.Meta(ge=1, le=6)]
    """The face rolled (1 to 6)."""


class ArkantisEmptyCellMoved(EventBase, frozen=True, tag="arkantis.empty_cell_moved"):
    """Phase 2: the empty cell of row 4 moved to the k-th full cell from the base."""

    column: Annotated[int, msgspec.Meta(ge=1, le=7)]
    """The column whose empty cell moves (1 to 7)."""
    from_cell: CellId
    """The empty cell's former place."""
    to_cell: CellId
    """The empty cell's new place."""


class ArkantisBoardPrepared(EventBase, frozen=True, tag="arkantis.board_prepared"):
    """The prepared board (authoritative)."""

    rows: tuple[Row, ...]
    """The board's rows, top first."""


class ArkantisPileShuffled(EventBase, frozen=True, tag="arkantis.pile_shuffled"):
    """A hidden pile was shuffled. card_ids (top first) is hidden from everyone."""

    colour: Colour
    """The pile's colour."""
    count: int
    """How many cards the pile holds."""
    card_ids: Annotated[
        tuple[CardId, ...] | None,
        msgspec.Meta(description="Top first. Hidden: null in every redacted copy."),
    ]


class ArkantisCardsDealt(EventBase, frozen=True, tag="arkantis.cards_dealt"):
    """A player's starting hand: 2 orange then 1 emerald, from the pile tops."""

    seat: SeatId
    """The seat dealt the cards."""
    colours: tuple[Colour, ...]
    """The colour of each card dealt."""
    card_ids: Annotated[
        tuple[CardId, ...] | None,
        msgspec.Meta(description="Hidden from everyone but seat (null for them)."),
    ]


class ArkantisCardTurnedFaceUp(EventBase, frozen=True, tag="arkantis.card_turned_face_up"):
    """The top hidden card of a colour went to its visible slot."""

    colour: Colour
    """The pile's colour."""
    card_id: CardId
    """The card now face up."""


class ArkantisSestercesDistributed(EventBase, frozen=True, tag="arkantis.sesterces_distributed"):
    """Each player got amount_each sesterces; the bank keeps the rest."""

    amount_each: int
    """The sesterces each seat receives."""
    seats: tuple[SeatId, ...]
    """The seats receiving them."""
    bank: int
    """The sesterces left in the bank."""


class ArkantisFirstPlayerDrawn(EventBase, frozen=True, tag="arkantis.first_player_drawn"):
    """The random draw of the first player."""

    seat: SeatId
    """The seat that plays first."""


class ArkantisTurnStarted(EventBase, frozen=True, tag="arkantis.turn_started"):
    """A turn starts: seat is active, phase action."""

    turn: Turn
    """The turn's number."""
    seat: SeatId
    """The seat whose turn begins."""


class ArkantisTokensRemoved(EventBase, frozen=True, tag="arkantis.tokens_removed"):
    """One (free) or two (2 sesterces) tokens left the board."""

    turn: Turn
    """The turn's number."""
    seat: SeatId
    """The seat playing."""
    cells: tuple[CellId, ...]
    """Reading order."""
    cost: Literal[0, 2]
    """The sesterces paid (2 for removing two tokens, else 0)."""


class ArkantisTokenMoved(EventBase, frozen=True, tag="arkantis.token_moved"):
    """A token moved to an empty cell (3 sesterces)."""

    turn: Turn
    """The turn's number."""
    seat: SeatId
    """The seat playing."""
    from_cell: CellId
    """The cell the token left."""
    to_cell: CellId
    """The cell it moved to."""
    cost: Literal[3]
    """The sesterces paid."""


class ArkantisShapesCreated(EventBase, frozen=True, tag="arkantis.shapes_created"):
    """The new shapes of the action: red ones first, then blue, by first cell."""

    turn: Turn
    """The turn's number."""
    seat: SeatId
    """The seat playing."""
    shapes: tuple[ArkantisShape, ...]
    """The shapes the move created."""


class ArkantisSestercesEarned(EventBase, frozen=True, tag="arkantis.sesterces_earned"):
    """The 2-3 cell shapes pay their sizes; the bank pays at most what it holds."""

    turn: Turn
    """The turn's number."""
    seat: SeatId
    """The seat earning."""
    shape_ids: tuple[ShapeId, ...]
    """The shapes that earn."""
    owed: int
    """The sesterces owed."""
    paid: int
    """The sesterces paid (the bank may hold fewer)."""


class ArkantisCardLaid(EventBase, frozen=True, tag="arkantis.card_laid"):
    """A card from hand validated a pending shape; it scores face_value at the end."""

    turn: Turn
    """The turn's number."""
    seat: SeatId
    """The seat laying the card."""
    shape_id: ShapeId
    """The shape the card validates."""
    card_id: CardId
    """The card laid."""
    card_type: CardType
    """The card's type."""
    face_value: int
    """The card's face value."""


class ArkantisTurnEnded(EventBase, frozen=True, tag="arkantis.turn_ended"):
    """The turn is over; shapes still pending are forfeited for good."""

    turn: Turn
    """The turn's number."""
    seat: SeatId
    """The seat whose turn ends."""
    forfeited_shape_ids: tuple[ShapeId, ...]
    """The shapes left without a card."""


class ArkantisPlayerPassed(EventBase, frozen=True, tag="arkantis.player_passed"):
    """A player left the game for good (voluntarily or with no legal action)."""

    turn: Turn
    """The turn's number."""
    seat: SeatId
    """The seat passing."""
    reason: PassReason
    """Why the seat passed."""
    leave_position: Annotated[int, msgspec.Meta(ge=1, le=4)]
    """The order in which it passed (1 = first)."""


class ArkantisCardBought(EventBase, frozen=True, tag="arkantis.card_bought"):
    """A player bought a card; card_id is hidden from others when source is hidden."""

    turn: Turn
    """The turn's number."""
    seat: SeatId
    """The seat buying."""
    colour: Colour
    """The pile's colour."""
    source: Source
    """The face-down pile or the face-up card."""
    card_id: Annotated[
        CardId | None,
        msgspec.Meta(
            description="Hidden from everyone but seat when source is hidden (null for them)."
        ),
    ]
    price: Literal[1, 2]
    """The sesterces paid."""


class ArkantisDuplicateSwapped(EventBase, frozen=True, tag="arkantis.duplicate_swapped"):
    """Two identical cards shown; one went to the bottom of its pile, the top card was drawn."""

    turn: Turn
    """The turn's number."""
    seat: SeatId
    """The seat swapping."""
    colour: Colour
    """The pile's colour."""
    card_type: CardType
    """The duplicated card's type."""
    shown_card_ids: tuple[CardId, ...]
    """[card_id, twin_card_id]: public."""
    discarded_card_id: CardId
    """The card put under the pile."""
    drawn_card_id: Annotated[
        CardId | None,
        msgspec.Meta(description="Hidden from everyone but seat (null for them)."),
    ]


class ArkantisGameEnded(EventBase, frozen=True, kw_only=True, tag="arkantis.game_ended"):
    """Every player has passed: final hands, scores and ranking."""

    reason: Literal["all_players_passed"] = "all_players_passed"
    """Why the game ended: every seat passed."""
    hands: dict[str, tuple[CardId, ...]]
    """Every seat's hand, revealed."""
    scores: tuple[ArkantisScore, ...]
    """Seat order."""
    ranking: tuple[SeatId, ...]
    """The seats, best first."""
    winner_seat: SeatId
    """The winning seat."""
    decided_by: DecidedBy
    """What separated the first two places."""


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
