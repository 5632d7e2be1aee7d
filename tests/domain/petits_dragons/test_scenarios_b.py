"""The spec's test scenarios T21-T38 (shared/rules/petits_dragons.md §14), one test each."""

from __future__ import annotations

from msgspec.structs import replace

from domain.kernel import Rng, SeatedPlayer, SetupContext, fold
from domain.petits_dragons.commands import (
    PetitsDragonsEndTurn,
    PetitsDragonsGiveBirth,
    PetitsDragonsPassRoll,
    PetitsDragonsRollDice,
    PetitsDragonsTeleport,
)
from domain.petits_dragons.options import PetitsDragonsOptions
from domain.petits_dragons.scoring import compute_result

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
    remove,
    roll,
    rs,
    stack,
    start_turn,
    types,
)

P1, P2, P3, P4 = "seat_0", "seat_1", "seat_2", "seat_3"


def _t21_state():  # type: ignore[no-untyped-def]
    state = place(place(new(), "white_pawn_6", "white_h2"), "black_pawn_3", "black_h0")
    state = start_turn(state, "white")
    state, _ = roll(state, 3, 1)
    return act(state, P1, move("white_pawn_6", "white_h1", "white_h0", "black_h0"), (4, 3, 2, 2))


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
    assert error(state, P1, PetitsDragonsRollDice()) == "awaiting_other_player"
    assert error(state, P2, assign("pen_1", give(50, "red"))) == "target_must_be_defeated"
    state, events = act(state, P2, assign("pen_1", give(50, "white")))
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
    state, events = act(state, P1, cmd, (6, 5, 1, 6, 4))
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


def test_t23_no_births_after_the_chief_s_death() -> None:
    state = kill(new(), "black")
    for pid in all_pieces("black")[1:]:
        state = put(state, pid, "out")
    state = put(state, "black_pawn_5", "nest")
    state = place(state, "black_pawn_1", "red_h0")
    state = start_turn(state, "black")
    state, _ = roll(state, 2, 2)
    assert state.turn is not None and state.turn.phase == "awaiting_action"
    assert error(state, P2, PetitsDragonsGiveBirth(kind="pawn")) == "chief_dead"


def _green(state_dice: tuple[int, int], **pieces: str):  # type: ignore[no-untyped-def]
    state = new([["white"], ["black"], ["red"], ["green"]])
    for pid, cell in pieces.items():
        state = place(state, pid, cell)
    state = start_turn(state, "green")
    state, _ = roll(state, *state_dice)
    return state


def test_t24_teleport() -> None:
    state = _green((3, 3), green_chief="green_h0", green_pawn_1="red_h0")
    tp = PetitsDragonsTeleport
    assert error(state, P4, tp(piece_id="green_chief", to="brown_h6")) == "not_own_colour_cell"
    assert error(state, P4, tp(piece_id="green_chief", to="arena")) == "not_own_colour_cell"
    after, events = act(state, P4, tp(piece_id="green_chief", to="brown_h7"))
    e = events[0]
    assert (e.from_, e.to, e.outcome) == ("green_h0", "brown_h7", "placed")
    assert after.turn is not None and after.turn.phase == "awaiting_roll"
    assert error(state, P4, tp(piece_id="green_pawn_1", to="white_h5")) == "teleport_not_allowed"


def test_t25_a_teleport_into_combat() -> None:
    state = _green((6, 6), green_chief="green_h0", red_pawn_2="brown_h7")
    cmd = PetitsDragonsTeleport(piece_id="green_chief", to="brown_h7")
    state, events = act(state, P4, cmd, (1, 1, 6, 6))
    fight = of(events, "combat_resolved")[0]
    assert fight.attacker.bonus == 9 and fight.defender.bonus == 0
    assert (fight.attacker.total, fight.defender.total) == (11, 12)
    assert fight.winner == "defender"
    assert of(events, "chief_killed")[0].colour == "green"
    pen = of(events, "penalty_created")[0]
    assert pen.owner == "red" and pen.blocking
    assert rs.to_act(state) == [P3]


