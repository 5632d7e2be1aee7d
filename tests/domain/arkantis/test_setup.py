"""Spec section 14, scenarios T01-T05: setup, Phase 2 and the create_game options."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from domain.arkantis import RULESET
from domain.arkantis.components import (
    CARD_IDS_BY_COLOUR,
    TOURNAMENT_LAYOUTS,
    generate_tournament_layouts,
)
from domain.arkantis.events import (
    ArkantisBoardLayoutDrawn,
    ArkantisBoardPrepared,
    ArkantisCardsDealt,
    ArkantisCardTurnedFaceUp,
    ArkantisEmptyCellMoved,
    ArkantisFirstPlayerDrawn,
    ArkantisGameCreated,
    ArkantisPhase2DieRolled,
    ArkantisPileShuffled,
    ArkantisSeatEntry,
    ArkantisSestercesDistributed,
    ArkantisTurnStarted,
)
from domain.arkantis.options import ArkantisOptions
from domain.kernel import Rng, RuleViolation, SetupContext, fold, tag_of
from tests.domain.arkantis.helpers import (
    BOARDS,
    ScriptedRng,
    board,
    legal,
    play,
)

T = TypeVar("T")


def run_setup(options: ArkantisOptions, rng: Rng) -> list[Any]:
    RULESET.validate_options(options)
    return RULESET.setup(options, SetupContext(), rng)


def first(events: list[Any], kind: type[T]) -> T:
    return next(e for e in events if isinstance(e, kind))


def column_empties(rows: tuple[str, ...], column: int) -> int:
    return sum(1 for r in rows if r[column - 1] == "R")


def test_t01_phase_2_moves_the_empty_cell_to_the_kth_full_cell_from_the_base() -> None:
    events = run_setup(ArkantisOptions(tournament_mode=True, tournament_config=1), ScriptedRng([2]))
    assert events[1:5] == [
        ArkantisBoardLayoutDrawn(
            source="tournament",
            tournament_config=1,
            empty_cells=("r1c2", "r2c5", "r3c3", "r4c6", "r5c4", "r6c7", "r7c1"),
        ),
        ArkantisPhase2DieRolled(value=2),
        ArkantisEmptyCellMoved(column=6, from_cell="r4c6", to_cell="r6c6"),
        ArkantisBoardPrepared(rows=BOARDS["A"]),
    ]
    rows = BOARDS["A"]
    assert "R" not in rows[3]
    assert rows[5].count("R") == 2 and rows[5][5:] == "RR"
    assert all(column_empties(rows, c) == 1 for c in range(1, 8))


def test_t02_phase_2_skips_the_middle_row_when_counting() -> None:
    events = run_setup(ArkantisOptions(tournament_mode=True, tournament_config=1), ScriptedRng([4]))
    assert first(events, ArkantisEmptyCellMoved) == ArkantisEmptyCellMoved(
        column=6, from_cell="r4c6", to_cell="r3c6"
    )
    assert first(events, ArkantisBoardPrepared).rows == board(
        """
           1234567
        r1 BRBBBBB
        r2 BBBBRBB
        r3 BBRBBRB
        r4 BBBBBBB
        r5 BBBRBBB
        r6 BBBBBBR
        r7 RBBBBBB
        """
    )


@pytest.mark.parametrize(
    ("die", "row"), [(1, 7), (2, 6), (3, 5), (4, 3), (5, 2), (6, 1)], ids=lambda v: str(v)
)
def test_phase_2_every_die_face(die: int, row: int) -> None:
    events = run_setup(
        ArkantisOptions(tournament_mode=True, tournament_config=1), ScriptedRng([die])
    )
    assert first(events, ArkantisEmptyCellMoved).to_cell == f"r{row}c6"


def test_t03_tournament_table_and_die_6() -> None:
    layouts, last_attempt = generate_tournament_layouts()
    assert layouts == TOURNAMENT_LAYOUTS
    assert last_attempt == 697  # 698 attempts, 0..697
    assert (layouts[0], layouts[11], layouts[79]) == ("2536471", "1572463", "1725364")
    events = run_setup(
        ArkantisOptions(tournament_mode=True, tournament_config=12), ScriptedRng([6])
    )
    assert first(events, ArkantisEmptyCellMoved) == ArkantisEmptyCellMoved(
        column=2, from_cell="r4c2", to_cell="r1c2"
    )
    rows = first(events, ArkantisBoardPrepared).rows
    assert rows == board(
        """
           1234567
        r1 RRBBBBB
        r2 BBBBRBB
        r3 BBBBBBR
        r4 BBBBBBB
        r5 BBBRBBB
        r6 BBBBBRB
        r7 BBRBBBB
        """
    )
    # The red pair {r1c1, r1c2} is there from setup: no action that leaves it alone reports it.
    state = None
    for event in events:
        state = RULESET.evolve(state, event)
    assert state is not None
    seat = state.active_seat
    assert seat is not None
    near = {"r1c1", "r1c2", "r1c3", "r2c1", "r2c2"}
    checked = 0
    for command in legal(state, seat):
        cells = getattr(command, "cells", None) or (
            (command.cell,) if hasattr(command, "cell") else None
        )
        if cells is None or near & set(cells):
            continue
        _, out = play(state, seat, command)
        assert all(s.cells != ("r1c1", "r1c2") for s in out[1].shapes)
        checked += 1
    assert checked > 0


def test_t04_explicit_layout_must_have_one_empty_cell_per_row_and_per_column() -> None:
    rows = ["RBBBBBB", "BRBBBBB", "BBRBBBB", "BBBRBBB", "BBBBRBB", "BBBBBRB", "RBBBBBB"]
    with pytest.raises(RuleViolation) as info:
        RULESET.validate_options(ArkantisOptions(explicit_layout=tuple(rows)))
    assert info.value.code == "invalid_layout"
    rows[6] = "BBBBBBR"
    events = run_setup(ArkantisOptions(explicit_layout=tuple(rows)), Rng("t04", 0))
    assert events[1] == ArkantisBoardLayoutDrawn(
        source="explicit",
        tournament_config=None,
        empty_cells=("r1c1", "r2c2", "r3c3", "r4c4", "r5c5", "r6c6", "r7c7"),
    )
    assert isinstance(events[2], ArkantisPhase2DieRolled)
    moved = events[3]
    assert isinstance(moved, ArkantisEmptyCellMoved) and moved.from_cell == "r4c4"


@pytest.mark.parametrize(
    ("options", "code"),
    [
        (ArkantisOptions(player_count=5), "invalid_player_count"),
        (ArkantisOptions(player_count=1), "invalid_player_count"),
        (
            ArkantisOptions(tournament_mode=True, explicit_layout=BOARDS["A"]),
            "conflicting_layout_options",
        ),
        (
            ArkantisOptions(tournament_mode=False, tournament_config=3),
            "tournament_config_without_tournament_mode",
        ),
        (ArkantisOptions(tournament_mode=True, tournament_config=81), "invalid_tournament_config"),
        (ArkantisOptions(tournament_mode=True, tournament_config=0), "invalid_tournament_config"),
    ],
    ids=["five", "one", "conflict", "config_without_mode", "config_81", "config_0"],
)
def test_t05_player_count_and_layout_options(options: ArkantisOptions, code: str) -> None:
    with pytest.raises(RuleViolation) as info:
        RULESET.validate_options(options)
    assert info.value.code == code


def test_t05_default_game() -> None:
    events = run_setup(ArkantisOptions(), Rng("t05", 0))
    assert events[0] == ArkantisGameCreated(
        players=(
            ArkantisSeatEntry(seat="seat_0", seat_index=0),
            ArkantisSeatEntry(seat="seat_1", seat_index=1),
        ),
        tournament_mode=False,
        tournament_config=None,
        explicit_layout=None,
    )
    drawn = events[1]
    assert isinstance(drawn, ArkantisBoardLayoutDrawn)
    assert (drawn.source, drawn.tournament_config) == ("random", None)
    assert first(events, ArkantisSestercesDistributed).bank == 44
    assert [tag_of(e) for e in events[:14]] == [
        "arkantis.game_created",
        "arkantis.board_layout_drawn",
        "arkantis.phase_2_die_rolled",
        "arkantis.empty_cell_moved",
        "arkantis.board_prepared",
        "arkantis.pile_shuffled",
        "arkantis.pile_shuffled",
        "arkantis.cards_dealt",
        "arkantis.cards_dealt",
        "arkantis.card_turned_face_up",
        "arkantis.card_turned_face_up",
        "arkantis.sesterces_distributed",
        "arkantis.first_player_drawn",
        "arkantis.turn_started",
    ]


def test_explicit_layout_with_no_legal_action_ends_the_game_during_setup() -> None:
    """D6: an explicit layout can leave the first player without a legal action; 10.3
    then passes every player and the setup batch ends with game_ended."""
    layout = "1452376"
    rows = tuple("".join("R" if c == int(col) else "B" for c in range(1, 8)) for col in layout)
    events = run_setup(ArkantisOptions(explicit_layout=rows), ScriptedRng([3]))  # die 3: row 5
    assert first(events, ArkantisEmptyCellMoved).to_cell == "r5c2"  # column L4 = 2
    names = [tag_of(e) for e in events[13:]]
    assert names == [
        "arkantis.turn_started", "arkantis.player_passed", "arkantis.turn_started", "arkantis.player_passed",
        "arkantis.game_ended",
    ]  # fmt: skip
    state = None
    for event in events:
        state = RULESET.evolve(state, event)
    assert state is not None and state.status == "finished" and RULESET.to_act(state) == []
    outcome = RULESET.outcome(state)
    assert outcome is not None and outcome.decided_by == "leave_position"  # all at 3 - 5 = -2


@pytest.mark.parametrize(
    ("players", "orange", "emerald", "bank"), [(2, 30, 17, 44), (3, 28, 16, 41), (4, 26, 15, 38)]
)
def test_deal_order_piles_and_sesterces(players: int, orange: int, emerald: int, bank: int) -> None:
    """Spec 5.4-5.6: seat order, 2 orange then 1 emerald from the tops, then the face-up cards."""
    options = ArkantisOptions(player_count=players)
    events = RULESET.setup(options, SetupContext(), ScriptedRng([1]))
    oranges, emeralds = list(CARD_IDS_BY_COLOUR["orange"]), list(CARD_IDS_BY_COLOUR["emerald"])
    assert [e for e in events if isinstance(e, ArkantisPileShuffled)] == [
        ArkantisPileShuffled(colour="orange", count=35, card_ids=tuple(oranges)),
        ArkantisPileShuffled(colour="emerald", count=20, card_ids=tuple(emeralds)),
    ]
    dealt = [e for e in events if isinstance(e, ArkantisCardsDealt)]
    assert dealt == [
        ArkantisCardsDealt(
            seat=f"seat_{i}",
            colours=("orange", "orange", "emerald"),
            card_ids=(oranges[2 * i], oranges[2 * i + 1], emeralds[i]),
        )
        for i in range(players)
    ]
    assert [e for e in events if isinstance(e, ArkantisCardTurnedFaceUp)] == [
        ArkantisCardTurnedFaceUp(colour="orange", card_id=oranges[2 * players]),
        ArkantisCardTurnedFaceUp(colour="emerald", card_id=emeralds[players]),
    ]
    distributed = next(e for e in events if isinstance(e, ArkantisSestercesDistributed))
    assert (distributed.amount_each, distributed.bank) == (3, bank)
    assert next(e for e in events if isinstance(e, ArkantisFirstPlayerDrawn)).seat == "seat_0"
    state = fold(RULESET, events)
    assert (len(state.orange.hidden), len(state.emerald.hidden)) == (orange, emerald)
    assert state.orange.hidden[0] == oranges[2 * players + 1]
    assert all(p.sesterces == 3 for p in state.players) and state.bank == bank
    assert state.turn == 1 and state.active_seat == "seat_0" and state.phase == "action"


def test_first_player_is_a_recorded_random_draw() -> None:
    drawn = set()
    for seed in range(30):
        events = RULESET.setup(ArkantisOptions(player_count=3), SetupContext(), Rng(str(seed), 0))
        first = next(e for e in events if isinstance(e, ArkantisFirstPlayerDrawn)).seat
        assert next(e for e in events if isinstance(e, ArkantisTurnStarted)).seat == first
        drawn.add(first)
    assert drawn == {"seat_0", "seat_1", "seat_2"}
