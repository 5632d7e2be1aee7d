"""Spec section 14, scenarios T22-T37: free commands, passing, the end and legal commands."""

from __future__ import annotations

from typing import Any

import msgspec
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
from domain.arkantis.events import (
    ArkantisCardBought,
    ArkantisCardsDealt,
    ArkantisCardTurnedFaceUp,
    ArkantisDuplicateSwapped,
    ArkantisGameEnded,
    ArkantisPileShuffled,
    ArkantisPlayerPassed,
    ArkantisScore,
    ArkantisSestercesEarned,
    ArkantisShape,
    ArkantisShapesCreated,
    ArkantisTokenMoved,
    ArkantisTokensRemoved,
    ArkantisTurnEnded,
    ArkantisTurnStarted,
)
from domain.arkantis.options import ArkantisOptions
from domain.arkantis.state import ArkantisState
from domain.kernel import Rng, SetupContext, fold
from tests.domain.arkantis.helpers import (
    ALICE,
    BOB,
    CAROL,
    context,
    legal,
    play,
    rejected,
    rows_of,
    sesterces,
)
from tests.domain.arkantis.test_actions import T16_ACTION, t16_window


def score(
    pid: str, laid: int, count: int, money: int, penalty: int, leave: int, rank: int
) -> ArkantisScore:
    return ArkantisScore(
        seat=pid, laid_value=laid, laid_count=count, sesterces=money, hand_penalty=penalty,
        score=laid + money - penalty, leave_position=leave, rank=rank,
    )  # fmt: skip


def board_action(state: ArkantisState, seat: str) -> Any:
    """The first listed board action of ``seat``."""
    return next(
        c
        for c in legal(state, seat)
        if isinstance(c, (ArkantisRemoveToken, ArkantisRemoveTwoTokens, ArkantisMoveToken))
    )


def play_turn(state: ArkantisState, seat: str) -> tuple[ArkantisState, list[Any]]:
    """``seat`` plays its first board action and closes any validation window."""
    state, events = play(state, seat, board_action(state, seat))
    if state.phase == "validation" and state.active_seat == seat:
        state, more = play(state, seat, ArkantisEndTurn())
        events += more
    return state, events


def test_t22_out_of_turn_commands() -> None:
    state = context("B")
    assert rejected(state, BOB, ArkantisRemoveToken(cell="r2c1")).code == "not_your_turn"
    assert rejected(state, BOB, ArkantisEndTurn()).code == "not_your_turn"
    state, events = play(state, BOB, ArkantisBuyCard(colour="orange", source="hidden"))
    bought = ArkantisCardBought(
        turn=1, seat=BOB, colour="orange", source="hidden", card_id="arch_1", price=2
    )
    assert events == [bought]
    assert RULESET.redact(bought, ALICE) == replace(bought, card_id=None)
    assert RULESET.redact(bought, None) == replace(bought, card_id=None)
    assert RULESET.redact(bought, BOB) == bought
    assert sesterces(state)[BOB] == 1 and state.bank == 46
    assert state.orange.hidden[0] == "pickaxe_1"
    assert (state.active_seat, state.phase) == (ALICE, "action")
    assert state.players[1].hand == ("boot_1", "rampart_1", "column_1", "arch_1")


def test_t23_visible_card_race() -> None:
    state = context("B")
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
    assert rejected(state, BOB, buy).code == "visible_card_changed"
    hidden_with_expected = ArkantisBuyCard(
        colour="emerald", source="hidden", expected_card_id="paving_1"
    )
    assert rejected(state, BOB, hidden_with_expected).code == "invalid_parameters"


def test_t24_empty_piles_and_prices() -> None:
    state = context("B", emerald_hidden=(), emerald_visible="column_4")
    assert (
        rejected(state, ALICE, ArkantisBuyCard(colour="emerald", source="hidden")).code
        == "pile_empty"
    )
    state, events = play(state, ALICE, ArkantisBuyCard(colour="emerald", source="visible"))
    assert events == [
        ArkantisCardBought(
            turn=1, seat=ALICE, colour="emerald", source="visible", card_id="column_4", price=1
        )
    ]
    assert state.emerald.visible is None
    assert (
        rejected(state, BOB, ArkantisBuyCard(colour="emerald", source="visible")).code
        == "no_visible_card"
    )
    poor = context("B", sesterces={ALICE: 1, BOB: 5})
    assert (
        rejected(poor, ALICE, ArkantisBuyCard(colour="orange", source="hidden")).code
        == "insufficient_sesterces"
    )
    assert [c.colour for c in legal(poor, BOB) if isinstance(c, ArkantisBuyCard)] == [
        "orange"
    ] * 2 + ["emerald"] * 2


