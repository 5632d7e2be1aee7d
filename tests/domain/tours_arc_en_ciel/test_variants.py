"""The variants (spec 12): T32-T34, invulnerability, shares, recycling.

Fixture G2 unless stated: houses [fire, ice], Gold tower on fire. Dice are
scripted attacker first, then defender.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.tours_arc_en_ciel import board
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel import events as ev
from domain.tours_arc_en_ciel.components import TOWERS
from domain.tours_arc_en_ciel.scoring import scores
from tests.domain.tours_arc_en_ciel.helpers import (
    RS,
    at_phase,
    drawn,
    eliminate,
    fill_board,
    new_state,
    play,
    put,
    rejected,
    set_hand,
    types,
)


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
    towers = [t for t in TOWERS if t not in ("coral_tourmaline", "sapphire_coral")]
    state = fill_board(
        eliminate(new_state(two_player_recycle=True), "fire_10_mason_2"), "fire", towers
    )
    state = at_phase(set_hand(state, "fire", {"coral": 1}), "fire", "play")
    cmd = cm.ToursLandDragon(island="coral", tower="coral_tourmaline", dragon="fire_10_mason_2")
    after, events = play(state, "fire", cmd)
    assert events[1].origin == "eliminated" and after.eliminated[0] == []
    off = replace(state, options=replace(state.options, two_player_recycle=False))
    rejected(off, "fire", cmd, "dragon_not_available")


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


def test_recycling_applies_to_atomize_and_extra_dragons() -> None:
    towers = [t for t in TOWERS if t not in ("coral_tourmaline", "sapphire_coral", "diamond_jade")]
    state = put(new_state(two_player_recycle=True), "diamond_jade", "ice_10_mason_1")
    state = eliminate(state, "fire_15_blower_3")
    state = fill_board(state, "fire", towers)
    state = at_phase(set_hand(state, "fire", {"jade": 2}), "fire", "play")
    atomize = cm.ToursAtomize(island="jade", tower="diamond_jade", dragon="fire_15_blower_3")
    assert RS.legal_commands(state, "fire").count(atomize) == 1
    assert cm.ToursAtomize(island="jade", tower="diamond_jade") not in RS.legal_commands(
        state, "fire"
    )
    after, events = play(state, "fire", atomize)
    assert events[2].origin == "eliminated" and after.eliminated[0] == []