def _arena_state():  # type: ignore[no-untyped-def]
    state = start_turn(place(new(), "white_pawn_1", "yellow_h4"), "white")
    state, _ = roll(state, 2, 4)
    state, events = act(
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
    state, events = act(state, P2, move("black_pawn_1", "red_h7", "arena"), (6, 6, 1, 1))
    assert of(events, "combat_resolved")[0].winner == "attacker"
    state, _ = act(state, P2, PetitsDragonsEndTurn())
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


def _allied(**pieces: str):  # type: ignore[no-untyped-def]
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
    assert error(state, P1, bad) == "ally_occupied"
    state2 = _allied(black_pawn_1="yellow_h0", white_pawn_1="white_h2", black_pawn_2="black_h0")
    state2, _ = roll(state2, 4, 1)
    act(state2, P1, move("white_pawn_1", "white_h1", "white_h0", "black_h0", "black_h1"))
    state3 = _allied(white_pawn_3="arena")
    state3, _ = roll(state3, 1, 1)
    state3, events = act(state3, P1, move("white_pawn_3", "centre"))
    pid = of(events, "penalty_created")[0].penalty_id
    assert error(state3, P1, assign(pid, give(100, "black"))) == "target_not_enemy"
    act(state3, P1, assign(pid, give(100, "red")))
    try:
        rs.validate_options(
            PetitsDragonsOptions(
                seats=[["white"], ["black"], ["red"]],
                option_alliances=True,
                teams=[["seat_0", "seat_1"], ["seat_2"]],
            )
        )
    except Exception as exc:  # noqa: BLE001
        assert getattr(exc, "code", None) == "alliances_need_even_players"
    else:
        raise AssertionError("3 players with alliances accepted")


def test_t29_compulsory_move() -> None:
    state = start_turn(put(new(), "white_pawn_1", "exit"), "white")
    state, _ = roll(state, 5, 2)
    assert error(state, P1, PetitsDragonsPassRoll()) == "legal_move_available"
    fresh, _ = roll(new(), 1, 1)
    assert rs.legal_commands(fresh, P1) == [
        PetitsDragonsGiveBirth(kind="pawn"),
        PetitsDragonsPassRoll(),
    ]
    after, events = act(fresh, P1, PetitsDragonsPassRoll())
    assert events[0].reason == "passed"
    assert after.turn is not None and after.turn.phase == "awaiting_roll"


def test_t30_declining_a_replay_the_first_roll_is_compulsory() -> None:
    state = start_turn(place(new(), "white_pawn_1", "yellow_h0"), "white")
    assert error(state, P1, PetitsDragonsEndTurn()) == "must_roll"
    state, _ = roll(state, 2, 2)
    state, _ = act(state, P1, move("white_pawn_1", "yellow_h1", "yellow_h2"))
    assert state.turn is not None and state.turn.roll_index == 1
    state, events = act(state, P1, PetitsDragonsEndTurn())
    assert events[0].reason == "replay_declined"


def _t31_state():  # type: ignore[no-untyped-def]
    state = start_turn(stack(new(), "white_pawn_7", "white_pawn_8", "arena"), "white")
    state, _ = roll(state, 1, 3)
    state, events = act(state, P1, move("white_pawn_7", "centre", die="red"))
    pen = of(events, "penalty_created")[0]
    assert (pen.kind, pen.value) == ("stack_arrival", 250)
    return state, pen.penalty_id


def test_t31_a_stack_arrives() -> None:
    state, pid = _t31_state()
    answer = assign(pid, give(100, "black"), give(100, "red"), give(50, "black"))
    after, _ = act(state, P1, answer)
    assert after.dragons["black"].eggs.value == 150 and after.dragons["red"].eggs.value == 100
    shuffled = assign(pid, give(50, "black"), give(100, "red"), give(100, "black"))
    assert rs.decide(state, P1, shuffled, Rng("x", 1))[-1] is not None
    assert error(state, P1, assign(pid, give(100, "black"), give(100, "black"))) == "wrong_total"
    poor = eggs(eggs(state, e100=1, e50=0), "white", e50=1)
    act(poor, P1, assign(pid, give(100, "black"), remove(50)))
    assert error(poor, P1, assign(pid, give(100, "black"))) == "wrong_total"


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
    state, _ = act(state, P1, move("white_pawn_9", "yellow_h7", "arena", "centre"))
    state, events = act(state, P1, assign("pen_1", give(100, "black")))
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


def _scored(home_white: int, home_black: int):  # type: ignore[no-untyped-def]
    state = new([["white"], ["black"]])
    for pid in all_pieces("white")[:home_white]:
        state = put(state, pid, "home")
    for pid in all_pieces("white")[home_white:]:
        state = put(state, pid, "out")
    for pid in all_pieces("black")[:home_black]:
        state = put(state, pid, "home")
    for pid in all_pieces("black")[home_black:]:
        state = put(state, pid, "out")
    return eggs(eggs(state, "white", e500=1, e100=1), "black", e500=1, e100=1)


def test_t33_tie_break() -> None:
    r = compute_result(_scored(10, 7), "colour_completed", "white")
    assert [x.side_id for x in r.ranking] == ["seat_0", "seat_1"]
    assert [x.rank for x in r.ranking] == [1, 2] and r.decided_by == "pieces_home"
    r = compute_result(_scored(7, 7), "colour_completed", "white")
    assert [x.rank for x in r.ranking] == [1, 2] and r.decided_by == "completed_by"
    r = compute_result(_scored(7, 7), "round_limit", None)
    assert [x.rank for x in r.ranking] == [1, 1] and r.decided_by == "tie"
    state = replace(_scored(7, 7), status="finished", result=r)
    outcome = rs.outcome(state)
    assert outcome is not None and set(outcome.winners) == {"seat_0", "seat_1"}


def test_t34_an_inactive_colour_is_skipped() -> None:
    state = kill(new(), "red")
    for n in range(1, 10):
        state = put(state, f"red_pawn_{n}", "home")
    state = start_turn(state, "black")
    state, events = roll(state, 3, 4)
    assert types(events)[-2:] == ["turn_skipped", "turn_started"]
    assert events[-2].colour == "red" and events[-2].reason == "inactive"
    assert events[-1].colour == "white" and events[-1].round == 2


def test_t35_direction_is_free_on_a_double() -> None:
    state = start_turn(place(new(), "white_pawn_2", "white_h2"), "white")
    state, _ = roll(state, 4, 4)
    act(state, P1, move("white_pawn_2", "white_h1", "white_h0", "black_h0", "yellow_h0"))
    act(state, P1, move("white_pawn_2", "white_h1", "white_h0", "blue_h0", "brown_h0"))


def test_t36_bouncing_back_onto_a_held_arena() -> None:
    state = start_turn(place(new(), "white_pawn_1", "arena"), "white")
    state, _ = roll(state, 2, 2)
    state, events = act(state, P1, move("white_pawn_1", "centre", "arena"))
    assert events[0].outcome == "placed"
    assert state.dragons["white"].pawns["white_pawn_1"].cell == "arena"
    assert state.turn is not None and state.turn.usage["white_pawn_1"].centre_used
    assert state.turn.phase == "awaiting_roll"
    state, _ = roll(state, 1, 1)
    assert error(state, P1, move("white_pawn_1", "centre")) == "centre_already_used"


def test_t37_round_limit() -> None:
    state = new([["white"], ["black"]])
    state = put(state, "black_pawn_1", "exit")
    state = replace(state, round=300)
    state = start_turn(state, "black", round_=300)
    state, _ = roll(state, 5, 2)
    cmd = move("black_pawn_1", "centre", "black_h7", "black_h6", "black_h5", "black_h4")
    state, events = act(state, P2, cmd)
    assert types(events)[-2:] == ["turn_ended", "game_ended"]
    assert events[-2].colour == "black"
    assert (events[-1].reason, events[-1].completed_by) == ("round_limit", None)
    assert not of(events, "turn_started")


def test_t38_default_game_and_seats() -> None:
    opts = PetitsDragonsOptions()
    log = rs.setup(opts, SetupContext(players=(SeatedPlayer(seat="seat_0"),)), Rng("x", 0))
    created, started = log
    assert [(s.seat, s.colours) for s in created.seats] == [
        ("seat_0", ["green"]),
        ("seat_1", ["black"]),
    ]
    assert created.turn_order == ["green", "black"]
    assert created.side == {"green": "seat_0", "black": "seat_1"}
    assert (started.colour, started.seat, started.round) == ("green", "seat_0", 1)
    state = fold(rs, log)
    assert error(state, "seat_1", PetitsDragonsRollDice()) == "not_your_turn"
    assert error(state, "seat_2", PetitsDragonsRollDice()) == "unknown_seat"
