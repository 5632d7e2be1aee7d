"""Events of Éclats des Cités (spec section 8).

Every random outcome is in ``game_set_up``; later events repeat the identity of
each card or token they move, so replay never draws nor recomputes a payment.
Fields marked hidden are Optional: ``views.redact`` nulls them.
"""

from __future__ import annotations

from typing import Literal

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
    StageNumber,
    UpgradeId,
    WonderId,
)
from domain.kernel import EventBase

_P = "eclats_des_cites."


class EclatsBorderTop(msgspec.Struct, frozen=True, kw_only=True):
    """The public face of a border pile: its count and face-up top card."""

    count: int
    top: CardId | None


class EclatsGameSetUp(EventBase, frozen=True, tag=_P + "game_set_up"):
    """The game was created: every random draw of setup (spec section 5)."""

    seat_count: int
    first_seat: SeatIndex
    """Random draw R1."""
    wonder_choice_order: list[SeatIndex]
    central: list[CardId] | None
    """Hidden. Random draw R2, top first; null in redacted copies."""
    central_count: int
    borders: dict[PileId, list[CardId]] | None
    """Hidden except the tops. Random draw R3, top first; null in redacted copies."""
    border_tops: dict[PileId, EclatsBorderTop]
    """The public face of each border pile (what a redacted copy shows)."""
    upgrades_face_up: list[UpgradeId]
    """Random draw R4: slots 0, 1, 2."""
    upgrades_hidden: list[UpgradeId] | None
    """Hidden. Random draw R4: the hidden pile, top first; null in redacted copies."""
    upgrades_hidden_count: int


class EclatsDecisionRequested(EventBase, frozen=True, tag=_P + "decision_requested"):
    """The game now waits for ``seat`` to answer this decision."""

    seat: SeatIndex
    kind: DecisionKind
    source: DecisionSource
    options: list[str]
    """Pile ids, card ids, upgrade ids (+ `hidden`) or wonder ids."""


class EclatsWonderChosen(EventBase, frozen=True, tag=_P + "wonder_chosen"):
    """A player took a wonder (automatic for a last chooser with one left)."""

    seat: SeatIndex
    wonder_id: WonderId
    automatic: bool


class EclatsTurnStarted(EventBase, frozen=True, tag=_P + "turn_started"):
    """A player's turn began (turn_number counts every turn of the game)."""

    seat: SeatIndex
    turn_number: int


class EclatsCentralTopPeeked(EventBase, frozen=True, tag=_P + "central_top_peeked"):
    """The Exploration upgrade: ``seat`` saw the top central card."""

    seat: SeatIndex
    card_id: CardId | None
    """Hidden from everyone but ``seat``: null in their copies."""


class EclatsCardTaken(EventBase, frozen=True, tag=_P + "card_taken"):
    """A card was taken from the top of a pile (it is played at once)."""

    seat: SeatIndex
    pile_id: PileId
    card_id: CardId
    new_top: CardId | None = None
    """The newly revealed top of a border pile (null when empty or for `central`)."""


class EclatsCardPlayed(EventBase, frozen=True, tag=_P + "card_played"):
    """A card reached a player: kept in the tableau, or (exploration) being resolved."""

    seat: SeatIndex
    card_id: CardId


class EclatsConflictAlerted(EventBase, frozen=True, tag=_P + "conflict_alerted"):
    """A Bastion or Héraut put markers on alert (overflow is lost, D21)."""

    seat: SeatIndex
    card_id: CardId
    alerts_added: int
    alerts_lost: int
    alerts: int
    """Markers on alert now, 0-3."""


class EclatsCardsRevealed(EventBase, frozen=True, tag=_P + "cards_revealed"):
    """Cards lifted from the top of the central pile, face up."""

    seat: SeatIndex
    source: RevealSource
    card_ids: list[CardId]


class EclatsRevealedCardChosen(EventBase, frozen=True, tag=_P + "revealed_card_chosen"):
    """One revealed card was chosen to be played; the others went under the central pile."""

    seat: SeatIndex
    card_id: CardId
    returned_to_bottom: list[CardId]
    """The other revealed cards, in reveal order, now under the central pile."""
    automatic: bool


class EclatsCardDiscarded(EventBase, frozen=True, tag=_P + "card_discarded"):
    """A Boussole or Belvédère was discarded once its reveal was resolved."""

    seat: SeatIndex
    card_id: CardId
    reason: Literal["exploration_resolved"]


class EclatsScienceSetCompleted(EventBase, frozen=True, tag=_P + "science_set_completed"):
    """A science set (a pair, or three different symbols) was discarded for an upgrade."""

    seat: SeatIndex
    card_ids: list[CardId]
    """The 2 or 3 science cards discarded."""