def test_t25_swapping_two_identical_cards() -> None:
    state = context("B", hands={ALICE: ("key_1", "key_2", "hammer_1")})
    size = len(state.orange.hidden)
    swap = ArkantisSwapDuplicate(card_id="key_2", twin_card_id="key_1")
    assert swap in legal(state, ALICE)
    state, events = play(state, ALICE, swap)
    swapped = ArkantisDuplicateSwapped(
        turn=1, seat=ALICE, colour="orange", card_type="key", shown_card_ids=("key_2", "key_1"),
        discarded_card_id="key_2", drawn_card_id="arch_1",
    )  # fmt: skip
    assert events == [swapped]
    assert RULESET.redact(swapped, BOB) == replace(swapped, drawn_card_id=None)
    assert state.players[0].hand == ("key_1", "hammer_1", "arch_1")
    assert state.orange.hidden[0] == "pickaxe_1" and state.orange.hidden[-1] == "key_2"
    assert len(state.orange.hidden) == size
    assert sesterces(state) == {ALICE: 3, BOB: 3}
    assert (state.turn, state.phase, state.active_seat) == (1, "action", ALICE)
    bad = ArkantisSwapDuplicate(card_id="key_1", twin_card_id="hammer_1")
    assert rejected(state, ALICE, bad).code == "cards_not_identical"
    assert (
        rejected(state, ALICE, ArkantisSwapDuplicate(card_id="key_1", twin_card_id="key_1")).code
        == "same_card"
    )
    empty = context("B", hands={ALICE: ("key_1", "key_2")}, orange_hidden=())
    assert (
        rejected(empty, ALICE, ArkantisSwapDuplicate(card_id="key_1", twin_card_id="key_2")).code
        == "pile_empty"
    )

    state = context("B", hands={ALICE: ("key_1", "key_2", "key_3")})
    state, _ = play(state, ALICE, swap)
    assert state.players[0].hand == ("key_1", "key_3", "arch_1")
    again = ArkantisSwapDuplicate(card_id="key_3", twin_card_id="key_1")
    assert rejected(state, ALICE, again).code == "swap_limit_reached"
    state, _ = play(state, ALICE, ArkantisRemoveToken(cell="r2c1"))
    assert (state.turn, state.active_seat) == (2, BOB)
    state, events = play(state, ALICE, again)
    assert isinstance(events[0], ArkantisDuplicateSwapped) and events[0].turn == 2


def test_t26_voluntary_pass_and_turn_order_afterwards() -> None:
    state = context("B", players=3)
    assert state.bank == 41
    state, events = play(state, ALICE, ArkantisPassTurn())
    assert events == [
        ArkantisPlayerPassed(turn=1, seat=ALICE, reason="voluntary", leave_position=1),
        ArkantisTurnStarted(turn=2, seat=BOB),
    ]
    assert (
        rejected(state, ALICE, ArkantisBuyCard(colour="emerald", source="visible")).code
        == "player_has_passed"
    )
    assert legal(state, ALICE) == []
    state, events = play_turn(state, BOB)
    assert events[-1] == ArkantisTurnStarted(turn=3, seat=CAROL)
    state, events = play_turn(state, CAROL)
    assert events[-1] == ArkantisTurnStarted(turn=4, seat=BOB)


def test_t27_the_pass_command_is_only_for_ones_own_action_phase() -> None:
    assert rejected(context("B"), BOB, ArkantisPassTurn()).code == "not_your_turn"
    assert rejected(t16_window(), ALICE, ArkantisPassTurn()).code == "wrong_phase"


def test_t28_forced_pass_depends_on_the_players_sesterces() -> None:
    state = context("A", sesterces={ALICE: 1, BOB: 3}, bank=46, active=BOB, turn=4)
    assert not [c for c in legal(state, BOB) if isinstance(c, ArkantisRemoveToken)]
    assert [c for c in legal(state, BOB) if isinstance(c, ArkantisRemoveTwoTokens)]
    state, events = play(state, BOB, ArkantisPassTurn())
    assert events == [
        ArkantisPlayerPassed(turn=4, seat=BOB, reason="voluntary", leave_position=1),
        ArkantisTurnStarted(turn=5, seat=ALICE),
        ArkantisPlayerPassed(turn=5, seat=ALICE, reason="no_legal_action", leave_position=2),
        ArkantisGameEnded(
            hands={
                ALICE: ("key_1", "tower_1", "hammer_1"),
                BOB: ("boot_1", "rampart_1", "column_1"),
            },
            scores=(score(ALICE, 0, 0, 1, 5, 2, 2), score(BOB, 0, 0, 3, 5, 1, 1)),
            ranking=(BOB, ALICE),
            winner_seat=BOB,
            decided_by="score",
        ),
    ]
    assert state.status == "finished" and RULESET.to_act(state) == []
    richer = context("A", sesterces={ALICE: 2, BOB: 3}, bank=45, active=BOB, turn=4)
    _, events = play(richer, BOB, ArkantisPassTurn())
    assert events[-1] == ArkantisTurnStarted(turn=5, seat=ALICE)


