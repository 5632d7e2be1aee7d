"""Walks, stacks and teleports (§3.4, §7.4, §7.5): the path rules R1-R10; spec scenarios
T7-T14, T18-T20, T24, T25, T35, T36."""

from __future__ import annotations

from domain.kernel import fold
from domain.petits_dragons.commands import PetitsDragonsTeleport
from domain.petits_dragons.state import PetitsDragonsState
from tests.domain.petits_dragons.helpers import (
    dice,
    move,
    new,
    of,
    place,
    play,
    put,
    rejected,
    roll,
    rs,
    stack,
    start_turn,
    t14_state,
    types,
)

P1, P2, P3, P4 = "seat_0", "seat_1", "seat_2", "seat_3"


def _t7_state() -> PetitsDragonsState:
    state = put(new(), "white_pawn_1", "exit")
    state = start_turn(state, "white")
    state, _ = roll(state, 5, 2)
    return state


def test_t07_first_move_from_the_exit() -> None:
    state = _t7_state()
    cmd = move("white_pawn_1", "centre", "white_h7", "white_h6", "white_h5", "white_h4")
    after, events = play(state, P1, cmd)
    moved = events[0]
    assert (moved.from_, moved.value, moved.die, moved.outcome) == ("exit", 5, "higher", "placed")
    assert after.dragons["white"].pawns["white_pawn_1"].cell == "white_h4"
    mid = fold(rs, events[:1], state)
    usage = mid.turn.usage["white_pawn_1"]
    assert usage.centre_used and usage.branches["white"] == "down"
    assert of(events, "turn_ended")[0].reason == "plain_roll"


def test_t08_the_exit_path_is_fixed() -> None:
    state = _t7_state()
    bad = move("white_pawn_1", "centre", "black_h7", "black_h6", "black_h5", "black_h4")
    rejected(state, P1, bad, "exit_path_invalid")
    bad = move("white_pawn_1", "centre", "arena", "white_h7", "white_h6", "white_h5")
    rejected(state, P1, bad, "exit_path_invalid")
    short = move("white_pawn_1", "centre", "white_h7", "white_h6", "white_h5")
    rejected(state, P1, short, "wrong_path_length")


def test_t09_ring_direction_for_a_pawn() -> None:
    state = start_turn(place(new(), "white_pawn_2", "white_h2"), "white")
    state, _ = roll(state, 4, 1)
    ok = move("white_pawn_2", "white_h1", "white_h0", "black_h0", "yellow_h0")
    _, events = play(state, P1, ok)
    assert events[0].ring_direction == "clockwise"
    bad = move("white_pawn_2", "white_h1", "white_h0", "blue_h0", "brown_h0")
    rejected(state, P1, bad, "wrong_direction")


def test_t10_a_chief_ignores_the_imposed_direction() -> None:
    state = start_turn(place(new(), "white_chief", "black_h0"), "white")
    state, _ = roll(state, 6, 2)
    cmd = move("white_chief", "white_h0", "blue_h0", "blue_h1", "blue_h2", "blue_h3", "blue_h4")
    after, events = play(state, P1, cmd)
    assert events[0].ring_direction == "anticlockwise"
    assert after.board["blue_h4"] is not None and after.board["blue_h4"].piece_ids == (
        "white_chief",
    )


def test_t11_own_branch_cannot_be_climbed() -> None:
    state = start_turn(place(new(), "white_pawn_3", "white_h0"), "white")
    state, _ = roll(state, 1, 4)
    bad = move("white_pawn_3", "white_h1", "white_h2", "white_h3", "white_h4")
    rejected(state, P1, bad, "own_branch_climb")
    play(state, P1, move("white_pawn_3", "blue_h0", "blue_h1", "blue_h2", "blue_h3"))


def test_t12_bounce_and_no_second_use_of_a_branch() -> None:
    state = start_turn(place(new(), "black_pawn_1", "red_h5"), "black")
    state, _ = roll(state, 6, 3)
    bad = move("black_pawn_1", "red_h6", "red_h7", "arena", "centre", "arena", "red_h7")
    rejected(state, P2, bad, "branch_already_used")
    ok = move("black_pawn_1", "red_h6", "red_h7", "arena", "centre", "arena", "yellow_h7")
    after, events = play(state, P2, ok)
    assert after.dragons["black"].pawns["black_pawn_1"].cell == "yellow_h7"
    usage = fold(rs, events[:1], state).turn.usage["black_pawn_1"]
    assert usage.centre_used
    assert usage.branches["red"] == "done" and usage.branches["yellow"] == "down"
    back = move("black_pawn_1", "red_h6", "red_h7", "arena", "red_h7", "red_h6", "red_h5")
    rejected(state, P2, back, "reversal_not_allowed")


