"""The fold step of ArkantiS: ``evolve(state, event)`` (spec section 8, "apply").

Pure and total on a valid log: it trusts recorded events, never draws, never
raises, never mutates its input (it copies only what changes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.arkantis.components import CARD_BY_ID, MAX_SEATS, SEAT_PREFIX, SESTERCES, Colour
from domain.arkantis.events import (
    ArkantisBoardLayoutDrawn,
    ArkantisBoardPrepared,
    ArkantisCardBought,
    ArkantisCardLaid,
    ArkantisCardsDealt,
    ArkantisCardTurnedFaceUp,
    ArkantisDuplicateSwapped,
    ArkantisEmptyCellMoved,
    ArkantisFirstPlayerDrawn,
    ArkantisGameCreated,
    ArkantisGameEnded,
    ArkantisPhase2DieRolled,
    ArkantisPileShuffled,
    ArkantisPlayerPassed,
    ArkantisSestercesDistributed,
    ArkantisSestercesEarned,
    ArkantisShapesCreated,
    ArkantisTokenMoved,
    ArkantisTokensRemoved,
    ArkantisTurnEnded,
    ArkantisTurnStarted,
)
from domain.arkantis.options import ArkantisOptions
from domain.arkantis.shapes import FULL, mask_of, rows_to_mask
from domain.arkantis.state import (
    ArkantisLaidCard,
    ArkantisPile,
    ArkantisPlayerState,
    ArkantisResult,
    ArkantisState,
    ArkantisTurnShape,
)
from domain.kernel import unchanged

_SEAT_INDEX: dict[str, int] = {f"{SEAT_PREFIX}{i}": i for i in range(MAX_SEATS)}
"""The usual seat ids, looked up rather than parsed (most events name a seat)."""


def index_of(seat: str) -> int:
    """The seat index of a seat id ``seat_<i>`` of a recorded event."""
    index = _SEAT_INDEX.get(seat)
    return int(seat[len(SEAT_PREFIX) :]) if index is None else index


def _with_player(
    state: ArkantisState, index: int, player: ArkantisPlayerState, **changes: Any
) -> ArkantisState:
    players = list(state.players)
    players[index] = player
    return replace(state, players=tuple(players), **changes)


def _with_pile(state: ArkantisState, colour: Colour, pile: ArkantisPile) -> dict[str, ArkantisPile]:
    """The ``replace`` keyword for one colour's pile (fields ``orange`` / ``emerald``)."""
    return {colour: pile}


def _game_created(_: ArkantisState | None, e: ArkantisGameCreated) -> ArkantisState:
    return ArkantisState(
        status="in_progress",
        options=ArkantisOptions(
            player_count=len(e.players),
            tournament_mode=e.tournament_mode,
            tournament_config=e.tournament_config,
            explicit_layout=e.explicit_layout,
        ),
        tokens=FULL,
        bank=SESTERCES,
        orange=ArkantisPile(),
        emerald=ArkantisPile(),
        players=tuple(
            ArkantisPlayerState(seat=p.seat, seat_index=p.seat_index, sesterces=0, hand=())
            for p in e.players
        ),
    )


def _layout(s: ArkantisState, e: ArkantisBoardLayoutDrawn) -> ArkantisState:
    return replace(s, tokens=FULL & ~mask_of(e.empty_cells))


def _empty_moved(s: ArkantisState, e: ArkantisEmptyCellMoved) -> ArkantisState:
    return replace(s, tokens=(s.tokens | mask_of((e.from_cell,))) & ~mask_of((e.to_cell,)))


def _prepared(s: ArkantisState, e: ArkantisBoardPrepared) -> ArkantisState:
    return replace(s, tokens=rows_to_mask(e.rows))


def _shuffled(s: ArkantisState, e: ArkantisPileShuffled) -> ArkantisState:
    pile = replace(s.pile(e.colour), hidden=tuple(e.card_ids or ()))
    return replace(s, **_with_pile(s, e.colour, pile))


def _dealt(s: ArkantisState, e: ArkantisCardsDealt) -> ArkantisState:
    hidden = {"orange": list(s.orange.hidden), "emerald": list(s.emerald.hidden)}
    taken = [hidden[colour].pop(0) for colour in e.colours]
    i = index_of(e.seat)
    p = s.players[i]
    return _with_player(
        s,
        i,
        replace(p, hand=p.hand + tuple(taken)),
        orange=replace(s.orange, hidden=tuple(hidden["orange"])),
        emerald=replace(s.emerald, hidden=tuple(hidden["emerald"])),
    )


def _face_up(s: ArkantisState, e: ArkantisCardTurnedFaceUp) -> ArkantisState:
    pile = s.pile(e.colour)
    new = ArkantisPile(hidden=pile.hidden[1:], visible=pile.hidden[0])
    return replace(s, **_with_pile(s, e.colour, new))


def _distributed(s: ArkantisState, e: ArkantisSestercesDistributed) -> ArkantisState:
    players = tuple(
        replace(p, sesterces=p.sesterces + e.amount_each) if p.seat in e.seats else p
        for p in s.players
    )
    return replace(s, players=players, bank=e.bank)


def _turn_started(s: ArkantisState, e: ArkantisTurnStarted) -> ArkantisState:
    return replace(
        s,
        turn=e.turn,
        active_seat=e.seat,
        phase="action",
        turn_shapes=(),
        pending_shape_ids=(),
    )


def _removed(s: ArkantisState, e: ArkantisTokensRemoved) -> ArkantisState:
    i = index_of(e.seat)
    p = s.players[i]
    return _with_player(
        s,
        i,
        replace(p, sesterces=p.sesterces - e.cost),
        tokens=s.tokens & ~mask_of(e.cells),
        bank=s.bank + e.cost,
    )


