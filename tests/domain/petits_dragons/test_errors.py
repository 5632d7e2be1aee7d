"""One test per error code of the spec (§3.4, §7), each its own parameter id.

Each case builds the smallest position that breaks exactly one rule, and checks
that ``decide`` raises that code and that ``legal_commands`` does not list the
command. (``game_not_found`` belongs to the service: the rules never see a
missing game.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

from domain.kernel import RuleViolation
from domain.petits_dragons.commands import (
    PetitsDragonsEndTurn,
    PetitsDragonsGiveBirth,
    PetitsDragonsPassRoll,
    PetitsDragonsRollDice,
    PetitsDragonsTeleport,
    PetitsDragonsTransfer,
)
from domain.petits_dragons.options import PetitsDragonsOptions
from domain.petits_dragons.state import PetitsDragonsState

from .helpers import (
    all_pieces,
    assign,
    dice,
    eggs,
    give,
    kill,
    move,
    new,
    place,
    play,
    put,
    rejected,
    remove,
    roll,
    rs,
    stack,
    start_turn,
)

P1, P2 = "seat_0", "seat_1"
Case = tuple[PetitsDragonsState, str, Any]


def turn(colour: str, red: int, blue: int, **cells: str) -> PetitsDragonsState:
    """``colour``'s turn after rolling red/blue, with pieces placed (``pid=cell`` or ``exit``)."""
    state = new([["white"], ["black"], ["red"], ["green"]])
    for pid, cell in cells.items():
        state = put(state, pid, "exit") if cell == "exit" else place(state, pid, cell)
    state = start_turn(state, colour)
    state, _ = roll(state, red, blue)
    return state


def combat_lost() -> PetitsDragonsState:
    state = turn("white", 3, 1, white_pawn_6="white_h2", black_pawn_3="black_h0")
    cmd = move("white_pawn_6", "white_h1", "white_h0", "black_h0")
    return play(state, P1, cmd, dice(4, 3, 2, 2))[0]


def arrived(red: int = 1, blue: int = 1) -> PetitsDragonsState:
    """White's pawn arrived from the arena on a double: pen_1 pending, a replay due."""
    state = turn("white", red, blue, white_pawn_3="arena")
    return play(state, P1, move("white_pawn_3", "centre"))[0]


def stack_arrived() -> PetitsDragonsState:
    state = start_turn(stack(new(), "white_pawn_7", "white_pawn_8", "arena"), "white")
    state, _ = roll(state, 1, 3)
    return play(state, P1, move("white_pawn_7", "centre", die="red"))[0]


def nest_empty() -> Case:
    state = new()
    for pid in all_pieces("white")[1:]:
        state = put(state, pid, "home")
    state = start_turn(place(state, "white_chief", "yellow_h0"), "white")
    state, _ = roll(state, 2, 2)
    return state, P1, PetitsDragonsGiveBirth(kind="pawn")


def chief_dead() -> Case:
    state = kill(new(), "white")
    state = start_turn(place(state, "white_pawn_1", "red_h0"), "white")
    state, _ = roll(state, 2, 2)
    return state, P1, PetitsDragonsGiveBirth(kind="pawn")


def direction_reversed() -> Case:
    state = turn("black", 2, 2, black_pawn_1="yellow_h2")
    state, _ = play(state, P2, move("black_pawn_1", "yellow_h3", "yellow_h4"))
    state, _ = roll(state, 1, 1)
    return state, P2, move("black_pawn_1", "yellow_h3")


def centre_twice() -> Case:
    state = turn("white", 2, 2, white_pawn_1="arena")
    state, _ = play(state, P1, move("white_pawn_1", "centre", "arena"))
    state, _ = roll(state, 1, 1)
    return state, P1, move("white_pawn_1", "centre")


def resolved_again() -> Case:
    state = arrived()
    state, _ = play(state, P1, assign("pen_1", give(100, "black")))
    return state, P1, assign("pen_1", give(100, "black"))


TP = PetitsDragonsTeleport

