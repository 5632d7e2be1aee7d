"""Spec section 14, scenarios T06-T21: actions, shapes, earnings and laying cards."""

from __future__ import annotations

from typing import Any

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
)
from domain.arkantis.components import (
    CARD_TYPE_BY_ID,
    MAPS,
    normalise,
    parse_drawing,
)
from domain.arkantis.events import (
    ArkantisCardBought,
    ArkantisCardLaid,
    ArkantisCardTurnedFaceUp,
    ArkantisSestercesEarned,
    ArkantisShape,
    ArkantisShapesCreated,
    ArkantisTokenMoved,
    ArkantisTokensRemoved,
    ArkantisTurnEnded,
    ArkantisTurnStarted,
)
from domain.arkantis.state import ArkantisState, ArkantisTurnShape
from tests.domain.arkantis.helpers import (
    ALICE,
    BOB,
    board,
    context,
    legal,
    play,
    rejected,
    rows_of,
    sesterces,
)


def shape(shape_id: str, colour: Any, cells: str, card_type: Any = None) -> ArkantisShape:
    cs = tuple(cells.split())
    return ArkantisShape(
        shape_id=shape_id, colour=colour, cells=cs, size=len(cs), card_type=card_type
    )


def created(*shapes: ArkantisShape, turn: int = 1, player: str = ALICE) -> ArkantisShapesCreated:
    return ArkantisShapesCreated(turn=turn, seat=player, shapes=shapes)


def earned(
    ids: str, owed: int, paid: int, turn: int = 1, player: str = ALICE
) -> ArkantisSestercesEarned:
    return ArkantisSestercesEarned(
        turn=turn, seat=player, shape_ids=tuple(ids.split()), owed=owed, paid=paid
    )


def next_turn(turn: int = 1, player: str = ALICE, nxt: str = BOB) -> list[Any]:
    return [
        ArkantisTurnEnded(turn=turn, seat=player, forfeited_shape_ids=()),
        ArkantisTurnStarted(turn=turn + 1, seat=nxt),
    ]


def test_t06_free_removal_creating_one_red_and_one_blue_shape() -> None:
    state = context("B")
    state, events = play(state, ALICE, ArkantisRemoveToken(cell="r2c1"))
    assert events == [
        ArkantisTokensRemoved(turn=1, seat=ALICE, cells=("r2c1",), cost=0),
        created(shape("s1", "red", "r2c1 r2c2"), shape("s2", "blue", "r1c1 r1c2")),
        earned("s1 s2", 4, 4),
        *next_turn(),
    ]
    assert sesterces(state)[ALICE] == 7 and state.bank == 40
    assert state.active_seat == BOB and state.phase == "action"


def test_t07_no_new_red_shape() -> None:
    assert (
        rejected(context("A"), ALICE, ArkantisRemoveToken(cell="r7c5")).code == "no_new_red_shape"
    )


def test_t08_no_new_blue_shape() -> None:
    assert (
        rejected(context("A"), ALICE, ArkantisRemoveToken(cell="r1c1")).code == "no_new_blue_shape"
    )


def test_t09_no_new_shape_at_all_empty_or_invalid_cell() -> None:
    state = context("A")
    assert rejected(state, ALICE, ArkantisRemoveToken(cell="r4c1")).code == "no_new_shapes"
    assert rejected(state, ALICE, ArkantisRemoveToken(cell="r1c2")).code == "cell_is_empty"
    assert rejected(state, ALICE, ArkantisRemoveToken(cell="r8c1")).code == "invalid_cell"


def test_t10_a_red_group_larger_than_5_is_not_a_shape() -> None:
    assert (
        rejected(context("H"), ALICE, ArkantisRemoveToken(cell="r7c3")).code == "no_new_red_shape"
    )


def test_t11_removing_two_non_adjacent_tokens() -> None:
    state = context("A")
    state, events = play(state, ALICE, ArkantisRemoveTwoTokens(cells=("r7c4", "r6c5")))
    assert events == [
        ArkantisTokensRemoved(turn=1, seat=ALICE, cells=("r6c5", "r7c4"), cost=2),
        created(shape("s1", "red", "r6c5 r6c6 r6c7"), shape("s2", "blue", "r7c5 r7c6 r7c7")),
        earned("s1 s2", 6, 6),
        *next_turn(),
    ]
    assert sesterces(state)[ALICE] == 7 and state.bank == 40