def test_t29_board_g_no_legal_action_whatever_the_money() -> None:
    state = context("G", sesterces={ALICE: 3, BOB: 10}, bank=37, turn=9)
    assert rejected(state, ALICE, ArkantisRemoveToken(cell="r1c1")).code == "no_new_shapes"
    assert (
        rejected(state, ALICE, ArkantisRemoveTwoTokens(cells=("r1c1", "r3c3"))).code
        == "no_new_shapes"
    )
    assert (
        rejected(state, ALICE, ArkantisMoveToken(from_cell="r3c3", to_cell="r1c2")).code
        == "no_new_red_shape"
    )
    assert [type(c) for c in legal(state, ALICE)][0] is ArkantisPassTurn
    state, events = play(state, ALICE, ArkantisPassTurn())
    assert events[:3] == [
        ArkantisPlayerPassed(turn=9, seat=ALICE, reason="voluntary", leave_position=1),
        ArkantisTurnStarted(turn=10, seat=BOB),
        ArkantisPlayerPassed(turn=10, seat=BOB, reason="no_legal_action", leave_position=2),
    ]
    ended = events[3]
    assert isinstance(ended, ArkantisGameEnded) and len(events) == 4
    assert ended.ranking == (BOB, ALICE) and ended.decided_by == "score"


def test_t30_bank_shortfall() -> None:
    state = context("B", sesterces={ALICE: 3, BOB: 46}, bank=1)
    state, events = play(state, ALICE, ArkantisRemoveToken(cell="r2c1"))
    assert events[2] == ArkantisSestercesEarned(
        turn=1, seat=ALICE, shape_ids=("s1", "s2"), owed=4, paid=1
    )
    assert sesterces(state)[ALICE] == 4 and state.bank == 0
    state, events = play(state, ALICE, ArkantisBuyCard(colour="emerald", source="visible"))
    assert events == [
        ArkantisCardBought(
            turn=2,
            seat=ALICE,
            colour="emerald",
            source="visible",
            card_id="set_square_4",
            price=1,
        ),
        ArkantisCardTurnedFaceUp(colour="emerald", card_id="paving_1"),
    ]
    assert sesterces(state)[ALICE] == 3 and state.bank == 1


def test_t31_a_first_move_that_leaves_nobody_a_legal_action_ends_the_game() -> None:
    state, events = play(context("A"), ALICE, ArkantisRemoveTwoTokens(cells=("r1c1", "r7c5")))
    assert events == [
        ArkantisTokensRemoved(turn=1, seat=ALICE, cells=("r1c1", "r7c5"), cost=2),
        ArkantisShapesCreated(
            turn=1,
            seat=ALICE,
            shapes=(
                ArkantisShape(
                    shape_id="s1", colour="red", cells=("r1c1", "r1c2"), size=2, card_type=None
                ),
                ArkantisShape(
                    shape_id="s2", colour="blue", cells=("r7c6", "r7c7"), size=2, card_type=None
                ),
            ),
        ),
        ArkantisSestercesEarned(turn=1, seat=ALICE, shape_ids=("s1", "s2"), owed=4, paid=4),
        ArkantisTurnEnded(turn=1, seat=ALICE, forfeited_shape_ids=()),
        ArkantisTurnStarted(turn=2, seat=BOB),
        ArkantisPlayerPassed(turn=2, seat=BOB, reason="no_legal_action", leave_position=1),
        ArkantisTurnStarted(turn=3, seat=ALICE),
        ArkantisPlayerPassed(turn=3, seat=ALICE, reason="no_legal_action", leave_position=2),
        ArkantisGameEnded(
            hands={
                ALICE: ("key_1", "tower_1", "hammer_1"),
                BOB: ("boot_1", "rampart_1", "column_1"),
            },
            scores=(score(ALICE, 0, 0, 5, 5, 2, 1), score(BOB, 0, 0, 3, 5, 1, 2)),
            ranking=(ALICE, BOB),
            winner_seat=ALICE,
            decided_by="score",
        ),
    ]
    assert rows_of(state) == (
        "RRBBBBB",
        "BBBBRBB",
        "BBRBBBB",
        "BBBBBBB",
        "BBBRBBB",
        "BBBBBRR",
        "RBBBRBB",
    )
    outcome = RULESET.outcome(state)
    assert (
        outcome is not None
        and outcome.winners == (ALICE,)
        and outcome.scores == {ALICE: 0, BOB: -2}
    )


