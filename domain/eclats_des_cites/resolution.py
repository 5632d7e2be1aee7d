"""The automatic steps of a turn (spec 10.2 - 10.11) and the end of the game.

``Sim`` emits events and folds each one at once with ``evolve``, so every step
reads the state the log describes. The resolution loop (10.4) runs after
every accepted command until the game needs a player's answer.
"""

from __future__ import annotations

from typing import Any

from domain.eclats_des_cites.components import (
    ACCESSIBLE,
    ALERT_CARDS,
    CARD_BY_ID,
    FAMILY,
    HIDDEN,
    MARKERS,
    POWER_STAGES,
    REVEAL_COUNT,
    STAGES,
    WONDER_IDS,
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
    EclatsScore,
    EclatsStageBuilt,
    EclatsTurnEnded,
    EclatsTurnSkipped,
    EclatsTurnStarted,
    EclatsWonderChosen,
    EclatsWonderPowerTriggered,
)
from domain.eclats_des_cites.evolve import evolve
from domain.eclats_des_cites.payment import (
    battle_victories,
    choose_payment,
    culture,
    progress,
    ranking,
    science_set,
    stage_prestige,
    victory_prestige,
)
from domain.eclats_des_cites.state import EclatsState, strength


class Sim:
    """Emits events and folds each one at once."""

    __slots__ = ("events", "state")

    def __init__(self, state: EclatsState | None) -> None:
        self.state: EclatsState = state  # type: ignore[assignment]
        self.events: list[Any] = []

    def emit(self, event: Any) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)


def next_wonder(sim: Sim) -> None:
    while True:
        s = sim.state
        taken = [p.wonder for p in s.players if p.wonder is not None]
        if len(taken) == s.n:
            start_turn(sim, s.first_seat)
            return
        chooser = s.wonder_choice_order[len(taken)]
        free = [w for w in WONDER_IDS if w not in taken]
        if len(free) > 1:
            sim.emit(
                EclatsDecisionRequested(
                    seat=chooser, kind="choose_wonder", source="setup", options=list(free)
                )
            )
            return
        sim.emit(EclatsWonderChosen(seat=chooser, wonder_id=free[0], automatic=True))


# --- turn flow (10.2 - 10.11) --------------------------------------------------------------


def open_piles(state: EclatsState, piles: tuple[str, ...]) -> list[str]:
    return [p for p in piles if state.piles[p]]  # type: ignore[index]


def start_turn(sim: Sim, seat: int) -> None:
    s = sim.state
    sim.emit(EclatsTurnStarted(seat=seat, turn_number=s.turn_number + 1))
    central = s.piles["central"]
    if "exploration" in s.players[seat].upgrades and central:
        sim.emit(EclatsCentralTopPeeked(seat=seat, card_id=central[0]))
    sim.emit(
        EclatsDecisionRequested(
            seat=seat,
            kind="take_card",
            source="turn",
            options=open_piles(sim.state, ACCESSIBLE[s.n][seat]),
        )
    )


def play(sim: Sim, seat: int, card: str) -> None:
    sim.emit(EclatsCardPlayed(seat=seat, card_id=card))  # type: ignore[arg-type]
    s = sim.state
    family = FAMILY[card]
    if family == "joker":
        assert s.turn is not None
        if s.turn.jokers_played == 1 and "commerce" in s.players[seat].upgrades:
            sim.emit(EclatsExtraTakeGranted(seat=seat, source="commerce"))
    elif card in ALERT_CARDS:
        asked = CARD_BY_ID[card].alerts
        added = min(asked, MARKERS - s.alerts)
        sim.emit(
            EclatsConflictAlerted(
                seat=seat,
                card_id=card,  # type: ignore[arg-type]
                alerts_added=added,
                alerts_lost=asked - added,
                alerts=s.alerts + added,
            )
        )
    elif family == "exploration":
        _reveal(sim, seat, card, REVEAL_COUNT[card])


def _reveal(sim: Sim, seat: int, source: str, count: int) -> None:
    central = sim.state.piles["central"]
    m = min(count, len(central))
    if m == 0:
        if source == "observatoire":
            sim.emit(
                EclatsGrantForfeited(seat=seat, source="observatoire", reason="no_card_available")
            )
        else:
            sim.emit(EclatsCardDiscarded(seat=seat, card_id=source, reason="exploration_resolved"))  # type: ignore[arg-type]
        return
    cards = list(central[:m])
    sim.emit(EclatsCardsRevealed(seat=seat, source=source, card_ids=cards))  # type: ignore[arg-type]
    if m == 1:
        sim.emit(
            EclatsRevealedCardChosen(
                seat=seat, card_id=cards[0], returned_to_bottom=[], automatic=True
            )
        )
        after_choice(sim, seat, cards[0])
        return
    options: list[str] = list(dict.fromkeys(cards))
    sim.emit(
        EclatsDecisionRequested(
            seat=seat,
            kind="choose_revealed_card",
            source=source,  # type: ignore[arg-type]
            options=options,
        )
    )


def after_choice(sim: Sim, seat: int, card: str) -> None:
    turn = sim.state.turn
    if turn is not None and turn.exploring_card is not None:
        sim.emit(
            EclatsCardDiscarded(
                seat=seat, card_id=turn.exploring_card, reason="exploration_resolved"
            )
        )
    play(sim, seat, card)


def _upgrade_options(state: EclatsState) -> list[str]:
    options: list[str] = list(state.upgrades_face_up)
    if state.upgrades_hidden:
        options.append(HIDDEN)
    return options