CASES: dict[str, Callable[[], Case]] = {
    "game_finished": lambda: (replace(new(), status="finished"), P1, PetitsDragonsRollDice()),
    "unknown_seat": lambda: (new(), "seat_9", PetitsDragonsRollDice()),
    "not_your_turn": lambda: (new(), P2, PetitsDragonsRollDice()),
    "awaiting_other_player": lambda: (combat_lost(), P1, PetitsDragonsRollDice()),
    "wrong_phase": lambda: (turn("white", 5, 2, white_pawn_1="exit"), P1, PetitsDragonsRollDice()),
    "not_a_double": lambda: (
        turn("white", 5, 2, white_pawn_1="exit"),
        P1,
        PetitsDragonsGiveBirth(kind="pawn"),
    ),
    "invalid_kind": lambda: (turn("white", 2, 2), P1, PetitsDragonsGiveBirth(kind="egg")),  # type: ignore[arg-type]
    "chief_needs_double_5_or_6": lambda: (
        turn("white", 4, 4),
        P1,
        PetitsDragonsGiveBirth(kind="chief"),
    ),
    "chief_not_in_nest": lambda: (
        turn("white", 5, 5, white_chief="exit"),
        P1,
        PetitsDragonsGiveBirth(kind="chief"),
    ),
    "chief_dead": chief_dead,
    "nest_empty": nest_empty,
    "chief_must_be_born_first": lambda: (
        turn("white", 6, 6),
        P1,
        PetitsDragonsGiveBirth(kind="pawn"),
    ),
    "unknown_piece": lambda: (
        turn("white", 5, 2, white_pawn_1="exit"),
        P1,
        move("pink_pawn_1", "a", "b", "c", "d", "e"),
    ),
    "not_your_piece": lambda: (
        turn("white", 5, 2, white_pawn_1="exit", black_pawn_1="red_h0"),
        P1,
        move("black_pawn_1", "red_h1", "red_h2", "red_h3", "red_h4", "red_h5"),
    ),
    "piece_not_in_play": lambda: (
        turn("white", 5, 2, white_pawn_1="exit"),
        P1,
        move("white_pawn_2", "centre", "white_h7", "white_h6", "white_h5", "white_h4"),
    ),
    "die_choice_required": lambda: (
        start_turn_roll(stack(new(), "white_pawn_7", "white_pawn_8", "black_h0"), 3, 5),
        P1,
        move("white_pawn_7", "black_h1", "black_h2", "black_h3"),
    ),
    "invalid_die": lambda: (
        start_turn_roll(stack(new(), "white_pawn_7", "white_pawn_8", "black_h0"), 3, 5),
        P1,
        move("white_pawn_7", "black_h1", "black_h2", "black_h3", die="green"),
    ),
    "die_choice_not_allowed": lambda: (
        turn("white", 5, 2, white_pawn_1="exit"),
        P1,
        move("white_pawn_1", "centre", "white_h7", "white_h6", "white_h5", "white_h4", die="red"),
    ),
    "wrong_path_length": lambda: (
        turn("white", 5, 2, white_pawn_1="exit"),
        P1,
        move("white_pawn_1", "centre", "white_h7"),
    ),
    "unknown_cell": lambda: (
        turn("white", 5, 2, white_pawn_1="exit"),
        P1,
        move("white_pawn_1", "centre", "white_h7", "white_h6", "white_h5", "nowhere"),
    ),
    "exit_path_invalid": lambda: (
        turn("white", 5, 2, white_pawn_1="exit"),
        P1,
        move("white_pawn_1", "centre", "arena", "white_h7", "white_h6", "white_h5"),
    ),
    "not_adjacent": lambda: (
        turn("white", 5, 2, white_pawn_1="red_h2"),
        P1,
        move("white_pawn_1", "red_h4", "red_h5", "red_h6", "red_h7", "arena"),
    ),
    "reversal_not_allowed": lambda: (
        turn("black", 6, 3, black_pawn_1="red_h5"),
        P2,
        move("black_pawn_1", "red_h6", "red_h7", "arena", "red_h7", "red_h6", "red_h5"),
    ),
    "own_branch_climb": lambda: (
        turn("white", 1, 4, white_pawn_3="white_h0"),
        P1,
        move("white_pawn_3", "white_h1", "white_h2", "white_h3", "white_h4"),
    ),
    "branch_already_used": lambda: (
        turn("black", 6, 3, black_pawn_1="red_h5"),
        P2,
        move("black_pawn_1", "red_h6", "red_h7", "arena", "centre", "arena", "red_h7"),
    ),
    "branch_direction_reversed": direction_reversed,
    "centre_already_used": centre_twice,
    "wrong_direction": lambda: (
        turn("white", 4, 1, white_pawn_2="white_h2"),
        P1,
        move("white_pawn_2", "white_h1", "white_h0", "blue_h0", "brown_h0"),
    ),
    "cannot_stop_on_centre": lambda: (
        turn("white", 1, 1, white_pawn_1="exit"),
        P1,
        move("white_pawn_1", "centre"),
    ),
    "cannot_stack_chief": lambda: (
        turn("white", 3, 1, white_chief="white_h4", white_pawn_5="white_h1"),
        P1,
        move("white_chief", "white_h3", "white_h2", "white_h1"),
    ),
    "stack_full": lambda: (
        start_turn_roll(
            stack(
                place(new(), "white_pawn_1", "white_h4"), "white_pawn_5", "white_pawn_6", "white_h1"
            ),
            3,
            1,
        ),
        P1,
        move("white_pawn_1", "white_h3", "white_h2", "white_h1"),
    ),
    "ally_occupied": lambda: (
        start_turn_roll(
            place(
                place(
                    new([["white", "black"], ["red", "green"]], option_multi_colour=True),
                    "black_pawn_1",
                    "yellow_h0",
                ),
                "white_pawn_1",
                "white_h2",
            ),
            4,
            1,
        ),
        P1,
        move("white_pawn_1", "white_h1", "white_h0", "black_h0", "yellow_h0"),
    ),
    "teleport_not_allowed": lambda: (
        turn("green", 3, 3, green_pawn_1="red_h0"),
        "seat_3",
        TP(piece_id="green_pawn_1", to="white_h5"),
    ),
    "not_own_colour_cell": lambda: (
        turn("green", 3, 3, green_chief="green_h0"),
        "seat_3",
        TP(piece_id="green_chief", to="brown_h6"),
    ),
    "already_there": lambda: (
        turn("green", 3, 3, green_chief="brown_h7"),
        "seat_3",
        TP(piece_id="green_chief", to="brown_h7"),
    ),
    "legal_move_available": lambda: (
        turn("white", 5, 2, white_pawn_1="exit"),
        P1,
        PetitsDragonsPassRoll(),
    ),
    "unknown_penalty": lambda: (arrived(), P1, assign("pen_99", give(100, "black"))),
    "penalty_not_pending": resolved_again,
    "not_your_penalty": lambda: (combat_lost(), P1, assign("pen_1", give(50, "white"))),
    "invalid_transfers": lambda: (arrived(), P1, assign("pen_1")),
    "wrong_denomination": lambda: (arrived(), P1, assign("pen_1", give(500, "black"))),
    "target_not_enemy": lambda: (arrived(), P1, assign("pen_1", give(100, "white"))),
    "target_must_be_defeated": lambda: (combat_lost(), P2, assign("pen_1", give(50, "red"))),
    "egg_unavailable": lambda: (
        eggs(arrived(), e100=0, e50=3),
        P1,
        assign("pen_1", give(100, "black")),
    ),
    "egg_not_in_nest": lambda: (arrived(), P1, assign("pen_1", remove(100))),
    "wrong_total": lambda: (stack_arrived(), P1, assign("pen_1", give(100, "black"))),
    "must_roll": lambda: (new(), P1, PetitsDragonsEndTurn()),
    "action_pending": lambda: (
        turn("white", 5, 2, white_pawn_1="exit"),
        P1,
        PetitsDragonsEndTurn(),
    ),
}