def test_t13_twice_on_the_arena_the_centre_once_per_turn() -> None:
    state = start_turn(place(new(), "black_pawn_1", "red_h6"), "black")
    state, _ = roll(state, 4, 4)
    state, _ = play(state, P2, move("black_pawn_1", "red_h7", "arena", "centre", "arena"))
    assert state.board["arena"] is not None
    assert state.turn is not None and state.turn.phase == "awaiting_roll"
    state, _ = roll(state, 1, 1)
    rejected(state, P2, move("black_pawn_1", "centre"), "centre_already_used")
    play(state, P2, move("black_pawn_1", "white_h7"))


def test_t14_exact_arrival() -> None:
    state, events = t14_state()
    assert types(events) == ["piece_moved", "piece_arrived", "penalty_created"]
    assert events[0].outcome == "arrived"
    assert events[1].piece_ids == ["black_pawn_2"]
    pen = events[2]
    assert (pen.penalty_id, pen.owner, pen.kind, pen.value, pen.blocking) == (
        "pen_1",
        "black",
        "pawn_arrival",
        100,
        False,
    )
    assert state.turn is not None and state.turn.phase == "closing"
    assert state.dragons["black"].pawns["black_pawn_2"].position == "home"


def test_t18_stacking() -> None:
    state = place(place(new(), "white_pawn_4", "white_h6"), "white_pawn_5", "white_h3")
    state = start_turn(state, "white")
    state, _ = roll(state, 3, 1)
    after, events = play(state, P1, move("white_pawn_4", "white_h5", "white_h4", "white_h3"))
    assert events[0].outcome == "stacked"
    formed = events[1]
    assert formed.piece_ids == ["white_pawn_4", "white_pawn_5"] and formed.cell == "white_h3"
    unit = after.board["white_h3"]
    assert unit is not None and unit.kind == "stack"


def test_t19_the_chief_never_stacks_a_stack_is_full() -> None:
    state = place(place(new(), "white_chief", "white_h4"), "white_pawn_5", "white_h1")
    state = start_turn(state, "white")
    state, _ = roll(state, 3, 1)
    bad = move("white_chief", "white_h3", "white_h2", "white_h1")
    rejected(state, P1, bad, "cannot_stack_chief")
    full = stack(
        place(new(), "white_pawn_1", "white_h4"), "white_pawn_5", "white_pawn_6", "white_h1"
    )
    full = start_turn(full, "white")
    full, _ = roll(full, 3, 1)
    rejected(full, P1, move("white_pawn_1", "white_h3", "white_h2", "white_h1"), "stack_full")


def test_t20_die_choice_for_a_stack() -> None:
    state = stack(new(), "white_pawn_7", "white_pawn_8", "black_h0")
    state = place(state, "white_pawn_1", "yellow_h0")
    state = start_turn(state, "white")
    state, _ = roll(state, 3, 5)
    _, events = play(state, P1, move("white_pawn_7", "black_h1", "black_h2", "black_h3", die="red"))
    assert events[0].value == 3 and events[0].die == "red"
    no_die = move("white_pawn_7", "black_h1", "black_h2", "black_h3")
    rejected(state, P1, no_die, "die_choice_required")
    lone = move(
        "white_pawn_1", "black_h0", "white_h0", "blue_h0", "brown_h0", "green_h0", die="blue"
    )
    rejected(state, P1, lone, "die_choice_not_allowed")


def test_t20b_either_pawn_names_the_stack() -> None:
    state = start_turn(stack(new(), "white_pawn_7", "white_pawn_8", "black_h0"), "white")
    state, _ = roll(state, 3, 5)
    a, _ = play(state, P1, move("white_pawn_7", "black_h1", "black_h2", "black_h3", die="red"))
    b, _ = play(state, P1, move("white_pawn_8", "black_h1", "black_h2", "black_h3", die="red"))
    assert a.board == b.board


def _green(state_dice: tuple[int, int], **pieces: str) -> PetitsDragonsState:
    state = new([["white"], ["black"], ["red"], ["green"]])
    for pid, cell in pieces.items():
        state = place(state, pid, cell)
    state = start_turn(state, "green")
    state, _ = roll(state, *state_dice)
    return state


