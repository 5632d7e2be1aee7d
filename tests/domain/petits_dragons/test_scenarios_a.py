"""The spec's test scenarios T1-T20 (shared/rules/petits_dragons.md §14), one test each."""

from __future__ import annotations

from domain.kernel import fold
from domain.petits_dragons.commands import (
    PetitsDragonsGiveBirth,
    PetitsDragonsRollDice,
)
from domain.petits_dragons.components import (
    CELL_COLOUR,
    CELLS,
    EDGES,
    NEIGHBOURS,
    OWN_CELLS,
)

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

P1, P2, P3 = "seat_0", "seat_1", "seat_2"


def test_t01_board_colours() -> None:
    assert CELL_COLOUR["white_h0"] == "white"
    assert CELL_COLOUR["blue_h1"] == "white"
    assert CELL_COLOUR["black_h7"] == "white"
    assert CELL_COLOUR["green_h3"] == "white"
    assert CELL_COLOUR["brown_h7"] == "green"
    assert set(OWN_CELLS["green"]) == {
        "white_h5",
        "black_h4",
        "yellow_h3",
        "red_h2",
        "skeleton_h1",
        "green_h0",
        "brown_h7",
        "blue_h6",
    }
    assert len(CELLS) == 66
    assert len(EDGES) == 73
    assert len(NEIGHBOURS["arena"]) == 9


def test_t02_turn_order() -> None:
    state = new([["white"], ["green"], ["red"]])
    assert state.turn_order == ["green", "white", "red"]
    assert state.turn is not None and state.turn.colour == "green"
    assert state.turn.number == 1 and state.round == 1


def test_t03_suite() -> None:
    state = new()
    assert state.turn is not None and state.turn.colour == "white"
    assert PetitsDragonsRollDice() in rs.legal_commands(state, P1)
    state, events = roll(state, 3, 4)
    assert types(events) == ["dice_rolled", "roll_forfeited", "turn_ended", "turn_started"]
    assert events[0].outcome == "suite"
    assert events[1].reason == "suite"
    assert events[2].reason == "suite"
    assert events[3].colour == "black"


def test_t04_birth_on_double_2_no_replay() -> None:
    state = new()
    state, _ = roll(state, 2, 2)
    assert state.turn is not None and state.turn.phase == "awaiting_action"
    state, events = act(state, P1, PetitsDragonsGiveBirth(kind="pawn"))
    born = of(events, "piece_born")[0]
    assert (born.piece_id, born.kind, born.double_value) == ("white_pawn_1", "pawn", 2)
    assert state.dragons["white"].pawns["white_pawn_1"].position == "exit"
    assert of(events, "turn_ended")[0].reason == "birth"
    assert state.turn is not None and state.turn.colour == "black"


def test_t05_double_5_while_the_chief_is_unhatched() -> None:
    state = new()
    rolled, _ = roll(state, 5, 5)
    assert error(rolled, P1, PetitsDragonsGiveBirth(kind="pawn")) == "chief_must_be_born_first"
    after, events = act(rolled, P1, PetitsDragonsGiveBirth(kind="chief"))
    assert of(events, "piece_born")[0].piece_id == "white_chief"
    assert of(events, "turn_ended")[0].reason == "birth"
    rolled4, _ = roll(state, 4, 4)
    assert error(rolled4, P1, PetitsDragonsGiveBirth(kind="chief")) == "chief_needs_double_5_or_6"


def test_t06_double_with_nothing_legal_still_replays() -> None:
    state = new()
    state = kill(state, "black")
    for pid in all_pieces("black")[1:]:
        state = put(state, pid, "out")
    state = put(state, "black_pawn_1", "exit")
    state = start_turn(state, "black")
    state, events = roll(state, 1, 1)
    assert types(events) == ["dice_rolled", "roll_forfeited"]
    assert events[1].reason == "no_legal_action"
    assert state.turn is not None
    assert state.turn.phase == "awaiting_roll" and state.turn.roll_index == 1


