"""Movement and swaps (spec 10.7, 10.8; passability 10.3): T13, T14, T16.

Fixture G2 unless stated: houses [fire, ice], Gold tower on fire. Dice are
scripted attacker first, then defender.
"""

from __future__ import annotations

from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from tests.domain.tours_arc_en_ciel.helpers import (
    RS,
    ScriptedRng,
    at_phase,
    new_state,
    play,
    put,
    rejected,
    t12_state,
    types,
)


def test_t13_movement_passability() -> None:
    state = at_phase(new_state(), "fire", "third")
    state = put(state, "coral_tourmaline", "fire_10_mason_1", 2)
    state = put(
        put(state, "ruby_tourmaline", "ice_10_mason_1"), "sapphire_tourmaline", "ice_10_mason_2"
    )
    assert board.owners(state)["tourmaline"] == (1,)
    move = cm.ToursMoveDragon
    rejected(
        state,
        "fire",
        move(from_tower="coral_tourmaline", via_island="tourmaline", to_tower="ruby_tourmaline"),
        "island_not_passable",
    )
    after, events = play(
        state,
        "fire",
        move(from_tower="coral_tourmaline", via_island="coral", to_tower="sapphire_coral"),
    )
    assert events[0] == ev.ToursDragonArrived(
        seat=0, dragon="fire_10_mason_1", strength=10, specialty="mason", origin="tower",
        from_tower="coral_tourmaline", via_island="coral", tower="sapphire_coral", cause="move",
        contested=False,
    )  # fmt: skip
    assert events[1:] == [
        ev.ToursDefenseChanged(tower="sapphire_coral", delta=1, defense=1, cause="landing"),
        ev.ToursTurnEnded(seat=0),
        ev.ToursTurnStarted(seat=1, turn_number=2),
    ]
    assert "coral_tourmaline" not in after.occupant and after.defense["coral_tourmaline"] == 2
    co = at_phase(t12_state(), "fire", "third")
    across = move(from_tower="diamond_ruby", via_island="diamond", to_tower="diamond_opal")
    _, events = play(co, "fire", across, dice=[5, 5])
    assert types(events)[:2] == ["dragon_arrived", "combat_resolved"]


def test_t14_movement_errors() -> None:
    state = at_phase(
        put(
            put(new_state(), "coral_tourmaline", "fire_10_mason_1"),
            "sapphire_coral",
            "fire_10_mason_2",
        ),
        "fire",
        "third",
    )
    state = put(state, "ruby_tourmaline", "ice_10_mason_1")
    move = cm.ToursMoveDragon
    rejected(
        state,
        "fire",
        move(from_tower="ruby_tourmaline", via_island="tourmaline", to_tower="sapphire_tourmaline"),
        "not_your_dragon",
    )
    rejected(
        state,
        "fire",
        move(from_tower="coral_tourmaline", via_island="jade", to_tower="jade_garnet"),
        "via_not_endpoint",
    )
    rejected(
        state,
        "fire",
        move(from_tower="coral_tourmaline", via_island="coral", to_tower="coral_tourmaline"),
        "tower_not_adjacent",
    )
    rejected(
        state,
        "fire",
        move(from_tower="coral_tourmaline", via_island="coral", to_tower="diamond_jade"),
        "tower_not_adjacent",
    )
    rejected(
        state,
        "fire",
        move(from_tower="coral_tourmaline", via_island="coral", to_tower="sapphire_coral"),
        "tower_occupied_by_own_dragon",
    )


def test_t16_swap() -> None:
    state = at_phase(new_state(), "fire", "third")
    state = put(
        put(state, "coral_tourmaline", "fire_10_mason_1", 1), "diamond_ruby", "fire_20_mason_1", 4
    )
    state = put(state, "diamond_jade", "ice_10_mason_1")
    swap = cm.ToursSwapDragons(tower_a="coral_tourmaline", tower_b="diamond_ruby")
    assert swap not in RS.legal_commands(state, "fire")  # listed with the lower bridge no first
    listed = cm.ToursSwapDragons(tower_a="diamond_ruby", tower_b="coral_tourmaline")
    assert listed in RS.legal_commands(state, "fire")
    after, events = play(state, "fire", listed)
    assert RS.decide(state, "fire", swap, ScriptedRng()) == [
        ev.ToursDragonsSwapped(seat=0, tower_a="coral_tourmaline", tower_b="diamond_ruby",
                               dragon_a="fire_10_mason_1", dragon_b="fire_20_mason_1"),
        ev.ToursDefenseChanged(tower="coral_tourmaline", delta=1, defense=2, cause="swap"),
        ev.ToursDefenseChanged(tower="diamond_ruby", delta=1, defense=5, cause="swap"),
        ev.ToursTurnEnded(seat=0),
        ev.ToursTurnStarted(seat=1, turn_number=2),
    ]  # fmt: skip
    assert after.occupant["coral_tourmaline"] == "fire_20_mason_1"
    rejected(
        state,
        "fire",
        cm.ToursSwapDragons(tower_a="diamond_ruby", tower_b="diamond_ruby"),
        "same_tower",
    )
    rejected(
        state,
        "fire",
        cm.ToursSwapDragons(tower_a="diamond_ruby", tower_b="diamond_jade"),
        "not_your_dragon",
    )
