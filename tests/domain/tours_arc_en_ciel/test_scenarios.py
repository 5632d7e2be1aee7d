"""The spec's test scenarios T1-T20 (section 14), one test each.

Fixture G2: houses [fire, ice], Gold tower on fire unless stated. Dice are
scripted attacker first, then defender.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain import RuleViolation, SetupContext
from domain.kernel import fold
from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.components import CHANCE_CARDS, GAME_CARDS
from domain.tours_arc_en_ciel.scoring import scores
from domain.tours_arc_en_ciel.setup import turn_order
from domain.tours_arc_en_ciel.state import ToursOptions, ToursRoll
from tests.domain.tours_arc_en_ciel.helpers import (
    RS,
    ScriptedRng,
    at_phase,
    new_state,
    play,
    put,
    rejected,
    set_hand,
    types,
)


def test_t01_setup_and_gold_roll() -> None:
    options = ToursOptions()
    events = RS.setup(options, SetupContext(), ScriptedRng(dice=[7, 7, 15, 3]))
    assert types(events) == [
        "game_started", "gold_tower_assigned", "game_deck_shuffled", "chance_deck_shuffled",
        "cards_dealt", "cards_dealt", "face_up_dealt", "turn_started",
    ]  # fmt: skip
    assert events[0] == ev.ToursGameStarted(
        houses=["fire", "ice"], turn_order=[0, 1], options=options
    )
    assert events[1] == ev.ToursGoldTowerAssigned(
        seat=0,
        method="roll",
        rounds=[
            [ToursRoll(seat=0, roll=7), ToursRoll(seat=1, roll=7)],
            [ToursRoll(seat=0, roll=15), ToursRoll(seat=1, roll=3)],
        ],
    )
    order = list(GAME_CARDS)
    assert events[2] == ev.ToursGameDeckShuffled(order=order, count=72)
    assert events[3] == ev.ToursChanceDeckShuffled(order=list(CHANCE_CARDS), count=86)
    assert events[4] == ev.ToursCardsDealt(seat=0, house="fire", cards=order[0:3], count=3)
    assert events[5] == ev.ToursCardsDealt(seat=1, house="ice", cards=order[3:6], count=3)
    assert events[6] == ev.ToursFaceUpDealt(cards=order[6:9])
    assert events[7] == ev.ToursTurnStarted(seat=0, turn_number=1)
    state = fold(RS, events)
    assert len(state.pile) == 63
    own = board.owners(state)
    assert own["coral"] == (0,) and own["ivory"] == (1,)
    assert [s.score for s in scores(state)] == [2, 2]


@pytest.mark.parametrize(
    ("houses", "extra", "code"),
    [
        (["fire", "moon"], {}, "invalid_house_set"),
        (["fire", "ice", "bronze"], {}, "invalid_house_set"),
        (["fire", "fire"], {}, "duplicate_house"),
        (["fire"], {}, "invalid_seat_count"),
        (["fire", "ice", "light"], {"two_player_recycle": True}, "variant_requires_two_players"),
        (["fire", "ice", "dragon"], {}, "unknown_house"),
    ],
)
def test_t02_option_validation(houses: list[str], extra: dict[str, bool], code: str) -> None:
    with pytest.raises(RuleViolation) as info:
        RS.validate_options(ToursOptions(houses=houses, **extra))  # type: ignore[arg-type]
    assert info.value.code == code


def test_t02_option_validation_valid_and_default() -> None:
    three = ToursOptions(houses=["fire", "ice", "light"])
    RS.validate_options(three)
    assert turn_order(three.houses) == [2, 1, 0]
    default = ToursOptions()
    assert default.houses == ["fire", "ice"]
    assert not any(
        (default.two_player_recycle, default.natural_1_loses, default.natural_20_wins,
         default.start_pair_invulnerability, default.enemy_start_pair_share)
    )  # fmt: skip
    assert RS.seats(default) == ("fire", "ice")
    assert turn_order(default.houses) == [0, 1]
    # The Gold tower seat comes from the setup context; an unknown seat is refused.
    with pytest.raises(RuleViolation) as info:
        RS.setup(default, SetupContext(last_winner_seat="moon"), ScriptedRng())
    assert info.value.code == "invalid_gold_tower_seat"


def test_t03_eight_player_turn_order() -> None:
    houses = ["bronze", "moon", "water", "fire", "air", "light", "shadow", "ice"]
    assert turn_order(houses) == [2, 3, 4, 5, 6, 7, 0, 1]  # type: ignore[arg-type]


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


def _play(state=None, hand=None, house="fire"):  # type: ignore[no-untyped-def]
    state = new_state() if state is None else state
    return at_phase(set_hand(state, house, hand or {"coral": 1}), house, "play")


def test_t06_landing_on_an_empty_tower() -> None:
    state = _play()
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
    state = put(_play(), "sapphire_coral", "fire_15_mason_1")
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
    )  # type: ignore[arg-type]
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
        _play(new_state(gold="ice"), {"tourmaline": 1}), "coral_tourmaline", "ice_15_blower_1", 2
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
    state = put(_play(), "sapphire_coral", "ice_10_mason_1", 0)
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
    state = put(_play(new_state(), {"tourmaline": 1}), "coral_tourmaline", "ice_10_mason_1", 3)
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


def test_t11_ownership_and_score() -> None:
    state = new_state()
    for tower, dragon in [("peridot_aquamarine", "fire_10_mason_1"), ("ruby_aquamarine", "fire_10_mason_2"),
                          ("ruby_tourmaline", "fire_10_mason_3")]:  # fmt: skip
        state = put(state, tower, dragon)
    own = board.owners(state)
    assert 0 in own["coral"] and 0 in own["aquamarine"] and 0 in own["ruby"]
    assert own["peridot"] == ()
    assert [s.score for s in scores(state)] == [14, 2]


def t12_state():  # type: ignore[no-untyped-def]
    state = new_state()
    fire = ["diamond_topaz", "diamond_amethyst", "diamond_jade", "diamond_ruby"]
    ice = ["diamond_sapphire", "diamond_emerald", "diamond_onyx", "diamond_opal"]
    for n, (f, i) in enumerate(zip(fire, ice, strict=True)):
        state = put(state, f, f"fire_10_mason_{n + 1}" if n < 3 else "fire_15_mason_1")
        state = put(state, i, f"ice_10_mason_{n + 1}" if n < 3 else "ice_15_mason_1")
    return state


def test_t12_co_ownership() -> None:
    state = t12_state()
    assert board.owners(state)["diamond"] == (0, 1)
    assert [s.score for s in scores(state)] == [22, 22]


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


def test_t15_fatigue() -> None:
    state = _play(new_state(gold="ice"), {"tourmaline": 1})
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


def test_t17_atomize() -> None:
    state = put(_play(hand={"jade": 2}), "diamond_jade", "ice_15_mason_1", 7)
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


def _fire_reserve_empty(state, eliminated):  # type: ignore[no-untyped-def]
    from tests.domain.tours_arc_en_ciel.helpers import eliminate, fill_board

    state = eliminate(state, *eliminated)
    towers = [t for t in board.TOWERS if t not in ("coral_tourmaline", "sapphire_coral")]
    return fill_board(state, "fire", towers)


def test_t18_chance_instead_of_landing() -> None:
    state = _fire_reserve_empty(_play(hand={"topaz": 1}), ["fire_10_mason_2", "fire_20_mason_1"])
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
        _play(hand={"topaz": 1}),
        "fire",
        cm.ToursChanceInsteadOfLanding(island="topaz"),
        "reserve_not_empty",
    )
    no_elim = _fire_reserve_empty(_play(hand={"topaz": 1}), [])
    assert no_elim.reserve[0] == [] and no_elim.eliminated[0] == []
    rejected(
        no_elim, "fire", cm.ToursChanceInsteadOfLanding(island="topaz"), "no_eliminated_dragon"
    )


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
