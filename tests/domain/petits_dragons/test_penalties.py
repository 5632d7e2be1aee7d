"""Penalties (§7.7, §7.8, §10.7): answers, arena holds, backfires and lapses; spec scenarios
T15-T17, T26, T27, T31."""

from __future__ import annotations

from typing import Any

from domain.kernel import Rng
from domain.petits_dragons.commands import PetitsDragonsEndTurn
from domain.petits_dragons.penalties import (
    backfire_eggs,
    stack_target,
)
from domain.petits_dragons.state import PetitsDragonsState
from tests.domain.petits_dragons.helpers import (
    assign,
    dice,
    eggs,
    give,
    move,
    new,
    of,
    place,
    play,
    rejected,
    remove,
    roll,
    rs,
    stack,
    start_turn,
    t14_state,
    types,
)

P1, P2 = "seat_0", "seat_1"


def test_t15_distributing_the_arrival_penalty() -> None:
    state, _ = t14_state()
    state, events = play(state, P2, assign("pen_1", give(100, "white")))
    assert types(events)[:3] == ["eggs_transferred", "penalty_resolved", "turn_ended"]
    e = events[0]
    assert (e.from_, e.to, e.denomination, e.count) == ("bank", "white", 100, 1)
    assert events[2].reason == "plain_roll"
    assert state.bank.e100 == 79
    assert state.dragons["white"].eggs.e100 == 1


def test_t16_no_100_left_in_the_bank() -> None:
    state, _ = t14_state()
    empty = eggs(state, e100=0, e50=5)
    rejected(empty, P2, assign("pen_1", give(100, "white")), "egg_unavailable")
    play(empty, P2, assign("pen_1", give(50, "white")))
    some = eggs(state, e100=3)
    rejected(some, P2, assign("pen_1", give(50, "white")), "wrong_denomination")


def test_t17_souffler_n_est_pas_jouer() -> None:
    state, _ = t14_state()
    state, events = play(state, P2, PetitsDragonsEndTurn())
    assert types(events)[:3] == ["penalty_backfired", "eggs_transferred", "turn_ended"]
    assert events[0].penalty_id == "pen_1" and events[0].eggs.e100 == 1
    e = events[1]
    assert (e.from_, e.to, e.denomination, e.count, e.reason) == (
        "bank",
        "black",
        100,
        1,
        "backfire",
    )
    assert events[2].reason == "closed_with_pending"
    assert state.dragons["black"].eggs.e100 == 1


def _arena_state() -> PetitsDragonsState:
    state = start_turn(place(new(), "white_pawn_1", "yellow_h4"), "white")
    state, _ = roll(state, 2, 4)
    state, events = play(
        state, P1, move("white_pawn_1", "yellow_h5", "yellow_h6", "yellow_h7", "arena")
    )
    assert of(events, "turn_ended")[0].holds_arena is True
    return state


def test_t26_arena_hold() -> None:
    state = _arena_state()
    state, _ = roll(state, 3, 4)  # black: suite
    state, events = roll(state, 3, 4)  # red: suite, then white's turn starts
    assert types(events)[-2:] == ["turn_started", "penalty_created"]
    pen = events[-1]
    assert (pen.owner, pen.kind, pen.value, pen.blocking) == ("white", "arena_hold", 100, False)


def test_t26b_arena_hold_broken_by_a_combat() -> None:
    state = _arena_state()
    state = place(state, "black_pawn_1", "red_h6")
    state = start_turn(state, "black")
    state, _ = roll(state, 2, 2)
    state, events = play(state, P2, move("black_pawn_1", "red_h7", "arena"), dice(6, 6, 1, 1))
    assert of(events, "combat_resolved")[0].winner == "attacker"
    state, _ = play(state, P2, PetitsDragonsEndTurn())
    state, events = roll(state, 3, 4)  # red: suite, then white's turn starts
    assert types(events)[-1] == "turn_started"
    assert not of(events, "penalty_created")


def test_t27_arena_penalty_with_no_100_anywhere() -> None:
    state = eggs(_arena_state(), e100=0)
    state, _ = roll(state, 3, 4)
    state, events = roll(state, 3, 4)
    assert types(events)[-3:] == ["turn_started", "penalty_created", "penalty_lapsed"]
    assert events[-1].reason == "impossible"
    assert state.penalties == []