def _moved(s: ArkantisState, e: ArkantisTokenMoved) -> ArkantisState:
    i = index_of(e.seat)
    p = s.players[i]
    tokens = (s.tokens & ~mask_of((e.from_cell,))) | mask_of((e.to_cell,))
    player = replace(p, sesterces=p.sesterces - e.cost, tokens_at_last_move=tokens.bit_count())
    return _with_player(s, i, player, tokens=tokens, bank=s.bank + e.cost)


def _shapes(s: ArkantisState, e: ArkantisShapesCreated) -> ArkantisState:
    shapes = tuple(
        ArkantisTurnShape(
            shape_id=x.shape_id, colour=x.colour, cells=x.cells, size=x.size, card_type=x.card_type
        )
        for x in e.shapes
    )
    pending = tuple(x.shape_id for x in e.shapes if x.size >= 4)
    return replace(
        s, turn_shapes=shapes, pending_shape_ids=pending, phase="validation" if pending else s.phase
    )


def _earned(s: ArkantisState, e: ArkantisSestercesEarned) -> ArkantisState:
    i = index_of(e.seat)
    p = s.players[i]
    return _with_player(s, i, replace(p, sesterces=p.sesterces + e.paid), bank=s.bank - e.paid)


def _laid(s: ArkantisState, e: ArkantisCardLaid) -> ArkantisState:
    i = index_of(e.seat)
    p = s.players[i]
    hand = tuple(c for c in p.hand if c != e.card_id)
    laid = p.laid + (
        ArkantisLaidCard(
            card_id=e.card_id, card_type=e.card_type, shape_id=e.shape_id, turn=e.turn
        ),
    )
    shapes = tuple(
        replace(x, validated_by=e.card_id) if x.shape_id == e.shape_id else x for x in s.turn_shapes
    )
    pending = tuple(x for x in s.pending_shape_ids if x != e.shape_id)
    return _with_player(
        s, i, replace(p, hand=hand, laid=laid), turn_shapes=shapes, pending_shape_ids=pending
    )


def _turn_ended(s: ArkantisState, _: ArkantisTurnEnded) -> ArkantisState:
    return replace(s, pending_shape_ids=(), phase=None)


def _passed(s: ArkantisState, e: ArkantisPlayerPassed) -> ArkantisState:
    i = index_of(e.seat)
    p = s.players[i]
    phase = None if s.active_seat == e.seat else s.phase
    return _with_player(
        s,
        i,
        replace(p, passed=True, leave_position=e.leave_position),
        leave_count=s.leave_count + 1,
        phase=phase,
    )


def _bought(s: ArkantisState, e: ArkantisCardBought) -> ArkantisState:
    i = index_of(e.seat)
    p = s.players[i]
    pile = s.pile(e.colour)
    if e.source == "visible":
        card = pile.visible
        new_pile = replace(pile, visible=None)
    else:
        card = pile.hidden[0]
        new_pile = replace(pile, hidden=pile.hidden[1:])
    assert card is not None
    player = replace(p, sesterces=p.sesterces - e.price, hand=p.hand + (card,))
    return _with_player(s, i, player, bank=s.bank + e.price, **_with_pile(s, e.colour, new_pile))


def _swapped(s: ArkantisState, e: ArkantisDuplicateSwapped) -> ArkantisState:
    i = index_of(e.seat)
    p = s.players[i]
    colour = CARD_BY_ID[e.discarded_card_id].colour
    pile = s.pile(colour)
    hidden = pile.hidden + (e.discarded_card_id,)
    drawn = hidden[0]
    hand = tuple(c for c in p.hand if c != e.discarded_card_id) + (drawn,)
    player = replace(p, hand=hand, swapped_in_turn=e.turn)
    return _with_player(s, i, player, **_with_pile(s, colour, replace(pile, hidden=hidden[1:])))


def _ended(s: ArkantisState, e: ArkantisGameEnded) -> ArkantisState:
    result = ArkantisResult(
        scores=e.scores, ranking=e.ranking, winner_seat=e.winner_seat, decided_by=e.decided_by
    )
    return replace(s, status="finished", active_seat=None, phase=None, result=result)


_HANDLERS: dict[type, Callable[[Any, Any], ArkantisState]] = {
    ArkantisGameCreated: _game_created,
    ArkantisBoardLayoutDrawn: _layout,
    ArkantisPhase2DieRolled: unchanged,
    ArkantisEmptyCellMoved: _empty_moved,
    ArkantisBoardPrepared: _prepared,
    ArkantisPileShuffled: _shuffled,
    ArkantisCardsDealt: _dealt,
    ArkantisCardTurnedFaceUp: _face_up,
    ArkantisSestercesDistributed: _distributed,
    ArkantisFirstPlayerDrawn: unchanged,
    ArkantisTurnStarted: _turn_started,
    ArkantisTokensRemoved: _removed,
    ArkantisTokenMoved: _moved,
    ArkantisShapesCreated: _shapes,
    ArkantisSestercesEarned: _earned,
    ArkantisCardLaid: _laid,
    ArkantisTurnEnded: _turn_ended,
    ArkantisPlayerPassed: _passed,
    ArkantisCardBought: _bought,
    ArkantisDuplicateSwapped: _swapped,
    ArkantisGameEnded: _ended,
}


def evolve(state: ArkantisState | None, event: Any) -> ArkantisState:
    """Apply one recorded event; returns a new state (the input is never mutated).

    An event of no ArkantiS type is a bug of the caller: it raises TypeError."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"{type(event).__name__} is not an ArkantiS event")
    return handler(state, event)
