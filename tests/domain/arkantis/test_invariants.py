"""Random legal play keeps ArkantiS's invariants (spec 6 and 11.1)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.arkantis import RULESET
from domain.arkantis.components import CARDS, SESTERCES, TOKENS
from domain.arkantis.events import (
    ArkantisCardLaid,
    ArkantisShapesCreated,
    ArkantisTokensRemoved,
)
from domain.arkantis.shapes import card_type_of_mask, mask_of
from domain.arkantis.state import ArkantisState
from domain.kernel import Rng, SeatedPlayer, SetupContext, fold
from tests.domain.arkantis.support import choose, options


def check(state: ArkantisState) -> None:
    places = [*state.orange.hidden, *state.emerald.hidden]
    places += [c for c in (state.orange.visible, state.emerald.visible) if c is not None]
    for p in state.players:
        places += [*p.hand, *(c.card_id for c in p.laid)]
        assert p.sesterces >= 0
    assert Counter(places) == Counter(c.card_id for c in CARDS)  # each card in exactly one place
    assert state.bank >= 0
    assert state.bank + sum(p.sesterces for p in state.players) == SESTERCES
    assert state.leave_count == sum(p.passed for p in state.players)
    assert state.tokens.bit_count() <= TOKENS


@settings(max_examples=25, deadline=None)
@given(opts=options, seed=st.text(min_size=1, max_size=8), pick=st.randoms(use_true_random=False))
def test_random_play_keeps_the_invariants(opts: Any, seed: str, pick: random.Random) -> None:
    seats = RULESET.seats(opts)
    log = list(
        RULESET.setup(
            opts, SetupContext(players=tuple(SeatedPlayer(seat=s) for s in seats)), Rng(seed, 0)
        )
    )
    state = fold(RULESET, log)
    check(state)
    tokens = state.tokens.bit_count()
    assert tokens == TOKENS
    while RULESET.outcome(state) is None:
        movers = [s for s in seats if RULESET.legal_commands(state, s)]
        seat = RULESET.to_act(state)[0] if pick.random() < 0.7 else pick.choice(movers)
        command = choose(pick, state, seat, RULESET.legal_commands(state, seat))
        events = RULESET.decide(state, seat, command, Rng(seed, len(log)))
        for event in events:
            before = state.tokens.bit_count()
            state = RULESET.evolve(state, event)
            after = state.tokens.bit_count()
            if isinstance(event, ArkantisTokensRemoved):
                assert after == before - len(event.cells)  # removed tokens leave the game
            else:
                assert after == before  # a move (or anything else) keeps the count
            if isinstance(event, ArkantisShapesCreated):
                colours = [s.colour for s in event.shapes]
                assert "red" in colours and "blue" in colours
                assert colours == sorted(colours, key=lambda c: c != "red")
                for s in event.shapes:
                    assert 2 <= s.size <= 5 and s.size == len(s.cells)
                    assert s.card_type == card_type_of_mask(mask_of(s.cells))
            if isinstance(event, ArkantisCardLaid):
                shape = next(x for x in state.turn_shapes if x.shape_id == event.shape_id)
                assert shape.card_type == event.card_type and shape.validated_by == event.card_id
        log.extend(events)
        check(state)
        assert state.turn <= 40 + 42 * len(seats)  # spec 11.1 bound
    outcome = RULESET.outcome(state)
    assert outcome is not None and len(outcome.standings) == len(seats)
    assert [s.rank for s in outcome.standings] == list(range(1, len(seats) + 1))


def test_evolve_refuses_an_event_of_another_game() -> None:
    state = fold(RULESET, RULESET.setup(RULESET.Options(), SetupContext(), Rng("x", 0)))
    with pytest.raises(TypeError, match="not an ArkantiS event"):
        RULESET.evolve(state, cast(Any, NotAnArkantisEvent()))


class NotAnArkantisEvent(msgspec.Struct, frozen=True):
    """Not an event of the ArkantiS union."""
