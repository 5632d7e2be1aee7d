"""ArkantiS commands (spec 7.2-7.9). The acting seat is ``decide``'s argument."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.arkantis.components import CardId, CellId, Colour, ShapeId, Source
from domain.kernel import CommandBase


class ArkantisRemoveToken(CommandBase, frozen=True, tag="arkantis.remove_token"):
    """Remove one token from the board (free). Active player, phase action."""

    cell: Annotated[CellId, msgspec.Meta(description="The cell whose token is removed.")]


class ArkantisRemoveTwoTokens(CommandBase, frozen=True, tag="arkantis.remove_two_tokens"):
    """Remove two tokens anywhere on the board (2 sesterces). Active player, phase action."""

    cells: Annotated[
        tuple[CellId, ...],
        msgspec.Meta(
            min_length=2,
            max_length=2,
            description="The two cells, in any order (listed in reading order).",
        ),
    ]


class ArkantisMoveToken(CommandBase, frozen=True, tag="arkantis.move_token"):
    """Move one token to any empty cell (3 sesterces). Active player, phase action.

    A player's move needs at least one token removed since their previous move."""

    from_cell: Annotated[CellId, msgspec.Meta(description="The cell holding the token to move.")]
    to_cell: Annotated[CellId, msgspec.Meta(description="An empty cell, anywhere on the board.")]


class ArkantisLayCard(CommandBase, frozen=True, tag="arkantis.lay_card"):
    """Validate a pending 4-5 cell shape of this turn with a matching card from hand.

    Active player, phase validation."""

    shape_id: Annotated[ShapeId, msgspec.Meta(description="A pending 4-5 cell shape of this turn.")]
    card_id: Annotated[
        CardId, msgspec.Meta(description="A card of the shape's type, from the player's hand.")
    ]


class ArkantisEndTurn(CommandBase, frozen=True, tag="arkantis.end_turn"):
    """Close the validation window; the pending shapes are forfeited."""


class ArkantisPassTurn(CommandBase, frozen=True, tag="arkantis.pass_turn"):
    """Pass instead of acting: the player leaves the game for good (still scored)."""


class ArkantisBuyCard(CommandBase, frozen=True, tag="arkantis.buy_card"):
    """Buy a card (emerald 1 sesterce, orange 2) at any time, even out of turn."""

    colour: Annotated[
        Colour, msgspec.Meta(description="emerald (1 sesterce) or orange (2 sesterces).")
    ]
    source: Annotated[
        Source, msgspec.Meta(description="The top of the face-down pile, or the face-up card.")
    ]
    expected_card_id: Annotated[
        CardId | None,
        msgspec.Meta(
            description="Only with source visible: the card the buyer believes is face up; the purchase"
            " is refused (visible_card_changed) if another card is there now."
        ),
    ] = None


class ArkantisSwapDuplicate(CommandBase, frozen=True, tag="arkantis.swap_duplicate"):
    """Show two identical cards, put one at the bottom of its pile and draw the top card.

    At any time, at most once per player per turn number."""

    card_id: Annotated[
        CardId, msgspec.Meta(description="The card discarded to the bottom of the hidden pile.")
    ]
    twin_card_id: Annotated[CardId, msgspec.Meta(description="The identical card kept in hand.")]


ArkantisCommand = (
    ArkantisRemoveToken
    | ArkantisRemoveTwoTokens
    | ArkantisMoveToken
    | ArkantisLayCard
    | ArkantisEndTurn
    | ArkantisPassTurn
    | ArkantisBuyCard
    | ArkantisSwapDuplicate
)
