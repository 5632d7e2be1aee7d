"""setup, decide, legal_commands, to_act and outcome (spec sections 5, 7, 10, 11).

``decide`` validates a command in the spec's order (7.0), then emits events
and runs the automatic steps (the resolution loop of 10.4) until the game
needs a player's answer. Each event is folded with ``evolve`` as soon as it
is emitted, so the loop always reads the state the log describes.
"""

from __future__ import annotations

from typing import Any

from domain.eclats_des_cites.commands import (
    EclatsChooseRevealedCard,
    EclatsChooseUpgrade,
    EclatsChooseWonder,
    EclatsCommand,
    EclatsTakeCard,
    param_of,
)
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
    UPGRADE_IDS,
    WONDER_IDS,
    all_piles,
    border,
    border_composition,
    central_composition,
    seat_name,
)
from domain.eclats_des_cites.events import (
    EclatsBattleFought,
    EclatsBorderTop,
    EclatsCardDiscarded,
    EclatsCardPlayed,
    EclatsCardsRevealed,
    EclatsCardTaken,
    EclatsCentralTopPeeked,
    EclatsConflictAlerted,
    EclatsDecisionRequested,
    EclatsExtraTakeGranted,
    EclatsGameEnded,
    EclatsGameSetUp,
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
    EclatsUpgradeTaken,
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
from domain.eclats_des_cites.state import EclatsOptions, EclatsState, strength
from domain.kernel import Outcome, Rng, RuleViolation, Standing

SEAT_INDEX: dict[str, int] = {seat_name(i): i for i in range(5)}
_CMD_FOR_KIND: dict[str, type] = {
    "choose_wonder": EclatsChooseWonder,
    "take_card": EclatsTakeCard,
    "choose_revealed_card": EclatsChooseRevealedCard,
    "choose_upgrade": EclatsChooseUpgrade,
}
_KIND_OF_CMD: dict[type, str] = {v: k for k, v in _CMD_FOR_KIND.items()}


class _Sim:
    """Emits events and folds each one at once."""

    __slots__ = ("events", "state")

    def __init__(self, state: EclatsState | None) -> None:
        self.state: EclatsState = state  # type: ignore[assignment]
        self.events: list[Any] = []

    def emit(self, event: Any) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)


# --- options and setup ------------------------------------------------------------


def validate_options(options: Any) -> None:
    if not isinstance(options, EclatsOptions):
        raise RuleViolation("invalid_options", "options must be eclats_des_cites options")
    n = options.seat_count
    if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 5:
        raise RuleViolation(
            "invalid_options", f"seat_count must be 2 to 5, not {n!r}", {"seat_count": n}
        )


def seats(options: EclatsOptions) -> tuple[str, ...]:
    return tuple(seat_name(i) for i in range(options.seat_count))


def setup(options: EclatsOptions, rng: Rng) -> list[Any]:
    validate_options(options)
    n = options.seat_count
    first = rng.randint(0, n - 1)  # R1
    central = rng.shuffled(central_composition())  # R2
    borders = {border(i): rng.shuffled(border_composition()) for i in range(n)}  # R3
    upgrades = rng.shuffled(UPGRADE_IDS)  # R4
    sim = _Sim(None)
    sim.emit(
        EclatsGameSetUp(
            seat_count=n,
            first_seat=first,
            wonder_choice_order=[(first - k) % n for k in range(1, n + 1)],
            central=central,
            central_count=len(central),
            borders=borders,
            border_tops={
                b: EclatsBorderTop(count=len(cards), top=cards[0]) for b, cards in borders.items()
            },
            upgrades_face_up=upgrades[:3],
            upgrades_hidden=upgrades[3:],
            upgrades_hidden_count=len(upgrades) - 3,
        )
    )
    _next_wonder(sim)
    return sim.events


def _next_wonder(sim: _Sim) -> None:
    while True:
        s = sim.state
        taken = [p.wonder for p in s.players if p.wonder is not None]
        if len(taken) == s.n:
            _start_turn(sim, s.first_seat)
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


# --- decide ------------------------------------------------------------------------


