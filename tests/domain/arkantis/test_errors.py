"""One test per error code of spec 7.11, and the checking order of spec 7.0-7.10."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

from domain.arkantis import RULESET
from domain.arkantis.commands import (
    ArkantisBuyCard,
    ArkantisEndTurn,
    ArkantisLayCard,
    ArkantisMoveToken,
    ArkantisPassTurn,
    ArkantisRemoveToken,
    ArkantisRemoveTwoTokens,
    ArkantisSwapDuplicate,
)
from domain.arkantis.options import ArkantisOptions
from domain.arkantis.state import ArkantisState
from domain.kernel import RuleViolation
from tests.domain.arkantis.helpers import ALICE, BOARDS, BOB, context, play, rejected
from tests.domain.arkantis.test_actions import t16_window

SPEC_CODES = {
    "game_not_in_progress", "unknown_player", "player_has_passed", "not_your_turn", "wrong_phase",
    "invalid_parameters", "invalid_cell", "cell_is_empty", "duplicate_cells", "no_token_at_source",
    "destination_not_empty", "insufficient_sesterces", "no_new_shapes", "no_new_red_shape",
    "no_new_blue_shape", "unknown_shape", "shape_not_validatable", "shape_already_validated",
    "card_not_in_hand", "card_shape_mismatch", "no_visible_card", "pile_empty", "visible_card_changed",
    "same_card", "cards_not_identical", "swap_limit_reached", "no_removal_since_last_move",
    "invalid_player_count", "conflicting_layout_options", "tournament_config_without_tournament_mode",
    "invalid_tournament_config", "invalid_layout",
}  # fmt: skip


def finished() -> ArkantisState:
    state = context("A", sesterces={ALICE: 1, BOB: 3}, bank=46, active=BOB, turn=4)
    state, _ = play(state, BOB, ArkantisPassTurn())
    assert state.status == "finished"
    return state


def validated_window() -> ArkantisState:
    state = t16_window()
    s1 = replace(state.turn_shapes[0], validated_by="set_square_2")
    s3 = replace(state.turn_shapes[0], shape_id="s3")
    alice = replace(state.players[0], hand=("set_square_1",))
    return replace(state, turn_shapes=(s1, state.turn_shapes[1], s3), pending_shape_ids=("s3",),
                   players=(alice, state.players[1]))  # fmt: skip


def swapped_this_turn() -> ArkantisState:
    state = context("B", hands={ALICE: ("key_1", "key_2", "key_3")})
    state, _ = play(state, ALICE, ArkantisSwapDuplicate(card_id="key_2", twin_card_id="key_1"))
    return state


CASES: list[tuple[str, Callable[[], ArkantisState], str, Any]] = [
    ("game_not_in_progress", finished, ALICE, ArkantisBuyCard(colour="emerald", source="hidden")),
    ("unknown_player", lambda: context("B"), "seat_3", ArkantisPassTurn()),
    ("player_has_passed", lambda: context("B", players=3, passed={BOB: 1}), BOB, ArkantisBuyCard(colour="emerald", source="hidden")),
    ("not_your_turn", lambda: context("B"), BOB, ArkantisPassTurn()),
    ("wrong_phase", lambda: context("B"), ALICE, ArkantisEndTurn()),
    ("invalid_parameters", lambda: context("B"), ALICE, ArkantisRemoveTwoTokens(cells=("r2c1", "r1c1", "r1c2"))),
    ("invalid_cell", lambda: context("B"), ALICE, ArkantisMoveToken(from_cell="r2c1", to_cell="r0c9")),
    ("cell_is_empty", lambda: context("B"), ALICE, ArkantisRemoveToken(cell="r2c2")),
    ("duplicate_cells", lambda: context("B"), ALICE, ArkantisRemoveTwoTokens(cells=("r2c1", "r2c1"))),
    ("no_token_at_source", lambda: context("B"), ALICE, ArkantisMoveToken(from_cell="r2c2", to_cell="r2c5")),
    ("destination_not_empty", lambda: context("B"), ALICE, ArkantisMoveToken(from_cell="r2c1", to_cell="r1c1")),
    ("insufficient_sesterces", lambda: context("E", sesterces={ALICE: 2}), ALICE, ArkantisMoveToken(from_cell="r1c1", to_cell="r7c3")),
    ("no_new_shapes", lambda: context("A"), ALICE, ArkantisRemoveToken(cell="r4c1")),
    ("no_new_red_shape", lambda: context("A"), ALICE, ArkantisRemoveToken(cell="r7c5")),
    ("no_new_blue_shape", lambda: context("A"), ALICE, ArkantisRemoveToken(cell="r1c1")),
    ("unknown_shape", t16_window, ALICE, ArkantisLayCard(shape_id="s9", card_id="set_square_2")),
    ("shape_not_validatable", t16_window, ALICE, ArkantisLayCard(shape_id="s2", card_id="set_square_2")),
    ("shape_already_validated", validated_window, ALICE, ArkantisLayCard(shape_id="s1", card_id="set_square_1")),
    ("card_not_in_hand", t16_window, ALICE, ArkantisLayCard(shape_id="s1", card_id="set_square_1")),
    ("card_shape_mismatch", t16_window, ALICE, ArkantisLayCard(shape_id="s1", card_id="tower_1")),
    ("no_visible_card", lambda: context("B", orange_visible=None), ALICE, ArkantisBuyCard(colour="orange", source="visible")),
    ("pile_empty", lambda: context("B", orange_hidden=()), BOB, ArkantisBuyCard(colour="orange", source="hidden")),
    ("visible_card_changed", lambda: context("B"), BOB, ArkantisBuyCard(colour="orange", source="visible", expected_card_id="trowel_2")),
    ("same_card", lambda: context("B"), ALICE, ArkantisSwapDuplicate(card_id="key_1", twin_card_id="key_1")),
    ("cards_not_identical", lambda: context("B"), ALICE, ArkantisSwapDuplicate(card_id="key_1", twin_card_id="tower_1")),
    ("swap_limit_reached", swapped_this_turn, ALICE, ArkantisSwapDuplicate(card_id="key_3", twin_card_id="key_1")),
    ("no_removal_since_last_move", lambda: context("X", sesterces={ALICE: 4}, tokens_at_last_move={ALICE: 4}), ALICE, ArkantisMoveToken(from_cell="r1c1", to_cell="r2c1")),
]  # fmt: skip

OPTION_CASES = [
    ("invalid_player_count", ArkantisOptions(player_count=0)),
    (
        "conflicting_layout_options",
        ArkantisOptions(tournament_mode=True, explicit_layout=BOARDS["A"]),
    ),
    ("tournament_config_without_tournament_mode", ArkantisOptions(tournament_config=5)),
    ("invalid_tournament_config", ArkantisOptions(tournament_mode=True, tournament_config=-1)),
    ("invalid_layout", ArkantisOptions(explicit_layout=("BBBBBBR",) * 7)),
]


def test_every_spec_code_has_a_case() -> None:
    assert {c[0] for c in CASES} | {c[0] for c in OPTION_CASES} == SPEC_CODES


@pytest.mark.parametrize(("code", "make", "seat", "command"), CASES, ids=[c[0] for c in CASES])
def test_error_code(code: str, make: Callable[[], ArkantisState], seat: str, command: Any) -> None:
    assert rejected(make(), seat, command).code == code


@pytest.mark.parametrize(("code", "options"), OPTION_CASES, ids=[c[0] for c in OPTION_CASES])
def test_option_error_code(code: str, options: ArkantisOptions) -> None:
    with pytest.raises(RuleViolation) as info:
        RULESET.validate_options(options)
    assert info.value.code == code


@pytest.mark.parametrize(
    "rows",
    [("BBBBBBR",) * 6, ("BBBBBBX",) * 7, ("BBBBBR",) * 7, ("RRBBBBB",) + ("BBBBBBB",) * 6],
    ids=["six_rows", "bad_char", "short_row", "two_in_a_row"],
)
def test_invalid_layouts(rows: tuple[str, ...]) -> None:
    with pytest.raises(RuleViolation) as info:
        RULESET.validate_options(ArkantisOptions(explicit_layout=rows))
    assert info.value.code == "invalid_layout"


def test_messages_name_the_offender() -> None:
    with pytest.raises(RuleViolation) as info:
        RULESET.decide(context("B"), ALICE, ArkantisRemoveToken(cell="r2c2"), None)  # type: ignore[arg-type]
    assert "r2c2" in info.value.message and info.value.details == {"cell": "r2c2"}
    with pytest.raises(RuleViolation) as info:
        RULESET.decide(t16_window(), ALICE, ArkantisLayCard(shape_id="s1", card_id="tower_1"), None)  # type: ignore[arg-type]
    assert "tower_1" in info.value.message and "s1" in info.value.message


@pytest.mark.parametrize(
    ("make", "seat", "command", "code"),
    [
        (lambda: context("B", players=3, passed={BOB: 1}), BOB, ArkantisRemoveToken(cell="r9c9"), "player_has_passed"),
        (finished, "seat_7", ArkantisPassTurn(), "game_not_in_progress"),
        (lambda: context("B"), "seat_7", ArkantisRemoveToken(cell="r9c9"), "unknown_player"),
        (lambda: context("B"), BOB, ArkantisRemoveToken(cell="r9c9"), "not_your_turn"),
        (t16_window, ALICE, ArkantisRemoveToken(cell="r9c9"), "wrong_phase"),
        (lambda: context("B", sesterces={ALICE: 0}), ALICE, ArkantisRemoveTwoTokens(cells=("r9c1", "r9c1")), "invalid_cell"),
        (lambda: context("B", sesterces={ALICE: 0}), ALICE, ArkantisRemoveTwoTokens(cells=("r2c2", "r2c2")), "duplicate_cells"),
        (lambda: context("B", sesterces={ALICE: 0}), ALICE, ArkantisRemoveTwoTokens(cells=("r2c2", "r2c1")), "cell_is_empty"),
        (lambda: context("A", sesterces={ALICE: 1}), ALICE, ArkantisRemoveTwoTokens(cells=("r1c1", "r4c1")), "insufficient_sesterces"),
        (lambda: context("B", sesterces={ALICE: 0}), ALICE, ArkantisMoveToken(from_cell="r2c2", to_cell="r1c1"), "no_token_at_source"),
        (lambda: context("X", sesterces={ALICE: 2}, tokens_at_last_move={ALICE: 4}), ALICE, ArkantisMoveToken(from_cell="r1c1", to_cell="r2c1"), "insufficient_sesterces"),
        (lambda: context("G", tokens_at_last_move={ALICE: 3}), ALICE, ArkantisMoveToken(from_cell="r1c1", to_cell="r2c1"), "no_removal_since_last_move"),
        (t16_window, ALICE, ArkantisLayCard(shape_id="s2", card_id="cross_1"), "shape_not_validatable"),
        (t16_window, ALICE, ArkantisLayCard(shape_id="s1", card_id="cross_1"), "card_not_in_hand"),
        (lambda: context("B", orange_visible=None, sesterces={BOB: 0}), BOB, ArkantisBuyCard(colour="orange", source="visible", expected_card_id="key_3"), "no_visible_card"),
        (lambda: context("B", sesterces={BOB: 0}), BOB, ArkantisBuyCard(colour="orange", source="visible", expected_card_id="key_3"), "visible_card_changed"),
        (lambda: context("B", orange_hidden=(), sesterces={BOB: 0}), BOB, ArkantisBuyCard(colour="orange", source="hidden"), "pile_empty"),
        (lambda: context("B"), ALICE, ArkantisSwapDuplicate(card_id="cross_1", twin_card_id="cross_1"), "same_card"),
        (lambda: context("B"), ALICE, ArkantisSwapDuplicate(card_id="key_1", twin_card_id="cross_1"), "card_not_in_hand"),
        (lambda: context("B", hands={ALICE: ("key_1", "hammer_1")}, orange_hidden=()), ALICE, ArkantisSwapDuplicate(card_id="key_1", twin_card_id="hammer_1"), "cards_not_identical"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)  # fmt: skip
def test_checking_order(
    make: Callable[[], ArkantisState], seat: str, command: Any, code: str
) -> None:
    """A command failing several checks fails with the first one in the spec's order."""
    assert rejected(make(), seat, command).code == code
