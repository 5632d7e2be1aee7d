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
    """The House of each seat, by seat index."""
    turn_order: list[SeatIndex]
    """The seats in playing order."""
    options: ToursOptions
    """The options the game was created with."""


class ToursGoldTowerAssigned(EventBase, frozen=True, tag=P + "gold_tower_assigned"):
    """The Gold tower (+1 strength in every combat) goes to `seat` for the whole game."""

    seat: SeatIndex
    """The seat that holds the Gold tower."""
    method: Literal["previous_winner", "roll"]
    """How it was chosen: the previous game's winner, or a d20 roll-off."""
    rounds: list[list[ToursRoll]]
    """The d20 roll-off rounds (empty for `previous_winner`)."""


class ToursGameDeckShuffled(EventBase, frozen=True, tag=P + "game_deck_shuffled"):
    """The 72 game cards are shuffled (order hidden from everyone: redacted to `count`)."""

    order: list[IslandId] | None
    """The shuffled game cards, top first; null when redacted."""
    count: int
    """How many cards the deck holds."""


class ToursChanceDeckShuffled(EventBase, frozen=True, tag=P + "chance_deck_shuffled"):
    """The 86 chance cards are shuffled (order hidden: redacted to `count`)."""

    order: list[ChanceKind] | None
    """The shuffled chance cards, top first; null when redacted."""
    count: int
    """How many cards the deck holds."""


class ToursCardsDealt(EventBase, frozen=True, tag=P + "cards_dealt"):
    """Three game cards dealt to `seat` (cards visible to that seat only)."""

    seat: SeatIndex
    """The seat dealt the cards."""
    house: HouseId
    """The House of `seat` (the seat name that may see the cards)."""
    cards: list[IslandId] | None
    """The islands of the cards dealt; null for the other seats."""
    count: int
    """How many cards were dealt."""


class ToursFaceUpDealt(EventBase, frozen=True, tag=P + "face_up_dealt"):
    """The three face-up cards (slots 0, 1, 2)."""

    cards: list[IslandId]
    """The islands of the face-up cards, by slot."""


# --- Turn ---------------------------------------------------------------------


class ToursTurnStarted(EventBase, frozen=True, tag=P + "turn_started"):
    """`seat` begins its turn."""

    seat: SeatIndex
    """The seat whose turn begins."""
    turn_number: int
    """The turn's number (1-based, +1 per turn)."""


class ToursCardTaken(EventBase, frozen=True, tag=P + "card_taken"):
    """`seat` took a game card (a pile card is visible to that seat only)."""

    seat: SeatIndex
    """The seat that took the card."""
    house: HouseId
    """The House of `seat` (the seat name that may see a pile card)."""
    source: Literal["pile", "face_up"]
    """Whether the card came from the pile or a face-up slot."""
    slot: int | None
    """The face-up slot taken from; null for the pile."""
    island: IslandId | None
    """The card's island; null when a pile card is redacted."""


class ToursFaceUpRefilled(EventBase, frozen=True, tag=P + "face_up_refilled"):
    """An empty face-up slot is refilled from the pile."""

    slot: int
    """The face-up slot refilled (0, 1 or 2)."""
    island: IslandId
    """The island of the new face-up card."""


class ToursLastCardTaken(EventBase, frozen=True, tag=P + "last_card_taken"):
    """The last available game card was taken: this turn is the last one."""

    seat: SeatIndex
    """The seat that took the last card."""


class ToursCardPlayed(EventBase, frozen=True, tag=P + "card_played"):
    """`seat` plays game cards from its hand, for `purpose`."""

    seat: SeatIndex
    """The seat playing the cards."""
    islands: list[IslandId]
    """The islands of the cards played."""
    purpose: Literal["land", "discard", "chance_instead", "atomize", "invulnerability", "share"]
    """What the cards are played for: land a Dragon, discard, draw chance instead, atomize, invulnerability or share."""


class ToursDragonArrived(EventBase, frozen=True, tag=P + "dragon_arrived"):
    """A Dragon lands on `tower` (a combat follows when `contested`). The Dragon's
    identity is hidden from others when it is a hidden Dragon moving uncontested."""

    seat: SeatIndex
    """The Dragon's owner."""
    dragon: DragonId | None
    """The Dragon; null when hidden from the reader."""
    strength: Strength | None
    """The Dragon's strength; null when hidden."""
    specialty: Specialty | None
    """The Dragon's specialty; null when hidden."""
    origin: Literal["reserve", "eliminated", "tower"]
    """Where the Dragon came from: the reserve, the eliminated Dragons, or another tower."""
    from_tower: TowerId | None
    """The tower it left, when it moved from one; else null."""
    via_island: IslandId | None
    """The island whose card brought it, if any."""
    tower: TowerId
    """The tower it lands on."""
    cause: Literal["card", "move", "atomize", "extra_dragon", "enemy_arrival"]
    """What brought it: a card, a move, an atomization, an extra Dragon or an enemy's arrival."""
    contested: bool
    """True when an enemy Dragon holds the tower: a combat follows."""
    hidden: bool = False
    """The Dragon is a hidden one (it moves from a tower): others do not learn who it is
    unless it fights."""


