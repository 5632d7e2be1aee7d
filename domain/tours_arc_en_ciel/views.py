"""What a seat may see (spec section 9): ``view`` and ``redact``.

This module is the only place that decides redaction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.kernel import Seat
from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.components import (
    DRAGONS,
    ISLANDS,
    TOWERS,
    ChanceKind,
    DragonId,
    HouseId,
    IslandId,
    SeatIndex,
    Specialty,
    Strength,
    TowerId,
)
from domain.tours_arc_en_ciel.events import ToursEvent
from domain.tours_arc_en_ciel.scoring import scores
from domain.tours_arc_en_ciel.state import (
    Phase,
    ToursPending,
    ToursResult,
    ToursScore,
    ToursShare,
    ToursState,
)


class ToursHandView(msgspec.Struct, frozen=True, kw_only=True):
    """A seat's hand: its owner sees the cards, others only the count."""

    seat: SeatIndex
    count: int
    cards: dict[IslandId, int] | None
    """Island -> number of cards (null for other seats)."""


class ToursReserveView(msgspec.Struct, frozen=True, kw_only=True):
    """A seat's reserve: strengths are public, ids and specialties are its owner's."""

    seat: SeatIndex
    count: int
    strengths: list[int]
    dragons: list[DragonId] | None


class ToursTowerView(msgspec.Struct, frozen=True, kw_only=True):
    tower: TowerId
    defense: int
    house: HouseId | None
    """House of the Dragon on the tower (null when empty)."""
    dragon: DragonId | None
    strength: Strength | None
    specialty: Specialty | None
    hidden: bool
    """A hidden Dragon: only its owner sees its id, strength and specialty."""


class ToursIslandView(msgspec.Struct, frozen=True, kw_only=True):
    island: IslandId
    owners: list[SeatIndex]
    """Seats owning the island (by bridges or by share): their donjons."""
    threshold: int


class ToursView(msgspec.Struct, frozen=True, kw_only=True):
    """The game as one seat (or a spectator, `viewer` null) may see it."""

    viewer: SeatIndex | None
    houses: list[HouseId]
    turn_order: list[SeatIndex]
    gold_seat: SeatIndex | None
    phase: Phase
    active_seat: SeatIndex
    turn_number: int
    final_turn: bool
    to_act: list[SeatIndex]
    pile_count: int
    face_up: list[IslandId | None]
    hands: list[ToursHandView]
    game_discard: list[IslandId]
    chance_deck_count: int
    chance_discard: list[ChanceKind]
    towers: list[ToursTowerView]
    reserves: list[ToursReserveView]
    eliminated: list[list[DragonId]]
    islands: list[ToursIslandView]
    shares: list[ToursShare]
    combat_cards: list[list[ChanceKind]]
    point_cards: list[list[ChanceKind]]
    atomize_count: list[int]
    invulnerable: bool
    pending: ToursPending | None
    scores: list[ToursScore]
    """Scores if the game ended now (final scores once over)."""
    result: ToursResult | None


def _viewer(state: ToursState, seat: Seat | None) -> SeatIndex | None:
    return state.houses.index(seat) if seat in state.houses else None


def _hand(state: ToursState, index: SeatIndex, viewer: SeatIndex | None) -> ToursHandView:
    hand = state.hands[index]
    return ToursHandView(
        seat=index, count=sum(hand.values()), cards=dict(hand) if index == viewer else None
    )


def _reserve(state: ToursState, index: SeatIndex, viewer: SeatIndex | None) -> ToursReserveView:
    ids = state.reserve[index]
    return ToursReserveView(
        seat=index, count=len(ids), strengths=sorted(DRAGONS[d].strength for d in ids),
        dragons=list(ids) if index == viewer else None,
    )  # fmt: skip


def _tower(state: ToursState, t: TowerId, viewer: SeatIndex | None) -> ToursTowerView:
    d = state.occupant.get(t)
    if d is None:
        return ToursTowerView(
            tower=t, defense=state.defense[t], house=None, dragon=None, strength=None,
            specialty=None, hidden=False,
        )  # fmt: skip
    info = DRAGONS[d]
    hidden = d in state.hidden
    shown = not hidden or state.houses.index(info.house) == viewer
    return ToursTowerView(
        tower=t, defense=state.defense[t], house=info.house, dragon=d if shown else None,
        strength=info.strength if shown else None, specialty=info.specialty if shown else None,
        hidden=hidden,
    )  # fmt: skip


