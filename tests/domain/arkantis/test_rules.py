"""Rules not covered by one spec scenario: the deal, tie-breaks, several pending shapes."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from domain.arkantis import RULESET
from domain.arkantis.commands import ArkantisEndTurn, ArkantisLayCard, ArkantisPassTurn
from domain.arkantis.components import CARD_IDS_BY_COLOUR
from domain.arkantis.events import (
    ArkantisCardLaid,
    ArkantisCardsDealt,
    ArkantisCardTurnedFaceUp,
    ArkantisFirstPlayerDrawn,
    ArkantisGameEnded,
    ArkantisPileShuffled,
    ArkantisSestercesDistributed,
    ArkantisTurnEnded,
    ArkantisTurnStarted,
)
from domain.arkantis.options import ArkantisOptions
from domain.arkantis.state import ArkantisTurnShape
from domain.kernel import Rng, SetupContext, fold
from tests.domain.arkantis.helpers import ALICE, BOB, act, context, legal
from tests.domain.arkantis.test_scenarios_actions import t16_window
from tests.domain.arkantis.test_scenarios_setup import ScriptedRng


@pytest.mark.parametrize(
    ("players", "orange", "emerald", "bank"), [(2, 30, 17, 44), (3, 28, 16, 41), (4, 26, 15, 38)]
)
def test_deal_order_piles_and_sesterces(players: int, orange: int, emerald: int, bank: int) -> None:
    """Spec 5.4-5.6: seat order, 2 orange then 1 emerald from the tops, then the face-up cards."""
    options = ArkantisOptions(player_count=players)
    events = RULESET.setup(options, SetupContext(), ScriptedRng(1))
    oranges, emeralds = list(CARD_IDS_BY_COLOUR["orange"]), list(CARD_IDS_BY_COLOUR["emerald"])
    assert [e for e in events if isinstance(e, ArkantisPileShuffled)] == [
        ArkantisPileShuffled(colour="orange", count=35, card_ids=tuple(oranges)),
        ArkantisPileShuffled(colour="emerald", count=20, card_ids=tuple(emeralds)),
    ]
    dealt = [e for e in events if isinstance(e, ArkantisCardsDealt)]
    assert dealt == [
        ArkantisCardsDealt(
            seat=f"seat_{i}",
            colours=("orange", "orange", "emerald"),
            card_ids=(oranges[2 * i], oranges[2 * i + 1], emeralds[i]),
        )
        for i in range(players)
    ]
    assert [e for e in events if isinstance(e, ArkantisCardTurnedFaceUp)] == [
        ArkantisCardTurnedFaceUp(colour="orange", card_id=oranges[2 * players]),
        ArkantisCardTurnedFaceUp(colour="emerald", card_id=emeralds[players]),
    ]
    distributed = next(e for e in events if isinstance(e, ArkantisSestercesDistributed))
    assert (distributed.amount_each, distributed.bank) == (3, bank)
    assert next(e for e in events if isinstance(e, ArkantisFirstPlayerDrawn)).seat == "seat_0"
    state = fold(RULESET, events)
    assert (len(state.orange.hidden), len(state.emerald.hidden)) == (orange, emerald)
    assert state.orange.hidden[0] == oranges[2 * players + 1]
    assert all(p.sesterces == 3 for p in state.players) and state.bank == bank
    assert state.turn == 1 and state.active_seat == "seat_0" and state.phase == "action"


def test_first_player_is_a_recorded_random_draw() -> None:
    drawn = set()
    for seed in range(30):
        events = RULESET.setup(ArkantisOptions(player_count=3), SetupContext(), Rng(str(seed), 0))
        first = next(e for e in events if isinstance(e, ArkantisFirstPlayerDrawn)).seat
        assert next(e for e in events if isinstance(e, ArkantisTurnStarted)).seat == first
        drawn.add(first)
    assert drawn == {"seat_0", "seat_1", "seat_2"}


def end_with(**kw: Any) -> ArkantisGameEnded:
    state = context("B", passed={BOB: 1}, **kw)
    _, events = act(state, ALICE, ArkantisPassTurn())
    ended = events[-1]
    assert isinstance(ended, ArkantisGameEnded)
    return ended


def test_tie_break_laid_value() -> None:
    ended = end_with(
        hands={ALICE: (), BOB: ()},
        laid={ALICE: ("key_2",), BOB: ("column_2",)},
        sesterces={ALICE: 3, BOB: 4},
    )
    assert [s.score for s in ended.scores] == [8, 8]
    assert ended.ranking == (ALICE, BOB) and ended.decided_by == "laid_value"


def test_tie_break_laid_count_beats_leaving_later() -> None:
    ended = end_with(
        hands={ALICE: (), BOB: ()},
        laid={ALICE: ("cross_1",), BOB: ("key_2", "hammer_2")},
        sesterces={ALICE: 2, BOB: 2},
    )
    assert [(s.score, s.laid_value, s.laid_count) for s in ended.scores] == [(10, 8, 1), (10, 8, 2)]
    assert (
        ended.ranking == (BOB, ALICE)
        and ended.winner_seat == BOB
        and ended.decided_by == "laid_count"
    )


def test_hand_penalty_and_score_formula() -> None:
    ended = end_with(
        hands={ALICE: ("key_2", "tower_2", "hammer_2"), BOB: ("paving_3",)}, laid={BOB: ("arch_3",)}
    )
    alice, bob = ended.scores
    assert (alice.hand_penalty, alice.score) == (5, 3 - 5)
    assert (bob.laid_value, bob.hand_penalty, bob.score) == (6, 1, 6 + 3 - 1)
    assert ended.decided_by == "score" and ended.hands[BOB] == ("paving_3",)


def test_several_pending_shapes_lay_one_then_forfeit_the_rest() -> None:
    state = t16_window()
    s3 = ArkantisTurnShape(
        shape_id="s3",
        colour="blue",
        cells=("r1c1", "r1c2", "r2c1", "r2c2"),
        size=4,
        card_type="paving",
    )
    alice = replace(state.players[0], hand=("set_square_2", "paving_2", "paving_3"))
    state = replace(
        state,
        turn_shapes=(*state.turn_shapes, s3),
        pending_shape_ids=("s1", "s3"),
        players=(alice, state.players[1]),
    )
    assert legal(state, ALICE)[:4] == [
        ArkantisLayCard(shape_id="s1", card_id="set_square_2"),
        ArkantisLayCard(shape_id="s3", card_id="paving_2"),
        ArkantisLayCard(shape_id="s3", card_id="paving_3"),
        ArkantisEndTurn(),
    ]
    state, events = act(state, ALICE, ArkantisLayCard(shape_id="s3", card_id="paving_3"))
    assert events == [
        ArkantisCardLaid(
            turn=1,
            seat=ALICE,
            shape_id="s3",
            card_id="paving_3",
            card_type="paving",
            face_value=4,
        )
    ]
    assert state.phase == "validation" and state.pending_shape_ids == ("s1",)
    state, events = act(state, ALICE, ArkantisEndTurn())
    assert events == [
        ArkantisTurnEnded(turn=1, seat=ALICE, forfeited_shape_ids=("s1",)),
        ArkantisTurnStarted(turn=2, seat=BOB),
    ]
    assert state.players[0].hand == ("set_square_2", "paving_2")
