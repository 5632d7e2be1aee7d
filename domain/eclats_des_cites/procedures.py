"""The automatic steps of a turn (spec 10.2 - 10.11) and the end of the game.

Every step takes the kernel's ``Emitter``, which folds each event with
``evolve`` as it is emitted, so every step reads the state the log describes.
The resolution loop (10.4) runs after every accepted command until the game
needs a player's answer.
"""

from __future__ import annotations

from typing import Literal, cast

from domain import kernel
from domain.eclats_des_cites.battle import battle_victories, strength
from domain.eclats_des_cites.components import (
    ACCESSIBLE,
    ALERT_CARDS,
    CARD_BY_ID,
    FAMILY,
    FINAL_STAGE,
    HIDDEN,
    MARKERS,
    POWER_STAGES,
    REVEAL_COUNT,
    STAGES,
    WONDER_IDS,
    CardId,
    EndReason,
    GrantSource,
    PileId,
    RevealSource,
    SeatIndex,
    WonderId,
    all_piles,
)
from domain.eclats_des_cites.events import (
    EclatsBattleFought,
    EclatsCardDiscarded,
    EclatsCardPlayed,
    EclatsCardsRevealed,
    EclatsCentralTopPeeked,
    EclatsConflictAlerted,
    EclatsDecisionRequested,
    EclatsExtraTakeGranted,
    EclatsGameEnded,
    EclatsGrantForfeited,
    EclatsGrantStarted,
    EclatsPermanentShieldsGained,
    EclatsRevealedCardChosen,
    EclatsScienceSetCompleted,
    EclatsStageBuilt,
    EclatsTurnEnded,
    EclatsTurnSkipped,
    EclatsTurnStarted,
    EclatsWonderChosen,
    EclatsWonderPowerTriggered,
)
from domain.eclats_des_cites.payment import choose_payment, science_set
from domain.eclats_des_cites.scoring import ranking, scores, stage_prestige
from domain.eclats_des_cites.state import EclatsState

Emitter = kernel.Emitter[EclatsState]
"""The kernel ``Emitter`` over this game's state: what every step takes. Build one
with ``kernel.Emitter(evolve, state, rng)`` (calling the alias costs a typing call)."""


def next_wonder(emitter: Emitter) -> None:
    """Ask the next chooser for a wonder (the last one gets the one left), then start play."""
    while True:
        s = emitter.state
        taken = [p.wonder for p in s.players if p.wonder is not None]
        if len(taken) == s.n:
            start_turn(emitter, s.first_seat)
            return
        chooser = s.wonder_choice_order[len(taken)]
        free = [w for w in WONDER_IDS if w not in taken]
        if len(free) > 1:
            emitter.emit(
                EclatsDecisionRequested(
                    seat=chooser, kind="choose_wonder", source="setup", options=list(free)
                )
            )
            return
        emitter.emit(EclatsWonderChosen(seat=chooser, wonder_id=free[0], automatic=True))


# --- turn flow (10.2 - 10.11) --------------------------------------------------------------


def open_piles(state: EclatsState, piles: tuple[PileId, ...]) -> list[str]:
    """The non-empty piles among ``piles``, in their order."""
    return [pile for pile in piles if state.piles[pile]]


def start_turn(emitter: Emitter, seat_index: SeatIndex) -> None:
    """10.2: the turn starts, Exploration peeks, the take is asked for."""
    s = emitter.state
    emitter.emit(EclatsTurnStarted(seat=seat_index, turn_number=s.turn_number + 1))
    central = s.piles["central"]
    if "exploration" in s.players[seat_index].upgrades and central:
        emitter.emit(EclatsCentralTopPeeked(seat=seat_index, card_id=central[0]))
    emitter.emit(
        EclatsDecisionRequested(
            seat=seat_index,
            kind="take_card",
            source="turn",
            options=open_piles(emitter.state, ACCESSIBLE[s.n][seat_index]),
        )
    )