def decide(state: EclatsState, seat: str, command: EclatsCommand) -> list[Any]:
    value = param_of(command)  # 1. invalid_payload
    index = SEAT_INDEX.get(seat) if isinstance(seat, str) else None
    if index is None or index >= state.n:  # 2.
        raise RuleViolation("not_a_player", f"{seat!r} holds no seat in this game", {"seat": seat})
    if state.status == "finished":  # 3.
        raise RuleViolation("game_finished", "the game is over")
    pending = state.pending
    if pending is None or pending.seat != index:  # 4.
        waiting = None if pending is None else seat_name(pending.seat)
        raise RuleViolation(
            "not_your_turn", f"the game waits on {waiting}, not {seat}", {"waiting_on": waiting}
        )
    kind = _KIND_OF_CMD[type(command)]
    if kind != pending.kind:  # 5.
        raise RuleViolation(
            "wrong_command",
            f"{seat} must answer {pending.kind}, not {kind}",
            {"expected": pending.kind, "got": kind},
        )
    sim = _Sim(state)
    if kind == "choose_wonder":
        _choose_wonder(sim, index, value)
    elif kind == "take_card":
        _take_card(sim, index, value)
    elif kind == "choose_revealed_card":
        _choose_revealed(sim, index, value)
    else:
        _choose_upgrade(sim, index, value)
    return sim.events


def _choose_wonder(sim: _Sim, seat: int, wonder: str) -> None:
    if wonder not in WONDER_IDS:
        raise RuleViolation(
            "unknown_wonder", f"there is no wonder {wonder!r}", {"wonder_id": wonder}
        )
    for p in sim.state.players:
        if p.wonder == wonder:
            raise RuleViolation(
                "wonder_taken",
                f"{wonder} is already held by {seat_name(p.seat)}",
                {"wonder_id": wonder, "seat": seat_name(p.seat)},
            )
    sim.emit(EclatsWonderChosen(seat=seat, wonder_id=wonder, automatic=False))
    _next_wonder(sim)


def _take_card(sim: _Sim, seat: int, pile_id: str) -> None:
    s = sim.state
    assert s.pending is not None
    piles = all_piles(s.n)
    if pile_id not in piles:
        raise RuleViolation("unknown_pile", f"there is no pile {pile_id!r}", {"pile_id": pile_id})
    allowed = piles if s.pending.source == "colosse" else ACCESSIBLE[s.n][seat]
    if pile_id not in allowed:
        raise RuleViolation(
            "pile_not_allowed",
            f"{pile_id} is not one of {seat_name(seat)}'s piles for a {s.pending.source} take",
            {"pile_id": pile_id, "allowed": list(allowed)},
        )
    pile = s.piles[pile_id]
    if not pile:
        raise RuleViolation("pile_empty", f"{pile_id} is empty", {"pile_id": pile_id})
    card = pile[0]
    new_top = pile[1] if pile_id != "central" and len(pile) > 1 else None
    sim.emit(EclatsCardTaken(seat=seat, pile_id=pile_id, card_id=card, new_top=new_top))
    _play(sim, seat, card)
    _resolve(sim)


def _choose_revealed(sim: _Sim, seat: int, card: str) -> None:
    turn = sim.state.turn
    revealed = list(turn.revealed) if turn is not None else []
    if card not in revealed:
        raise RuleViolation(
            "card_not_revealed", f"{card!r} is not among the revealed cards", {"card_id": card}
        )
    revealed.remove(card)
    sim.emit(
        EclatsRevealedCardChosen(
            seat=seat, card_id=card, returned_to_bottom=revealed, automatic=False
        )
    )
    _after_choice(sim, seat, card)
    _resolve(sim)


def _choose_upgrade(sim: _Sim, seat: int, upgrade: str) -> None:
    s = sim.state
    if upgrade != HIDDEN and upgrade not in UPGRADE_IDS:
        raise RuleViolation(
            "unknown_upgrade", f"there is no upgrade {upgrade!r}", {"upgrade": upgrade}
        )
    if upgrade == HIDDEN:
        if not s.upgrades_hidden:
            raise RuleViolation("hidden_pile_empty", "the hidden upgrade pile is empty")
        event = EclatsUpgradeTaken(
            seat=seat, upgrade_id=s.upgrades_hidden[0], from_="hidden", slot=None, replacement=None
        )
    else:
        if upgrade not in s.upgrades_face_up:
            raise RuleViolation(
                "upgrade_not_available", f"{upgrade} is not face up", {"upgrade": upgrade}
            )
        slot = s.upgrades_face_up.index(upgrade)
        replacement = s.upgrades_hidden[0] if s.upgrades_hidden else None
        event = EclatsUpgradeTaken(
            seat=seat, upgrade_id=upgrade, from_="face_up", slot=slot, replacement=replacement
        )
    sim.emit(event)
    _resolve(sim)


