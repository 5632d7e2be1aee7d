"""The game state of Éclats des Cités (spec section 6).

Sequences are tuples so that a state can be shared safely between versions:
``evolve`` copies only what an event changes.
"""

from __future__ import annotations

import msgspec

from domain.eclats_des_cites.components import (
    CardId,
    DecisionKind,
    DecisionSource,
    EndReason,
    GrantSource,
    PileId,
    RevealSource,
    SeatIndex,
    Status,
    UpgradeId,
    WonderId,
)
from domain.eclats_des_cites.events import EclatsScore


class EclatsPlayer(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One player's public board."""

    seat: SeatIndex
    """The seat."""
    wonder: WonderId | None = None
    """Its wonder, once chosen."""
    stages_built: int = 0
    """0..5; the next stage is stages_built + 1."""
    tableau: dict[CardId, int] = msgspec.field(default_factory=dict)
    """Kept cards by kind (only kinds with at least one copy)."""
    upgrades: tuple[UpgradeId, ...] = ()
    """In the order taken."""
    permanent_shields: int = 0
    """From the Sanctuaire."""
    victories: int = 0
    """Its victories."""
    turns_taken: int = 0
    """How many turns it has played."""


class EclatsTurn(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The turn in progress."""

    seat: SeatIndex
    """The seat playing."""
    jokers_played: int = 0
    """The jokers played this turn."""
    stages_built_this_turn: int = 0
    """The stages built this turn."""
    grant_queue: tuple[GrantSource, ...] = ()
    """Extra takes waiting, first granted first."""
    revealed: tuple[CardId, ...] = ()
    """Cards lifted by a reveal, waiting for the choice."""
    reveal_source: RevealSource | None = None
    """What revealed the cards awaiting a choice, if any."""
    exploring_card: CardId | None = None
    """The Boussole or Belvédère being resolved."""
    peeked_card: CardId | None = None
    """Hidden: what the Exploration upgrade showed ``seat``."""


class EclatsDecision(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The answer the game waits for."""

    seat: SeatIndex
    """The seat that must decide."""
    kind: DecisionKind
    """What is to be decided."""
    source: DecisionSource
    """What asks for the decision."""
    options: tuple[str, ...]
    """The possible answers."""


class EclatsResult(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The final result, as `game_ended` recorded it."""

    reason: EndReason
    """Why the game ended."""
    scores: tuple[EclatsScore, ...]
    """Every seat's score."""
    ranking: tuple[SeatIndex, ...]
    """The seats, best first."""
    winner: SeatIndex
    """The winning seat."""


class EclatsState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The whole truth of a game (hidden parts included)."""

    status: Status
    n: int
    players: tuple[EclatsPlayer, ...]
    first_seat: SeatIndex
    wonder_choice_order: tuple[SeatIndex, ...]
    current_seat: SeatIndex | None
    turn_number: int
    piles: dict[PileId, tuple[CardId, ...]]
    """Top first. Hidden: central's content, borders below the top."""
    discard: tuple[CardId, ...]
    upgrades_face_up: tuple[UpgradeId, ...]
    upgrades_hidden: tuple[UpgradeId, ...]
    """Hidden: top first."""
    alerts: int
    pending: EclatsDecision | None
    turn: EclatsTurn | None
    wonder_completed_by: SeatIndex | None
    result: EclatsResult | None
