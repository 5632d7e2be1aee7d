"""Scoring, ranking and the tie-breaks of spec 11.2-11.3 (T32 is in test_turns.py)."""

from __future__ import annotations

from typing import Any

from domain.arkantis.commands import ArkantisPassTurn
from domain.arkantis.events import (
    ArkantisGameEnded,
)
from tests.domain.arkantis.helpers import ALICE, BOB, context, play


def end_with(**kw: Any) -> ArkantisGameEnded:
    state = context("B", passed={BOB: 1}, **kw)
    _, events = play(state, ALICE, ArkantisPassTurn())
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
