"""The flow of a turn (§10.1-§10.4): rolls, suites, births, replays, skipped colours and the
end of the game by E2/E3; spec scenarios T3-T6, T23, T29, T30, T34, T37."""

from __future__ import annotations

from msgspec.structs import replace

from domain.petits_dragons.commands import (
    PetitsDragonsEndTurn,
    PetitsDragonsGiveBirth,
    PetitsDragonsPassRoll,
    PetitsDragonsRollDice,
)
from tests.domain.petits_dragons.helpers import (
    all_pieces,
    kill,
    move,
    new,
    of,
    place,
    play,
    put,
    rejected,
    roll,
    rs,
    start_turn,
    types,
)

P1, P2 = "seat_0", "seat_1"


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
    state, events = play(state, P1, PetitsDragonsGiveBirth(kind="pawn"))
    born = of(events, "piece_born")[0]
    assert (born.piece_id, born.kind, born.double_value) == ("white_pawn_1", "pawn", 2)
    assert state.dragons["white"].pawns["white_pawn_1"].position == "exit"
    assert of(events, "turn_ended")[0].reason == "birth"
    assert state.turn is not None and state.turn.colour == "black"


def test_t05_double_5_while_the_chief_is_unhatched() -> None:
    state = new()
    rolled, _ = roll(state, 5, 5)
    rejected(rolled, P1, PetitsDragonsGiveBirth(kind="pawn"), "chief_must_be_born_first")
    after, events = play(rolled, P1, PetitsDragonsGiveBirth(kind="chief"))
    assert of(events, "piece_born")[0].piece_id == "white_chief"
    assert of(events, "turn_ended")[0].reason == "birth"
    rolled4, _ = roll(state, 4, 4)
    rejected(rolled4, P1, PetitsDragonsGiveBirth(kind="chief"), "chief_needs_double_5_or_6")


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


def test_t23_no_births_after_the_chief_s_death() -> None:
    state = kill(new(), "black")
    for pid in all_pieces("black")[1:]:
        state = put(state, pid, "out")
    state = put(state, "black_pawn_5", "nest")
    state = place(state, "black_pawn_1", "red_h0")
    state = start_turn(state, "black")
    state, _ = roll(state, 2, 2)
    assert state.turn is not None and state.turn.phase == "awaiting_action"
    rejected(state, P2, PetitsDragonsGiveBirth(kind="pawn"), "chief_dead")


def test_t29_compulsory_move() -> None:
    state = start_turn(put(new(), "white_pawn_1", "exit"), "white")
    state, _ = roll(state, 5, 2)
    rejected(state, P1, PetitsDragonsPassRoll(), "legal_move_available")
    fresh, _ = roll(new(), 1, 1)
    assert rs.legal_commands(fresh, P1) == [
        PetitsDragonsGiveBirth(kind="pawn"),
        PetitsDragonsPassRoll(),
    ]
    after, events = play(fresh, P1, PetitsDragonsPassRoll())
    assert events[0].reason == "passed"
    assert after.turn is not None and after.turn.phase == "awaiting_roll"


def test_t30_declining_a_replay_the_first_roll_is_compulsory() -> None:
    state = start_turn(place(new(), "white_pawn_1", "yellow_h0"), "white")
    rejected(state, P1, PetitsDragonsEndTurn(), "must_roll")
    state, _ = roll(state, 2, 2)
    state, _ = play(state, P1, move("white_pawn_1", "yellow_h1", "yellow_h2"))
    assert state.turn is not None and state.turn.roll_index == 1
    state, events = play(state, P1, PetitsDragonsEndTurn())
    assert events[0].reason == "replay_declined"


def test_t34_an_inactive_colour_is_skipped() -> None:
    state = kill(new(), "red")
    for n in range(1, 10):
        state = put(state, f"red_pawn_{n}", "home")
    state = start_turn(state, "black")
    state, events = roll(state, 3, 4)
    assert types(events)[-2:] == ["turn_skipped", "turn_started"]
    assert events[-2].colour == "red" and events[-2].reason == "inactive"
    assert events[-1].colour == "white" and events[-1].round == 2


def test_t37_round_limit() -> None:
    state = new([["white"], ["black"]])
    state = put(state, "black_pawn_1", "exit")
    state = replace(state, round=300)
    state = start_turn(state, "black", round_=300)
    state, _ = roll(state, 5, 2)
    cmd = move("black_pawn_1", "centre", "black_h7", "black_h6", "black_h5", "black_h4")
    state, events = play(state, P2, cmd)
    assert types(events)[-2:] == ["turn_ended", "game_ended"]
    assert events[-2].colour == "black"
    assert (events[-1].reason, events[-1].completed_by) == ("round_limit", None)
    assert not of(events, "turn_started")


def test_e2_no_colour_can_act() -> None:
    state = kill(kill(new([["white"], ["black"]]), "white"), "black")
    for pid in all_pieces("white")[1:] + all_pieces("black")[1:]:
        state = put(state, pid, "out")
    state = start_turn(place(state, "white_pawn_1", "arena"), "white")
    state, _ = roll(state, 1, 1)
    state, events = play(state, P1, move("white_pawn_1", "centre"))
    assert types(events)[-1] == "penalty_created"
    state, events = play(state, P1, PetitsDragonsEndTurn())
    assert types(events) == [
        "penalty_backfired",
        "eggs_transferred",
        "turn_ended",
        "game_ended",
    ]
    assert events[2].reason == "replay_declined"
    assert events[-1].reason == "no_colour_can_act" and events[-1].completed_by is None
    assert rs.outcome(state) is not None


def test_a_suite_on_a_replay_ends_the_turn() -> None:
    state = start_turn(place(new(), "white_pawn_1", "yellow_h0"), "white")
    state, _ = roll(state, 2, 2)
    state, _ = play(state, P1, move("white_pawn_1", "yellow_h1", "yellow_h2"))
    state, events = roll(state, 4, 5)
    assert types(events)[:3] == ["dice_rolled", "roll_forfeited", "turn_ended"]
    assert events[2].reason == "suite"


def test_only_the_seat_to_act_has_commands() -> None:
    state = new()
    assert rs.to_act(state) == [P1]
    assert rs.legal_commands(state, P2) == [] and rs.legal_commands(state, "seat_2") == []
    assert rs.legal_commands(state, "nobody") == []