def _t7_state():  # type: ignore[no-untyped-def]
    state = put(new(), "white_pawn_1", "exit")
    state = start_turn(state, "white")
    state, _ = roll(state, 5, 2)
    return state


def test_t07_first_move_from_the_exit() -> None:
    state = _t7_state()
    cmd = move("white_pawn_1", "centre", "white_h7", "white_h6", "white_h5", "white_h4")
    after, events = act(state, P1, cmd)
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
    assert error(state, P1, bad) == "exit_path_invalid"
    bad = move("white_pawn_1", "centre", "arena", "white_h7", "white_h6", "white_h5")
    assert error(state, P1, bad) == "exit_path_invalid"
    short = move("white_pawn_1", "centre", "white_h7", "white_h6", "white_h5")
    assert error(state, P1, short) == "wrong_path_length"


def test_t09_ring_direction_for_a_pawn() -> None:
    state = start_turn(place(new(), "white_pawn_2", "white_h2"), "white")
    state, _ = roll(state, 4, 1)
    ok = move("white_pawn_2", "white_h1", "white_h0", "black_h0", "yellow_h0")
    _, events = act(state, P1, ok)
    assert events[0].ring_direction == "clockwise"
    bad = move("white_pawn_2", "white_h1", "white_h0", "blue_h0", "brown_h0")
    assert error(state, P1, bad) == "wrong_direction"


def test_t10_a_chief_ignores_the_imposed_direction() -> None:
    state = start_turn(place(new(), "white_chief", "black_h0"), "white")
    state, _ = roll(state, 6, 2)
    cmd = move("white_chief", "white_h0", "blue_h0", "blue_h1", "blue_h2", "blue_h3", "blue_h4")
    after, events = act(state, P1, cmd)
    assert events[0].ring_direction == "anticlockwise"
    assert after.board["blue_h4"] is not None and after.board["blue_h4"].piece_ids == (
        "white_chief",
    )


def test_t11_own_branch_cannot_be_climbed() -> None:
    state = start_turn(place(new(), "white_pawn_3", "white_h0"), "white")
    state, _ = roll(state, 1, 4)
    bad = move("white_pawn_3", "white_h1", "white_h2", "white_h3", "white_h4")
    assert error(state, P1, bad) == "own_branch_climb"
    act(state, P1, move("white_pawn_3", "blue_h0", "blue_h1", "blue_h2", "blue_h3"))


def test_t12_bounce_and_no_second_use_of_a_branch() -> None:
    state = start_turn(place(new(), "black_pawn_1", "red_h5"), "black")
    state, _ = roll(state, 6, 3)
    bad = move("black_pawn_1", "red_h6", "red_h7", "arena", "centre", "arena", "red_h7")
    assert error(state, P2, bad) == "branch_already_used"
    ok = move("black_pawn_1", "red_h6", "red_h7", "arena", "centre", "arena", "yellow_h7")
    after, events = act(state, P2, ok)
    assert after.dragons["black"].pawns["black_pawn_1"].cell == "yellow_h7"
    usage = fold(rs, events[:1], state).turn.usage["black_pawn_1"]
    assert usage.centre_used
    assert usage.branches["red"] == "done" and usage.branches["yellow"] == "down"
    back = move("black_pawn_1", "red_h6", "red_h7", "arena", "red_h7", "red_h6", "red_h5")
    assert error(state, P2, back) == "reversal_not_allowed"


def test_t13_twice_on_the_arena_the_centre_once_per_turn() -> None:
    state = start_turn(place(new(), "black_pawn_1", "red_h6"), "black")
    state, _ = roll(state, 4, 4)
    state, _ = act(state, P2, move("black_pawn_1", "red_h7", "arena", "centre", "arena"))
    assert state.board["arena"] is not None
    assert state.turn is not None and state.turn.phase == "awaiting_roll"
    state, _ = roll(state, 1, 1)
    assert error(state, P2, move("black_pawn_1", "centre")) == "centre_already_used"
    act(state, P2, move("black_pawn_1", "white_h7"))


