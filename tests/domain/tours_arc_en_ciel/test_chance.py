"""Chance cards (spec 10.7, 7.12): T18, T20-T22, T24, T27, T37, T38 and every
effect group.

Fixture G2 unless stated: houses [fire, ice], Gold tower on fire. Dice are
scripted attacker first, then defender.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.components import TOWERS
from domain.tours_arc_en_ciel.scoring import scores
from tests.domain.tours_arc_en_ciel.helpers import (
    ICE_HELD,
    RS,
    at_phase,
    at_third,
    drawn,
    eliminate,
    fire_reserve_empty,
    in_play_phase,
    new_state,
    play,
    put,
    rejected,
    types,
)


def test_t18_chance_instead_of_landing() -> None:
    state = fire_reserve_empty(
        in_play_phase(hand={"topaz": 1}), ["fire_10_mason_2", "fire_20_mason_1"]
    )
    assert state.reserve[0] == []
    state = replace(state, chance_deck=["resurrect_1", *state.chance_deck])
    state, events = play(state, "fire", cm.ToursChanceInsteadOfLanding(island="topaz"))
    assert events == [
        ev.ToursCardPlayed(seat=0, islands=["topaz"], purpose="chance_instead"),
        ev.ToursChanceCardDrawn(seat=0, card="resurrect_1", origin="instead_of_landing"),
        ev.ToursChanceDecisionRequested(
            decider_seat=0, drawer_seat=0, card="resurrect_1", remaining=1
        ),
    ]
    state, events = play(state, "fire", cm.ToursResolveChance(dragon="fire_20_mason_1"))
    assert events == [
        ev.ToursDragonResurrected(seat=0, dragon="fire_20_mason_1"),
        ev.ToursChanceCardDiscarded(card="resurrect_1", outcome="applied"),
    ]
    assert state.phase == "third" and state.pending is None
    rejected(
        in_play_phase(hand={"topaz": 1}),
        "fire",
        cm.ToursChanceInsteadOfLanding(island="topaz"),
        "reserve_not_empty",
    )
    no_elim = fire_reserve_empty(in_play_phase(hand={"topaz": 1}), [])
    assert no_elim.reserve[0] == [] and no_elim.eliminated[0] == []
    rejected(
        no_elim, "fire", cm.ToursChanceInsteadOfLanding(island="topaz"), "no_eliminated_dragon"
    )


def test_t20_deterministic_defense_loss() -> None:
    state = at_phase(new_state(), "fire", "third")
    for tower, dragon, d in [("sapphire_coral", "fire_10_mason_1", 4), ("coral_tourmaline", "fire_10_mason_2", 4),
                             ("diamond_ruby", "fire_10_mason_3", 2)]:  # fmt: skip
        state = put(state, tower, dragon, d)
    drawn = replace(state, chance_deck=["lose_defense_5", *state.chance_deck])
    _, events = play(drawn, "fire", cm.ToursDrawChance())
    assert events[1:3] == [
        ev.ToursDefenseChanged(tower="sapphire_coral", delta=-4, defense=0, cause="chance"),
        ev.ToursChanceCardDiscarded(card="lose_defense_5", outcome="applied"),
    ]
    flat = replace(drawn, defense={t: 0 for t in drawn.defense})
    _, events = play(flat, "fire", cm.ToursDrawChance())
    assert events[1] == ev.ToursChanceCardDiscarded(card="lose_defense_5", outcome="void")


def test_t21_enemy_arrival_decided_by_another_seat() -> None:
    state = new_state(("fire", "ice", "light"))
    state = put(put(state, "gold_amber", "light_10_mason_1"), "onyx_gold", "light_10_mason_2")
    state = at_third(state, "light", "enemy_dragon_arrives_any")
    state, events = play(state, "light", cm.ToursDrawChance())
    assert events[-1] == ev.ToursChanceDecisionRequested(
        decider_seat=1, drawer_seat=2, card="enemy_dragon_arrives_any", remaining=1
    )
    assert RS.to_act(state) == ["ice"] and RS.legal_commands(state, "light") == []
    rejected(
        state,
        "light",
        cm.ToursSwapDragons(tower_a="onyx_gold", tower_b="gold_amber"),
        "decision_pending",
    )
    rejected(state, "fire", cm.ToursResolveChance(decline=True), "not_your_decision")
    rejected(
        state,
        "ice",
        cm.ToursResolveChance(dragon="ice_20_blower_1", tower="diamond_topaz"),
        "invalid_target",
    )
    state, events = play(
        state, "ice", cm.ToursResolveChance(dragon="ice_20_blower_1", tower="ivory_tiger_eye")
    )
    assert types(events) == [
        "dragon_arrived",
        "defense_changed",
        "chance_card_discarded",
        "turn_ended",
        "turn_started",
    ]
    arrived = events[0]
    assert (arrived.seat, arrived.cause, arrived.tower) == (1, "enemy_arrival", "ivory_tiger_eye")
    assert events[2:] == [
        ev.ToursChanceCardDiscarded(card="enemy_dragon_arrives_any", outcome="applied"),
        ev.ToursTurnEnded(seat=2),
        ev.ToursTurnStarted(seat=1, turn_number=2),
    ]


def test_t22_hidden_dragons_cannot_be_picked_by_conditioned_cards() -> None:
    state = put(new_state(), "opal_jet", "ice_10_mason_1", hidden=True)
    state = at_third(
        put(state, "opal_tiger_eye", "ice_15_blower_1"), "fire", "remove_enemy_dragon_mason"
    )
    _, events = play(state, "fire", cm.ToursDrawChance())
    assert events[1] == ev.ToursChanceCardDiscarded(
        card="remove_enemy_dragon_mason", outcome="void"
    )
    state = put(state, "topaz_ivory", "ice_20_mason_1", 3)
    state, events = play(state, "fire", cm.ToursDrawChance())
    assert types(events) == ["chance_card_drawn", "chance_decision_requested"]
    rejected(state, "fire", cm.ToursResolveChance(tower="opal_jet"), "invalid_target")
    state, events = play(state, "fire", cm.ToursResolveChance(tower="topaz_ivory"))
    assert events[0] == ev.ToursDragonRemoved(
        seat=1, tower="topaz_ivory", dragon="ice_20_mason_1", strength=20, specialty="mason"
    )
    assert "topaz_ivory" not in state.occupant and state.defense["topaz_ivory"] == 3
    assert "ice_20_mason_1" in state.reserve[1]


def test_t24_threshold_cards() -> None:
    state, _ = play(
        at_third(new_state(), "fire", "bridges_needed_plus_1"), "fire", cm.ToursDrawChance()
    )
    rejected(state, "fire", cm.ToursResolveChance(decline=True), "decline_not_allowed")
    after, events = play(state, "fire", cm.ToursResolveChance(island="coral"))
    assert events[0] == ev.ToursThresholdChanged(island="coral", delta=1, threshold=3)
    assert 0 not in board.owners(after)["coral"] and scores(after)[0].score == 0
    state = at_third(
        new_state(),
        "fire",
        "bridges_needed_minus_1",
        "bridges_needed_minus_1",
        "bridges_needed_plus_1",
    )
    for delta, expected in [(-1, 1), (-1, 1), (1, 2)]:
        state, _ = play(at_third(state, "fire"), "fire", cm.ToursDrawChance())
        state, events = play(state, "fire", cm.ToursResolveChance(island="tiger_eye"))
        assert events[0] == ev.ToursThresholdChanged(
            island="tiger_eye", delta=delta, threshold=expected
        )
    assert "tiger_eye" not in state.threshold_mod


def test_t27_chance_reshuffle() -> None:
    state = replace(
        at_third(new_state(), "fire"),
        chance_deck=[],
        chance_discard=["combat_plus_5", "lose_defense_3"],
    )
    _, events = play(
        state, "fire", cm.ToursDrawChance(), shuffles=[["lose_defense_3", "combat_plus_5"]]
    )
    assert events[:2] == [
        ev.ToursChanceDeckReshuffled(order=["lose_defense_3", "combat_plus_5"], count=2),
        ev.ToursChanceCardDrawn(seat=0, card="lose_defense_3", origin="third_action"),
    ]
    assert RS.redact(events[0], "fire").order is None
    rejected(replace(state, chance_discard=[]), "fire", cm.ToursDrawChance(), "chance_deck_empty")


def test_t37_declining_and_parameter_checks() -> None:
    state = at_third(put(new_state(), "sapphire_coral", "fire_10_mason_1"), "fire", "add_defense_3")
    state, _ = play(state, "fire", cm.ToursDrawChance())
    _, events = play(state, "fire", cm.ToursResolveChance(decline=True))
    assert events[:3] == [
        ev.ToursChanceDeclined(seat=0, card="add_defense_3"),
        ev.ToursChanceCardDiscarded(card="add_defense_3", outcome="declined"),
        ev.ToursTurnEnded(seat=0),
    ]
    state = put(put(new_state(), "sapphire_coral", "fire_10_mason_1"), "opal_jet", "ice_10_mason_1")
    state, _ = play(at_third(state, "fire", "give_enemy_defense_3"), "fire", cm.ToursDrawChance())
    rejected(state, "fire", cm.ToursResolveChance(decline=True), "decline_not_allowed")
    rejected(state, "fire", cm.ToursResolveChance(tower="sapphire_coral"), "invalid_target")
    rejected(
        state, "fire", cm.ToursResolveChance(tower="opal_jet", island="coral"), "invalid_parameters"
    )
    _, events = play(state, "fire", cm.ToursResolveChance(tower="opal_jet"))
    assert events[0] == ev.ToursDefenseChanged(tower="opal_jet", delta=3, defense=3, cause="chance")


def test_t38_resurrection_for_all() -> None:
    state = new_state(("fire", "ice", "light"))
    state = eliminate(state, "fire_10_mason_2", "fire_15_mason_1", "ice_10_blower_1")
    state = at_third(state, "ice", "resurrection_for_all")
    _, events = play(state, "ice", cm.ToursDrawChance())
    assert events[1:4] == [
        ev.ToursDragonResurrected(seat=1, dragon="ice_10_blower_1"),
        ev.ToursDragonResurrected(seat=0, dragon="fire_10_mason_2"),
        ev.ToursChanceCardDiscarded(card="resurrection_for_all", outcome="applied"),
    ]


def test_add_defense_asks_for_an_own_tower() -> None:
    state, events = drawn(
        put(new_state(), "sapphire_coral", "fire_10_mason_1", 1), "add_defense_10"
    )
    assert events[-1] == ev.ToursChanceDecisionRequested(
        decider_seat=0, drawer_seat=0, card="add_defense_10", remaining=1
    )
    assert RS.legal_commands(state, "fire") == [
        cm.ToursResolveChance(decline=True),
        cm.ToursResolveChance(tower="sapphire_coral"),
    ]
    _, events = play(state, "fire", cm.ToursResolveChance(tower="sapphire_coral"))
    assert events[0] == ev.ToursDefenseChanged(
        tower="sapphire_coral", delta=10, defense=11, cause="chance"
    )


def test_add_defense_without_board_dragon_is_void() -> None:
    _, events = drawn(new_state(), "add_defense_3")
    assert events[1] == ev.ToursChanceCardDiscarded(card="add_defense_3", outcome="void")


def test_remove_enemy_defense_floors_at_zero() -> None:
    state, _ = drawn(ICE_HELD, "remove_enemy_defense_5")
    _, events = play(state, "fire", cm.ToursResolveChance(tower="coral_tourmaline"))
    assert events[0] == ev.ToursDefenseChanged(
        tower="coral_tourmaline", delta=-2, defense=0, cause="chance"
    )


def test_extra_dragon_lands_on_an_arrival_tower_with_combat() -> None:
    state, _ = drawn(ICE_HELD, "extra_dragon_strength_20")
    listed = RS.legal_commands(state, "fire")
    assert all(c.dragon is None or "_20_" in c.dragon for c in listed)
    towers = {c.tower for c in listed if c.tower}
    # Fire owns only coral: its two tower bridges are the arrival towers.
    assert towers == {"sapphire_coral", "coral_tourmaline"}
    rejected(
        state,
        "fire",
        cm.ToursResolveChance(dragon="fire_10_mason_1", tower="sapphire_coral"),
        "invalid_target",
    )
    cmd = cm.ToursResolveChance(dragon="fire_20_blower_2", tower="coral_tourmaline")
    after, events = play(state, "fire", cmd, dice=[10, 1])
    assert types(events)[:3] == ["dragon_arrived", "combat_resolved", "defense_changed"]
    assert (
        events[0].cause == "extra_dragon"
        and after.occupant["coral_tourmaline"] == "fire_20_blower_2"
    )
    assert types(events)[-2:] == ["turn_ended", "turn_started"]


def test_lose_dragon_includes_own_hidden_dragons() -> None:
    state = put(
        put(new_state(), "opal_jet", "fire_15_mason_2", hidden=True),
        "diamond_jade",
        "fire_10_mason_1",
    )
    state, _ = drawn(state, "lose_dragon_strength_15")
    assert RS.legal_commands(state, "fire") == [cm.ToursResolveChance(tower="opal_jet")]
    rejected(state, "fire", cm.ToursResolveChance(decline=True), "decline_not_allowed")
    after, _ = play(state, "fire", cm.ToursResolveChance(tower="opal_jet"))
    assert "fire_15_mason_2" in after.reserve[0]


def test_hide_more_dragons_than_allowed_asks_one_per_answer() -> None:
    state = new_state()
    towers = list(TOWERS[:6])
    for tower, dragon in zip(towers, state.reserve[0], strict=False):
        state = put(state, tower, dragon)
    state, events = drawn(state, "hide_dragons_4")
    assert events[-1].remaining == 4
    for n in range(4):
        state, events = play(state, "fire", cm.ToursResolveChance(tower=towers[n]))
        expected = "chance_decision_requested" if n < 3 else "chance_card_discarded"
        assert types(events)[1] == expected
    assert len(state.hidden) == 4 and state.pending is None


def test_resurrect_two_of_three_eliminated_by_choice() -> None:
    state = eliminate(new_state(), "fire_10_mason_1", "fire_15_mason_1", "fire_20_mason_1")
    state, events = drawn(state, "resurrect_2")
    assert events[-1].remaining == 2
    state, _ = play(state, "fire", cm.ToursResolveChance(dragon="fire_20_mason_1"))
    state, events = play(state, "fire", cm.ToursResolveChance(dragon="fire_10_mason_1"))
    assert (
        state.eliminated[0] == ["fire_15_mason_1"] and types(events)[1] == "chance_card_discarded"
    )


def test_resurrect_with_few_eliminated_needs_no_decision() -> None:
    state = eliminate(new_state(), "fire_20_mason_1")
    after, events = drawn(state, "resurrect_2")
    assert events[1:3] == [
        ev.ToursDragonResurrected(seat=0, dragon="fire_20_mason_1"),
        ev.ToursChanceCardDiscarded(card="resurrect_2", outcome="applied"),
    ]
    assert after.eliminated[0] == [] and types(events)[-1] == "turn_started"


@pytest.mark.parametrize(
    "card",
    [
        "enemy_dragon_arrives_mason",
        "lose_dragon_blower",
        "remove_enemy_dragon_strength_20",
        "extra_dragon_any",
    ],
)
def test_cards_without_a_target_are_void(card: str) -> None:
    # Ice (the next seat) has no reserve mason left; fire has no blower on the board and no
    # arrival tower free (its two coral towers are held by its own Dragons); no enemy 20 is visible.
    state = put(
        put(new_state(), "coral_tourmaline", "fire_10_mason_1"), "sapphire_coral", "fire_15_mason_1"
    )
    for n in (1, 2, 3):
        for strength in (10, 15, 20):
            state = eliminate(state, f"ice_{strength}_mason_{n}")
    state = put(state, "opal_jet", "ice_20_blower_1", hidden=True)
    _, events = drawn(state, card)
    assert events[1] == ev.ToursChanceCardDiscarded(card=card, outcome="void")  # type: ignore[arg-type]


def test_hide_cannot_be_declined_and_skips_hidden_ones() -> None:
    state = new_state()
    for n, tower in enumerate(TOWERS[:6]):
        state = put(state, tower, state.reserve[0][0], hidden=n == 0)
    state, _ = drawn(state, "hide_dragons_4")
    rejected(state, "fire", cm.ToursResolveChance(decline=True), "decline_not_allowed")
    rejected(state, "fire", cm.ToursResolveChance(tower=TOWERS[0]), "invalid_target")