def play(emitter: Emitter, seat_index: SeatIndex, card: CardId) -> None:
    """PLAY (10.3): keep the card and apply its immediate effect."""
    emitter.emit(EclatsCardPlayed(seat=seat_index, card_id=card))
    s = emitter.state
    family = FAMILY[card]
    if family == "joker":
        assert s.turn is not None
        if s.turn.jokers_played == 1 and "commerce" in s.players[seat_index].upgrades:
            emitter.emit(EclatsExtraTakeGranted(seat=seat_index, source="commerce"))
    elif card in ALERT_CARDS:
        asked = CARD_BY_ID[card].alerts
        added = min(asked, MARKERS - s.alerts)
        emitter.emit(
            EclatsConflictAlerted(
                seat=seat_index,
                card_id=card,
                alerts_added=added,
                alerts_lost=asked - added,
                alerts=s.alerts + added,
            )
        )
    elif family == "exploration":
        _reveal(emitter, seat_index, cast(RevealSource, card), REVEAL_COUNT[card])


def _reveal(emitter: Emitter, seat_index: SeatIndex, source: RevealSource, count: int) -> None:
    central = emitter.state.piles["central"]
    m = min(count, len(central))
    if m == 0:
        if source == "observatoire":
            emitter.emit(
                EclatsGrantForfeited(
                    seat=seat_index, source="observatoire", reason="no_card_available"
                )
            )
        else:
            emitter.emit(
                EclatsCardDiscarded(seat=seat_index, card_id=source, reason="exploration_resolved")
            )
        return
    cards = list(central[:m])
    emitter.emit(EclatsCardsRevealed(seat=seat_index, source=source, card_ids=cards))
    if m == 1:
        emitter.emit(
            EclatsRevealedCardChosen(
                seat=seat_index, card_id=cards[0], returned_to_bottom=[], automatic=True
            )
        )
        after_choice(emitter, seat_index, cards[0])
        return
    options: list[str] = list(dict.fromkeys(cards))
    emitter.emit(
        EclatsDecisionRequested(
            seat=seat_index,
            kind="choose_revealed_card",
            source=source,
            options=options,
        )
    )


def after_choice(emitter: Emitter, seat_index: SeatIndex, card: CardId) -> None:
    turn = emitter.state.turn
    if turn is not None and turn.exploring_card is not None:
        emitter.emit(
            EclatsCardDiscarded(
                seat=seat_index, card_id=turn.exploring_card, reason="exploration_resolved"
            )
        )
    play(emitter, seat_index, card)


def _upgrade_options(state: EclatsState) -> list[str]:
    options: list[str] = list(state.upgrades_face_up)
    if state.upgrades_hidden:
        options.append(HIDDEN)
    return options


def resolve(emitter: Emitter) -> None:
    """The resolution loop (10.4) for the seat whose turn it is."""
    while True:
        s = emitter.state
        if s.pending is not None or s.turn is None:  # L1
            return
        seat_index = s.turn.seat
        p = s.players[seat_index]
        if s.upgrades_face_up:  # L2
            cards = science_set(p.tableau)
            if cards is not None:
                emitter.emit(EclatsScienceSetCompleted(seat=seat_index, card_ids=cards))
                emitter.emit(
                    EclatsDecisionRequested(
                        seat=seat_index,
                        kind="choose_upgrade",
                        source="science",
                        options=_upgrade_options(emitter.state),
                    )
                )
                continue
        if p.stages_built < FINAL_STAGE and p.wonder is not None:  # L3
            stage = STAGES[p.stages_built]
            techno = "technologie" in p.upgrades
            payment = choose_payment(
                p.tableau,
                stage.count,
                "any" if techno else stage.pattern,
                "multiplicateur" in p.upgrades,
            )
            if payment is not None:
                spent, doubled = payment
                emitter.emit(
                    EclatsStageBuilt(
                        seat=seat_index,
                        stage=stage.number,
                        prestige=stage_prestige(p.wonder, stage.number)
                        - stage_prestige(p.wonder, stage.number - 1),
                        spent=spent,
                        doubled_joker=doubled,
                        rule="technologie" if techno else "standard",
                        wonder_completed=stage.number == FINAL_STAGE,
                    )
                )
                if stage.number in POWER_STAGES:
                    _power(emitter, seat_index, p.wonder, cast(Literal[2, 4], stage.number))
                after = emitter.state
                assert after.turn is not None
                if (
                    after.turn.stages_built_this_turn == 1
                    and "bonus" in after.players[seat_index].upgrades
                ):
                    emitter.emit(EclatsExtraTakeGranted(seat=seat_index, source="bonus"))
                continue
        if s.turn.grant_queue:  # L4
            grant = s.turn.grant_queue[0]
            emitter.emit(EclatsGrantStarted(seat=seat_index, source=grant))
            _start_grant(emitter, seat_index, grant)
            continue
        _end_turn(emitter, seat_index)  # L5
        return


