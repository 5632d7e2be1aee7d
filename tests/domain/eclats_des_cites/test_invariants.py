"""Invariants of random legal play, specific to Éclats des Cités."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import Rng, SeatedPlayer, SetupContext, fold
from domain.eclats_des_cites import RULESET as RS
from domain.eclats_des_cites.components import (
    FACE_UP_SLOTS,
    FINAL_STAGE,
    MARKERS,
    SCIENCE_SYMBOLS,
    STAGES,
    UPGRADES,
    SeatIndex,
    border_composition,
    central_composition,
)
from domain.eclats_des_cites.options import EclatsOptions
from domain.eclats_des_cites.payment import choose_payment
from domain.eclats_des_cites.state import EclatsState


def every_card(state: EclatsState) -> Counter[str]:
    """Where every card is: piles, tableaux, discard, revealed, the exploring card."""
    where: Counter[str] = Counter()
    for cards in state.piles.values():
        where.update(cards)
    for p in state.players:
        where.update(p.tableau)
    where.update(state.discard)
    if state.turn is not None:
        where.update(state.turn.revealed)
        if state.turn.exploring_card is not None:
            where[state.turn.exploring_card] += 1
    return where


def affordable(state: EclatsState, index: SeatIndex) -> bool:
    p = state.players[index]
    if p.stages_built >= FINAL_STAGE:
        return False
    stage = STAGES[p.stages_built]
    pattern = "any" if "technologie" in p.upgrades else stage.pattern
    return (
        choose_payment(p.tableau, stage.count, pattern, "multiplicateur" in p.upgrades) is not None
    )


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(
    n=st.integers(2, 5),
    seed=st.text(min_size=1, max_size=6),
    pick=st.randoms(use_true_random=False),
)
def test_random_play_keeps_the_invariants(n: int, seed: str, pick: random.Random) -> None:
    options = EclatsOptions(seat_count=n)
    ctx = SetupContext(players=tuple(SeatedPlayer(seat=s) for s in RS.seats(options)))
    log = RS.setup(options, ctx, Rng(seed, 0))
    state = fold(RS, log)
    deck = Counter(central_composition())
    for _ in range(n):
        deck.update(border_composition())
    upgrades_total = len(UPGRADES)
    previous_turns = 0
    while RS.outcome(state) is None:
        # Cards are conserved: nothing appears, nothing is lost.
        assert every_card(state) == deck
        # The 7 upgrade tokens are conserved, the row holds at most 3.
        held = [u for p in state.players for u in p.upgrades]
        assert (
            len(held) + len(state.upgrades_face_up) + len(state.upgrades_hidden) == upgrades_total
        )
        assert len(set(held)) == len(held)
        assert len(state.upgrades_face_up) <= FACE_UP_SLOTS
        assert not state.upgrades_hidden or len(state.upgrades_face_up) == FACE_UP_SLOTS
        assert 0 <= state.alerts <= MARKERS
        # Exactly one decision is pending and the seat it waits on can answer.
        assert state.pending is not None
        (seat,) = RS.to_act(state)
        commands = RS.legal_commands(state, seat)
        assert commands
        # Between commands no stage is affordable (except during an upgrade
        # choice that interrupted a chain), no science set waits (D34).
        for p in state.players:
            interrupted = state.pending.kind == "choose_upgrade" and state.pending.seat == p.seat
            if not interrupted:
                assert not affordable(state, p.seat), (p, state.pending)
            if state.upgrades_face_up:
                assert all(p.tableau.get(s, 0) <= 1 for s in SCIENCE_SYMBOLS)
                assert not all(p.tableau.get(s, 0) for s in SCIENCE_SYMBOLS)
        events = RS.decide(state, seat, pick.choice(commands), Rng(seed, len(log)))
        log.extend(events)
        state = fold(RS, events, state)
        turns = sum(p.turns_taken for p in state.players)
        assert turns >= previous_turns
        previous_turns = turns
    assert every_card(state) == deck
    assert state.result is not None
    # The game ends only with a completed wonder or with every pile empty.
    if state.result.reason == "wonder_completed":
        assert state.wonder_completed_by is not None
        assert state.players[state.wonder_completed_by].stages_built == FINAL_STAGE
    else:
        assert not any(state.piles.values())
    totals = {s.seat: s.total for s in state.result.scores}
    ranked = [totals[s] for s in state.result.ranking]
    assert ranked == sorted(ranked, reverse=True)
    assert sum(p.turns_taken for p in state.players) == state.turn_number