def test_t12_one_removal_splits_a_blue_group_into_two_shapes() -> None:
    state, events = play(context("H"), ALICE, ArkantisRemoveTwoTokens(cells=("r7c3", "r1c4")))
    assert events == [
        ArkantisTokensRemoved(turn=1, seat=ALICE, cells=("r1c4", "r7c3"), cost=2),
        created(
            shape("s1", "red", "r1c4 r2c4"),
            shape("s2", "blue", "r7c1 r7c2"),
            shape("s3", "blue", "r7c4 r7c5 r7c6"),
        ),
        earned("s1 s2 s3", 7, 7),
        *next_turn(),
    ]
    assert sesterces(state)[ALICE] == 8 and state.bank == 39


def test_t13_removing_two_tokens_funds_and_duplicates() -> None:
    poor = context("A", sesterces={ALICE: 1, BOB: 5}, bank=44)
    assert (
        rejected(poor, ALICE, ArkantisRemoveTwoTokens(cells=("r6c5", "r7c4"))).code
        == "insufficient_sesterces"
    )
    state = context("A")
    assert (
        rejected(state, ALICE, ArkantisRemoveTwoTokens(cells=("r6c5", "r6c5"))).code
        == "duplicate_cells"
    )
    assert (
        rejected(state, ALICE, ArkantisRemoveTwoTokens(cells=("r6c5",))).code
        == "invalid_parameters"
    )
    assert (
        rejected(state, ALICE, ArkantisRemoveTwoTokens(cells=("r6c5", "r1c2"))).code
        == "cell_is_empty"
    )


def test_t14_moving_a_token_splits_a_red_region_and_builds_a_blue_pair() -> None:
    state, events = play(context("E"), ALICE, ArkantisMoveToken(from_cell="r1c1", to_cell="r7c3"))
    assert events == [
        ArkantisTokenMoved(turn=1, seat=ALICE, from_cell="r1c1", to_cell="r7c3", cost=3),
        created(
            shape("s1", "red", "r6c2 r7c1 r7c2"),
            shape("s2", "red", "r6c4 r7c4 r7c5"),
            shape("s3", "blue", "r6c3 r7c3"),
        ),
        earned("s1 s2 s3", 8, 8),
        *next_turn(),
    ]
    assert rows_of(state) == board(
        """
           1234567
        r1 RBBBBRB
        r2 BBBRBBB
        r3 RBBBBBB
        r4 BBBBRBB
        r5 BBRBBBB
        r6 BRBRBBB
        r7 RRBRRBB
        """
    )
    assert sesterces(state)[ALICE] == 8 and state.bank == 39
    assert state.players[0].tokens_at_last_move == 37


def test_t15_move_validations() -> None:
    state = context("E")
    assert (
        rejected(state, ALICE, ArkantisMoveToken(from_cell="r1c1", to_cell="r1c2")).code
        == "destination_not_empty"
    )
    assert (
        rejected(state, ALICE, ArkantisMoveToken(from_cell="r1c6", to_cell="r7c3")).code
        == "no_token_at_source"
    )
    poor = context("E", sesterces={ALICE: 2, BOB: 4})
    assert (
        rejected(poor, ALICE, ArkantisMoveToken(from_cell="r1c1", to_cell="r7c3")).code
        == "insufficient_sesterces"
    )


T16_ACTION = [
    ArkantisTokensRemoved(turn=1, seat=ALICE, cells=("r6c5", "r7c5"), cost=2),
    created(
        shape("s1", "red", "r6c5 r6c6 r6c7 r7c5", "set_square"), shape("s2", "blue", "r7c6 r7c7")
    ),
    earned("s2", 2, 2),
]


def t16_window(hand: tuple[str, ...] = ("key_1", "tower_1", "set_square_2")) -> ArkantisState:
    state, events = play(
        context("A", hands={ALICE: hand}), ALICE, ArkantisRemoveTwoTokens(cells=("r6c5", "r7c5"))
    )
    assert events == T16_ACTION
    assert state.phase == "validation" and state.pending_shape_ids == ("s1",)
    assert sesterces(state)[ALICE] == 3 and state.bank == 44
    return state


def test_t16_a_4_cell_shape_opens_the_validation_window_laying_the_card() -> None:
    state = t16_window()
    assert legal(state, ALICE)[:2] == [
        ArkantisLayCard(shape_id="s1", card_id="set_square_2"),
        ArkantisEndTurn(),
    ]
    state, events = play(state, ALICE, ArkantisLayCard(shape_id="s1", card_id="set_square_2"))
    assert events == [
        ArkantisCardLaid(
            turn=1,
            seat=ALICE,
            shape_id="s1",
            card_id="set_square_2",
            card_type="set_square",
            face_value=2,
        ),
        *next_turn(),
    ]
    assert [c.card_id for c in state.players[0].laid] == ["set_square_2"]
    assert state.players[0].hand == ("key_1", "tower_1")