def _t31_state() -> tuple[PetitsDragonsState, str]:
    state = start_turn(stack(new(), "white_pawn_7", "white_pawn_8", "arena"), "white")
    state, _ = roll(state, 1, 3)
    state, events = play(state, P1, move("white_pawn_7", "centre", die="red"))
    pen = of(events, "penalty_created")[0]
    assert (pen.kind, pen.value) == ("stack_arrival", 250)
    return state, pen.penalty_id


def test_t31_a_stack_arrives() -> None:
    state, pid = _t31_state()
    answer = assign(pid, give(100, "black"), give(100, "red"), give(50, "black"))
    after, _ = play(state, P1, answer)
    assert after.dragons["black"].eggs.value == 150 and after.dragons["red"].eggs.value == 100
    shuffled = assign(pid, give(50, "black"), give(100, "red"), give(100, "black"))
    # Any order is accepted and gives the same events as the canonical order (decision 4).
    assert rs.decide(state, P1, shuffled, Rng("x", 1)) == rs.decide(state, P1, answer, Rng("x", 1))
    rejected(state, P1, assign(pid, give(100, "black"), give(100, "black")), "wrong_total")
    poor = eggs(eggs(state, e100=1, e50=0), "white", e50=1)
    play(poor, P1, assign(pid, give(100, "black"), remove(50)))
    rejected(poor, P1, assign(pid, give(100, "black")), "wrong_total")


def test_a_blocking_penalty_that_cannot_be_paid_lapses_and_play_goes_on() -> None:
    state = place(place(new(), "white_pawn_6", "white_h2"), "black_pawn_3", "black_h0")
    state = eggs(start_turn(state, "white"), e50=0)
    state, _ = roll(state, 3, 1)
    cmd = move("white_pawn_6", "white_h1", "white_h0", "black_h0")
    state, events = play(state, P1, cmd, dice(1, 1, 6, 6))
    assert types(events)[-4:] == ["penalty_created", "penalty_lapsed", "turn_ended", "turn_started"]
    assert state.turn is not None and state.turn.colour == "black"


def test_stack_target_and_backfire_follow_the_bank() -> None:
    state, _ = _stack_home()
    pen = state.penalties[0]
    assert stack_target(state, "white") == 250
    poor = eggs(state, e100=0, e50=3)
    assert stack_target(poor, "white") == 150
    assert backfire_eggs(eggs(state, e100=1, e50=10), pen).value == 250
    assert backfire_eggs(eggs(state, e100=1, e50=10), pen).e50 == 3
    empty = eggs(state, e100=0, e50=0)
    assert stack_target(empty, "white") == 0
    rejected(empty, P1, assign(pen.penalty_id, give(50, "black")), "egg_unavailable")


def _stack_home() -> tuple[PetitsDragonsState, list[Any]]:
    state = start_turn(stack(new(), "white_pawn_7", "white_pawn_8", "arena"), "white")
    state, _ = roll(state, 1, 3)
    return play(state, P1, move("white_pawn_7", "centre", die="red"))


def test_a_stack_arrival_that_cannot_be_paid_lapses() -> None:
    state = start_turn(stack(new(), "white_pawn_7", "white_pawn_8", "arena"), "white")
    state = eggs(state, e100=0, e50=0)
    state, _ = roll(state, 1, 3)
    state, events = play(state, P1, move("white_pawn_7", "centre", die="red"))
    assert "penalty_lapsed" in types(events)
    assert types(events)[-2:] == ["turn_ended", "turn_started"]


def test_a_chief_arrival_is_worth_500() -> None:
    state = start_turn(place(new(), "white_chief", "arena"), "white")
    state, _ = roll(state, 1, 1)
    state, events = play(state, P1, move("white_chief", "centre"))
    pen = of(events, "penalty_created")[0]
    assert (pen.kind, pen.value) == ("chief_arrival", 500)
    state, _ = play(state, P1, assign(pen.penalty_id, give(500, "red")))
    assert state.dragons["red"].eggs.e500 == 1 and state.bank.e500 == 7
