"""State of Les Tours Arc-en-Ciel (spec section 6).

Everything derivable (owned bridges, island owners, scores) is computed by
``board.py``, never stored. Per-seat collections are lists indexed by seat index
(``houses[i]`` is the seat id, a House id, of seat index ``i``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.tours_arc_en_ciel.components import (
    FACE_UP_SLOTS,
    ChanceKind,
    HouseId,
    IslandId,
    SeatIndex,
)
from domain.tours_arc_en_ciel.options import ToursOptions

Phase = Literal["take", "play", "third", "over"]
ChanceOrigin = Literal["third_action", "instead_of_landing"]


class ToursShare(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A share of `island` by `sharer` with its owner `owner` (variant 12.5)."""

    sharer: SeatIndex
    """The seat that shares."""
    owner: SeatIndex
    """The island's owner."""
    island: IslandId
    """The shared island."""
    active: bool = True
    """False once the share has ended."""


class ToursPending(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A chance card waiting for its decider's `resolve_chance`."""

    card: ChanceKind
    """The chance card awaiting a decision."""
    drawer: SeatIndex
    """The seat that drew it."""
    decider: SeatIndex
    """The seat that must answer with `resolve_chance`."""
    origin: ChanceOrigin
    """Why it was drawn."""
    remaining: int
    """Targets still to choose (hide / resurrect cards answer one per command)."""


class ToursTurn(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Scratch data of the current turn, reset by `turn_started`."""

    combats: dict[str, int] = msgspec.field(default_factory=dict)
    """Combats fought this turn per Dragon id (fatigue)."""
    invulnerable: bool = False
    chance_origin: ChanceOrigin | None = None


class ToursContest(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A landing waiting for its combat (only between two events of one decide)."""

    tower: str
    attacker: str


class ToursRoll(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One d20 roll of a roll-off."""

    seat: SeatIndex
    """The seat rolling."""
    roll: int
    """The face rolled."""


class ToursIslandPoints(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The points one island earns a seat."""

    island: IslandId
    """The island."""
    points: int
    """The points it earns."""


class ToursScore(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A seat's final score."""

    seat: SeatIndex
    """The seat."""
    islands: list[ToursIslandPoints]
    """The points of each island the seat scores."""
    island_points: int
    """The sum of the islands' points."""
    card_points: int
    """The points of the seat's kept points cards."""
    score: int
    """The seat's total."""
    pearls: int
    """Tie-break: total defense of the towers the seat occupies."""


class ToursResult(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The end of the game as recorded by `game_ended`."""

    reasons: list[str]
    """Why the game ended."""
    scores: list[ToursScore]
    """Every seat's score."""
    ranking: list[SeatIndex]
    """The seats, best first."""
    decided_by: str
    """What separated the first two places."""


class ToursState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The full (unredacted) game state."""

    options: ToursOptions
    houses: list[HouseId]
    turn_order: list[SeatIndex]
    gold_seat: SeatIndex | None = None
    phase: Phase = "take"
    active_seat: SeatIndex = 0
    turn_number: int = 0
    final_turn: bool = False
    pile: list[IslandId] = msgspec.field(default_factory=list)
    """Game cards, top first."""
    face_up: list[IslandId | None] = msgspec.field(default_factory=lambda: [None] * FACE_UP_SLOTS)
    hands: list[dict[IslandId, int]] = msgspec.field(default_factory=list)
    """Per seat, island -> number of cards (keys sorted)."""
    game_discard: list[IslandId] = msgspec.field(default_factory=list)
    chance_deck: list[ChanceKind] = msgspec.field(default_factory=list)
    chance_discard: list[ChanceKind] = msgspec.field(default_factory=list)
    occupant: dict[str, str] = msgspec.field(default_factory=dict)
    """Tower id -> the Dragon on it (empty towers are absent)."""
    defense: dict[str, int] = msgspec.field(default_factory=dict)
    """Tower id -> defense (all 40 towers)."""
    reserve: list[list[str]] = msgspec.field(default_factory=list)
    """Per seat, reserve Dragon ids in canonical order."""
    eliminated: list[list[str]] = msgspec.field(default_factory=list)
    """Per seat, eliminated Dragon ids, oldest first."""
    hidden: list[str] = msgspec.field(default_factory=list)
    """Hidden board Dragons (sorted)."""
    threshold_mod: dict[IslandId, int] = msgspec.field(default_factory=dict)
    shares: list[ToursShare] = msgspec.field(default_factory=list)
    combat_cards: list[list[ChanceKind]] = msgspec.field(default_factory=list)
    point_cards: list[list[ChanceKind]] = msgspec.field(default_factory=list)
    atomize_count: list[int] = msgspec.field(default_factory=list)
    turn: ToursTurn = msgspec.field(default_factory=ToursTurn)
    pending: ToursPending | None = None
    contest: ToursContest | None = None
    result: ToursResult | None = None