def t32_end() -> tuple[ArkantisState, list[Any]]:
    state = context(
        "B",
        players=3,
        hands={ALICE: ("tower_2", "column_3"), BOB: ("boot_1",), CAROL: ("key_3",)},
        laid={
            ALICE: ("key_2", "set_square_1"),
            BOB: ("arch_1", "paving_1"),
            CAROL: ("pickaxe_2", "column_2"),
        },
        sesterces={ALICE: 5, BOB: 1, CAROL: 1},
        bank=43,
        passed={BOB: 1, CAROL: 2},
        turn=30,
    )
    return play(state, ALICE, ArkantisPassTurn())


def test_t32_scoring_and_every_tie_break() -> None:
    state, events = t32_end()
    assert events == [
        ArkantisPlayerPassed(turn=30, seat=ALICE, reason="voluntary", leave_position=3),
        ArkantisGameEnded(
            hands={ALICE: ("tower_2", "column_3"), BOB: ("boot_1",), CAROL: ("key_3",)},
            scores=(
                score(ALICE, 7, 2, 5, 3, 3, 3),
                score(BOB, 10, 2, 1, 2, 1, 2),
                score(CAROL, 10, 2, 1, 2, 2, 1),
            ),
            ranking=(CAROL, BOB, ALICE),
            winner_seat=CAROL,
            decided_by="leave_position",
        ),
    ]
    outcome = RULESET.outcome(state)
    assert outcome is not None
    assert outcome.ranking == (CAROL, BOB, ALICE) and outcome.decided_by == "leave_position"
    assert [s.rank for s in outcome.standings] == [1, 2, 3]


def test_t33_commands_after_the_end() -> None:
    state, _ = t32_end()
    for seat in (ALICE, BOB, CAROL):
        assert legal(state, seat) == []
        for command in (
            ArkantisBuyCard(colour="emerald", source="hidden"),
            ArkantisRemoveToken(cell="r2c1"),
            ArkantisPassTurn(),
        ):
            assert rejected(state, seat, command).code == "game_not_in_progress"


def test_t34_unknown_player() -> None:
    assert (
        rejected(context("B"), "seat_2", ArkantisBuyCard(colour="emerald", source="hidden")).code
        == "unknown_player"
    )


def test_t35_replay() -> None:
    options = ArkantisOptions(tournament_mode=True, tournament_config=1)
    log = list(RULESET.setup(options, SetupContext(), Rng("t35", 0)))
    state = fold(RULESET, log)
    first = state.active_seat
    assert first is not None
    other = BOB if first == ALICE else ALICE
    state, events = play_turn(state, first)
    log += events
    state, events = play(state, other, ArkantisBuyCard(colour="orange", source="hidden"))
    log += events
    assert msgspec.json.encode(fold(RULESET, log)) == msgspec.json.encode(state)
    redacted = [RULESET.redact(e, first) for e in log]
    changed = [(a, b) for a, b in zip(log, redacted, strict=True) if a != b]
    assert {type(a) for a, _ in changed} == {
        ArkantisPileShuffled,
        ArkantisCardsDealt,
        ArkantisCardBought,
    }
    for original, copy in changed:
        if isinstance(original, ArkantisPileShuffled):
            assert copy == replace(original, card_ids=None)
        elif isinstance(original, ArkantisCardsDealt):
            assert original.seat == other and copy == replace(original, card_ids=None)
        else:
            assert copy == replace(original, card_id=None)