def resolve(sim: Sim) -> None:
    """The resolution loop (10.4) for the current seat."""
    while True:
        s = sim.state
        if s.pending is not None or s.turn is None:  # L1
            return
        seat = s.turn.seat
        p = s.players[seat]
        if s.upgrades_face_up:  # L2
            cards = science_set(p.tableau)
            if cards is not None:
                sim.emit(EclatsScienceSetCompleted(seat=seat, card_ids=cards))
                sim.emit(
                    EclatsDecisionRequested(
                        seat=seat,
                        kind="choose_upgrade",
                        source="science",
                        options=_upgrade_options(sim.state),
                    )
                )
                continue
        if p.stages_built < 5 and p.wonder is not None:  # L3
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
                sim.emit(
                    EclatsStageBuilt(
                        seat=seat,
                        stage=stage.number,
                        prestige=stage_prestige(p.wonder, stage.number)
                        - stage_prestige(p.wonder, stage.number - 1),
                        spent=spent,
                        doubled_joker=doubled,
                        rule="technologie" if techno else "standard",
                        wonder_completed=stage.number == 5,
                    )
                )
                if stage.number in POWER_STAGES:
                    _power(sim, seat, p.wonder, stage.number)
                after = sim.state
                assert after.turn is not None
                if (
                    after.turn.stages_built_this_turn == 1
                    and "bonus" in after.players[seat].upgrades
                ):
                    sim.emit(EclatsExtraTakeGranted(seat=seat, source="bonus"))
                continue
        if s.turn.grant_queue:  # L4
            grant = s.turn.grant_queue[0]
            sim.emit(EclatsGrantStarted(seat=seat, source=grant))
            _start_grant(sim, seat, grant)
            continue
        _end_turn(sim, seat)  # L5
        return


def _power(sim: Sim, seat: int, wonder: str, stage: int) -> None:
    if wonder == "pyramide_des_aurores":
        return
    sim.emit(EclatsWonderPowerTriggered(seat=seat, wonder_id=wonder, stage=stage))  # type: ignore[arg-type]
    if wonder in ("observatoire", "colosse"):
        sim.emit(EclatsExtraTakeGranted(seat=seat, source=wonder))  # type: ignore[arg-type]
    elif wonder == "sanctuaire":
        total = sim.state.players[seat].permanent_shields + 1
        sim.emit(EclatsPermanentShieldsGained(seat=seat, amount=1, total=total))
    elif sim.state.upgrades_face_up:  # palais
        sim.emit(
            EclatsDecisionRequested(
                seat=seat,
                kind="choose_upgrade",
                source="palais",
                options=_upgrade_options(sim.state),
            )
        )
    else:
        sim.emit(EclatsGrantForfeited(seat=seat, source="palais", reason="no_upgrade_available"))


def _start_grant(sim: Sim, seat: int, grant: str) -> None:
    s = sim.state
    if grant == "observatoire":
        _reveal(sim, seat, "observatoire", REVEAL_COUNT["observatoire"])
        return
    piles = all_piles(s.n) if grant == "colosse" else ACCESSIBLE[s.n][seat]
    options = open_piles(s, piles)
    if not options:
        sim.emit(EclatsGrantForfeited(seat=seat, source=grant, reason="no_card_available"))  # type: ignore[arg-type]
        return
    sim.emit(
        EclatsDecisionRequested(seat=seat, kind="take_card", source=grant, options=options)  # type: ignore[arg-type]
    )


def _end_turn(sim: Sim, seat: int) -> None:
    s = sim.state
    n = s.n
    if s.alerts >= MARKERS:  # E1
        strengths = [strength(s, i) for i in range(n)]
        discarded: dict[int, list[Any]] = {}
        for i, p in enumerate(s.players):
            lost = [c for c in ("bastion", "heraut") for _ in range(p.tableau.get(c, 0))]
            if lost:
                discarded[i] = lost
        sim.emit(
            EclatsBattleFought(
                strengths=strengths,
                victories_gained=battle_victories(strengths),
                discarded=discarded,
            )
        )
    sim.emit(EclatsTurnEnded(seat=seat))  # E2
    s = sim.state
    if s.wonder_completed_by is not None:  # E3
        _end_game(sim, "wonder_completed")
        return
    if not any(s.piles.values()):
        _end_game(sim, "piles_exhausted")
        return
    t = (seat + 1) % n  # E4
    while not open_piles(s, ACCESSIBLE[n][t]):
        sim.emit(EclatsTurnSkipped(seat=t, reason="no_accessible_card"))
        t = (t + 1) % n
    start_turn(sim, t)


def scores(state: EclatsState) -> list[EclatsScore]:
    out = []
    for p in state.players:
        sp = stage_prestige(p.wonder, p.stages_built)
        cu = culture(p.tableau)
        vp = victory_prestige(p.victories)
        pr = progress(p.upgrades)
        out.append(
            EclatsScore(
                seat=p.seat,
                stages=p.stages_built,
                stage_prestige=sp,
                culture=cu,
                victories=p.victories,
                victory_prestige=vp,
                progress=pr,
                total=sp + cu + vp + pr,
            )
        )
    return out


def _end_game(sim: Sim, reason: str) -> None:
    s = sim.state
    table = scores(s)
    order, _ = ranking([x.total for x in table], [x.stages for x in table], s.first_seat)
    sim.emit(EclatsGameEnded(reason=reason, scores=table, ranking=order, winner=order[0]))  # type: ignore[arg-type]