def start_turn_roll(state: PetitsDragonsState, red: int, blue: int) -> PetitsDragonsState:
    state = start_turn(state, "white")
    return roll(state, red, blue)[0]


@pytest.mark.parametrize("code", sorted(CASES))
def test_error_code(code: str) -> None:
    state, seat, command = CASES[code]()
    rejected(state, seat, command, code)


def test_invalid_transfers_give_without_target() -> None:
    bad = PetitsDragonsTransfer(action="give", denomination=100)
    rejected(arrived(), P1, assign("pen_1", bad), "invalid_transfers")
    rejected(arrived(), P1, assign("pen_1", remove(100), remove(100)), "invalid_transfers")


OPTION_CASES: dict[str, PetitsDragonsOptions] = {
    "invalid_player_count": PetitsDragonsOptions(seats=[["green"]]),
    "invalid_colour": PetitsDragonsOptions(seats=[["green"], ["pink"]]),  # type: ignore[list-item]
    "duplicate_colour": PetitsDragonsOptions(seats=[["green"], ["green"]]),
    "no_colour": PetitsDragonsOptions(seats=[["green"], []]),
    "multi_colour_disabled": PetitsDragonsOptions(seats=[["green", "red"], ["black"]]),
    "invalid_colour_count": PetitsDragonsOptions(
        seats=[["green", "red"], ["black"]], option_multi_colour=True
    ),
    "teams_without_alliances": PetitsDragonsOptions(
        seats=[["green"], ["black"]], teams=[["seat_0"], ["seat_1"]]
    ),
    "alliances_need_even_players": PetitsDragonsOptions(
        seats=[["green"], ["black"], ["red"]],
        option_alliances=True,
        teams=[["seat_0", "seat_1", "seat_2"]],
    ),
    "invalid_teams": PetitsDragonsOptions(
        seats=[["green"], ["black"]], option_alliances=True, teams=[["seat_0"], ["seat_1"]]
    ),
}


@pytest.mark.parametrize("code", sorted(OPTION_CASES))
def test_create_game_error_code(code: str) -> None:
    with pytest.raises(RuleViolation) as info:
        rs.validate_options(OPTION_CASES[code])
    assert info.value.code == code


@pytest.mark.parametrize(
    "seats,n_ok",
    [
        ([["green", "red", "blue", "white"], ["black", "yellow", "brown", "skeleton"]], True),
        ([["green", "red"], ["black", "yellow"], ["blue", "white"]], True),
        (
            [["green", "red", "brown"], ["black", "yellow", "blue"], ["white", "skeleton", "x"]],
            False,
        ),
        ([["green", "red"], ["black", "yellow"], ["blue", "white"], ["brown", "skeleton"]], True),
    ],
)
def test_multi_colour_counts(seats: list[list[str]], n_ok: bool) -> None:
    opts = PetitsDragonsOptions(seats=seats, option_multi_colour=True)  # type: ignore[arg-type]
    if n_ok:
        rs.validate_options(opts)
    else:
        with pytest.raises(RuleViolation):
            rs.validate_options(opts)
