"""Random legal play keeps the game's physical invariants (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel import new_game, play
from domain.petits_dragons import RULESET
from domain.petits_dragons.options import PetitsDragonsOptions
from domain.petits_dragons.state import PetitsDragonsPiece, PetitsDragonsState

from .support import choose, options


def check(state: PetitsDragonsState) -> None:
    # Eggs are conserved: bank + nests = 8 x 500, 80 x 100, 40 x 50.
    for d, total in ((500, 8), (100, 80), (50, 40)):
        held = state.bank.get(d) + sum(x.eggs.get(d) for x in state.dragons.values())
        assert held == total and state.bank.get(d) >= 0
    # Every piece is somewhere, and the board agrees with the pieces.
    on_board: dict[str, str] = {}
    for cell, unit in state.board.items():
        if unit is None:
            continue
        assert cell != "centre"
        assert len(unit.piece_ids) == (2 if unit.kind == "stack" else 1)
        for pid in unit.piece_ids:
            assert pid.startswith(unit.colour + "_")
            on_board[pid] = cell
    for colour, dragon in state.dragons.items():
        pieces: dict[str, PetitsDragonsPiece] = {f"{colour}_chief": dragon.chief}
        pieces.update(dragon.pawns.items())
        assert len(pieces) == 10
        stacks = set()
        for piece_id, p in pieces.items():
            if p.position == "board":
                assert on_board.get(piece_id) == p.cell, piece_id
            else:
                assert piece_id not in on_board and p.cell is None
            if p.stacked_with is not None:
                assert pieces[p.stacked_with].stacked_with == piece_id
                stacks.add(frozenset((piece_id, p.stacked_with)))
        assert len(stacks) <= 4
        assert dragon.chief.stacked_with is None
        if dragon.chief_dead:
            assert dragon.chief.position == "out"
    # Only pending penalties are kept, with distinct ids below the counter.
    ids = [p.penalty_id for p in state.penalties]
    assert len(ids) == len(set(ids))
    assert all(int(i.split("_")[1]) < state.next_penalty_number for i in ids)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(opts=options, seed=st.integers(0, 10**6))
def test_random_play_keeps_invariants(opts: PetitsDragonsOptions, seed: int) -> None:
    state, log = new_game(RULESET, opts, seed=str(seed))
    rnd = random.Random(seed)
    steps = 0
    while RULESET.outcome(state) is None:
        seat = RULESET.to_act(state)[0]
        command = choose(rnd, state, seat, RULESET.legal_commands(state, seat))
        state, _ = play(RULESET, state, log, seat, command, seed=str(seed))
        if steps % 7 == 0:
            check(state)
        steps += 1
    check(state)
    result = state.result
    assert result is not None
    # Scores are what the nests hold, counted with the spec's numbers (§11.2): 500, 100
    # and 50 per egg, 500 for a chief never hatched, 100 per pawn in the nest.
    expected: dict[str, int] = {}
    for colour, dragon in state.dragons.items():
        nest = dragon.eggs
        points = 500 * nest.e500 + 100 * nest.e100 + 50 * nest.e50
        points += 500 if dragon.chief.position == "nest" else 0
        points += 100 * sum(1 for p in dragon.pawns.values() if p.position == "nest")
        expected[colour] = points
    assert {c: score.total for c, score in result.colour_scores.items()} == expected
    # A side scores its colours' sum, and the ranking runs from the lowest side total up.
    sides: dict[str, int] = {}
    for colour, points in expected.items():
        side = state.side[colour]
        sides[side] = sides.get(side, 0) + points
    assert {s.side_id: s.total for s in result.side_scores} == sides
    ranked = [sides[r.side_id] for r in result.ranking]
    assert ranked == sorted(ranked) and result.ranking[0].rank == 1
