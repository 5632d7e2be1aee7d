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


class ToursHandView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A seat's hand: its owner sees the cards, others only the count (everyone sees the
    cards once the game is over)."""

    seat: SeatIndex
    """The seat."""
    count: int
    """How many cards it holds."""
    cards: dict[IslandId, int] | None
    """Island -> number of cards (null for other seats while the game runs)."""


class ToursReserveView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A seat's reserve: strengths are public, ids and specialties are its owner's (and
    everyone's once the game is over)."""

    seat: SeatIndex
    """The seat."""
    count: int
    """How many Dragons it has in reserve."""
    strengths: list[int]
    """The strengths of those Dragons."""
    dragons: list[DragonId] | None
    """The Dragons themselves; null for the other seats while the game runs."""


class ToursTowerView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One tower as the viewer sees it."""

    tower: TowerId
    """The tower."""
    defense: int
    """Its defense."""
    house: HouseId | None
    """House of the Dragon on the tower (null when empty)."""
    dragon: DragonId | None
    """The Dragon on it; null when empty or hidden from the viewer (never once the game
    is over)."""
    strength: Strength | None
    """That Dragon's strength; null when empty."""
    specialty: Specialty | None
    """That Dragon's specialty; null when empty or hidden (never hidden once over)."""
    hidden: bool
    """A hidden Dragon: only its owner sees its id, strength and specialty while the game
    runs; once it is over everyone does (the flag stays: it ended the game hidden)."""


class ToursIslandView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One island's current threshold."""

    island: IslandId
    """The island."""
    owners: list[SeatIndex]
    """Seats owning the island (by bridges or by share): their donjons."""
    threshold: int
    """The bridges needed to own it now, chance modifiers included."""


class ToursView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The game as one seat (or a spectator, `viewer` null) may see it."""

    viewer: SeatIndex | None
    """The seat this view is for; null for a spectator."""
    houses: list[HouseId]
    """The House of each seat."""
    turn_order: list[SeatIndex]
    """The seats in playing order."""
    gold_seat: SeatIndex | None
    """The seat holding the Gold tower, once assigned."""
    phase: Phase
    """The game's phase."""
    active_seat: SeatIndex
    """The seat whose turn it is."""
    turn_number: int
    """The current turn's number."""
    final_turn: bool
    """True once the last game card was taken: this is the last turn."""
    to_act: list[SeatIndex]
    """The seats that may send a command now."""
    pile_count: int
    """How many game cards remain in the pile."""
    face_up: list[IslandId | None]
    """The face-up cards by slot (null for an empty slot)."""
    hands: list[ToursHandView]
    """How many cards each seat holds."""
    game_discard: list[IslandId]
    """The discarded game cards."""
    chance_deck_count: int
    """How many chance cards remain in the deck."""
    chance_discard: list[ChanceKind]
    """The discarded chance cards."""
    towers: list[ToursTowerView]
    """Every tower."""
    reserves: list[ToursReserveView]
    """Every seat's reserve."""
    eliminated: list[list[DragonId]]
    """Every seat's eliminated Dragons."""
    islands: list[ToursIslandView]
    """Every island's threshold."""
    shares: list[ToursShare]
    """The island shares."""
    combat_cards: list[list[ChanceKind]]
    """Every seat's kept combat cards."""
    point_cards: list[list[ChanceKind]]
    """Every seat's kept points cards."""
    atomize_count: list[int]
    """How many times each seat has atomized."""
    invulnerable: bool
    """True when the active seat is invulnerable this turn."""
    pending: ToursPending | None
    """The chance card awaiting a decision, if any."""
    scores: list[ToursScore]
    """Scores if the game ended now (final scores once over)."""
    result: ToursResult | None
    """The result once the game has ended."""


def _viewer(state: ToursState, seat: Seat | None) -> SeatIndex | None:
    return state.houses.index(seat) if seat in state.houses else None


def _sees(state: ToursState, index: SeatIndex, viewer: SeatIndex | None) -> bool:
    """Whether ``viewer`` sees what only seat ``index`` sees while the game runs: once it
    is over everyone sees everything (a finished game's log is complete: README decision 12)."""
    return index == viewer or state.phase == "over"


def _hand(state: ToursState, index: SeatIndex, viewer: SeatIndex | None) -> ToursHandView:
    hand = state.hands[index]
    return ToursHandView(
        seat=index,
        count=sum(hand.values()),
        cards=dict(hand) if _sees(state, index, viewer) else None,
    )


def _reserve(state: ToursState, index: SeatIndex, viewer: SeatIndex | None) -> ToursReserveView:
    ids = state.reserve[index]
    return ToursReserveView(
        seat=index, count=len(ids), strengths=sorted(DRAGONS[d].strength for d in ids),
        dragons=list(ids) if _sees(state, index, viewer) else None,
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
    shown = not hidden or _sees(state, state.houses.index(info.house), viewer)
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
