"""Spec scenarios T32 and T33: scores and tie-breaks, as ``game_ended`` records
them and ``outcome()`` reports them.

Each case builds a position one move from the end (the last card of the last
pile, or the card that completes a wonder), plays that move, and checks the
``game_ended`` event and the outcome against the spec's figures. The move's
card is a Sentinelle (no Prestige) or the resource that pays the last stage,
so the final scores are the spec's.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.eclats_des_cites import events as ev
from domain.eclats_des_cites.scoring import ranking
from tests.domain.eclats_des_cites.helpers import RS, given, play, seat, take, types

LAST_PILES_2 = {"central": [], "border_0": [], "border_1": ["sentinelle"]}
"""Two players: only S1's left pile holds a card, the last one."""


def end_game(state: Any, index: int, pile: str) -> tuple[ev.EclatsGameEnded, Any]:
    """Play the last move; the game must end on it: ``(game_ended, final state)``."""
    state, out = play(state, seat(index), take(pile))
    assert types(out)[-2:] == ["turn_ended", "game_ended"]
    end = out[-1]
    assert isinstance(end, ev.EclatsGameEnded)
    assert RS.to_act(state) == []
    return end, state


def test_t32_scoring() -> None:
    state = given(
        2,
        seat_index=1,
        wonders={0: "palais", 1: "observatoire"},
        stages={0: 3},
        tableaux={0: {"jardin_des_brumes": 2, "archives_des_echos": 1, "bois": 2}},
        upgrades={0: ["commerce", "progres", "bonus"]},
        victories={0: 2},
        piles=LAST_PILES_2,
    )
    end, final = end_game(state, 1, "border_1")
    assert end.reason == "piles_exhausted"
    assert end.scores[0] == ev.EclatsScore(
        seat=0,
        stages=3,
        stage_prestige=10,
        culture=8,
        victories=2,
        victory_prestige=6,
        progress=6,
        total=30,
    )
    assert end.scores[1].total == 0 and end.ranking == [0, 1] and end.winner == 0
    out = RS.outcome(final)
    assert out is not None
    assert out.scores == {"seat_0": 30, "seat_1": 0}
    assert out.winners == ("seat_0",) and out.decided_by == "score"
    assert RS.view(final, None).players[0].prestige == 30


def test_t32_without_progres_the_other_upgrades_are_worth_nothing() -> None:
    state = given(
        2,
        seat_index=1,
        wonders={0: "palais", 1: "observatoire"},
        stages={0: 3},
        tableaux={0: {"jardin_des_brumes": 2, "archives_des_echos": 1, "bois": 2}},
        upgrades={0: ["commerce", "bonus"]},
        victories={0: 2},
        piles=LAST_PILES_2,
    )
    end, final = end_game(state, 1, "border_1")
    assert (end.scores[0].progress, end.scores[0].total) == (0, 24)
    out = RS.outcome(final)
    assert out is not None and out.scores["seat_0"] == 24


WONDER_4 = 16
"""Observatoire or Colosse with 4 stages: 3 + 4 + 4 + 5."""
SANCTUAIRE_2 = 7
"""Sanctuaire with 2 stages: 3 + 4."""
CULTURE_14 = {"jardin_des_brumes": 4, "archives_des_echos": 1}
CULTURE_18 = {"jardin_des_brumes": 6}
CULTURE_3 = {"jardin_des_brumes": 1}


def t33_stages_decide() -> tuple[Any, int, str]:
    """Totals (30, 30, 25), stages (4, 5, 2), first_seat 0: S1 completes its
    Pyramide (27 + 3) with the Cristal it takes; S0 has 16 + 14, S2 7 + 18."""
    state = given(
        3,
        seat_index=1,
        first_seat=0,
        wonders={0: "observatoire", 1: "pyramide_des_aurores", 2: "sanctuaire"},
        stages={0: 4, 1: 4, 2: 2},
        tableaux={
            0: CULTURE_14,
            1: {"bois": 1, "pierre": 1, "metal": 1, **CULTURE_3},
            2: CULTURE_18,
        },
        piles={"border_1": ["cristal", ...]},
    )
    return state, 1, "border_1"


def t33_position_decides() -> tuple[Any, int, str]:
    """Totals (30, 30, 25), stages (4, 4, 2), first_seat 0: S2 takes the last card."""
    state = given(
        3,
        seat_index=2,
        first_seat=0,
        wonders={0: "observatoire", 1: "colosse", 2: "sanctuaire"},
        stages={0: 4, 1: 4, 2: 2},
        tableaux={0: CULTURE_14, 1: CULTURE_14, 2: CULTURE_18},
        piles={"central": [], "border_0": [], "border_1": [], "border_2": ["sentinelle"]},
    )
    return state, 2, "border_2"


def t33_position_from_first_seat_2() -> tuple[Any, int, str]:
    """first_seat 2, totals (30, 25, 30), stages (4, 2, 4): S1 takes the last card."""
    state = given(
        3,
        seat_index=1,
        first_seat=2,
        wonders={0: "observatoire", 1: "sanctuaire", 2: "colosse"},
        stages={0: 4, 1: 2, 2: 4},
        tableaux={0: CULTURE_14, 1: CULTURE_18, 2: CULTURE_14},
        piles={"central": [], "border_0": [], "border_1": ["sentinelle"], "border_2": []},
    )
    return state, 1, "border_1"


T33 = {
    "stages_built": (t33_stages_decide, "wonder_completed", [30, 30, 25], [4, 5, 2], [1, 0, 2]),
    "turn_position": (t33_position_decides, "piles_exhausted", [30, 30, 25], [4, 4, 2], [1, 0, 2]),
    "first_seat_2": (
        t33_position_from_first_seat_2,
        "piles_exhausted",
        [30, 25, 30],
        [4, 2, 4],
        [0, 2, 1],
    ),
}


@pytest.mark.parametrize("case", list(T33))
def test_t33_tie_breaks(case: str) -> None:
    build, reason, totals, stages, order = T33[case]
    state, index, pile = build()
    end, final = end_game(state, index, pile)
    assert end.reason == reason
    assert [s.total for s in end.scores] == totals
    assert [s.stages for s in end.scores] == stages
    assert end.ranking == order and end.winner == order[0]
    out = RS.outcome(final)
    assert out is not None
    assert out.ranking == tuple(seat(i) for i in order)
    assert [s.rank for s in out.standings] == [1, 2, 3]
    assert out.winners == (seat(order[0]),)
    assert out.decided_by == ("stages_built" if case == "stages_built" else "turn_position")
    assert out.scores == {seat(i): t for i, t in enumerate(totals)}


def test_ranking_by_score_first() -> None:
    # The pure ranking: a higher total wins whatever the stages.
    assert ranking([20, 30, 25], [5, 0, 2], 0) == ([1, 2, 0], "score")
    assert ranking([30, 30, 25], [4, 5, 2], 0) == ([1, 0, 2], "stages_built")