def view(state: ToursState, seat: Seat | None) -> ToursView:
    viewer = _viewer(state, seat)
    n = len(state.houses)
    own = board.owners(state)
    waiting = (
        []
        if state.phase == "over"
        else [state.pending.decider if state.pending is not None else state.active_seat]
    )
    return ToursView(
        viewer=viewer,
        houses=list(state.houses),
        turn_order=list(state.turn_order),
        gold_seat=state.gold_seat,
        phase=state.phase,
        active_seat=state.active_seat,
        turn_number=state.turn_number,
        final_turn=state.final_turn,
        to_act=waiting,
        pile_count=len(state.pile),
        face_up=list(state.face_up),
        hands=[_hand(state, index, viewer) for index in range(n)],
        game_discard=list(state.game_discard),
        chance_deck_count=len(state.chance_deck),
        chance_discard=list(state.chance_discard),
        towers=[_tower(state, t, viewer) for t in TOWERS],
        reserves=[_reserve(state, index, viewer) for index in range(n)],
        eliminated=[list(e) for e in state.eliminated],
        islands=[
            ToursIslandView(island=i, owners=list(own[i]), threshold=board.threshold(state, i))
            for i in ISLANDS
        ],
        shares=list(state.shares),
        combat_cards=[list(c) for c in state.combat_cards],
        point_cards=[list(c) for c in state.point_cards],
        atomize_count=list(state.atomize_count),
        invulnerable=state.turn.invulnerable,
        pending=state.pending,
        scores=state.result.scores if state.result is not None else scores(state),
        result=state.result,
    )


def redact(event: ToursEvent, seat: Seat | None) -> ToursEvent:
    """``event`` as ``seat`` (a House id; None: a spectator) may see it (spec 9).

    Events name seats by index; the ones redacted per seat carry the House
    they concern (``house``, or the Dragon id), since redaction sees no state.
    """
    rule = _REDACTIONS.get(type(event))
    if rule is None:
        return event
    redacted: ToursEvent = rule(event, seat)
    return redacted


def _order(event: Any, seat: Seat | None) -> Any:
    return replace(event, order=None)


def _cards_dealt(event: ev.ToursCardsDealt, seat: Seat | None) -> Any:
    return event if seat == event.house else replace(event, cards=None)


def _card_taken(event: ev.ToursCardTaken, seat: Seat | None) -> Any:
    if event.source == "pile" and seat != event.house:
        return replace(event, island=None)
    return event


def _dragon_arrived(event: ev.ToursDragonArrived, seat: Seat | None) -> Any:
    if event.hidden and not event.contested and not _mine(event.dragon, seat):
        return replace(event, dragon=None, strength=None, specialty=None)
    return event


def _dragons_swapped(event: ev.ToursDragonsSwapped, seat: Seat | None) -> Any:
    if not (event.hidden_a or event.hidden_b) or _mine(event.dragon_a, seat):
        return event
    return replace(
        event,
        dragon_a=None if event.hidden_a else event.dragon_a,
        dragon_b=None if event.hidden_b else event.dragon_b,
    )


def _dragon_removed(event: ev.ToursDragonRemoved, seat: Seat | None) -> Any:
    if event.was_hidden and not _mine(event.dragon, seat):
        return replace(event, dragon=None, specialty=None)
    return event


def _dragon_hidden(event: ev.ToursDragonHidden, seat: Seat | None) -> Any:
    return event if _mine(event.dragon, seat) else replace(event, dragon=None)


_REDACTIONS: dict[type, Callable[[Any, str | None], Any]] = {
    ev.ToursGameDeckShuffled: _order,
    ev.ToursChanceDeckShuffled: _order,
    ev.ToursChanceDeckReshuffled: _order,
    ev.ToursCardsDealt: _cards_dealt,
    ev.ToursCardTaken: _card_taken,
    ev.ToursDragonArrived: _dragon_arrived,
    ev.ToursDragonsSwapped: _dragons_swapped,
    ev.ToursDragonRemoved: _dragon_removed,
    ev.ToursDragonHidden: _dragon_hidden,
}


def _mine(dragon: str | None, seat: Seat | None) -> bool:
    info = DRAGONS.get(dragon) if dragon is not None else None
    return info is not None and info.house == seat
