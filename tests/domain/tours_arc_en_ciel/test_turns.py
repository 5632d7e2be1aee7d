"""The flow of a turn and the end of the game (spec 10.1, 10.9, 11.1): taking
cards, skipping, phases; T4, T5, T28, T29, T35, T36.

Fixture G2 unless stated: houses [fire, ice], Gold tower on fire. Dice are
scripted attacker first, then defender.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.components import TOWERS
from tests.domain.tours_arc_en_ciel.helpers import (
    RS,
    at_phase,
    at_third,
    eliminate,
    fill_board,
    new_state,
    play,
    put,
    rejected,
    set_hand,
    types,
)


def test_t04_take_a_face_up_card() -> None:
    state = replace(
        new_state(), face_up=["jade", "topaz", "coral"], pile=["ruby", *new_state().pile[1:]]
    )
    take = cm.ToursTakeCard(source="face_up", slot=1)
    after, events = play(state, "fire", take)
    assert events == [
        ev.ToursCardTaken(seat=0, house="fire", source="face_up", slot=1, island="topaz"),
        ev.ToursFaceUpRefilled(slot=1, island="ruby"),
    ]
    assert after.phase == "play" and after.face_up == ["jade", "ruby", "coral"]
    rejected(state, "fire", cm.ToursTakeCard(source="pile", slot=0), "invalid_slot")


def test_t05_empty_pile() -> None:
    state = replace(new_state(), pile=[], face_up=[None, "jade", None])
    rejected(state, "fire", cm.ToursTakeCard(source="pile"), "pile_empty")
    rejected(state, "fire", cm.ToursTakeCard(source="face_up", slot=0), "face_up_slot_empty")
    after, events = play(state, "fire", cm.ToursTakeCard(source="face_up", slot=1))
    assert events == [
        ev.ToursCardTaken(seat=0, house="fire", source="face_up", slot=1, island="jade"),
        ev.ToursLastCardTaken(seat=0),
    ]
    assert after.final_turn


def test_t28_end_when_the_last_card_is_taken() -> None:
    state = put(
        put(new_state(), "coral_tourmaline", "fire_10_mason_1"), "sapphire_coral", "fire_10_mason_2"
    )
    state = replace(state, pile=[], face_up=["jade", None, None])
    state, events = play(state, "fire", cm.ToursTakeCard(source="face_up", slot=0))
    assert events[-1] == ev.ToursLastCardTaken(seat=0)
    state, _ = play(state, "fire", cm.ToursDiscardCard(island="jade"))
    state, events = play(
        state, "fire", cm.ToursSwapDragons(tower_a="sapphire_coral", tower_b="coral_tourmaline")
    )
    assert types(events) == [
        "dragons_swapped",
        "defense_changed",
        "defense_changed",
        "turn_ended",
        "game_ended",
    ]
    assert events[-1].reasons == ["cards_exhausted"]
    assert state.phase == "over" and RS.to_act(state) == [] and RS.outcome(state) is not None
    rejected(state, "ice", cm.ToursTakeCard(source="pile"), "game_over")


def test_t29_end_with_all_dragons_on_board() -> None:
    towers = [t for t in TOWERS if t not in ("coral_tourmaline", "sapphire_coral")]
    state = fill_board(new_state(), "fire", towers[:17])
    assert len(state.reserve[0]) == 1 and board.board_dragons(state, 0) == 17
    state = replace(set_hand(at_phase(state, "fire", "play"), "fire", {"coral": 1}),
                    chance_deck=["bonus_points_2", *state.chance_deck])  # fmt: skip
    land = cm.ToursLandDragon(island="coral", tower="coral_tourmaline", dragon="fire_20_mason_3")
    ended, _ = play(state, "fire", land)
    ended, events = play(ended, "fire", cm.ToursDrawChance())
    assert types(events)[-2:] == ["turn_ended", "game_ended"]
    assert events[-1].reasons == ["all_dragons_on_board"]
    assert next(s for s in events[-1].scores if s.seat == 0).card_points == 2
    one_out = eliminate(state, "fire_20_mason_3")
    assert one_out.reserve[0] == [] and board.board_dragons(one_out, 0) == 17
    not_ended, events = play(at_phase(one_out, "fire", "third"), "fire", cm.ToursDrawChance())
    assert types(events)[-1] == "turn_started" and not_ended.phase == "take"


def test_t35_skipping_the_third_action() -> None:
    state = at_third(new_state(), "fire")
    rejected(state, "fire", cm.ToursSkipThirdAction(), "third_action_available")
    bare = replace(state, chance_deck=[], chance_discard=[])
    assert RS.legal_commands(bare, "fire") == [cm.ToursSkipThirdAction()]
    _, events = play(bare, "fire", cm.ToursSkipThirdAction())
    assert events[:2] == [ev.ToursThirdActionSkipped(seat=0), ev.ToursTurnEnded(seat=0)]


def test_t36_turn_and_phase_errors() -> None:
    state = new_state()
    rejected(state, "ice", cm.ToursTakeCard(source="pile"), "not_your_turn")
    land = cm.ToursLandDragon(island="diamond", tower="diamond_jade", dragon="fire_10_mason_1")
    rejected(state, "fire", land, "wrong_phase")
    rejected(at_phase(state, "fire", "play"), "fire", cm.ToursDrawChance(), "wrong_phase")
    rejected(state, "fire", cm.ToursResolveChance(decline=True), "no_pending_decision")


def test_json_command_with_unknown_ids_reaches_decide() -> None:
    raw = b'{"type": "tours_arc_en_ciel.land_dragon", "island": "coral", "tower": "ruby_coral", "dragon": "fire_10_mason_1"}'
    command = msgspec.json.decode(raw, type=RS.Command)
    state = at_phase(set_hand(new_state(), "fire", {"coral": 1}), "fire", "play")
    rejected(state, "fire", command, "unknown_tower")


def test_both_end_reasons_are_listed() -> None:
    towers = [t for t in TOWERS if t != "coral_tourmaline"]
    state = fill_board(new_state(), "fire", towers[:18])
    state = replace(
        at_phase(state, "fire", "third"), final_turn=True, chance_deck=["combat_plus_5"]
    )
    over, events = play(state, "fire", cm.ToursDrawChance())
    assert events[-1].reasons == ["cards_exhausted", "all_dragons_on_board"]
    outcome = RS.outcome(over)
    assert outcome is not None and [s.rank for s in outcome.standings] == [1, 2]
    assert RS.legal_commands(over, "fire") == [] == RS.legal_commands(over, "ice")
