"""Landing, combat and atomizing (spec 10.4-10.6): T6-T10, T15, T17, T19, T25,
T26, T31 and the combat cards.

Fixture G2 unless stated: houses [fire, ice], Gold tower on fire. Dice are
scripted attacker first, then defender.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.combat import EVEN_FACES, ODD_FACES
from tests.domain.tours_arc_en_ciel.helpers import (
    ICE_HELD,
    RS,
    at_phase,
    attack,
    attack_events,
    fire_reserve_empty,
    in_play_phase,
    new_state,
    play,
    put,
    rejected,
    set_hand,
    types,
)


def test_t06_landing_on_an_empty_tower() -> None:
    state = in_play_phase()
    cmd = cm.ToursLandDragon(island="coral", tower="coral_tourmaline", dragon="fire_10_mason_1")
    after, events = play(state, "fire", cmd)
    assert events == [
        ev.ToursCardPlayed(seat=0, islands=["coral"], purpose="land"),
        ev.ToursDragonArrived(
            seat=0,
            dragon="fire_10_mason_1",
            strength=10,
            specialty="mason",
            origin="reserve",
            from_tower=None,
            via_island=None,
            tower="coral_tourmaline",
            cause="card",
            contested=False,
        ),  # fmt: skip
        ev.ToursDefenseChanged(tower="coral_tourmaline", delta=1, defense=1, cause="landing"),
    ]
    assert after.phase == "third"
    assert 0 not in board.owners(after)["tourmaline"]


def test_t07_landing_errors() -> None:
    state = put(in_play_phase(), "sapphire_coral", "fire_15_mason_1")
    land = cm.ToursLandDragon
    rejected(
        state,
        "fire",
        land(island="coral", tower="diamond_ruby", dragon="fire_10_mason_1"),
        "tower_not_adjacent",
    )
    rejected(
        state,
        "fire",
        land(island="coral", tower="ruby_coral", dragon="fire_10_mason_1"),
        "unknown_tower",
    )
    rejected(
        state,
        "fire",
        land(island="coral", tower="sapphire_coral", dragon="fire_10_mason_1"),
        "tower_occupied_by_own_dragon",
    )
    rejected(
        state,
        "fire",
        land(island="coral", tower="coral_tourmaline", dragon="ice_10_mason_1"),
        "dragon_not_available",
    )
    rejected(
        state,
        "fire",
        land(island="coral", tower="coral_tourmaline", dragon="fire_15_mason_1"),
        "dragon_not_available",
    )
    rejected(
        state,
        "fire",
        land(island="jade", tower="jade_garnet", dragon="fire_10_mason_1"),
        "card_not_in_hand",
    )


def test_t08_attacker_wins_defender_eliminated() -> None:
    state = put(
        in_play_phase(new_state(gold="ice"), {"tourmaline": 1}),
        "coral_tourmaline",
        "ice_15_blower_1",
        2,
    )
    cmd = cm.ToursLandDragon(
        island="tourmaline", tower="coral_tourmaline", dragon="fire_20_blower_1"
    )
    after, events = play(state, "fire", cmd, dice=[14, 6])
    combat = events[2]
    assert isinstance(combat, ev.ToursCombatResolved)
    assert (combat.attacker.total, combat.defender.total) == (39, 24)
    assert (combat.attacker.good_right, combat.defender.gold, combat.defender.tower_defense) == (
        5,
        1,
        2,
    )
    assert (combat.winner, combat.reason) == ("attacker", "totals")
    assert (combat.loser_dragon, combat.loser_fate) == ("ice_15_blower_1", "eliminated")
    assert events[3] == ev.ToursDefenseChanged(
        tower="coral_tourmaline", delta=1, defense=3, cause="landing"
    )
    assert after.occupant["coral_tourmaline"] == "fire_20_blower_1"
    assert after.eliminated[1] == ["ice_15_blower_1"]


def test_t09_tie_goes_to_the_defender_attacking_mason_eliminated() -> None:
    state = put(in_play_phase(), "sapphire_coral", "ice_10_mason_1", 0)
    cmd = cm.ToursLandDragon(island="coral", tower="sapphire_coral", dragon="fire_10_mason_2")
    after, events = play(state, "fire", cmd, dice=[10, 6])
    combat = events[2]
    assert isinstance(combat, ev.ToursCombatResolved)
    assert (combat.attacker.total, combat.defender.total) == (21, 21)
    assert (combat.winner, combat.reason, combat.loser_fate) == (
        "defender",
        "tie_defender",
        "eliminated",
    )
    assert after.defense["sapphire_coral"] == 1
    assert after.eliminated[0] == ["fire_10_mason_2"]
    assert after.occupant["sapphire_coral"] == "ice_10_mason_1"


def test_t10_losing_blower_returns_to_reserve() -> None:
    state = put(
        in_play_phase(new_state(), {"tourmaline": 1}), "coral_tourmaline", "ice_10_mason_1", 3
    )
    cmd = cm.ToursLandDragon(
        island="tourmaline", tower="coral_tourmaline", dragon="fire_15_blower_1"
    )
    after, events = play(state, "fire", cmd, dice=[8, 12])
    combat = events[2]
    assert isinstance(combat, ev.ToursCombatResolved)
    assert (combat.attacker.total, combat.defender.total) == (29, 30)
    assert (combat.winner, combat.loser_fate) == ("defender", "reserve")
    assert "fire_15_blower_1" in after.reserve[0] and len(after.reserve[0]) == 18
    assert events[3].defense == 4


def test_t15_fatigue() -> None:
    state = in_play_phase(new_state(gold="ice"), {"tourmaline": 1})
    state = put(
        put(state, "ruby_tourmaline", "ice_10_blower_1", 0), "diamond_ruby", "ice_10_mason_2", 4
    )
    land = cm.ToursLandDragon(
        island="tourmaline", tower="ruby_tourmaline", dragon="fire_15_blower_1"
    )
    state, events = play(state, "fire", land, dice=[10, 10])
    first = events[2]
    assert (first.attacker.total, first.defender.total, first.winner) == (30, 21, "attacker")
    assert first.loser_fate == "eliminated" and state.defense["ruby_tourmaline"] == 1
    move = cm.ToursMoveDragon(
        from_tower="ruby_tourmaline", via_island="ruby", to_tower="diamond_ruby"
    )
    assert board.owners(state)["ruby"] == ()
    state, events = play(state, "fire", move, dice=[12, 8])
    second = events[1]
    assert isinstance(second, ev.ToursCombatResolved)
    assert second.attacker.fatigue == -5 and second.defender.fatigue == 0
    assert (second.attacker.total, second.defender.total, second.winner) == (27, 28, "defender")
    assert second.loser_fate == "reserve"
    assert events[2] == ev.ToursDefenseChanged(
        tower="diamond_ruby", delta=1, defense=5, cause="landing"
    )


def test_t17_atomize() -> None:
    state = put(in_play_phase(hand={"jade": 2}), "diamond_jade", "ice_15_mason_1", 7)
    cmd = cm.ToursAtomize(island="jade", tower="diamond_jade", dragon="fire_20_blower_1")
    after, events = play(state, "fire", cmd)
    assert events == [
        ev.ToursCardPlayed(seat=0, islands=["jade", "jade"], purpose="atomize"),
        ev.ToursDragonAtomized(seat=0, tower="diamond_jade", victim_seat=1, dragon="ice_15_mason_1",
                               strength=15, specialty="mason", defense_destroyed=7),
        ev.ToursDragonArrived(seat=0, dragon="fire_20_blower_1", strength=20, specialty="blower",
                              origin="reserve", from_tower=None, via_island=None,
                              tower="diamond_jade", cause="atomize", contested=False),
        ev.ToursDefenseChanged(tower="diamond_jade", delta=1, defense=1, cause="landing"),
    ]  # fmt: skip
    assert after.eliminated[1] == ["ice_15_mason_1"] and after.atomize_count[0] == 1
    rejected(replace(state, atomize_count=[2, 0]), "fire", cmd, "atomize_limit_reached")
    rejected(
        state,
        "fire",
        cm.ToursAtomize(island="jade", tower="jade_garnet", dragon="fire_20_blower_1"),
        "tower_not_enemy",
    )
    rejected(set_hand(state, "fire", {"jade": 1}), "fire", cmd, "pair_not_in_hand")
    rejected(state, "fire", cm.ToursAtomize(island="jade", tower="diamond_jade"), "dragon_required")


def test_t19_kept_combat_card_used_in_defence() -> None:
    state = at_phase(put(new_state(), "sapphire_coral", "fire_10_mason_1", 1), "fire", "third")
    state = replace(state, chance_deck=["combat_plus_5", *state.chance_deck])
    state, events = play(state, "fire", cm.ToursDrawChance())
    assert events[1:] == [
        ev.ToursChanceCardKept(seat=0, card="combat_plus_5", pile="combat"),
        ev.ToursTurnEnded(seat=0),
        ev.ToursTurnStarted(seat=1, turn_number=2),
    ]
    state = at_phase(set_hand(state, "ice", {"coral": 1}), "ice", "play")
    land = cm.ToursLandDragon(island="coral", tower="sapphire_coral", dragon="ice_10_blower_1")
    state, events = play(state, "ice", land, dice=[15, 3])
    combat = events[2]
    assert (combat.attacker.total, combat.defender.total, combat.winner) == (30, 25, "attacker")
    assert combat.defender.cards == ["combat_plus_5"] and combat.defender.card_flat == 5
    assert combat.loser_fate == "reserve" and "fire_10_mason_1" in state.reserve[0]
    assert state.combat_cards[0] == [] and state.chance_discard[-1] == "combat_plus_5"


def test_t25_mode_cards() -> None:
    state = put(new_state(), "coral_tourmaline", "ice_15_mason_1", 30)
    both = replace(state, combat_cards=[["combat_dice_only"], ["combat_strength_only"]])
    after, events = attack_events(both, [3, 4])
    assert events[2].mode == "normal" and after.combat_cards == [[], []]
    assert sorted(after.chance_discard[-2:]) == ["combat_dice_only", "combat_strength_only"]
    only = replace(state, combat_cards=[["combat_strength_only"], []])
    _, events = attack_events(only, [20, 1])
    combat = events[2]
    assert combat.mode == "strength_only"
    assert (combat.attacker.total, combat.defender.total, combat.winner) == (16, 20, "defender")
    assert (combat.attacker.rolls, combat.defender.rolls) == ([20], [1])


def test_t26_die_modifiers() -> None:
    state = put(new_state(), "coral_tourmaline", "ice_15_mason_1")
    state = replace(state, combat_cards=[["combat_best_of_two", "combat_double_die"], []])
    _, events = attack_events(state, [4, 11, 9])
    attacker, defender = events[2].attacker, events[2].defender
    assert (attacker.rolls, attacker.natural, attacker.die_value) == ([4, 11], 11, 22)
    assert defender.rolls == [9]


def test_t31_natural_20_and_1() -> None:
    state = put(new_state(natural_20_wins=True), "coral_tourmaline", "ice_20_mason_1", 10)
    cmd = cm.ToursLandDragon(
        island="tourmaline", tower="coral_tourmaline", dragon="fire_10_mason_1"
    )
    after, events = play(
        at_phase(set_hand(state, "fire", {"tourmaline": 1}), "fire", "play"),
        "fire",
        cmd,
        dice=[20, 2],
    )
    combat = events[2]
    assert (combat.attacker.total, combat.defender.total) == (31, 37)
    assert (combat.winner, combat.reason, combat.loser_fate) == (
        "attacker",
        "natural_20",
        "reserve",
    )
    assert "ice_20_mason_1" in after.reserve[1]
    ones = put(new_state(natural_1_loses=True), "coral_tourmaline", "ice_20_mason_1", 10)
    _, events = play(
        at_phase(set_hand(ones, "fire", {"tourmaline": 1}), "fire", "play"),
        "fire",
        cmd,
        dice=[1, 1],
    )
    assert events[2].reason in ("totals", "tie_defender") and events[2].winner == "defender"


@pytest.mark.parametrize(
    ("cards", "dice", "field", "value"),
    [
        (["combat_double_strength"], [5, 5], "strength_value", 20),
        (["combat_halve_strength"], [5, 5], "strength_value", 5),
        (["combat_halve_die"], [7, 5], "die_value", 4),
        (["combat_worst_of_two"], [7, 3, 5], "natural", 3),
        (["combat_minus_10", "combat_plus_5"], [5, 5], "card_flat", -5),
    ],
)
def test_attacker_combat_cards(cards: list[str], dice: list[int], field: str, value: int) -> None:
    state = replace(ICE_HELD, combat_cards=[cards, []])
    combat = attack(state, dice)
    assert getattr(combat.attacker, field) == value
    assert combat.attacker.cards == cards


@pytest.mark.parametrize(
    ("card", "parity", "faces"),
    [("combat_even_dice", "even", [4, 8]), ("combat_odd_dice", "odd", [3, 9])],
)
def test_parity_cards_restrict_every_die(card: str, parity: str, faces: list[int]) -> None:
    allowed = EVEN_FACES if parity == "even" else ODD_FACES
    state = replace(ICE_HELD, combat_cards=[[], [card]])
    combat = attack(state, [], choices=[allowed.index(f) for f in faces])
    assert (
        combat.parity == parity
        and combat.attacker.rolls == faces[:1]
        and combat.defender.cards == [card]
    )


def test_dice_only_ignores_strength_and_gold() -> None:
    combat = attack(replace(ICE_HELD, combat_cards=[["combat_dice_only"], []]), [9, 8])
    assert combat.mode == "dice_only"
    assert (combat.attacker.total, combat.defender.total, combat.winner) == (9, 8, "attacker")


def test_atomize_without_an_eligible_dragon_lands_nothing() -> None:

    state = fire_reserve_empty(
        at_phase(set_hand(new_state(), "fire", {"coral": 2}), "fire", "play"), []
    )
    state = put(state, "coral_tourmaline", "ice_10_mason_1")
    assert cm.ToursAtomize(island="coral", tower="coral_tourmaline") in RS.legal_commands(
        state, "fire"
    )
    after, events = play(state, "fire", cm.ToursAtomize(island="coral", tower="coral_tourmaline"))
    assert types(events) == ["card_played", "dragon_atomized"]
    assert "coral_tourmaline" not in after.occupant and after.defense["coral_tourmaline"] == 0