class EclatsUpgradeTaken(EventBase, frozen=True, tag=_P + "upgrade_taken"):
    """A player took an upgrade token (face-up slot, refilled from the hidden pile, or the hidden top)."""

    seat: SeatIndex
    upgrade_id: UpgradeId
    from_: Literal["face_up", "hidden"] = msgspec.field(name="from")
    slot: int | None
    """The face-up slot taken (null for the hidden pile)."""
    replacement: UpgradeId | None
    """The hidden top moved into ``slot`` (null: the row shrank, or hidden take)."""


class EclatsStageBuilt(EventBase, frozen=True, tag=_P + "stage_built"):
    """A stage was built automatically; the payment is recorded (10.5)."""

    seat: SeatIndex
    stage: StageNumber
    prestige: int
    spent: list[CardId]
    """The cards spent, in card-kind order."""
    doubled_joker: CardId | None
    rule: Literal["standard", "technologie"]
    wonder_completed: bool


class EclatsWonderPowerTriggered(EventBase, frozen=True, tag=_P + "wonder_power_triggered"):
    """A wonder's power fired on stage 2 or 4; its effects follow as separate events."""

    seat: SeatIndex
    wonder_id: WonderId
    stage: Literal[2, 4]


class EclatsPermanentShieldsGained(EventBase, frozen=True, tag=_P + "permanent_shields_gained"):
    """The Sanctuaire's power: permanent shields for battles."""

    seat: SeatIndex
    amount: int
    total: int


class EclatsExtraTakeGranted(EventBase, frozen=True, tag=_P + "extra_take_granted"):
    """An extra card was granted (Commerce, Bonus, Colosse, Observatoire); queued first in, first out."""

    seat: SeatIndex
    source: GrantSource


class EclatsGrantStarted(EventBase, frozen=True, tag=_P + "grant_started"):
    """The head of the grant queue started."""

    seat: SeatIndex
    source: GrantSource


class EclatsGrantForfeited(EventBase, frozen=True, tag=_P + "grant_forfeited"):
    """A grant or the Palais power had nothing to take and was lost."""

    seat: SeatIndex
    source: Literal["commerce", "bonus", "colosse", "observatoire", "palais"]
    reason: Literal["no_card_available", "no_upgrade_available"]


class EclatsBattleFought(EventBase, frozen=True, tag=_P + "battle_fought"):
    """All three markers were on alert at the end of a turn (10.10)."""

    strengths: list[int]
    """Per seat."""
    victories_gained: list[int]
    """Per seat."""
    discarded: dict[SeatIndex, list[CardId]]
    """Per seat that lost cards: its Bastions and Hérauts, in card-kind order."""


class EclatsTurnEnded(EventBase, frozen=True, tag=_P + "turn_ended"):
    """The turn of `seat` ended (after any battle)."""

    seat: SeatIndex


class EclatsTurnSkipped(EventBase, frozen=True, tag=_P + "turn_skipped"):
    """A player with no card in any of their piles was skipped."""

    seat: SeatIndex
    reason: Literal["no_accessible_card"]


class EclatsScore(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's final score (section 11)."""

    seat: SeatIndex
    stages: int
    stage_prestige: int
    culture: int
    victories: int
    victory_prestige: int
    progress: int
    total: int


class EclatsGameEnded(EventBase, frozen=True, tag=_P + "game_ended"):
    """The game is over: scores, ranking (tie-breaks applied) and the winner."""

    reason: EndReason
    scores: list[EclatsScore]
    """One per seat, in seat order."""
    ranking: list[SeatIndex]
    """Seats, winner first."""
    winner: SeatIndex


EclatsEvent = (
    EclatsGameSetUp
    | EclatsDecisionRequested
    | EclatsWonderChosen
    | EclatsTurnStarted
    | EclatsCentralTopPeeked
    | EclatsCardTaken
    | EclatsCardPlayed
    | EclatsConflictAlerted
    | EclatsCardsRevealed
    | EclatsRevealedCardChosen
    | EclatsCardDiscarded
    | EclatsScienceSetCompleted
    | EclatsUpgradeTaken
    | EclatsStageBuilt
    | EclatsWonderPowerTriggered
    | EclatsPermanentShieldsGained
    | EclatsExtraTakeGranted
    | EclatsGrantStarted
    | EclatsGrantForfeited
    | EclatsBattleFought
    | EclatsTurnEnded
    | EclatsTurnSkipped
    | EclatsGameEnded
)
