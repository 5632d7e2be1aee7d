"""The alliances variant (§12.1); spec scenario T28."""

from __future__ import annotations

import pytest

from domain.kernel import RuleViolation
from domain.petits_dragons.options import PetitsDragonsOptions
from domain.petits_dragons.state import PetitsDragonsState
from tests.domain.petits_dragons.helpers import (
    assign,
    give,
    move,
    new,
    of,
    place,
    play,
    rejected,
    roll,
    rs,
    start_turn,
)

P1 = "seat_0"


def _allied(**pieces: str) -> PetitsDragonsState:
    state = new(
        [["white"], ["black"], ["red"], ["green"]],
        option_alliances=True,
        teams=[["seat_0", "seat_1"], ["seat_2", "seat_3"]],
    )
    for pid, cell in pieces.items():
        state = place(state, pid, cell)
    return start_turn(state, "white")


def test_t28_alliances() -> None:
    state = _allied(black_pawn_1="yellow_h0", white_pawn_1="white_h2")
    state, _ = roll(state, 4, 1)
    bad = move("white_pawn_1", "white_h1", "white_h0", "black_h0", "yellow_h0")
    rejected(state, P1, bad, "ally_occupied")
    state2 = _allied(black_pawn_1="yellow_h0", white_pawn_1="white_h2", black_pawn_2="black_h0")
    state2, _ = roll(state2, 4, 1)
    play(state2, P1, move("white_pawn_1", "white_h1", "white_h0", "black_h0", "black_h1"))
    state3 = _allied(white_pawn_3="arena")
    state3, _ = roll(state3, 1, 1)
    state3, events = play(state3, P1, move("white_pawn_3", "centre"))
    pid = of(events, "penalty_created")[0].penalty_id
    rejected(state3, P1, assign(pid, give(100, "black")), "target_not_enemy")
    play(state3, P1, assign(pid, give(100, "red")))
    odd = PetitsDragonsOptions(
        seats=[["white"], ["black"], ["red"]],
        option_alliances=True,
        teams=[["seat_0", "seat_1"], ["seat_2"]],
    )
    with pytest.raises(RuleViolation) as refused:
        rs.validate_options(odd)
    assert refused.value.code == "alliances_need_even_players"