def test_t17_lay_card_validations() -> None:
    state = t16_window()
    assert (
        rejected(state, ALICE, ArkantisLayCard(shape_id="s1", card_id="key_1")).code
        == "card_shape_mismatch"
    )
    assert (
        rejected(state, ALICE, ArkantisLayCard(shape_id="s2", card_id="key_1")).code
        == "shape_not_validatable"
    )
    assert (
        rejected(state, ALICE, ArkantisLayCard(shape_id="s3", card_id="set_square_2")).code
        == "unknown_shape"
    )
    assert (
        rejected(state, ALICE, ArkantisLayCard(shape_id="s1", card_id="set_square_3")).code
        == "card_not_in_hand"
    )
    assert (
        rejected(state, BOB, ArkantisLayCard(shape_id="s1", card_id="column_1")).code
        == "not_your_turn"
    )
    # Two 4-5 cell shapes: s1 already validated by set_square_2, s3 pending.
    s1 = ArkantisTurnShape(
        shape_id="s1", colour="red", cells=("r6c5", "r6c6", "r6c7", "r7c5"), size=4,
        card_type="set_square", validated_by="set_square_2",
    )  # fmt: skip
    s3 = ArkantisTurnShape(
        shape_id="s3",
        colour="blue",
        cells=("r1c1", "r1c2", "r2c1", "r2c2"),
        size=4,
        card_type="paving",
    )
    alice = replace(state.players[0], hand=("set_square_1", "paving_2"))
    two = replace(
        state,
        turn_shapes=(s1, state.turn_shapes[1], s3),
        pending_shape_ids=("s3",),
        players=(alice, state.players[1]),
    )
    assert (
        rejected(two, ALICE, ArkantisLayCard(shape_id="s1", card_id="set_square_1")).code
        == "shape_already_validated"
    )
    assert legal(two, ALICE)[:2] == [
        ArkantisLayCard(shape_id="s3", card_id="paving_2"),
        ArkantisEndTurn(),
    ]


def test_t18_buying_the_visible_card_during_ones_own_window_then_laying_it() -> None:
    state = t16_window(("key_1", "tower_1", "hammer_1"))
    assert legal(state, ALICE)[0] == ArkantisEndTurn()  # no set_square in hand yet
    buy = ArkantisBuyCard(colour="emerald", source="visible", expected_card_id="set_square_4")
    state, events = play(state, ALICE, buy)
    assert events == [
        ArkantisCardBought(
            turn=1,
            seat=ALICE,
            colour="emerald",
            source="visible",
            card_id="set_square_4",
            price=1,
        ),
        ArkantisCardTurnedFaceUp(colour="emerald", card_id="paving_1"),
    ]
    assert sesterces(state)[ALICE] == 2 and state.bank == 45 and state.phase == "validation"
    state, events = play(state, ALICE, ArkantisLayCard(shape_id="s1", card_id="set_square_4"))
    assert events == [
        ArkantisCardLaid(
            turn=1,
            seat=ALICE,
            shape_id="s1",
            card_id="set_square_4",
            card_type="set_square",
            face_value=2,
        ),
        *next_turn(),
    ]


def test_t19_another_player_buys_the_matching_card_first_forfeiting_with_end_turn() -> None:
    state = t16_window(("key_1", "tower_1", "hammer_1"))
    state, events = play(
        state,
        BOB,
        ArkantisBuyCard(colour="emerald", source="visible", expected_card_id="set_square_4"),
    )
    assert events == [
        ArkantisCardBought(
            turn=1,
            seat=BOB,
            colour="emerald",
            source="visible",
            card_id="set_square_4",
            price=1,
        ),
        ArkantisCardTurnedFaceUp(colour="emerald", card_id="paving_1"),
    ]
    assert rejected(state, ALICE, ArkantisRemoveToken(cell="r1c1")).code == "wrong_phase"
    assert rejected(state, ALICE, ArkantisPassTurn()).code == "wrong_phase"
    state, events = play(state, ALICE, ArkantisEndTurn())
    assert events == [
        ArkantisTurnEnded(turn=1, seat=ALICE, forfeited_shape_ids=("s1",)),
        ArkantisTurnStarted(turn=2, seat=BOB),
    ]
    assert state.turn_shapes == () and state.pending_shape_ids == ()
    assert (
        rejected(state, ALICE, ArkantisLayCard(shape_id="s1", card_id="set_square_4")).code
        == "not_your_turn"
    )
    # Bob plays any board action; on alice's next turn lay_card fails in phase action.
    bob_action = legal(state, BOB)[0]
    state, _ = play(state, BOB, bob_action)
    if state.active_seat == BOB:
        state, _ = play(state, BOB, ArkantisEndTurn())
    assert (state.active_seat, state.turn, state.phase) == (ALICE, 3, "action")
    assert (
        rejected(state, ALICE, ArkantisLayCard(shape_id="s1", card_id="set_square_4")).code
        == "wrong_phase"
    )


