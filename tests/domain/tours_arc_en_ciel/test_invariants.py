"""Invariants: conservation of Dragons and cards and replay under random legal play;
the evolve table covers every event."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import Rng, SetupContext
from domain.kernel import fold, members_of
from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.commands import ToursTakeCard
from domain.tours_arc_en_ciel.components import CHANCE_CARDS, GAME_CARDS, HOUSE_DRAGONS
from domain.tours_arc_en_ciel.events import ToursEvent
from domain.tours_arc_en_ciel.evolve import HANDLERS
from domain.tours_arc_en_ciel.options import ToursOptions
from domain.tours_arc_en_ciel.state import ToursState
from tests.domain.tours_arc_en_ciel import make_golden
from tests.domain.tours_arc_en_ciel.helpers import RS
from tests.domain.tours_arc_en_ciel.support import choose, options


def check_invariants(state: ToursState) -> None:
    for seat, house in enumerate(state.houses):
        on_board = [d for d in state.occupant.values() if d.startswith(house + "_")]
        everywhere = [*state.reserve[seat], *state.eliminated[seat], *on_board]
        assert sorted(everywhere) == sorted(HOUSE_DRAGONS[house]), house
    assert set(state.hidden) <= set(state.occupant.values())
    assert all(v >= 0 for v in state.defense.values()) and len(state.defense) == 40
    cards = (
        Counter(state.pile) + Counter(c for c in state.face_up if c) + Counter(state.game_discard)
    )
    for hand in state.hands:
        cards += Counter(hand)
    assert cards == Counter(GAME_CARDS)
    chance = Counter(state.chance_deck) + Counter(state.chance_discard)
    for kept in (*state.combat_cards, *state.point_cards):
        chance += Counter(kept)
    if state.pending is not None:
        chance[state.pending.card] += 1
    assert chance == Counter(CHANCE_CARDS)
    assert state.contest is None
    everyone = board.owners(state)
    for island, holders in everyone.items():
        assert board.island_owners(state, island) == holders


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(opts=options, seed=st.integers(0, 10**6), gold=st.booleans(), busy=st.booleans())
def test_random_play_conserves_dragons_and_cards(
    opts: ToursOptions, seed: int, gold: bool, busy: bool
) -> None:
    rnd = random.Random(seed)
    policy = make_golden.choose if busy else choose
    context = SetupContext(last_winner_seat=opts.houses[-1] if gold else None)
    log = list(RS.setup(opts, context, Rng(str(seed), 0)))
    state = fold(RS, log)
    while RS.outcome(state) is None:
        check_invariants(state)
        seat = RS.to_act(state)[0]
        command = policy(rnd, state, seat, RS.legal_commands(state, seat))
        events = RS.decide(state, seat, command, Rng(str(seed), len(log)))
        state = fold(RS, events, state)
        log.extend(events)
    check_invariants(state)
    assert msgspec.json.encode(fold(RS, log)) == msgspec.json.encode(state)
    assert state.result is not None
    end = log[-1]
    assert isinstance(end, ev.ToursGameEnded)
    if "cards_exhausted" in end.reasons:
        assert not state.pile and state.face_up == [None, None, None]
    if "all_dragons_on_board" in end.reasons:
        assert any(not r and not e for r, e in zip(state.reserve, state.eliminated, strict=True))
    scores = {s.seat: (s.score, s.pearls) for s in end.scores}
    ranked = [scores[s] for s in end.ranking]
    assert ranked == sorted(ranked, reverse=True)


def test_evolve_has_one_named_handler_per_event_and_refuses_others() -> None:
    handlers = HANDLERS
    assert set(handlers) == set(members_of(ToursEvent))
    assert all(not h.__name__.startswith("<") for h in handlers.values())
    with pytest.raises(TypeError, match="cannot evolve ToursTakeCard"):
        RS.evolve(None, ToursTakeCard(source="pile"))
