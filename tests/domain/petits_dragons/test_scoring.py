"""The end of the game (§11): colour and side scores, the ranking and its tie-breaks,
each played to ``game_ended``; spec scenarios T32 and T33."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.kernel import Outcome
from domain.petits_dragons.events import PetitsDragonsGameEnded
from domain.petits_dragons.state import PetitsDragonsState
from tests.domain.petits_dragons.helpers import (
    all_pieces,
    assign,
    eggs,
    give,
    kill,
    move,
    new,
    place,
    play,
    put,
    remove,
    roll,
    rs,
    start_turn,
    types,
)

P1, P2, P3 = "seat_0", "seat_1", "seat_2"


def test_t32_end_and_scoring() -> None:
    state = new()
    for pid in all_pieces("white")[:-1]:
        state = put(state, pid, "home")
    state = place(state, "white_pawn_9", "yellow_h6")
    state = eggs(state, "white", e100=1, e50=1)
    for n in range(3, 10):
        state = put(state, f"black_pawn_{n}", "home")
    state = eggs(state, "black", e100=2)
    state = kill(state, "red")
    for n in range(1, 10):
        state = put(state, f"red_pawn_{n}", "out" if n <= 3 else "home")
    state = eggs(state, "red", e500=1, e100=3)
    state = start_turn(state, "white")
    state, _ = roll(state, 3, 1)
    state, _ = play(state, P1, move("white_pawn_9", "yellow_h7", "arena", "centre"))
    state, events = play(state, P1, assign("pen_1", give(100, "black")))
    assert types(events)[-2:] == ["turn_ended", "game_ended"]
    end = events[-1]
    assert (end.reason, end.completed_by) == ("colour_completed", "white")
    assert {c: s.total for c, s in end.colour_scores.items()} == {
        "white": 150,
        "black": 1000,
        "red": 800,
    }
    outcome = rs.outcome(state)
    assert outcome is not None
    assert [(s.seat, s.rank, s.score) for s in outcome.standings] == [
        (P1, 1, 150),
        (P3, 2, 800),
        (P2, 3, 1000),
    ]
    assert outcome.decided_by == "score"
    assert rs.to_act(state) == [] and all(rs.legal_commands(state, s) == [] for s in (P1, P2, P3))


def _ended(
    state: PetitsDragonsState, seat: str, *commands: Any
) -> tuple[PetitsDragonsGameEnded, Outcome]:
    """Play ``commands`` from ``seat``; the last one must end the game with ``game_ended``."""
    events: list[Any] = []
    for command in commands:
        state, events = play(state, seat, command)
    end = events[-1]
    assert isinstance(end, PetitsDragonsGameEnded)
    outcome = rs.outcome(state)
    assert outcome is not None
    return end, outcome


def _home_or_out(state: PetitsDragonsState, colour: str, home: int) -> PetitsDragonsState:
    """The colour's first ``home`` pieces (chief first) are home, the rest out of the game."""
    for n, pid in enumerate(all_pieces(colour)):
        state = put(state, pid, "home" if n < home else "out")
    return state


def test_t33_tie_break() -> None:
    # Both total 600; white brings its tenth dragon home (E1) and black has 7 home.
    state = _home_or_out(_home_or_out(new([["white"], ["black"]]), "white", 9), "black", 7)
    state = place(state, "white_pawn_9", "yellow_h6")
    state = eggs(eggs(state, "white", e500=1, e100=2), "black", e500=1, e100=1)
    state, _ = roll(start_turn(state, "white"), 3, 1)
    arrive = move("white_pawn_9", "yellow_h7", "arena", "centre")
    end, outcome = _ended(state, P1, arrive, assign("pen_1", remove(100)))
    assert [s.total for s in end.side_scores] == [600, 600]
    assert [(r.side_id, r.rank) for r in end.ranking] == [(P1, 1), (P2, 2)]
    assert end.decided_by == "pieces_home" and outcome.winners == (P1,)

    # Variant: equal home counts (14 per side) and white triggered E1 (white + yellow
    # against black + red, 600 each).
    state = new([["white", "yellow"], ["black", "red"]], option_multi_colour=True)
    state = _home_or_out(_home_or_out(state, "white", 9), "yellow", 4)
    state = _home_or_out(_home_or_out(state, "black", 7), "red", 7)
    state = place(state, "white_pawn_9", "yellow_h6")
    state = eggs(eggs(state, "white", e500=1, e100=1), "yellow", e100=1)
    state = eggs(eggs(state, "black", e500=1), "red", e100=1)
    state, _ = roll(start_turn(state, "white"), 3, 1)
    end, outcome = _ended(state, P1, arrive, assign("pen_1", remove(100)))
    assert [(s.total, s.pieces_home) for s in end.side_scores] == [(600, 14), (600, 14)]
    assert (end.reason, end.completed_by) == ("colour_completed", "white")
    assert [(r.side_id, r.rank) for r in end.ranking] == [(P1, 1), (P2, 2)]
    assert end.decided_by == "completed_by" and outcome.winners == (P1,)

    # Variant: the round limit (nobody triggered E1), equal homes and nests: a shared rank.
    state = _home_or_out(_home_or_out(new([["white"], ["black"]]), "white", 7), "black", 7)
    state = put(state, "black_pawn_8", "exit")
    state = eggs(eggs(state, "white", e500=1, e100=1), "black", e500=1, e100=1)
    state = start_turn(replace(state, round=300), "black", round_=300)
    state, _ = roll(state, 5, 2)
    walk = move("black_pawn_8", "centre", "black_h7", "black_h6", "black_h5", "black_h4")
    end, outcome = _ended(state, P2, walk)
    assert (end.reason, end.completed_by) == ("round_limit", None)
    assert [(r.side_id, r.rank) for r in end.ranking] == [(P1, 1), (P2, 1)]
    assert end.decided_by == "tie" and set(outcome.winners) == {P1, P2}
    assert [(s.seat, s.rank, s.score) for s in outcome.standings] == [(P1, 1, 600), (P2, 1, 600)]
