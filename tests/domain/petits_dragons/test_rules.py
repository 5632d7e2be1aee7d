"""Rules of the spec that no §14 scenario pins down on its own."""

from __future__ import annotations

from domain.petits_dragons.commands import PetitsDragonsEndTurn, PetitsDragonsTeleport
from domain.petits_dragons.penalties import backfire_eggs, stack_target
from tests.domain.petits_dragons.probes import hidden_values

from .helpers import (
    act,
    all_pieces,
    assign,
    eggs,
    error,
    give,
    kill,
    move,
    new,
    of,
    place,
    put,
    roll,
    rs,
    stack,
    start_turn,
    types,
)

P1, P2 = "seat_0", "seat_1"


def test_e2_no_colour_can_act() -> None:
    state = kill(kill(new([["white"], ["black"]]), "white"), "black")
    for pid in all_pieces("white")[1:] + all_pieces("black")[1:]:
        state = put(state, pid, "out")
    state = start_turn(place(state, "white_pawn_1", "arena"), "white")
    state, _ = roll(state, 1, 1)
    state, events = act(state, P1, move("white_pawn_1", "centre"))
    assert types(events)[-1] == "penalty_created"
    state, events = act(state, P1, PetitsDragonsEndTurn())
    assert types(events) == [
        "penalty_backfired",
        "eggs_transferred",
        "turn_ended",
        "game_ended",
    ]
    assert events[2].reason == "replay_declined"
    assert events[-1].reason == "no_colour_can_act" and events[-1].completed_by is None
    assert rs.outcome(state) is not None


def test_a_blocking_penalty_that_cannot_be_paid_lapses_and_play_goes_on() -> None:
    state = place(place(new(), "white_pawn_6", "white_h2"), "black_pawn_3", "black_h0")
    state = eggs(start_turn(state, "white"), e50=0)
    state, _ = roll(state, 3, 1)
    cmd = move("white_pawn_6", "white_h1", "white_h0", "black_h0")
    state, events = act(state, P1, cmd, (1, 1, 6, 6))
    assert types(events)[-4:] == ["penalty_created", "penalty_lapsed", "turn_ended", "turn_started"]
    assert state.turn is not None and state.turn.colour == "black"


def test_chief_death_when_the_bank_runs_short() -> None:
    state = place(new(), "black_chief", "red_h0")
    for n in range(1, 7):
        state = put(state, f"black_pawn_{n}", "home")
    state = eggs(state, e100=1, e50=2)
    state = start_turn(place(state, "white_chief", "yellow_h0"), "white")
    state, _ = roll(state, 5, 1)
    path = ("red_h0",)
    state, _ = roll(start_turn(state, "white"), 4, 4)
    cmd = move("white_chief", "red_h0", "skeleton_h0", "green_h0", "brown_h0")
    assert path and cmd
    state2 = start_turn(place(new(), "black_chief", "red_h0"), "white")
    for n in range(1, 7):
        state2 = put(state2, f"black_pawn_{n}", "home")
    state2 = eggs(place(state2, "white_chief", "yellow_h0"), e100=1, e50=2)
    state2 = start_turn(state2, "white")
    state2, _ = roll(state2, 1, 1)
    state2, events = act(state2, P1, move("white_chief", "red_h0"), (6, 6, 1, 1))
    killed = of(events, "chief_killed")[0]
    assert killed.removed_pawn_ids == ["black_pawn_7", "black_pawn_8"]
    assert killed.kept_in_nest_pawn_ids == ["black_pawn_9"]
    assert [(e.denomination, e.count) for e in of(events, "eggs_transferred")] == [
        (500, 1),
        (100, 1),
        (50, 2),
    ]
    assert state2.dragons["black"].pawns["black_pawn_9"].position == "nest"
    assert state2.dragons["black"].pawns["black_pawn_7"].position == "out"


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
    assert error(empty, P1, assign(pen.penalty_id, give(50, "black"))) == "egg_unavailable"


