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


class EclatsBorderTop(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The public face of a border pile: its count and face-up top card."""

    count: int
    """How many cards the border pile holds."""
    top: CardId | None
    """Its top card, face up; null when the pile is empty."""


class EclatsGameSetUp(EventBase, frozen=True, tag=_P + "game_set_up"):
    """The game was created: every random draw of setup (spec section 5)."""

    seat_count: int
    """How many seats play."""
    first_seat: SeatIndex
    """Random draw R1."""
    wonder_choice_order: list[SeatIndex]
    """The order in which seats choose their wonder."""
    central: list[CardId] | None
    """Hidden. Random draw R2, top first; null in redacted copies."""
    central_count: int
    """How many cards the central pile holds."""
    borders: dict[PileId, list[CardId]] | None
    """Hidden except the tops. Random draw R3, top first; null in redacted copies."""
    border_tops: dict[PileId, EclatsBorderTop]
    """The public face of each border pile (what a redacted copy shows)."""
    upgrades_face_up: list[UpgradeId]
    """Random draw R4: slots 0, 1, 2."""
    upgrades_hidden: list[UpgradeId] | None
    """Hidden. Random draw R4: the hidden pile, top first; null in redacted copies."""
    upgrades_hidden_count: int
    """How many upgrades remain face down."""


class EclatsDecisionRequested(EventBase, frozen=True, tag=_P + "decision_requested"):
    """The game now waits for ``seat`` to answer this decision."""

    seat: SeatIndex
    """The seat that must decide."""
    kind: DecisionKind
    """What is to be decided."""
    source: DecisionSource
    """What asks for the decision."""
    options: list[str]
    """Pile ids, card ids, upgrade ids (+ `hidden`) or wonder ids."""


class EclatsWonderChosen(EventBase, frozen=True, tag=_P + "wonder_chosen"):
    """A player took a wonder (automatic for a last chooser with one left)."""

    seat: SeatIndex
    """The seat choosing."""
    wonder_id: WonderId
    """The wonder chosen."""
    automatic: bool
    """True when the last chooser had a single wonder left and got it automatically."""


class EclatsTurnStarted(EventBase, frozen=True, tag=_P + "turn_started"):
    """A player's turn began (turn_number counts every turn of the game)."""

    seat: SeatIndex
    """The seat whose turn begins."""
    turn_number: int
    """The turn's number."""


class EclatsCentralTopPeeked(EventBase, frozen=True, tag=_P + "central_top_peeked"):
    """The Exploration upgrade: ``seat`` saw the top central card."""

    seat: SeatIndex
    """The seat (holding the `exploration` upgrade) that looks at the central pile's top card."""
    card_id: CardId | None
    """Hidden from everyone but ``seat``: null in their copies."""


class EclatsCardTaken(EventBase, frozen=True, tag=_P + "card_taken"):
    """A card was taken from the top of a pile (it is played at once)."""

    seat: SeatIndex
    """The seat taking the card."""
    pile_id: PileId
    """The pile it came from."""
    card_id: CardId
    """The card taken."""
    new_top: CardId | None = None
    """The newly revealed top of a border pile (null when empty or for `central`)."""


class EclatsCardPlayed(EventBase, frozen=True, tag=_P + "card_played"):
    """A card reached a player: kept in the tableau, or (exploration) being resolved."""

    seat: SeatIndex
    """The seat playing."""
    card_id: CardId
    """The card played."""


class EclatsConflictAlerted(EventBase, frozen=True, tag=_P + "conflict_alerted"):
    """A Bastion or Héraut put markers on alert (overflow is lost, D21)."""

    seat: SeatIndex
    """The seat concerned."""
    card_id: CardId
    """The card that raised the alert."""
    alerts_added: int
    """The alert markers placed on the conflict track."""
    alerts_lost: int
    """The alerts the card called for that found no free marker (the track holds at most the markers)."""
    alerts: int
    """Markers on alert now, 0-3."""


class EclatsCardsRevealed(EventBase, frozen=True, tag=_P + "cards_revealed"):
    """Cards lifted from the top of the central pile, face up."""

    seat: SeatIndex
    """The seat revealing."""
    source: RevealSource
    """What reveals the cards."""
    card_ids: list[CardId]
    """The cards revealed."""


class EclatsRevealedCardChosen(EventBase, frozen=True, tag=_P + "revealed_card_chosen"):
    """One revealed card was chosen to be played; the others went under the central pile."""

    seat: SeatIndex
    """The seat choosing."""
    card_id: CardId
    """The card chosen."""
    returned_to_bottom: list[CardId]
    """The other revealed cards, in reveal order, now under the central pile."""
    automatic: bool
    """True when the choice was forced."""


class EclatsCardDiscarded(EventBase, frozen=True, tag=_P + "card_discarded"):
    """A Boussole or Belvédère was discarded once its reveal was resolved."""

    seat: SeatIndex
    """The seat discarding."""
    card_id: CardId
    """The card discarded."""
    reason: Literal["exploration_resolved"]
    """Why: an exploration was resolved."""


class EclatsScienceSetCompleted(EventBase, frozen=True, tag=_P + "science_set_completed"):
    """A science set (a pair, or three different symbols) was discarded for an upgrade."""

    seat: SeatIndex
    """The seat completing a science set."""
    card_ids: list[CardId]
    """The 2 or 3 science cards discarded."""


class EclatsUpgradeTaken(EventBase, frozen=True, tag=_P + "upgrade_taken"):
    """A player took an upgrade token (face-up slot, refilled from the hidden pile, or the hidden top)."""

    seat: SeatIndex
    """The seat taking the upgrade."""
    upgrade_id: UpgradeId
    """The upgrade."""
    from_: Literal["face_up", "hidden"] = msgspec.field(name="from")
    """Whether it was face up or face down."""
    slot: int | None
    """The face-up slot taken (null for the hidden pile)."""
    replacement: UpgradeId | None
    """The hidden top moved into ``slot`` (null: the row shrank, or hidden take)."""


class EclatsStageBuilt(EventBase, frozen=True, tag=_P + "stage_built"):
    """A stage was built automatically; the payment is recorded (10.5)."""

    seat: SeatIndex
    """The seat building."""
    stage: StageNumber
    """The stage built."""
    prestige: int
    """The prestige it earns."""
    spent: list[CardId]
    """The cards spent, in card-kind order."""
    doubled_joker: CardId | None
    """The joker counted twice, if any."""
    rule: Literal["standard", "technologie"]
    """The building rule applied."""
    wonder_completed: bool
    """True when this stage completes the wonder."""


class EclatsWonderPowerTriggered(EventBase, frozen=True, tag=_P + "wonder_power_triggered"):
    """A wonder's power fired on stage 2 or 4; its effects follow as separate events."""

    seat: SeatIndex
    """The wonder's owner."""
    wonder_id: WonderId
    """The wonder."""
    stage: Literal[2, 4]
    """The stage whose power triggers."""


class EclatsPermanentShieldsGained(EventBase, frozen=True, tag=_P + "permanent_shields_gained"):
    """The Sanctuaire's power: permanent shields for battles."""

    seat: SeatIndex
    """The seat gaining shields."""
    amount: int
    """The shields gained."""
    total: int
    """The seat's permanent shields now."""


class EclatsExtraTakeGranted(EventBase, frozen=True, tag=_P + "extra_take_granted"):
    """An extra card was granted (Commerce, Bonus, Colosse, Observatoire); queued first in, first out."""

    seat: SeatIndex
    """The seat granted an extra take."""
    source: GrantSource
    """What grants it."""


class EclatsGrantStarted(EventBase, frozen=True, tag=_P + "grant_started"):
    """The head of the grant queue started."""

    seat: SeatIndex
    """The seat using the grant."""
    source: GrantSource
    """What grants it."""


class EclatsGrantForfeited(EventBase, frozen=True, tag=_P + "grant_forfeited"):
    """A grant or the Palais power had nothing to take and was lost."""

    seat: SeatIndex
    """The seat losing the grant."""
    source: Literal["commerce", "bonus", "colosse", "observatoire", "palais"]
    """What granted it."""
    reason: Literal["no_card_available", "no_upgrade_available"]
    """Why it is lost: no card or no upgrade available."""


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
    """The seat whose turn ends."""


class EclatsTurnSkipped(EventBase, frozen=True, tag=_P + "turn_skipped"):
    """A player with no card in any of their piles was skipped."""

    seat: SeatIndex
    """The seat skipped."""
    reason: Literal["no_accessible_card"]
    """Why: no card is accessible."""


class EclatsScore(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One seat's final score (section 11)."""

    seat: SeatIndex
    """The seat."""
    stages: int
    """How many stages it built."""
    stage_prestige: int
    """The prestige of its stages."""
    culture: int
    """Its culture points."""
    victories: int
    """Its victories."""
    victory_prestige: int
    """The prestige of its victories."""
    progress: int
    """Its progress points."""
    total: int
    """Its total."""


class EclatsGameEnded(EventBase, frozen=True, tag=_P + "game_ended"):
    """The game is over: scores, ranking (tie-breaks applied) and the winner."""

    reason: EndReason
    """Why the game ended."""
    scores: list[EclatsScore]
    """One per seat, in seat order."""
    ranking: list[SeatIndex]
    """Seats, winner first."""
    winner: SeatIndex
    """The winning seat."""


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