def test_t20_a_5_cell_blue_cross() -> None:
    state = context("C", hands={ALICE: ("cross_1", "key_1", "hammer_1")})
    state, events = play(state, ALICE, ArkantisRemoveToken(cell="r5c4"))
    assert events == [
        ArkantisTokensRemoved(turn=1, seat=ALICE, cells=("r5c4",), cost=0),
        created(
            shape("s1", "red", "r5c4 r6c4"),
            shape("s2", "blue", "r2c4 r3c3 r3c4 r3c5 r4c4", "cross"),
        ),
        earned("s1", 2, 2),
    ]
    assert state.phase == "validation" and state.pending_shape_ids == ("s2",)
    state, events = play(state, ALICE, ArkantisLayCard(shape_id="s2", card_id="cross_1"))
    assert events == [
        ArkantisCardLaid(
            turn=1,
            seat=ALICE,
            shape_id="s2",
            card_id="cross_1",
            card_type="cross",
            face_value=8,
        ),
        *next_turn(),
    ]
    assert sesterces(state)[ALICE] == 5
    assert [c.card_id for c in state.players[0].laid] == ["cross_1"]


def test_t21_mirror_image_matches_a_chiral_card() -> None:
    state = context("D", hands={ALICE: ("set_square_1", "key_1", "tower_1")})
    state, events = play(state, ALICE, ArkantisRemoveToken(cell="r4c7"))
    assert events[1] == created(
        shape("s1", "red", "r4c7 r5c7"), shape("s2", "blue", "r1c6 r1c7 r2c7 r3c7", "set_square")
    )
    assert events[2] == earned("s1", 2, 2)
    # ##/.#/.# is a reflection of the card's .#/.#/## but no rotation of it.
    drawn = normalise([(0, 0), (0, 1), (1, 1), (2, 1)])
    base = parse_drawing(CARD_TYPE_BY_ID["set_square"].drawing)
    rotations = {normalise(m(r, c) for r, c in base) for m in MAPS[:4]}
    reflections = {normalise(m(r, c) for r, c in base) for m in MAPS[4:]}
    assert drawn not in rotations and drawn in reflections
    state, events = play(state, ALICE, ArkantisLayCard(shape_id="s2", card_id="set_square_1"))
    assert isinstance(events[0], ArkantisCardLaid) and events[0].face_value == 2
    assert events[1:] == next_turn()
    assert RULESET.to_act(state) == [BOB]


def test_several_pending_shapes_lay_one_then_forfeit_the_rest() -> None:
    state = t16_window()
    s3 = ArkantisTurnShape(
        shape_id="s3",
        colour="blue",
        cells=("r1c1", "r1c2", "r2c1", "r2c2"),
        size=4,
        card_type="paving",
    )
    alice = replace(state.players[0], hand=("set_square_2", "paving_2", "paving_3"))
    state = replace(
        state,
        turn_shapes=(*state.turn_shapes, s3),
        pending_shape_ids=("s1", "s3"),
        players=(alice, state.players[1]),
    )
    assert legal(state, ALICE)[:4] == [
        ArkantisLayCard(shape_id="s1", card_id="set_square_2"),
        ArkantisLayCard(shape_id="s3", card_id="paving_2"),
        ArkantisLayCard(shape_id="s3", card_id="paving_3"),
        ArkantisEndTurn(),
    ]
    state, events = play(state, ALICE, ArkantisLayCard(shape_id="s3", card_id="paving_3"))
    assert events == [
        ArkantisCardLaid(
            turn=1,
            seat=ALICE,
            shape_id="s3",
            card_id="paving_3",
            card_type="paving",
            face_value=4,
        )
    ]
    assert state.phase == "validation" and state.pending_shape_ids == ("s1",)
    state, events = play(state, ALICE, ArkantisEndTurn())
    assert events == [
        ArkantisTurnEnded(turn=1, seat=ALICE, forfeited_shape_ids=("s1",)),
        ArkantisTurnStarted(turn=2, seat=BOB),
    ]
    assert state.players[0].hand == ("set_square_2", "paving_2")
