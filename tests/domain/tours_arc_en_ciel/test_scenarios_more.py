"""The spec's test scenarios T21-T40 (section 14), one test each."""

from __future__ import annotations

from msgspec.structs import replace

from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.scoring import scores
from domain.tours_arc_en_ciel.state import ToursRoll, ToursState
from tests.domain.tours_arc_en_ciel.helpers import (
    RS,
    at_phase,
    eliminate,
    fill_board,
    new_state,
    play,
    put,
    rejected,
    set_hand,
    types,
)
from tests.domain.tours_arc_en_ciel.test_scenarios import t12_state


def _third(state: ToursState, house: str, *cards: str) -> ToursState:
    state = at_phase(state, house, "third")
    return replace(state, chance_deck=[*cards, *state.chance_deck]) if cards else state  # type: ignore[list-item]


def test_t21_enemy_arrival_decided_by_another_seat() -> None:
    state = new_state(("fire", "ice", "light"))
    state = put(put(state, "gold_amber", "light_10_mason_1"), "onyx_gold", "light_10_mason_2")
    state = _third(state, "light", "enemy_dragon_arrives_any")
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
    state = _third(
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


def test_t23_hiding_and_redaction() -> None:
    state = new_state()
    for tower, dragon in [("diamond_ruby", "fire_10_mason_1"), ("sapphire_coral", "fire_15_blower_1"),
                          ("coral_tourmaline", "fire_20_mason_2")]:  # fmt: skip
        state = put(state, tower, dragon)
    state, events = play(_third(state, "fire", "hide_dragons_4"), "fire", cm.ToursDrawChance())
    assert events[1:5] == [
        ev.ToursDragonHidden(seat=0, tower="diamond_ruby", dragon="fire_10_mason_1"),
        ev.ToursDragonHidden(seat=0, tower="sapphire_coral", dragon="fire_15_blower_1"),
        ev.ToursDragonHidden(seat=0, tower="coral_tourmaline", dragon="fire_20_mason_2"),
        ev.ToursChanceCardDiscarded(card="hide_dragons_4", outcome="applied"),
    ]
    assert RS.redact(events[1], "ice").dragon is None and RS.redact(events[1], "fire") == events[1]
    move = cm.ToursMoveDragon(
        from_tower="coral_tourmaline", via_island="tourmaline", to_tower="ruby_tourmaline"
    )
    state, events = play(_third(state, "fire"), "fire", move)
    arrived = events[0]
    seen = RS.redact(arrived, "ice")
    assert (seen.dragon, seen.strength, seen.specialty) == (None, None, None)
    assert RS.redact(arrived, None) == seen
    assert RS.redact(arrived, "fire") == arrived and arrived.dragon == "fire_20_mason_2"
    tower_view = next(t for t in RS.view(state, "ice").towers if t.tower == "ruby_tourmaline")
    assert (tower_view.house, tower_view.hidden, tower_view.dragon, tower_view.strength) == (
        "fire",
        True,
        None,
        None,
    )
    own_view = next(t for t in RS.view(state, "fire").towers if t.tower == "ruby_tourmaline")
    assert own_view.dragon == "fire_20_mason_2"


def test_t24_threshold_cards() -> None:
    state, _ = play(
        _third(new_state(), "fire", "bridges_needed_plus_1"), "fire", cm.ToursDrawChance()
    )
    rejected(state, "fire", cm.ToursResolveChance(decline=True), "decline_not_allowed")
    after, events = play(state, "fire", cm.ToursResolveChance(island="coral"))
    assert events[0] == ev.ToursThresholdChanged(island="coral", delta=1, threshold=3)
    assert 0 not in board.owners(after)["coral"] and scores(after)[0].score == 0
    state = _third(
        new_state(),
        "fire",
        "bridges_needed_minus_1",
        "bridges_needed_minus_1",
        "bridges_needed_plus_1",
    )
    for delta, expected in [(-1, 1), (-1, 1), (1, 2)]:
        state, _ = play(_third(state, "fire"), "fire", cm.ToursDrawChance())
        state, events = play(state, "fire", cm.ToursResolveChance(island="tiger_eye"))
        assert events[0] == ev.ToursThresholdChanged(
            island="tiger_eye", delta=delta, threshold=expected
        )
    assert "tiger_eye" not in state.threshold_mod


def _attack(state: ToursState, dice: list[int]):  # type: ignore[no-untyped-def]
    cmd = cm.ToursLandDragon(
        island="tourmaline", tower="coral_tourmaline", dragon="fire_10_blower_1"
    )
    state = at_phase(set_hand(state, "fire", {"tourmaline": 1}), "fire", "play")
    return play(state, "fire", cmd, dice=dice)


def test_t25_mode_cards() -> None:
    state = put(new_state(), "coral_tourmaline", "ice_15_mason_1", 30)
    both = replace(state, combat_cards=[["combat_dice_only"], ["combat_strength_only"]])
    after, events = _attack(both, [3, 4])
    assert events[2].mode == "normal" and after.combat_cards == [[], []]
    assert sorted(after.chance_discard[-2:]) == ["combat_dice_only", "combat_strength_only"]
    only = replace(state, combat_cards=[["combat_strength_only"], []])
    _, events = _attack(only, [20, 1])
    combat = events[2]
    assert combat.mode == "strength_only"
    assert (combat.attacker.total, combat.defender.total, combat.winner) == (16, 20, "defender")
    assert (combat.attacker.rolls, combat.defender.rolls) == ([20], [1])


def test_t26_die_modifiers() -> None:
    state = put(new_state(), "coral_tourmaline", "ice_15_mason_1")
    state = replace(state, combat_cards=[["combat_best_of_two", "combat_double_die"], []])
    _, events = _attack(state, [4, 11, 9])
    attacker, defender = events[2].attacker, events[2].defender
    assert (attacker.rolls, attacker.natural, attacker.die_value) == ([4, 11], 11, 22)
    assert defender.rolls == [9]


def test_t27_chance_reshuffle() -> None:
    state = replace(
        _third(new_state(), "fire"),
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
    towers = [t for t in board.TOWERS if t not in ("coral_tourmaline", "sapphire_coral")]
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


def _ending(state: ToursState) -> ToursState:
    state = replace(_third(state, "fire"), final_turn=True, chance_deck=["combat_plus_5"])
    return state


def test_t30_tie_breaks() -> None:
    state = t12_state()
    defense = dict(state.defense)
    defense.update({"diamond_topaz": 9, "diamond_sapphire": 9})
    state = _ending(replace(state, defense=defense))
    over, events = play(state, "fire", cm.ToursDrawChance(), dice=[13, 13, 5, 17])
    end = events[-1]
    assert isinstance(end, ev.ToursGameEnded)
    assert [(s.score, s.pearls) for s in end.scores] == [(22, 9), (22, 9)]
    assert end.tiebreak_rounds == [
        [ToursRoll(seat=0, roll=13), ToursRoll(seat=1, roll=13)],
        [ToursRoll(seat=0, roll=5), ToursRoll(seat=1, roll=17)],
    ]
    assert (end.ranking, end.winner_seat) == ([1, 0], 1)
    outcome = RS.outcome(over)
    assert outcome is not None and outcome.winners == ("ice",) and outcome.decided_by == "roll"
    defense["diamond_topaz"] = 10
    over, events = play(_ending(replace(state, defense=defense)), "fire", cm.ToursDrawChance())
    assert (events[-1].ranking, events[-1].tiebreak_rounds) == ([0, 1], [])
    assert RS.outcome(over).decided_by == "pearls"  # type: ignore[union-attr]


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


def test_t32_invulnerability_variant() -> None:
    state = put(
        new_state(start_pair_invulnerability=True), "coral_tourmaline", "ice_20_mason_1", 10
    )
    state = at_phase(set_hand(state, "fire", {"coral": 2, "jade": 2}), "fire", "play")
    cmd = cm.ToursInvokeInvulnerability(
        island="coral", tower="coral_tourmaline", dragon="fire_10_mason_1"
    )
    after, events = play(state, "fire", cmd, dice=[1, 20])
    assert events[1] == ev.ToursInvulnerabilityGranted(seat=0)
    combat = events[3]
    assert (combat.attacker.total, combat.defender.total) == (12, 55)
    assert (combat.winner, combat.reason, combat.loser_fate) == (
        "attacker",
        "invulnerable",
        "reserve",
    )
    assert after.turn.invulnerable and after.occupant["coral_tourmaline"] == "fire_10_mason_1"
    off = replace(state, options=replace(state.options, start_pair_invulnerability=False))
    rejected(off, "fire", cmd, "variant_disabled")
    rejected(state, "fire", cm.ToursInvokeInvulnerability(island="jade"), "not_own_start_island")
    rejected(
        state,
        "fire",
        cm.ToursInvokeInvulnerability(island="coral", tower="coral_tourmaline"),
        "invalid_parameters",
    )


def test_t33_share_variant() -> None:
    state = new_state(enemy_start_pair_share=True)
    for n, tower in enumerate(
        ["diamond_sapphire", "diamond_emerald", "diamond_onyx", "diamond_opal"]
    ):
        state = put(state, tower, f"ice_10_mason_{n + 1}" if n < 3 else "ice_15_mason_1")
    state = put(state, "topaz_ivory", "fire_20_blower_1")
    state = at_phase(set_hand(state, "fire", {"ivory": 2, "coral": 2}), "fire", "play")
    state, events = play(
        state, "fire", cm.ToursShareIsland(island="ivory", target_island="diamond")
    )
    assert events[1] == ev.ToursIslandShared(sharer_seat=0, owner_seat=1, island="diamond")
    assert board.owners(state)["diamond"] == (0, 1)
    assert [p.points for p in scores(state)[0].islands if p.island == "diamond"] == [10]
    assert [p.points for p in scores(state)[1].islands if p.island == "diamond"] == [10]
    move = cm.ToursMoveDragon(
        from_tower="topaz_ivory", via_island="topaz", to_tower="diamond_topaz"
    )
    state, _ = play(state, "fire", move)  # via topaz; now fire is on a diamond spoke
    state = at_phase(state, "fire", "third")
    across = cm.ToursMoveDragon(
        from_tower="diamond_topaz", via_island="diamond", to_tower="diamond_opal"
    )
    assert across in RS.legal_commands(state, "fire")  # the shared centre is passable
    state, events = play(state, "fire", across, dice=[20, 1])
    assert events[1].winner == "attacker"
    assert events[-3] == ev.ToursShareEnded(sharer_seat=0, owner_seat=1, island="diamond")
    unshared = at_phase(
        set_hand(
            new_state(enemy_start_pair_share=True), "fire", {"coral": 2, "gold": 2, "ivory": 2}
        ),
        "fire",
        "play",
    )
    rejected(
        unshared,
        "fire",
        cm.ToursShareIsland(island="coral", target_island="ivory"),
        "not_enemy_start_island",
    )
    rejected(
        unshared,
        "fire",
        cm.ToursShareIsland(island="gold", target_island="ivory"),
        "not_enemy_start_island",
    )
    rejected(
        unshared,
        "fire",
        cm.ToursShareIsland(island="ivory", target_island="opal"),
        "target_not_owned_by_enemy",
    )


def test_t34_two_player_recycling() -> None:
    towers = [t for t in board.TOWERS if t not in ("coral_tourmaline", "sapphire_coral")]
    state = fill_board(
        eliminate(new_state(two_player_recycle=True), "fire_10_mason_2"), "fire", towers
    )
    state = at_phase(set_hand(state, "fire", {"coral": 1}), "fire", "play")
    cmd = cm.ToursLandDragon(island="coral", tower="coral_tourmaline", dragon="fire_10_mason_2")
    after, events = play(state, "fire", cmd)
    assert events[1].origin == "eliminated" and after.eliminated[0] == []
    off = replace(state, options=replace(state.options, two_player_recycle=False))
    rejected(off, "fire", cmd, "dragon_not_available")


def test_t35_skipping_the_third_action() -> None:
    state = _third(new_state(), "fire")
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


def test_t37_declining_and_parameter_checks() -> None:
    state = _third(put(new_state(), "sapphire_coral", "fire_10_mason_1"), "fire", "add_defense_3")
    state, _ = play(state, "fire", cm.ToursDrawChance())
    _, events = play(state, "fire", cm.ToursResolveChance(decline=True))
    assert events[:3] == [
        ev.ToursChanceDeclined(seat=0, card="add_defense_3"),
        ev.ToursChanceCardDiscarded(card="add_defense_3", outcome="declined"),
        ev.ToursTurnEnded(seat=0),
    ]
    state = put(put(new_state(), "sapphire_coral", "fire_10_mason_1"), "opal_jet", "ice_10_mason_1")
    state, _ = play(_third(state, "fire", "give_enemy_defense_3"), "fire", cm.ToursDrawChance())
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
    state = _third(state, "ice", "resurrection_for_all")
    _, events = play(state, "ice", cm.ToursDrawChance())
    assert events[1:4] == [
        ev.ToursDragonResurrected(seat=1, dragon="ice_10_blower_1"),
        ev.ToursDragonResurrected(seat=0, dragon="fire_10_mason_2"),
        ev.ToursChanceCardDiscarded(card="resurrection_for_all", outcome="applied"),
    ]


def test_t40_reserve_redaction() -> None:
    state = at_phase(set_hand(new_state(), "fire", {"coral": 1}), "fire", "play")
    state, _ = play(
        state,
        "fire",
        cm.ToursLandDragon(island="coral", tower="coral_tourmaline", dragon="fire_20_blower_1"),
    )
    theirs = RS.view(state, "ice").reserves[0]
    assert theirs.dragons is None and theirs.count == 17
    assert theirs.strengths == [10] * 6 + [15] * 6 + [20] * 5
    mine = RS.view(state, "fire").reserves[0]
    assert (
        mine.dragons is not None
        and len(mine.dragons) == 17
        and "fire_20_blower_1" not in mine.dragons
    )
    assert RS.view(state, None).reserves[0].dragons is None
    assert (
        RS.view(state, "ice").hands[0].cards is None and RS.view(state, "fire").hands[0].cards == {}
    )
