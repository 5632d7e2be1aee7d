"""One test per error code of the spec (sections 4, 7.0-7.12), each its own param id."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

from domain import RuleViolation, SetupContext
from domain.tours_arc_en_ciel import commands as cm
from domain.tours_arc_en_ciel.components import TOWERS, ChanceKind
from domain.tours_arc_en_ciel.options import ToursOptions
from domain.tours_arc_en_ciel.state import ToursPending, ToursState
from tests.domain.tours_arc_en_ciel.helpers import (
    RS,
    ScriptedRng,
    at_phase,
    eliminate,
    fill_board,
    new_state,
    put,
    rejected,
    set_hand,
)

Case = Callable[[], tuple[ToursState, str, Any]]


def in_play(hand: dict[str, int] | None = None, **options: Any) -> ToursState:
    return at_phase(set_hand(new_state(**options), "fire", hand or {"coral": 1}), "fire", "play")


def third(state: ToursState | None = None) -> ToursState:
    return at_phase(new_state() if state is None else state, "fire", "third")


def pending(card: ChanceKind, **kwargs: Any) -> ToursState:
    state = third(
        put(put(new_state(), "sapphire_coral", "fire_10_mason_1"), "opal_jet", "ice_10_mason_1")
    )
    return replace(
        state,
        pending=ToursPending(card=card, drawer=0, decider=0, origin="third_action", remaining=1),
    )


def no_reserve(eliminated: tuple[str, ...] = ()) -> ToursState:
    towers = [t for t in TOWERS if t not in ("coral_tourmaline", "sapphire_coral")]
    return fill_board(eliminate(in_play({"coral": 1}), *eliminated), "fire", towers)


LAND = cm.ToursLandDragon(island="coral", tower="coral_tourmaline", dragon="fire_10_mason_1")
JADE_ATOM = cm.ToursAtomize(island="jade", tower="diamond_jade", dragon="fire_10_mason_1")
ENEMY_JADE = put(in_play({"jade": 2}), "diamond_jade", "ice_10_mason_1")
MOVE = cm.ToursMoveDragon(
    from_tower="coral_tourmaline", via_island="coral", to_tower="sapphire_coral"
)
ON_BOARD = third(put(new_state(), "coral_tourmaline", "fire_10_mason_1"))

CASES: dict[str, Case] = {
    "game_over": lambda: (
        replace(new_state(), phase="over"),
        "fire",
        cm.ToursTakeCard(source="pile"),
    ),
    "decision_pending": lambda: (pending("add_defense_3"), "fire", cm.ToursDrawChance()),
    "not_your_decision": lambda: (
        pending("add_defense_3"),
        "ice",
        cm.ToursResolveChance(decline=True),
    ),
    "no_pending_decision": lambda: (third(), "fire", cm.ToursResolveChance(decline=True)),
    "not_your_turn": lambda: (new_state(), "ice", cm.ToursTakeCard(source="pile")),
    "wrong_phase": lambda: (new_state(), "fire", cm.ToursDrawChance()),
    "unknown_island": lambda: (in_play(), "fire", cm.ToursDiscardCard(island="atlantis")),
    "unknown_tower": lambda: (in_play(), "fire", replace(LAND, tower="ruby_coral")),
    "unknown_dragon": lambda: (in_play(), "fire", replace(LAND, dragon="moon_10_mason_1")),
    "unknown_seat": lambda: (new_state(), "moon", cm.ToursTakeCard(source="pile")),
    "invalid_slot": lambda: (new_state(), "fire", cm.ToursTakeCard(source="face_up")),
    "pile_empty": lambda: (replace(new_state(), pile=[]), "fire", cm.ToursTakeCard(source="pile")),
    "face_up_slot_empty": lambda: (
        replace(new_state(), face_up=[None, "jade", "jade"]),
        "fire",
        cm.ToursTakeCard(source="face_up", slot=0),
    ),  # fmt: skip
    "card_not_in_hand": lambda: (in_play({"jade": 1}), "fire", LAND),
    "tower_not_adjacent": lambda: (in_play(), "fire", replace(LAND, tower="diamond_jade")),
    "tower_occupied_by_own_dragon": lambda: (
        put(in_play(), "coral_tourmaline", "fire_20_mason_1"),
        "fire",
        LAND,
    ),
    "dragon_not_available": lambda: (in_play(), "fire", replace(LAND, dragon="ice_10_mason_1")),
    "reserve_not_empty": lambda: (
        eliminate(in_play(), "fire_20_mason_3"),
        "fire",
        cm.ToursChanceInsteadOfLanding(island="coral"),
    ),  # fmt: skip
    "no_eliminated_dragon": lambda: (
        no_reserve(),
        "fire",
        cm.ToursChanceInsteadOfLanding(island="coral"),
    ),
    "chance_deck_empty": lambda: (
        replace(third(), chance_deck=[], chance_discard=[]),
        "fire",
        cm.ToursDrawChance(),
    ),  # fmt: skip
    "pair_not_in_hand": lambda: (set_hand(ENEMY_JADE, "fire", {"jade": 1}), "fire", JADE_ATOM),
    "atomize_limit_reached": lambda: (replace(ENEMY_JADE, atomize_count=[2, 0]), "fire", JADE_ATOM),
    "tower_not_enemy": lambda: (ENEMY_JADE, "fire", replace(JADE_ATOM, tower="jade_garnet")),
    "dragon_required": lambda: (ENEMY_JADE, "fire", replace(JADE_ATOM, dragon=None)),
    "variant_disabled": lambda: (
        in_play({"coral": 2}),
        "fire",
        cm.ToursInvokeInvulnerability(island="coral"),
    ),
    "not_own_start_island": lambda: (
        in_play({"ivory": 2}, start_pair_invulnerability=True),
        "fire",
        cm.ToursInvokeInvulnerability(island="ivory"),
    ),  # fmt: skip
    "invalid_parameters": lambda: (
        in_play({"coral": 2}, start_pair_invulnerability=True),
        "fire",
        cm.ToursInvokeInvulnerability(island="coral", dragon="fire_10_mason_1"),
    ),  # fmt: skip
    "not_enemy_start_island": lambda: (
        in_play({"gold": 2}, enemy_start_pair_share=True),
        "fire",
        cm.ToursShareIsland(island="gold", target_island="ivory"),
    ),  # fmt: skip
    "target_not_owned_by_enemy": lambda: (
        in_play({"ivory": 2}, enemy_start_pair_share=True),
        "fire",
        cm.ToursShareIsland(island="ivory", target_island="coral"),
    ),  # fmt: skip
    "not_your_dragon": lambda: (third(), "fire", MOVE),
    "via_not_endpoint": lambda: (ON_BOARD, "fire", replace(MOVE, via_island="ruby")),
    "island_not_passable": lambda: (
        put(
            put(ON_BOARD, "ruby_tourmaline", "ice_10_mason_1"),
            "sapphire_tourmaline",
            "ice_10_mason_2",
        ),
        "fire",
        cm.ToursMoveDragon(
            from_tower="coral_tourmaline", via_island="tourmaline", to_tower="ruby_tourmaline"
        ),
    ),  # fmt: skip
    "same_tower": lambda: (
        ON_BOARD,
        "fire",
        cm.ToursSwapDragons(tower_a="coral_tourmaline", tower_b="coral_tourmaline"),
    ),
    "third_action_available": lambda: (third(), "fire", cm.ToursSkipThirdAction()),
    "decline_not_allowed": lambda: (
        pending("give_enemy_defense_3"),
        "fire",
        cm.ToursResolveChance(decline=True),
    ),
    "invalid_target": lambda: (
        pending("give_enemy_defense_3"),
        "fire",
        cm.ToursResolveChance(tower="sapphire_coral"),
    ),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_command_error(code: str) -> None:
    state, house, command = CASES[code]()
    rejected(state, house, command, code)


OPTION_CASES: dict[str, ToursOptions] = {
    "invalid_seat_count": ToursOptions(houses=["fire"]),
    "unknown_house": ToursOptions(houses=["fire", "kraken"]),  # type: ignore[list-item]
    "duplicate_house": ToursOptions(houses=["ice", "ice"]),
    "invalid_house_set": ToursOptions(houses=["fire", "light"]),
    "variant_requires_two_players": ToursOptions(
        houses=["fire", "ice", "moon"], two_player_recycle=True
    ),
}


@pytest.mark.parametrize("code", sorted(OPTION_CASES))
def test_option_error(code: str) -> None:
    with pytest.raises(RuleViolation) as info:
        RS.validate_options(OPTION_CASES[code])
    assert info.value.code == code


def test_option_error_invalid_gold_tower_seat() -> None:
    with pytest.raises(RuleViolation) as info:
        RS.setup(ToursOptions(), SetupContext(last_winner_seat="water"), ScriptedRng())
    assert info.value.code == "invalid_gold_tower_seat"


def test_every_allowed_house_set_count() -> None:
    """Spec 4: 4 / 8 / 6 / 24 / 4 / 8 / 1 allowed sets for 2..8 seats."""
    from tests.domain.tours_arc_en_ciel.support import ALLOWED_SETS

    assert [len(ALLOWED_SETS[n]) for n in range(2, 9)] == [4, 8, 6, 24, 4, 8, 1]
