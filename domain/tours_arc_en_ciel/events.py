"""Events of Les Tours Arc-en-Ciel (spec section 8).

Every random outcome (shuffles, rolls) is recorded here, so replay never
draws. Fields that ``views.redact`` may null are Optional; a redacted event
is still a valid instance of its class.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel import EventBase
from domain.tours_arc_en_ciel.components import (
    ChanceKind,
    DragonId,
    HouseId,
    IslandId,
    SeatIndex,
    Specialty,
    Strength,
    TowerId,
)
from domain.tours_arc_en_ciel.options import ToursOptions
from domain.tours_arc_en_ciel.state import ChanceOrigin, ToursRoll, ToursScore

P = "tours_arc_en_ciel."


# --- Setup ------------------------------------------------------------------


class ToursGameStarted(EventBase, frozen=True, tag=P + "game_started"):
    """The game is created: the Houses by seat and the turn order."""

    houses: list[HouseId]
    turn_order: list[SeatIndex]
    options: ToursOptions


class ToursGoldTowerAssigned(EventBase, frozen=True, tag=P + "gold_tower_assigned"):
    """The Gold tower (+1 strength in every combat) goes to `seat` for the whole game."""

    seat: SeatIndex
    method: Literal["previous_winner", "roll"]
    rounds: list[list[ToursRoll]]
    """The d20 roll-off rounds (empty for `previous_winner`)."""


class ToursGameDeckShuffled(EventBase, frozen=True, tag=P + "game_deck_shuffled"):
    """The 72 game cards are shuffled (order hidden from everyone: redacted to `count`)."""

    order: list[IslandId] | None
    count: int


class ToursChanceDeckShuffled(EventBase, frozen=True, tag=P + "chance_deck_shuffled"):
    """The 86 chance cards are shuffled (order hidden: redacted to `count`)."""

    order: list[ChanceKind] | None
    count: int


class ToursCardsDealt(EventBase, frozen=True, tag=P + "cards_dealt"):
    """Three game cards dealt to `seat` (cards visible to that seat only)."""

    seat: SeatIndex
    house: HouseId
    """The House of `seat` (the seat name that may see the cards)."""
    cards: list[IslandId] | None
    count: int


class ToursFaceUpDealt(EventBase, frozen=True, tag=P + "face_up_dealt"):
    """The three face-up cards (slots 0, 1, 2)."""

    cards: list[IslandId]


# --- Turn ---------------------------------------------------------------------


class ToursTurnStarted(EventBase, frozen=True, tag=P + "turn_started"):
    seat: SeatIndex
    turn_number: int


class ToursCardTaken(EventBase, frozen=True, tag=P + "card_taken"):
    """`seat` took a game card (a pile card is visible to that seat only)."""

    seat: SeatIndex
    house: HouseId
    """The House of `seat` (the seat name that may see a pile card)."""
    source: Literal["pile", "face_up"]
    slot: int | None
    island: IslandId | None


class ToursFaceUpRefilled(EventBase, frozen=True, tag=P + "face_up_refilled"):
    slot: int
    island: IslandId


class ToursLastCardTaken(EventBase, frozen=True, tag=P + "last_card_taken"):
    """The last available game card was taken: this turn is the last one."""

    seat: SeatIndex


class ToursCardPlayed(EventBase, frozen=True, tag=P + "card_played"):
    seat: SeatIndex
    islands: list[IslandId]
    purpose: Literal["land", "discard", "chance_instead", "atomize", "invulnerability", "share"]


class ToursDragonArrived(EventBase, frozen=True, tag=P + "dragon_arrived"):
    """A Dragon lands on `tower` (a combat follows when `contested`). The Dragon's
    identity is hidden from others when it is a hidden Dragon moving uncontested."""

    seat: SeatIndex
    dragon: DragonId | None
    strength: Strength | None
    specialty: Specialty | None
    origin: Literal["reserve", "eliminated", "tower"]
    from_tower: TowerId | None
    via_island: IslandId | None
    tower: TowerId
    cause: Literal["card", "move", "atomize", "extra_dragon", "enemy_arrival"]
    contested: bool
    hidden: bool = False
    """The Dragon is a hidden one (it moves from a tower): others do not learn who it is
    unless it fights."""


class ToursCombatSide(msgspec.Struct, frozen=True, kw_only=True):
    """One side of a combat, every term of its total (spec 10.6)."""

    seat: SeatIndex
    dragon: DragonId
    strength: Strength
    specialty: Specialty
    rolls: list[int]
    """The faces rolled (two with best/worst of two)."""
    natural: int
    """The kept face."""
    die_value: int
    strength_value: int
    good_right: int
    gold: int
    card_flat: int
    fatigue: int
    tower_defense: int
    cards: list[ChanceKind]
    """Kept combat cards consumed by this combat."""
    total: int


class ToursCombatResolved(EventBase, frozen=True, tag=P + "combat_resolved"):
    tower: TowerId
    mode: Literal["normal", "dice_only", "strength_only"]
    parity: Literal["even", "odd"] | None
    attacker: ToursCombatSide
    defender: ToursCombatSide
    winner: Literal["attacker", "defender"]
    reason: Literal["totals", "tie_defender", "natural_20", "natural_1", "invulnerable"]
    loser_dragon: DragonId
    loser_fate: Literal["reserve", "eliminated"]


class ToursDefenseChanged(EventBase, frozen=True, tag=P + "defense_changed"):
    tower: TowerId
    delta: int
    defense: int
    """The tower's defense after the change (>= 0)."""
    cause: Literal["landing", "swap", "chance"]


