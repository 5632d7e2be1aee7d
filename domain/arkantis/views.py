"""What each seat may see (spec section 9): the ONLY place that decides redaction."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.arkantis.components import CARD_BY_ID, CardId, Phase, SeatId, Status
from domain.arkantis.events import (
    ArkantisCardBought,
    ArkantisCardsDealt,
    ArkantisDuplicateSwapped,
    ArkantisPileShuffled,
)
from domain.arkantis.options import ArkantisOptions
from domain.arkantis.shapes import mask_to_rows
from domain.arkantis.state import (
    ArkantisLaidCard,
    ArkantisPlayerState,
    ArkantisResult,
    ArkantisState,
    ArkantisTurnShape,
)


class ArkantisPileView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A pile as everyone sees it: its size and its face-up card."""

    hidden_count: int
    """How many face-down cards the pile holds."""
    visible: CardId | None
    """The face-up card, if any."""


class ArkantisHandCount(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Card backs show the colour: the public part of a hand."""

    orange: int
    """How many orange cards."""
    emerald: int
    """How many emerald cards."""


class ArkantisPlayerView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A seat as the viewer sees it."""

    seat: SeatId
    """The seat."""
    seat_index: int
    """Its position in playing order, from 0."""
    sesterces: int
    """Its sesterces."""
    hand: tuple[CardId, ...] | None
    """The cards, for the viewer's own seat (and for everyone once the game is over); else null."""
    hand_count: ArkantisHandCount
    """How many cards it holds, by colour."""
    laid: tuple[ArkantisLaidCard, ...]
    """The cards it laid."""
    laid_value: int
    """Their summed face values."""
    passed: bool
    """True once it passed."""
    leave_position: int | None
    """The order in which it passed, once passed."""
    tokens_at_last_move: int | None
    """The tokens left on the board when it last moved one, if ever."""
    swapped_in_turn: int | None
    """The turn it last swapped a duplicate in, if ever."""


class ArkantisView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The game as one seat (or a spectator) sees it."""

    viewer: SeatId | None
    """The seat this view is for; null for a spectator."""
    status: Status
    """The game's status."""
    options: ArkantisOptions
    """The game's options."""
    board: tuple[str, ...]
    """7 rows, row 1 first, column 1 first: B = token, R = empty."""
    token_count: int
    """How many tokens remain on the board."""
    bank: int
    """The sesterces in the bank."""
    orange: ArkantisPileView
    """The orange pile."""
    emerald: ArkantisPileView
    """The emerald pile."""
    players: tuple[ArkantisPlayerView, ...]
    """Every seat."""
    turn: int
    """The turn's number."""
    active_seat: SeatId | None
    """The seat playing, if any."""
    phase: Phase | None
    """The turn's phase, if any."""
    turn_shapes: tuple[ArkantisTurnShape, ...]
    """The shapes created this turn."""
    pending_shape_ids: tuple[str, ...]
    """The shapes still awaiting a card."""
    leave_count: int
    """How many seats have passed."""
    result: ArkantisResult | None
    """The result once the game has ended."""


@lru_cache(maxsize=4096)
def _player_view(p: ArkantisPlayerState, shows_hand: bool) -> ArkantisPlayerView:
    """A player as a view shows them (``shows_hand``: their own or a finished game's).
    Cached by the player's state: most players are unchanged by a move, and each
    view shows every player."""
    return ArkantisPlayerView(
        seat=p.seat,
        seat_index=p.seat_index,
        sesterces=p.sesterces,
        hand=p.hand if shows_hand else None,
        hand_count=ArkantisHandCount(
            orange=sum(1 for c in p.hand if CARD_BY_ID[c].colour == "orange"),
            emerald=sum(1 for c in p.hand if CARD_BY_ID[c].colour == "emerald"),
        ),
        laid=p.laid,
        laid_value=sum(CARD_BY_ID[c.card_id].face_value for c in p.laid),
        passed=p.passed,
        leave_position=p.leave_position,
        tokens_at_last_move=p.tokens_at_last_move,
        swapped_in_turn=p.swapped_in_turn,
    )


def view(state: ArkantisState, seat: str | None) -> ArkantisView:
    finished = state.status == "finished"
    players = tuple(_player_view(p, finished or p.seat == seat) for p in state.players)
    return ArkantisView(
        viewer=seat if state.player(seat or "") is not None else None,
        status=state.status,
        options=state.options,
        board=mask_to_rows(state.tokens),
        token_count=state.tokens.bit_count(),
        bank=state.bank,
        orange=ArkantisPileView(
            hidden_count=len(state.orange.hidden), visible=state.orange.visible
        ),
        emerald=ArkantisPileView(
            hidden_count=len(state.emerald.hidden), visible=state.emerald.visible
        ),
        players=players,
        turn=state.turn,
        active_seat=state.active_seat,
        phase=state.phase,
        turn_shapes=state.turn_shapes,
        pending_shape_ids=state.pending_shape_ids,
        leave_count=state.leave_count,
        result=state.result,
    )


def redact(event: Any, seat: str | None) -> Any:
    """``event`` as ``seat`` may see it: hidden fields nulled (spec 9)."""
    if isinstance(event, ArkantisPileShuffled):
        return replace(event, card_ids=None) if event.card_ids is not None else event
    if isinstance(event, ArkantisCardsDealt):
        return event if event.seat == seat else replace(event, card_ids=None)
    if isinstance(event, ArkantisCardBought):
        if event.source == "hidden" and event.seat != seat:
            return replace(event, card_id=None)
        return event
    if isinstance(event, ArkantisDuplicateSwapped):
        return event if event.seat == seat else replace(event, drawn_card_id=None)
    return event