def _stack_home():  # type: ignore[no-untyped-def]
    state = start_turn(stack(new(), "white_pawn_7", "white_pawn_8", "arena"), "white")
    state, _ = roll(state, 1, 3)
    return act(state, P1, move("white_pawn_7", "centre", die="red"))


def test_a_stack_arrival_that_cannot_be_paid_lapses() -> None:
    state = start_turn(stack(new(), "white_pawn_7", "white_pawn_8", "arena"), "white")
    state = eggs(state, e100=0, e50=0)
    state, _ = roll(state, 1, 3)
    state, events = act(state, P1, move("white_pawn_7", "centre", die="red"))
    assert "penalty_lapsed" in types(events)
    assert types(events)[-2:] == ["turn_ended", "turn_started"]


def test_a_chief_arrival_is_worth_500() -> None:
    state = start_turn(place(new(), "white_chief", "arena"), "white")
    state, _ = roll(state, 1, 1)
    state, events = act(state, P1, move("white_chief", "centre"))
    pen = of(events, "penalty_created")[0]
    assert (pen.kind, pen.value) == ("chief_arrival", 500)
    state, _ = act(state, P1, assign(pen.penalty_id, give(500, "red")))
    assert state.dragons["red"].eggs.e500 == 1 and state.bank.e500 == 7


def test_a_suite_on_a_replay_ends_the_turn() -> None:
    state = start_turn(place(new(), "white_pawn_1", "yellow_h0"), "white")
    state, _ = roll(state, 2, 2)
    state, _ = act(state, P1, move("white_pawn_1", "yellow_h1", "yellow_h2"))
    state, events = roll(state, 4, 5)
    assert types(events)[:3] == ["dice_rolled", "roll_forfeited", "turn_ended"]
    assert events[2].reason == "suite"


def test_teleport_cannot_reenter_a_branch_left_this_turn() -> None:
    state = new([["white"], ["black"], ["red"], ["green"]])
    state = start_turn(place(state, "green_chief", "red_h6"), "green")
    state, _ = roll(state, 3, 3)
    state, _ = act(state, "seat_3", move("green_chief", "red_h7", "arena", "yellow_h7"))
    state, _ = roll(state, 2, 2)
    back = PetitsDragonsTeleport(piece_id="green_chief", to="red_h2")
    assert error(state, "seat_3", back) == "branch_already_used"
    act(state, "seat_3", PetitsDragonsTeleport(piece_id="green_chief", to="white_h5"))


def test_stack_usage_merges_both_pawns() -> None:
    state = place(place(new(), "black_pawn_1", "red_h5"), "black_pawn_2", "yellow_h7")
    state = start_turn(state, "black")
    state, _ = roll(state, 4, 4)
    state, events = act(state, P2, move("black_pawn_1", "red_h6", "red_h7", "arena", "yellow_h7"))
    assert types(events)[:2] == ["piece_moved", "stack_formed"]
    assert state.turn is not None
    usage = state.turn.usage["black_pawn_1"]
    assert usage == state.turn.usage["black_pawn_2"]
    assert usage.branches == {"red": "done", "yellow": "down"}
    state, _ = roll(state, 2, 2)
    # Entered downwards, the stack may not climb back out of the top of yellow.
    assert error(state, P2, move("black_pawn_1", "arena", "centre")) == "branch_direction_reversed"
    act(state, P2, move("black_pawn_2", "yellow_h6", "yellow_h5"))


def test_only_the_seat_to_act_has_commands() -> None:
    state = new()
    assert rs.to_act(state) == [P1]
    assert rs.legal_commands(state, P2) == [] and rs.legal_commands(state, "seat_2") == []
    assert rs.legal_commands(state, "nobody") == []


def test_views_show_everything_and_events_are_not_redacted() -> None:
    state = new()
    state, events = roll(state, 3, 4)
    for seat in (None, P1, P2, "seat_2"):
        view = rs.view(state, seat)
        assert view.game == state and view.seat == seat and view.to_act == rs.to_act(state)
        assert all(rs.redact(e, seat) == e for e in events)
        assert hidden_values(state, seat) == []
    assert rs.has_hidden_information is False and rs.has_chance is True