def _t14_state():  # type: ignore[no-untyped-def]
    state = start_turn(place(new(), "black_pawn_2", "yellow_h4"), "black")
    state, _ = roll(state, 5, 1)
    cmd = move("black_pawn_2", "yellow_h5", "yellow_h6", "yellow_h7", "arena", "centre")
    return act(state, P2, cmd)


def test_t14_exact_arrival() -> None:
    state, events = _t14_state()
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


def test_t15_distributing_the_arrival_penalty() -> None:
    state, _ = _t14_state()
    state, events = act(state, P2, assign("pen_1", give(100, "white")))
    assert types(events)[:3] == ["eggs_transferred", "penalty_resolved", "turn_ended"]
    e = events[0]
    assert (e.from_, e.to, e.denomination, e.count) == ("bank", "white", 100, 1)
    assert events[2].reason == "plain_roll"
    assert state.bank.e100 == 79
    assert state.dragons["white"].eggs.e100 == 1


def test_t16_no_100_left_in_the_bank() -> None:
    state, _ = _t14_state()
    empty = eggs(state, e100=0, e50=5)
    assert error(empty, P2, assign("pen_1", give(100, "white"))) == "egg_unavailable"
    act(empty, P2, assign("pen_1", give(50, "white")))
    some = eggs(state, e100=3)
    assert error(some, P2, assign("pen_1", give(50, "white"))) == "wrong_denomination"


def test_t17_souffler_n_est_pas_jouer() -> None:
    from domain.petits_dragons.commands import PetitsDragonsEndTurn

    state, _ = _t14_state()
    state, events = act(state, P2, PetitsDragonsEndTurn())
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


def test_t18_stacking() -> None:
    state = place(place(new(), "white_pawn_4", "white_h6"), "white_pawn_5", "white_h3")
    state = start_turn(state, "white")
    state, _ = roll(state, 3, 1)
    after, events = act(state, P1, move("white_pawn_4", "white_h5", "white_h4", "white_h3"))
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
    assert error(state, P1, bad) == "cannot_stack_chief"
    full = stack(
        place(new(), "white_pawn_1", "white_h4"), "white_pawn_5", "white_pawn_6", "white_h1"
    )
    full = start_turn(full, "white")
    full, _ = roll(full, 3, 1)
    assert error(full, P1, move("white_pawn_1", "white_h3", "white_h2", "white_h1")) == "stack_full"


def test_t20_die_choice_for_a_stack() -> None:
    state = stack(new(), "white_pawn_7", "white_pawn_8", "black_h0")
    state = place(state, "white_pawn_1", "yellow_h0")
    state = start_turn(state, "white")
    state, _ = roll(state, 3, 5)
    _, events = act(state, P1, move("white_pawn_7", "black_h1", "black_h2", "black_h3", die="red"))
    assert events[0].value == 3 and events[0].die == "red"
    no_die = move("white_pawn_7", "black_h1", "black_h2", "black_h3")
    assert error(state, P1, no_die) == "die_choice_required"
    lone = move(
        "white_pawn_1", "black_h0", "white_h0", "blue_h0", "brown_h0", "green_h0", die="blue"
    )
    assert error(state, P1, lone) == "die_choice_not_allowed"


def test_t20b_either_pawn_names_the_stack() -> None:
    state = start_turn(stack(new(), "white_pawn_7", "white_pawn_8", "black_h0"), "white")
    state, _ = roll(state, 3, 5)
    a, _ = act(state, P1, move("white_pawn_7", "black_h1", "black_h2", "black_h3", die="red"))
    b, _ = act(state, P1, move("white_pawn_8", "black_h1", "black_h2", "black_h3", die="red"))
    assert a.board == b.board


_ = (PetitsDragonsRollDice, assign, give)
