"""What each seat may see (spec section 9): the only place that decides redaction.

Hidden: the order and content of the central pile (only its count is shown),
the border piles below their top cards, the hidden upgrade pile (count only),
and the Exploration peek, seen by the peeking seat alone.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.eclats_des_cites.battle import strength
from domain.eclats_des_cites.components import (
    SEAT_INDEX,
    CardId,
    GrantSource,
    PileId,
    RevealSource,
    SeatIndex,
    Status,
    UpgradeId,
    WonderId,
    all_piles,
)
from domain.eclats_des_cites.events import EclatsCentralTopPeeked, EclatsEvent, EclatsGameSetUp
from domain.eclats_des_cites.scoring import score
from domain.eclats_des_cites.state import EclatsDecision, EclatsResult, EclatsState
from domain.kernel import Seat


class EclatsPileView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A pile as everyone sees it."""

    pile_id: PileId
    """The pile."""
    count: int
    """How many cards it holds."""
    top: CardId | None
    """The face-up top card of a border pile (always null for `central`)."""


class EclatsPlayerView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A player's board (all public)."""

    seat: SeatIndex
    """The seat."""
    wonder: WonderId | None
    """Its wonder, once chosen."""
    stages_built: int
    """How many stages it built."""
    tableau: dict[CardId, int]
    """Its cards in play, with their counts."""
    upgrades: list[UpgradeId]
    """Its upgrades."""
    permanent_shields: int
    """Its permanent shields."""
    victories: int
    """Its victories."""
    turns_taken: int
    """How many turns it has played."""
    strength: int
    """Battle strength now (section 6)."""
    prestige: int
    """Prestige if the game ended now (section 11 formula)."""


class EclatsTurnView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The turn in progress, as a seat may see it."""

    seat: SeatIndex
    """The seat playing."""
    jokers_played: int
    """The jokers played this turn."""
    stages_built_this_turn: int
    """The stages built this turn."""
    grant_queue: list[GrantSource]
    """The grants still to use this turn."""
    revealed: list[CardId]
    """The cards revealed and awaiting a choice."""
    reveal_source: RevealSource | None
    """What revealed them, if any."""
    exploring_card: CardId | None
    """The card being explored, if any."""
    peeked_card: CardId | None
    """What the Exploration upgrade showed: only the turn's player sees it."""


class EclatsView(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A game as one seat (or a spectator) may see it."""

    viewer: SeatIndex | None
    """The seat this view is for (null: a spectator)."""
    status: Status
    """The game's status."""
    seat_count: int
    """How many seats play."""
    first_seat: SeatIndex
    """The seat that played first."""
    wonder_choice_order: list[SeatIndex]
    """The order in which seats choose their wonder."""
    current_seat: SeatIndex | None
    """The seat playing, if any."""
    turn_number: int
    """The turn's number."""
    players: list[EclatsPlayerView]
    """Every seat."""
    piles: list[EclatsPileView]
    """`central` then `border_0` … `border_{n-1}`: counts and border tops."""
    discard: list[CardId]
    """The discarded cards."""
    upgrades_face_up: list[UpgradeId]
    """The face-up upgrades."""
    upgrades_hidden_count: int
    """How many upgrades remain face down."""
    alerts: int
    """The conflict alerts."""
    pending: EclatsDecision | None
    """The decision awaited, if any."""
    turn: EclatsTurnView | None
    """The turn in progress, if any."""
    wonder_completed_by: SeatIndex | None
    """The seat that completed its wonder, if any."""
    result: EclatsResult | None
    """The result once the game has ended."""


def _viewer(seat: Seat | None) -> SeatIndex | None:
    return None if seat is None else SEAT_INDEX.get(seat)


def view(state: EclatsState, seat: Seat | None) -> EclatsView:
    viewer = _viewer(seat)
    if viewer is not None and viewer >= state.n:
        viewer = None
    players = [
        EclatsPlayerView(
            seat=p.seat,
            wonder=p.wonder,
            stages_built=p.stages_built,
            tableau=dict(p.tableau),
            upgrades=list(p.upgrades),
            permanent_shields=p.permanent_shields,
            victories=p.victories,
            turns_taken=p.turns_taken,
            strength=strength(state, p.seat),
            prestige=score(p).total,
        )
        for p in state.players
    ]
    piles = []
    for pile_id in all_piles(state.n):
        cards = state.piles[pile_id]
        top = cards[0] if cards and pile_id != "central" else None
        piles.append(EclatsPileView(pile_id=pile_id, count=len(cards), top=top))
    t = state.turn
    turn = None
    if t is not None:
        turn = EclatsTurnView(
            seat=t.seat,
            jokers_played=t.jokers_played,
            stages_built_this_turn=t.stages_built_this_turn,
            grant_queue=list(t.grant_queue),
            revealed=list(t.revealed),
            reveal_source=t.reveal_source,
            exploring_card=t.exploring_card,
            peeked_card=t.peeked_card if viewer == t.seat else None,
        )
    return EclatsView(
        viewer=viewer,
        status=state.status,
        seat_count=state.n,
        first_seat=state.first_seat,
        wonder_choice_order=list(state.wonder_choice_order),
        current_seat=state.current_seat,
        turn_number=state.turn_number,
        players=players,
        piles=piles,
        discard=list(state.discard),
        upgrades_face_up=list(state.upgrades_face_up),
        upgrades_hidden_count=len(state.upgrades_hidden),
        alerts=state.alerts,
        pending=state.pending,
        turn=turn,
        wonder_completed_by=state.wonder_completed_by,
        result=state.result,
    )


def redact(event: EclatsEvent, seat: Seat | None) -> EclatsEvent:
    """``event`` as ``seat`` may see it (spec section 9, second table)."""
    kind = type(event)
    if kind is EclatsGameSetUp:
        return replace(event, central=None, borders=None, upgrades_hidden=None)
    if isinstance(event, EclatsCentralTopPeeked):
        if event.card_id is not None and _viewer(seat) != event.seat:
            return replace(event, card_id=None)
    return event