# --- turn flow (10.2 - 10.11) --------------------------------------------------------------


def _open_piles(state: EclatsState, piles: tuple[str, ...]) -> list[str]:
    return [p for p in piles if state.piles[p]]  # type: ignore[index]


def _start_turn(sim: _Sim, seat: int) -> None:
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
            options=_open_piles(sim.state, ACCESSIBLE[s.n][seat]),
        )
    )


def _play(sim: _Sim, seat: int, card: str) -> None:
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


def _reveal(sim: _Sim, seat: int, source: str, count: int) -> None:
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
        _after_choice(sim, seat, cards[0])
        return
    options = list(dict.fromkeys(cards))
    sim.emit(
        EclatsDecisionRequested(
            seat=seat,
            kind="choose_revealed_card",
            source=source,
            options=options,  # type: ignore[arg-type]
        )
    )


def _after_choice(sim: _Sim, seat: int, card: str) -> None:
    turn = sim.state.turn
    if turn is not None and turn.exploring_card is not None:
        sim.emit(
            EclatsCardDiscarded(
                seat=seat, card_id=turn.exploring_card, reason="exploration_resolved"
            )
        )
    _play(sim, seat, card)


def _upgrade_options(state: EclatsState) -> list[str]:
    options: list[str] = list(state.upgrades_face_up)
    if state.upgrades_hidden:
        options.append(HIDDEN)
    return options


def _resolve(sim: _Sim) -> None:
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


def _power(sim: _Sim, seat: int, wonder: str, stage: int) -> None:
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


def _start_grant(sim: _Sim, seat: int, grant: str) -> None:
    s = sim.state
    if grant == "observatoire":
        _reveal(sim, seat, "observatoire", REVEAL_COUNT["observatoire"])
        return
    piles = all_piles(s.n) if grant == "colosse" else ACCESSIBLE[s.n][seat]
    options = _open_piles(s, piles)
    if not options:
        sim.emit(EclatsGrantForfeited(seat=seat, source=grant, reason="no_card_available"))  # type: ignore[arg-type]
        return
    sim.emit(
        EclatsDecisionRequested(seat=seat, kind="take_card", source=grant, options=options)  # type: ignore[arg-type]
    )


def _end_turn(sim: _Sim, seat: int) -> None:
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
    while not _open_piles(s, ACCESSIBLE[n][t]):
        sim.emit(EclatsTurnSkipped(seat=t, reason="no_accessible_card"))
        t = (t + 1) % n
    _start_turn(sim, t)


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


def _end_game(sim: _Sim, reason: str) -> None:
    s = sim.state
    table = scores(s)
    order, _ = ranking([x.total for x in table], [x.stages for x in table], s.first_seat)
    sim.emit(EclatsGameEnded(reason=reason, scores=table, ranking=order, winner=order[0]))  # type: ignore[arg-type]


# --- queries -------------------------------------------------------------------------


def legal_commands(state: EclatsState, seat: str) -> list[Any]:
    pending = state.pending
    if state.status == "finished" or pending is None or SEAT_INDEX.get(seat) != pending.seat:
        return []
    cls = _CMD_FOR_KIND[pending.kind]
    if cls is EclatsTakeCard:
        return [EclatsTakeCard(pile_id=o) for o in pending.options]
    if cls is EclatsChooseUpgrade:
        return [EclatsChooseUpgrade(upgrade=o) for o in pending.options]
    if cls is EclatsChooseRevealedCard:
        return [EclatsChooseRevealedCard(card_id=o) for o in pending.options]
    return [EclatsChooseWonder(wonder_id=o) for o in pending.options]


def to_act(state: EclatsState) -> list[str]:
    if state.status == "finished" or state.pending is None:
        return []
    return [seat_name(state.pending.seat)]


def outcome(state: EclatsState) -> Outcome | None:
    result = state.result
    if state.status != "finished" or result is None:
        return None
    by_seat = {x.seat: x for x in result.scores}
    _, decided = ranking(
        [by_seat[i].total for i in range(state.n)],
        [by_seat[i].stages for i in range(state.n)],
        state.first_seat,
    )
    standings = tuple(
        Standing(seat=seat_name(s), rank=k + 1, score=by_seat[s].total)
        for k, s in enumerate(result.ranking)
    )
    return Outcome(standings=standings, winners=(seat_name(result.winner),), decided_by=decided)