def test_t24_teleport() -> None:
    state = _green((3, 3), green_chief="green_h0", green_pawn_1="red_h0")
    tp = PetitsDragonsTeleport
    rejected(state, P4, tp(piece_id="green_chief", to="brown_h6"), "not_own_colour_cell")
    rejected(state, P4, tp(piece_id="green_chief", to="arena"), "not_own_colour_cell")
    after, events = play(state, P4, tp(piece_id="green_chief", to="brown_h7"))
    e = events[0]
    assert (e.from_, e.to, e.outcome) == ("green_h0", "brown_h7", "placed")
    assert after.turn is not None and after.turn.phase == "awaiting_roll"
    rejected(state, P4, tp(piece_id="green_pawn_1", to="white_h5"), "teleport_not_allowed")


def test_t25_a_teleport_into_combat() -> None:
    state = _green((6, 6), green_chief="green_h0", red_pawn_2="brown_h7")
    cmd = PetitsDragonsTeleport(piece_id="green_chief", to="brown_h7")
    state, events = play(state, P4, cmd, dice(1, 1, 6, 6))
    fight = of(events, "combat_resolved")[0]
    assert fight.attacker.bonus == 9 and fight.defender.bonus == 0
    assert (fight.attacker.total, fight.defender.total) == (11, 12)
    assert fight.winner == "defender"
    assert of(events, "chief_killed")[0].colour == "green"
    pen = of(events, "penalty_created")[0]
    assert pen.owner == "red" and pen.blocking
    assert rs.to_act(state) == [P3]


def test_t35_direction_is_free_on_a_double() -> None:
    state = start_turn(place(new(), "white_pawn_2", "white_h2"), "white")
    state, _ = roll(state, 4, 4)
    play(state, P1, move("white_pawn_2", "white_h1", "white_h0", "black_h0", "yellow_h0"))
    play(state, P1, move("white_pawn_2", "white_h1", "white_h0", "blue_h0", "brown_h0"))


def test_t36_bouncing_back_onto_a_held_arena() -> None:
    state = start_turn(place(new(), "white_pawn_1", "arena"), "white")
    state, _ = roll(state, 2, 2)
    state, events = play(state, P1, move("white_pawn_1", "centre", "arena"))
    assert events[0].outcome == "placed"
    assert state.dragons["white"].pawns["white_pawn_1"].cell == "arena"
    assert state.turn is not None and state.turn.usage["white_pawn_1"].centre_used
    assert state.turn.phase == "awaiting_roll"
    state, _ = roll(state, 1, 1)
    rejected(state, P1, move("white_pawn_1", "centre"), "centre_already_used")


def test_teleport_cannot_reenter_a_branch_left_this_turn() -> None:
    state = new([["white"], ["black"], ["red"], ["green"]])
    state = start_turn(place(state, "green_chief", "red_h6"), "green")
    state, _ = roll(state, 3, 3)
    state, _ = play(state, "seat_3", move("green_chief", "red_h7", "arena", "yellow_h7"))
    state, _ = roll(state, 2, 2)
    back = PetitsDragonsTeleport(piece_id="green_chief", to="red_h2")
    rejected(state, "seat_3", back, "branch_already_used")
    play(state, "seat_3", PetitsDragonsTeleport(piece_id="green_chief", to="white_h5"))


def test_stack_usage_merges_both_pawns() -> None:
    state = place(place(new(), "black_pawn_1", "red_h5"), "black_pawn_2", "yellow_h7")
    state = start_turn(state, "black")
    state, _ = roll(state, 4, 4)
    state, events = play(state, P2, move("black_pawn_1", "red_h6", "red_h7", "arena", "yellow_h7"))
    assert types(events)[:2] == ["piece_moved", "stack_formed"]
    assert state.turn is not None
    usage = state.turn.usage["black_pawn_1"]
    assert usage == state.turn.usage["black_pawn_2"]
    assert usage.branches == {"red": "done", "yellow": "down"}
    state, _ = roll(state, 2, 2)
    # Entered downwards, the stack may not climb back out of the top of yellow.
    rejected(state, P2, move("black_pawn_1", "arena", "centre"), "branch_direction_reversed")
    play(state, P2, move("black_pawn_2", "yellow_h6", "yellow_h5"))
