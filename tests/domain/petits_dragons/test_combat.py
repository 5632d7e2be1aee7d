"""Combat and the chief's death (§10.5, §10.6); spec scenarios T21 and T22."""

from __future__ import annotations

from typing import Any

from domain.petits_dragons.commands import PetitsDragonsRollDice
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
    put,
    rejected,
    roll,
    rs,
    stack,
    start_turn,
    types,
)

P1, P2 = "seat_0", "seat_1"


def _t21_state() -> tuple[PetitsDragonsState, list[Any]]:
    state = place(place(new(), "white_pawn_6", "white_h2"), "black_pawn_3", "black_h0")
    state = start_turn(state, "white")
    state, _ = roll(state, 3, 1)
    return play(
        state, P1, move("white_pawn_6", "white_h1", "white_h0", "black_h0"), dice(4, 3, 2, 2)
    )


def test_t21_combat_tie_goes_to_the_defender_a_blocking_penalty() -> None:
    state, events = _t21_state()
    assert types(events) == [
        "piece_moved",
        "combat_resolved",
        "pieces_returned_to_nest",
        "penalty_created",
    ]
    fight = events[1]
    assert (fight.attacker.dice, fight.attacker.bonus, fight.attacker.total) == ([4, 3], 0, 7)
    assert (fight.defender.dice, fight.defender.bonus, fight.defender.total) == ([2, 2], 3, 7)
    assert fight.winner == "defender"
    assert events[2].colour == "white" and events[2].piece_ids == ["white_pawn_6"]
    pen = events[3]
    assert (pen.penalty_id, pen.owner, pen.kind, pen.value, pen.restricted_to, pen.blocking) == (
        "pen_1",
        "black",
        "combat_win",
        50,
        "white",
        True,
    )
    assert state.turn is not None and state.turn.phase == "awaiting_penalty"
    assert rs.to_act(state) == [P2]
    rejected(state, P1, PetitsDragonsRollDice(), "awaiting_other_player")
    rejected(state, P2, assign("pen_1", give(50, "red")), "target_must_be_defeated")
    state, events = play(state, P2, assign("pen_1", give(50, "white")))
    assert of(events, "turn_ended")[0].reason == "plain_roll"
    assert state.board["black_h0"] is not None


def test_t22_a_stack_kills_a_chief() -> None:
    state = place(new(), "black_chief", "arena")
    for n in range(1, 6):
        state = put(state, f"black_pawn_{n}", "home")
    state = stack(state, "white_pawn_7", "white_pawn_8", "yellow_h6")
    state = start_turn(state, "white")
    state, _ = roll(state, 2, 4)
    cmd = move("white_pawn_7", "yellow_h7", "arena", die="red")
    state, events = play(state, P1, cmd, dice(6, 5, 1, 6, 4))
    fight = of(events, "combat_resolved")[0]
    assert fight.attacker.kept == [6, 5] and fight.attacker.total == 17
    assert fight.defender.total == 16 and fight.winner == "attacker"
    killed = of(events, "chief_killed")[0]
    assert killed.colour == "black"
    assert killed.removed_pawn_ids == [f"black_pawn_{n}" for n in range(6, 10)]
    assert killed.kept_in_nest_pawn_ids == []
    moved_eggs = [(e.denomination, e.count, e.reason) for e in of(events, "eggs_transferred")]
    assert moved_eggs == [(500, 1, "chief_death"), (100, 4, "chief_death")]
    assert (state.bank.e500, state.bank.e100) == (7, 76)
    holder = state.board["arena"]
    assert holder is not None and holder.kind == "stack" and holder.colour == "white"
    pen = of(events, "penalty_created")[0]
    assert (pen.owner, pen.kind, pen.restricted_to, pen.blocking) == (
        "white",
        "combat_win",
        "black",
        False,
    )
    assert state.dragons["black"].chief_dead


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
    state2, events = play(state2, P1, move("white_chief", "red_h0"), dice(6, 6, 1, 1))
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
