"""Rules of the spec not covered one-to-one by a scenario: chance effects,
combat modifiers, multi-answer decisions, variants' details, redaction."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.combat import EVEN_FACES, ODD_FACES
from domain.tours_arc_en_ciel.scoring import scores
from domain.tours_arc_en_ciel.state import ToursState
from tests.domain.tours_arc_en_ciel.helpers import (
    RS,
    at_phase,
    eliminate,
    new_state,
    play,
    put,
    rejected,
    set_hand,
    types,
)


def drawn(state: ToursState, card: str, house: str = "fire") -> tuple[ToursState, list[Any]]:
    state = at_phase(replace(state, chance_deck=[card, *state.chance_deck]), house, "third")  # type: ignore[list-item]
    return play(state, house, cm.ToursDrawChance())


def attack(
    state: ToursState,
    dice: list[int],
    dragon: str = "fire_10_blower_1",
    choices: list[int] | None = None,
) -> ev.ToursCombatResolved:
    """Fire lands ``dragon`` on coral_tourmaline (held by an ice Dragon) with a tourmaline card."""
    state = at_phase(set_hand(state, "fire", {"tourmaline": 1}), "fire", "play")
    cmd = cm.ToursLandDragon(island="tourmaline", tower="coral_tourmaline", dragon=dragon)
    _, events = play(state, "fire", cmd, dice=dice, choices=choices or [])
    combat = events[2]
    assert isinstance(combat, ev.ToursCombatResolved)
    return combat


ICE_HELD = put(new_state(), "coral_tourmaline", "ice_10_mason_1", 2)


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


def test_remove_enemy_dragon_any_takes_a_hidden_dragon_and_redacts_it() -> None:
    state = put(new_state(), "opal_jet", "ice_15_mason_2", 4, hidden=True)
    state, _ = drawn(state, "remove_enemy_dragon_any")
    after, events = play(state, "fire", cm.ToursResolveChance(tower="opal_jet"))
    removed = events[0]
    assert removed == ev.ToursDragonRemoved(seat=1, tower="opal_jet", dragon="ice_15_mason_2", strength=15,
                                            specialty="mason", was_hidden=True)  # fmt: skip
    seen = RS.redact(removed, "fire")
    assert (seen.dragon, seen.specialty, seen.strength) == (None, None, 15)
    assert RS.redact(removed, "ice") == removed
    assert (
        after.hidden == []
        and "ice_15_mason_2" in after.reserve[1]
        and after.defense["opal_jet"] == 4
    )


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
    towers = list(board.TOWERS[:6])
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


def test_points_cards_count_in_the_score() -> None:
    state, events = drawn(new_state(), "malus_points_10")
    assert events[1] == ev.ToursChanceCardKept(seat=0, card="malus_points_10", pile="points")
    assert scores(state)[0].score == 2 - 10


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


def test_invulnerable_seat_wins_in_defence_too() -> None:
    # Fire invoked invulnerability this turn; ice lands on fire's tower through an arrival card.
    state = put(
        new_state(start_pair_invulnerability=True), "coral_tourmaline", "fire_10_blower_1", 0
    )
    state = put(state, "topaz_ivory", "ice_10_mason_1")
    state = replace(state, turn=replace(state.turn, invulnerable=True))
    state, events = drawn(state, "enemy_dragon_arrives_strength_20")
    assert events[-1].decider_seat == 1
    state, events = play(
        state, "ice", cm.ToursResolveChance(dragon="ice_20_blower_1", tower="ivory_tiger_eye")
    )
    assert events[0].contested is False
    ice_attack = put(state, "ivory_tiger_eye", "fire_15_mason_1")
    ice_attack = replace(
        ice_attack, phase="third", active_seat=0, turn=replace(ice_attack.turn, invulnerable=True)
    )
    ice_attack, _ = drawn(ice_attack, "enemy_dragon_arrives_any")
    _, events = play(
        ice_attack,
        "ice",
        cm.ToursResolveChance(dragon="ice_20_mason_1", tower="ivory_tiger_eye"),
        dice=[20, 1],
    )
    assert (events[1].winner, events[1].reason) == ("defender", "invulnerable")


def test_share_gives_the_sharer_arrival_towers_and_ends_for_good() -> None:
    # Ice owns turquoise with its fixed bridge turquoise_ivory and opal_turquoise.
    state = put(new_state(enemy_start_pair_share=True), "opal_turquoise", "ice_10_mason_1")
    assert board.owners(state)["turquoise"] == (1,)
    state = at_phase(set_hand(state, "fire", {"ivory": 2}), "fire", "play")
    state, _ = play(state, "fire", cm.ToursShareIsland(island="ivory", target_island="turquoise"))
    assert "jet_turquoise" in board.arrival_towers(state, 0)
    state, events = drawn(state, "remove_enemy_dragon_any")
    state, events = play(state, "fire", cm.ToursResolveChance(tower="opal_turquoise"))
    assert types(events)[:3] == ["dragon_removed", "chance_card_discarded", "share_ended"]
    assert events[2] == ev.ToursShareEnded(sharer_seat=0, owner_seat=1, island="turquoise")
    state = put(state, "opal_turquoise", "ice_10_mason_2")
    assert board.owners(state)["turquoise"] == (1,)  # the owner regains it, the share stays ended
    assert not state.shares[0].active


def test_pile_card_is_hidden_from_others() -> None:
    state = new_state()
    _, events = play(state, "fire", cm.ToursTakeCard(source="pile"))
    taken = events[0]
    assert taken.island == state.pile[0]
    assert RS.redact(taken, "ice").island is None and RS.redact(taken, None).island is None
    assert RS.redact(taken, "fire") == taken
    dealt = RS.setup(
        state.options, __import__("domain").SetupContext(), __import__("domain").Rng("x", 0)
    )
    hands = [e for e in dealt if isinstance(e, ev.ToursCardsDealt)]
    assert RS.redact(hands[0], "ice").cards is None and RS.redact(hands[0], "fire") == hands[0]
    assert RS.redact(dealt[2], "fire").order is None and RS.redact(dealt[2], "fire").count == 72


def test_views_do_not_leak_hands() -> None:
    state = set_hand(new_state(), "ice", {"amber": 2, "jet": 1})
    secret = msgspec.json.encode({"amber": 2, "jet": 1})
    assert secret not in msgspec.json.encode(RS.view(state, "fire"))
    assert secret not in msgspec.json.encode(RS.view(state, None))
    assert secret in msgspec.json.encode(RS.view(state, "ice"))
    assert RS.view(state, "ice").hands[1].cards == {"amber": 2, "jet": 1}
    assert RS.view(state, "fire").hands[1].count == 3


def test_json_command_with_unknown_ids_reaches_decide() -> None:
    raw = b'{"type": "tours_arc_en_ciel.land_dragon", "island": "coral", "tower": "ruby_coral", "dragon": "fire_10_mason_1"}'
    command = msgspec.json.decode(raw, type=RS.Command)
    state = at_phase(set_hand(new_state(), "fire", {"coral": 1}), "fire", "play")
    rejected(state, "fire", command, "unknown_tower")


def test_atomize_without_an_eligible_dragon_lands_nothing() -> None:
    from tests.domain.tours_arc_en_ciel.test_scenarios import _fire_reserve_empty

    state = _fire_reserve_empty(
        at_phase(set_hand(new_state(), "fire", {"coral": 2}), "fire", "play"), []
    )
    state = put(state, "coral_tourmaline", "ice_10_mason_1")
    assert cm.ToursAtomize(island="coral", tower="coral_tourmaline") in RS.legal_commands(
        state, "fire"
    )
    after, events = play(state, "fire", cm.ToursAtomize(island="coral", tower="coral_tourmaline"))
    assert types(events) == ["card_played", "dragon_atomized"]
    assert "coral_tourmaline" not in after.occupant and after.defense["coral_tourmaline"] == 0


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
    for n, tower in enumerate(board.TOWERS[:6]):
        state = put(state, tower, state.reserve[0][0], hidden=n == 0)
    state, _ = drawn(state, "hide_dragons_4")
    rejected(state, "fire", cm.ToursResolveChance(decline=True), "decline_not_allowed")
    rejected(state, "fire", cm.ToursResolveChance(tower=board.TOWERS[0]), "invalid_target")


def test_recycling_applies_to_atomize_and_extra_dragons() -> None:
    towers = [
        t for t in board.TOWERS if t not in ("coral_tourmaline", "sapphire_coral", "diamond_jade")
    ]
    state = put(new_state(two_player_recycle=True), "diamond_jade", "ice_10_mason_1")
    state = eliminate(state, "fire_15_blower_3")
    from tests.domain.tours_arc_en_ciel.helpers import fill_board

    state = fill_board(state, "fire", towers)
    state = at_phase(set_hand(state, "fire", {"jade": 2}), "fire", "play")
    atomize = cm.ToursAtomize(island="jade", tower="diamond_jade", dragon="fire_15_blower_3")
    assert RS.legal_commands(state, "fire").count(atomize) == 1
    assert cm.ToursAtomize(island="jade", tower="diamond_jade") not in RS.legal_commands(
        state, "fire"
    )
    after, events = play(state, "fire", atomize)
    assert events[2].origin == "eliminated" and after.eliminated[0] == []


def test_both_end_reasons_are_listed() -> None:
    towers = [t for t in board.TOWERS if t != "coral_tourmaline"]
    from tests.domain.tours_arc_en_ciel.helpers import fill_board

    state = fill_board(new_state(), "fire", towers[:18])
    state = replace(
        at_phase(state, "fire", "third"), final_turn=True, chance_deck=["combat_plus_5"]
    )
    over, events = play(state, "fire", cm.ToursDrawChance())
    assert events[-1].reasons == ["cards_exhausted", "all_dragons_on_board"]
    outcome = RS.outcome(over)
    assert outcome is not None and [s.rank for s in outcome.standings] == [1, 2]
    assert RS.legal_commands(over, "fire") == [] == RS.legal_commands(over, "ice")