def test_t36_two_moves_of_one_player_need_a_removal_in_between() -> None:
    state = context("Y", passed={BOB: 1}, tokens_at_last_move={ALICE: 5}, turn=20)
    move = ArkantisMoveToken(from_cell="r2c1", to_cell="r1c1")
    state, events = play(state, ALICE, move)
    assert events[:6] == [
        ArkantisTokenMoved(turn=20, seat=ALICE, from_cell="r2c1", to_cell="r1c1", cost=3),
        ArkantisShapesCreated(
            turn=20,
            seat=ALICE,
            shapes=(
                ArkantisShape(
                    shape_id="s1", colour="red", cells=("r1c2", "r1c3"), size=2, card_type=None
                ),
                ArkantisShape(
                    shape_id="s2", colour="blue", cells=("r2c2", "r2c3"), size=2, card_type=None
                ),
            ),
        ),
        ArkantisSestercesEarned(turn=20, seat=ALICE, shape_ids=("s1", "s2"), owed=4, paid=4),
        ArkantisTurnEnded(turn=20, seat=ALICE, forfeited_shape_ids=()),
        ArkantisTurnStarted(turn=21, seat=ALICE),
        ArkantisPlayerPassed(turn=21, seat=ALICE, reason="no_legal_action", leave_position=2),
    ]
    ended = events[6]
    assert isinstance(ended, ArkantisGameEnded) and len(events) == 7
    assert ended.ranking == (ALICE, BOB) and ended.decided_by == "score"
    assert [s.score for s in ended.scores] == [-1, -2]
    assert sesterces(state)[ALICE] == 4 and state.bank == 43
    assert rows_of(state) == ("BRRBRRR", "RBBRRRR", *("RRRRRRR",) * 5)

    back = ArkantisMoveToken(from_cell="r1c1", to_cell="r2c1")
    x = context("X", sesterces={ALICE: 4}, tokens_at_last_move={ALICE: 4})
    assert rejected(x, ALICE, back).code == "no_removal_since_last_move"
    for allowed in (5, None):
        _, events = play(
            context("X", sesterces={ALICE: 4}, tokens_at_last_move={ALICE: allowed}), ALICE, back
        )
        assert events[1] == ArkantisShapesCreated(
            turn=1,
            seat=ALICE,
            shapes=(
                ArkantisShape(
                    shape_id="s1",
                    colour="red",
                    cells=("r1c1", "r1c2", "r1c3"),
                    size=3,
                    card_type=None,
                ),
                ArkantisShape(
                    shape_id="s2",
                    colour="blue",
                    cells=("r2c1", "r2c2", "r2c3"),
                    size=3,
                    card_type=None,
                ),
            ),
        )
        assert isinstance(events[2], ArkantisSestercesEarned) and events[2].owed == 6


def test_t37_legal_commands_of_the_active_and_of_a_non_active_seat() -> None:
    state = context("B")
    purchases = [
        ArkantisBuyCard(colour="orange", source="hidden"),
        ArkantisBuyCard(colour="orange", source="visible", expected_card_id="trowel_1"),
        ArkantisBuyCard(colour="emerald", source="hidden"),
        ArkantisBuyCard(colour="emerald", source="visible", expected_card_id="set_square_4"),
    ]
    assert legal(state, BOB) == purchases
    assert legal(context("B", sesterces={ALICE: 5, BOB: 1}), BOB) == purchases[2:]
    commands = legal(state, ALICE)
    removes = [c for c in commands if isinstance(c, ArkantisRemoveToken)]
    pairs = [c for c in commands if isinstance(c, ArkantisRemoveTwoTokens)]
    moves = [c for c in commands if isinstance(c, ArkantisMoveToken)]
    assert [c.cell for c in removes] == ["r1c4", "r1c5", "r2c1", "r2c4"]
    assert len(pairs) == 190 and pairs[0].cells == ("r1c1", "r1c4")
    assert len(moves) == 28 and (moves[0].from_cell, moves[0].to_cell) == ("r1c4", "r2c2")
    assert commands == [*removes, *pairs, *moves, ArkantisPassTurn(), *purchases]
    assert len(commands) == 227
    assert RULESET.to_act(state) == [ALICE]
    passed = context("B", players=3, passed={CAROL: 1})
    assert legal(passed, CAROL) == []
    finished, _ = t32_end()
    assert all(legal(finished, s) == [] for s in (ALICE, BOB, CAROL))


def test_t16_action_events_are_shared() -> None:
    """The T16 window is reused by T17-T19 and T27: the action's events are the spec's
    whatever the hand, and with no matching card only end_turn (and buying) is offered."""
    no_match = context("A", hands={ALICE: ("key_1", "tower_1", "hammer_1")})
    state, events = play(no_match, ALICE, ArkantisRemoveTwoTokens(cells=("r7c5", "r6c5")))
    assert events[0] == ArkantisTokensRemoved(turn=1, seat=ALICE, cells=("r6c5", "r7c5"), cost=2)
    assert events == T16_ACTION
    assert state.phase == "validation" and state.pending_shape_ids == ("s1",)
    offered = legal(state, ALICE)
    assert not any(isinstance(c, ArkantisLayCard) for c in offered)
    assert offered[0] == ArkantisEndTurn()
    assert all(isinstance(c, ArkantisBuyCard) for c in offered[1:])