class ToursDragonsSwapped(EventBase, frozen=True, tag=P + "dragons_swapped"):
    """Two of `seat`'s Dragons exchange towers (hidden ones are not named to others)."""

    seat: SeatIndex
    tower_a: TowerId
    tower_b: TowerId
    dragon_a: DragonId | None
    dragon_b: DragonId | None
    hidden_a: bool = False
    """`dragon_a` is hidden: named to its owner only."""
    hidden_b: bool = False


class ToursDragonAtomized(EventBase, frozen=True, tag=P + "dragon_atomized"):
    """The enemy Dragon on `tower` is eliminated and the tower's defense destroyed."""

    seat: SeatIndex
    tower: TowerId
    victim_seat: SeatIndex
    dragon: DragonId
    strength: Strength
    specialty: Specialty
    defense_destroyed: int


class ToursInvulnerabilityGranted(EventBase, frozen=True, tag=P + "invulnerability_granted"):
    seat: SeatIndex


class ToursIslandShared(EventBase, frozen=True, tag=P + "island_shared"):
    sharer_seat: SeatIndex
    owner_seat: SeatIndex
    island: IslandId


class ToursShareEnded(EventBase, frozen=True, tag=P + "share_ended"):
    """The owner no longer owns the island by bridges: the share ends for good."""

    sharer_seat: SeatIndex
    owner_seat: SeatIndex
    island: IslandId


class ToursChanceDeckReshuffled(EventBase, frozen=True, tag=P + "chance_deck_reshuffled"):
    """The chance discard becomes the deck (order hidden: redacted to `count`)."""

    order: list[ChanceKind] | None
    count: int


class ToursChanceCardDrawn(EventBase, frozen=True, tag=P + "chance_card_drawn"):
    seat: SeatIndex
    card: ChanceKind
    origin: ChanceOrigin


class ToursChanceDecisionRequested(EventBase, frozen=True, tag=P + "chance_decision_requested"):
    """The game waits for `decider_seat` to answer with `resolve_chance`."""

    decider_seat: SeatIndex
    drawer_seat: SeatIndex
    card: ChanceKind
    remaining: int


class ToursChanceDeclined(EventBase, frozen=True, tag=P + "chance_declined"):
    seat: SeatIndex
    card: ChanceKind


class ToursChanceCardKept(EventBase, frozen=True, tag=P + "chance_card_kept"):
    """A combat card (for the seat's next combat) or a points card (final score)."""

    seat: SeatIndex
    card: ChanceKind
    pile: Literal["combat", "points"]


class ToursChanceCardDiscarded(EventBase, frozen=True, tag=P + "chance_card_discarded"):
    card: ChanceKind
    outcome: Literal["applied", "void", "declined"]


class ToursDragonRemoved(EventBase, frozen=True, tag=P + "dragon_removed"):
    """The Dragon on `tower` returns to its owner's reserve (`seat` is the owner)."""

    seat: SeatIndex
    tower: TowerId
    dragon: DragonId | None
    strength: Strength
    specialty: Specialty | None
    was_hidden: bool = False
    """The Dragon was hidden: others learn only its strength."""


class ToursDragonHidden(EventBase, frozen=True, tag=P + "dragon_hidden"):
    seat: SeatIndex
    tower: TowerId
    dragon: DragonId | None


class ToursDragonResurrected(EventBase, frozen=True, tag=P + "dragon_resurrected"):
    """An eliminated Dragon returns to its owner's reserve."""

    seat: SeatIndex
    dragon: DragonId


class ToursThresholdChanged(EventBase, frozen=True, tag=P + "threshold_changed"):
    island: IslandId
    delta: int
    threshold: int
    """The island's effective threshold after clamping to 1..bridges."""


class ToursThirdActionSkipped(EventBase, frozen=True, tag=P + "third_action_skipped"):
    seat: SeatIndex


class ToursTurnEnded(EventBase, frozen=True, tag=P + "turn_ended"):
    seat: SeatIndex


class ToursGameEnded(EventBase, frozen=True, tag=P + "game_ended"):
    reasons: list[Literal["cards_exhausted", "all_dragons_on_board"]]
    scores: list[ToursScore]
    tiebreak_rounds: list[list[ToursRoll]]
    ranking: list[SeatIndex]
    winner_seat: SeatIndex


ToursEvent = (
    ToursGameStarted
    | ToursGoldTowerAssigned
    | ToursGameDeckShuffled
    | ToursChanceDeckShuffled
    | ToursCardsDealt
    | ToursFaceUpDealt
    | ToursTurnStarted
    | ToursCardTaken
    | ToursFaceUpRefilled
    | ToursLastCardTaken
    | ToursCardPlayed
    | ToursDragonArrived
    | ToursCombatResolved
    | ToursDefenseChanged
    | ToursDragonsSwapped
    | ToursDragonAtomized
    | ToursInvulnerabilityGranted
    | ToursIslandShared
    | ToursShareEnded
    | ToursChanceDeckReshuffled
    | ToursChanceCardDrawn
    | ToursChanceDecisionRequested
    | ToursChanceDeclined
    | ToursChanceCardKept
    | ToursChanceCardDiscarded
    | ToursDragonRemoved
    | ToursDragonHidden
    | ToursDragonResurrected
    | ToursThresholdChanged
    | ToursThirdActionSkipped
    | ToursTurnEnded
    | ToursGameEnded
)