class ToursCombatSide(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One side of a combat, every term of its total (spec 10.6)."""

    seat: SeatIndex
    """The side's owner."""
    dragon: DragonId
    """The side's Dragon."""
    strength: Strength
    """The Dragon's strength."""
    specialty: Specialty
    """The Dragon's specialty."""
    rolls: list[int]
    """The faces rolled (two with best/worst of two)."""
    natural: int
    """The kept face."""
    die_value: int
    """The die value counted in the total."""
    strength_value: int
    """The strength's value counted in the total."""
    good_right: int
    """The good-right bonus counted."""
    gold: int
    """The Gold tower's bonus counted."""
    card_flat: int
    """The flat bonus of combat cards counted."""
    fatigue: int
    """The fatigue malus counted."""
    tower_defense: int
    """The tower's defense counted (defender only)."""
    cards: list[ChanceKind]
    """Kept combat cards consumed by this combat."""
    total: int
    """The side's total."""


class ToursCombatResolved(EventBase, frozen=True, tag=P + "combat_resolved"):
    """A combat on `tower` is resolved: both sides' totals, the winner and the loser's fate."""

    tower: TowerId
    """The tower fought over."""
    mode: Literal["normal", "dice_only", "strength_only"]
    """How totals are counted: normally, by the dice only, or by strength only."""
    parity: Literal["even", "odd"] | None
    """The parity a chance card imposed on this combat, if any."""
    attacker: ToursCombatSide
    """The arriving side."""
    defender: ToursCombatSide
    """The side holding the tower."""
    winner: Literal["attacker", "defender"]
    """Which side won."""
    reason: Literal["totals", "tie_defender", "natural_20", "natural_1", "invulnerable"]
    """What decided: the totals, a tie (the defender wins), a natural 20 or 1, or invulnerability."""
    loser_dragon: DragonId
    """The losing Dragon."""
    loser_fate: Literal["reserve", "eliminated"]
    """Where the loser goes: back to the reserve or eliminated."""


class ToursDefenseChanged(EventBase, frozen=True, tag=P + "defense_changed"):
    """A tower's defense changes."""

    tower: TowerId
    """The tower."""
    delta: int
    """The change applied."""
    defense: int
    """The tower's defense after the change (>= 0)."""
    cause: Literal["landing", "swap", "chance"]
    """What changed it: a landing, a swap or a chance card."""


class ToursDragonsSwapped(EventBase, frozen=True, tag=P + "dragons_swapped"):
    """Two of `seat`'s Dragons exchange towers (hidden ones are not named to others)."""

    seat: SeatIndex
    """The Dragons' owner."""
    tower_a: TowerId
    """The first tower."""
    tower_b: TowerId
    """The second tower."""
    dragon_a: DragonId | None
    """The Dragon that was on `tower_a`; null when hidden from the reader."""
    dragon_b: DragonId | None
    """The Dragon that was on `tower_b`; null when hidden from the reader."""
    hidden_a: bool = False
    """`dragon_a` is hidden: named to its owner only."""
    hidden_b: bool = False
    """True when `dragon_b` is hidden (named to its owner only)."""


class ToursDragonAtomized(EventBase, frozen=True, tag=P + "dragon_atomized"):
    """The enemy Dragon on `tower` is eliminated and the tower's defense destroyed."""

    seat: SeatIndex
    """The atomizing seat."""
    tower: TowerId
    """The tower of the victim."""
    victim_seat: SeatIndex
    """The owner of the eliminated Dragon."""
    dragon: DragonId
    """The eliminated Dragon."""
    strength: Strength
    """Its strength."""
    specialty: Specialty
    """Its specialty."""
    defense_destroyed: int
    """The defense the tower lost."""


class ToursInvulnerabilityGranted(EventBase, frozen=True, tag=P + "invulnerability_granted"):
    """`seat` cannot lose a combat this turn."""

    seat: SeatIndex
    """The invulnerable seat."""


class ToursIslandShared(EventBase, frozen=True, tag=P + "island_shared"):
    """`sharer_seat` shares `island` with its owner."""

    sharer_seat: SeatIndex
    """The seat that shares."""
    owner_seat: SeatIndex
    """The island's owner."""
    island: IslandId
    """The shared island."""


class ToursShareEnded(EventBase, frozen=True, tag=P + "share_ended"):
    """The owner no longer owns the island by bridges: the share ends for good."""

    sharer_seat: SeatIndex
    """The seat that shared."""
    owner_seat: SeatIndex
    """The island's former owner."""
    island: IslandId
    """The island."""


class ToursChanceDeckReshuffled(EventBase, frozen=True, tag=P + "chance_deck_reshuffled"):
    """The chance discard becomes the deck (order hidden: redacted to `count`)."""

    order: list[ChanceKind] | None
    """The new deck, top first; null when redacted."""
    count: int
    """How many cards the deck holds."""


class ToursChanceCardDrawn(EventBase, frozen=True, tag=P + "chance_card_drawn"):
    """`seat` draws a chance card."""

    seat: SeatIndex
    """The seat drawing."""
    card: ChanceKind
    """The card drawn."""
    origin: ChanceOrigin
    """Why it was drawn."""


class ToursChanceDecisionRequested(EventBase, frozen=True, tag=P + "chance_decision_requested"):
    """The game waits for `decider_seat` to answer with `resolve_chance`."""

    decider_seat: SeatIndex
    """The seat that must decide."""
    drawer_seat: SeatIndex
    """The seat that drew the card."""
    card: ChanceKind
    """The card to decide on."""
    remaining: int
    """How many chance cards remain to draw in this draw."""


class ToursChanceDeclined(EventBase, frozen=True, tag=P + "chance_declined"):
    """`seat` declines an optional chance card."""

    seat: SeatIndex
    """The seat declining."""
    card: ChanceKind
    """The card declined."""


class ToursChanceCardKept(EventBase, frozen=True, tag=P + "chance_card_kept"):
    """A combat card (for the seat's next combat) or a points card (final score)."""

    seat: SeatIndex
    """The seat keeping the card."""
    card: ChanceKind
    """The card kept."""
    pile: Literal["combat", "points"]
    """Which pile it goes to: combat cards or points cards."""


class ToursChanceCardDiscarded(EventBase, frozen=True, tag=P + "chance_card_discarded"):
    """A chance card goes to the chance discard."""

    card: ChanceKind
    """The card discarded."""
    outcome: Literal["applied", "void", "declined"]
    """What became of its effect: applied, void (no effect possible) or declined."""


class ToursDragonRemoved(EventBase, frozen=True, tag=P + "dragon_removed"):
    """The Dragon on `tower` returns to its owner's reserve (`seat` is the owner)."""

    seat: SeatIndex
    """The Dragon's owner."""
    tower: TowerId
    """The tower it left."""
    dragon: DragonId | None
    """The Dragon; null when hidden from the reader."""
    strength: Strength
    """Its strength."""
    specialty: Specialty | None
    """Its specialty; null when hidden."""
    was_hidden: bool = False
    """The Dragon was hidden: others learn only its strength."""


class ToursDragonHidden(EventBase, frozen=True, tag=P + "dragon_hidden"):
    """`seat`'s Dragon on `tower` becomes hidden to the other seats."""

    seat: SeatIndex
    """The Dragon's owner."""
    tower: TowerId
    """The Dragon's tower."""
    dragon: DragonId | None
    """The Dragon; null for the other seats."""


class ToursDragonResurrected(EventBase, frozen=True, tag=P + "dragon_resurrected"):
    """An eliminated Dragon returns to its owner's reserve."""

    seat: SeatIndex
    """The Dragon's owner."""
    dragon: DragonId
    """The Dragon back in the reserve."""


class ToursThresholdChanged(EventBase, frozen=True, tag=P + "threshold_changed"):
    """An island's threshold changes."""

    island: IslandId
    """The island."""
    delta: int
    """The change applied."""
    threshold: int
    """The island's effective threshold after clamping to 1..bridges."""


class ToursThirdActionSkipped(EventBase, frozen=True, tag=P + "third_action_skipped"):
    """`seat` skips its third action."""

    seat: SeatIndex
    """The seat skipping."""


class ToursTurnEnded(EventBase, frozen=True, tag=P + "turn_ended"):
    """`seat`'s turn ends."""

    seat: SeatIndex
    """The seat whose turn ends."""


class ToursGameEnded(EventBase, frozen=True, tag=P + "game_ended"):
    """The game ends: every seat's score, the tie-breaks and the ranking."""

    reasons: list[Literal["cards_exhausted", "all_dragons_on_board"]]
    """Why it ended: the game cards are exhausted, or every Dragon is on the board."""
    scores: list[ToursScore]
    """Every seat's score."""
    tiebreak_rounds: list[list[ToursRoll]]
    """The d20 roll-off rounds breaking ties, if any."""
    ranking: list[SeatIndex]
    """The seats, best first."""
    winner_seat: SeatIndex
    """The winning seat."""


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