def _power(emitter: Emitter, seat_index: SeatIndex, wonder: WonderId, stage: Literal[2, 4]) -> None:
    if wonder == "pyramide_des_aurores":
        return
    emitter.emit(EclatsWonderPowerTriggered(seat=seat_index, wonder_id=wonder, stage=stage))
    if wonder in ("observatoire", "colosse"):
        emitter.emit(EclatsExtraTakeGranted(seat=seat_index, source=wonder))
    elif wonder == "sanctuaire":
        total = emitter.state.players[seat_index].permanent_shields + 1
        emitter.emit(EclatsPermanentShieldsGained(seat=seat_index, amount=1, total=total))
    elif emitter.state.upgrades_face_up:  # palais
        emitter.emit(
            EclatsDecisionRequested(
                seat=seat_index,
                kind="choose_upgrade",
                source="palais",
                options=_upgrade_options(emitter.state),
            )
        )
    else:
        emitter.emit(
            EclatsGrantForfeited(seat=seat_index, source="palais", reason="no_upgrade_available")
        )


def _start_grant(emitter: Emitter, seat_index: SeatIndex, grant: GrantSource) -> None:
    s = emitter.state
    if grant == "observatoire":
        _reveal(emitter, seat_index, "observatoire", REVEAL_COUNT["observatoire"])
        return
    piles = all_piles(s.n) if grant == "colosse" else ACCESSIBLE[s.n][seat_index]
    options = open_piles(s, piles)
    if not options:
        emitter.emit(
            EclatsGrantForfeited(seat=seat_index, source=grant, reason="no_card_available")
        )
        return
    emitter.emit(
        EclatsDecisionRequested(seat=seat_index, kind="take_card", source=grant, options=options)
    )


def _end_turn(emitter: Emitter, seat_index: SeatIndex) -> None:
    s = emitter.state
    n = s.n
    if s.alerts >= MARKERS:  # E1
        strengths = [strength(s, index) for index in range(n)]
        discarded: dict[SeatIndex, list[CardId]] = {}
        for index, player in enumerate(s.players):
            lost = [card for card in ALERT_CARDS for _ in range(player.tableau.get(card, 0))]
            if lost:
                discarded[index] = lost
        emitter.emit(
            EclatsBattleFought(
                strengths=strengths,
                victories_gained=battle_victories(strengths),
                discarded=discarded,
            )
        )
    emitter.emit(EclatsTurnEnded(seat=seat_index))  # E2
    s = emitter.state
    if s.wonder_completed_by is not None:  # E3
        _end_game(emitter, "wonder_completed")
        return
    if not any(s.piles.values()):
        _end_game(emitter, "piles_exhausted")
        return
    following = (seat_index + 1) % n  # E4
    while not open_piles(s, ACCESSIBLE[n][following]):
        emitter.emit(EclatsTurnSkipped(seat=following, reason="no_accessible_card"))
        following = (following + 1) % n
    start_turn(emitter, following)


def _end_game(emitter: Emitter, reason: EndReason) -> None:
    s = emitter.state
    table = scores(s)
    order, _ = ranking([x.total for x in table], [x.stages for x in table], s.first_seat)
    emitter.emit(EclatsGameEnded(reason=reason, scores=table, ranking=order, winner=order[0]))
