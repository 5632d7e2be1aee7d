"""Conformance knobs for Les petits Dragons (see tests/domain/test_conformance.py).

``options`` covers every seat count (2-8), both variants and their combination.
``choose`` is a mostly greedy random player (it answers penalties, prefers
arrivals, births and progress towards the centre, and rolls rather than
declining a replay) so random games end in a few hundred commands; it still
picks any listed command now and then.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from domain.petits_dragons.commands import (
    PetitsDragonsAssignPenalty,
    PetitsDragonsEndTurn,
    PetitsDragonsGiveBirth,
    PetitsDragonsMovePiece,
    PetitsDragonsRollDice,
    PetitsDragonsTeleport,
)
from domain.petits_dragons.components import COLOURS, PIECE_COLOUR, distance_to_centre
from domain.petits_dragons.options import PetitsDragonsOptions
from domain.petits_dragons.penalties import canonical_transfers
from domain.petits_dragons.state import PetitsDragonsState

MAX_STEPS = 20_000


@st.composite
def _options(draw: Any) -> PetitsDragonsOptions:
    kind = draw(st.sampled_from(["plain"] * 16 + ["multi"] * 2 + ["alliances"] * 2 + ["both"]))
    if kind == "plain":
        n = draw(st.sampled_from([2] * 24 + [3, 3, 4, 5, 6, 7, 8]))
        colours = draw(st.permutations(COLOURS))[:n]
        return PetitsDragonsOptions(seats=[[c] for c in colours])
    if kind == "multi":
        n, per = draw(
            st.sampled_from([(2, 2)] * 5 + [(2, 1), (2, 3), (2, 4), (3, 2), (4, 2), (5, 1)])
        )
        colours = draw(st.permutations(COLOURS))
        seats = [list(colours[i * per : (i + 1) * per]) for i in range(n)]
        return PetitsDragonsOptions(seats=seats, option_multi_colour=True)
    if kind == "alliances":
        n, size = draw(st.sampled_from([(4, 2)] * 6 + [(6, 2), (6, 3), (8, 2), (8, 4)]))
        colours = draw(st.permutations(COLOURS))[:n]
        order = draw(st.permutations([f"seat_{i}" for i in range(n)]))
        teams = [list(order[i : i + size]) for i in range(0, n, size)]
        return PetitsDragonsOptions(
            seats=[[c] for c in colours], option_alliances=True, teams=teams
        )
    colours = draw(st.permutations(COLOURS))
    seats = [list(colours[2 * i : 2 * i + 2]) for i in range(4)]
    order = draw(st.permutations([f"seat_{i}" for i in range(4)]))
    return PetitsDragonsOptions(
        seats=seats,
        option_multi_colour=True,
        option_alliances=True,
        teams=[list(order[:2]), list(order[2:])],
    )


options = _options()


def canonical(command: Any) -> Any:
    """Transfers in any order are the same answer."""
    if isinstance(command, PetitsDragonsAssignPenalty):
        return PetitsDragonsAssignPenalty(
            penalty_id=command.penalty_id, transfers=canonical_transfers(command.transfers)
        )
    return command


def _progress(state: PetitsDragonsState, command: Any) -> float:
    turn = state.turn
    assert turn is not None
    if isinstance(command, PetitsDragonsAssignPenalty):
        # Answer at once when blocking or closing (that finishes the turn); otherwise wait,
        # since the close of the turn costs one command anyway.
        return 1000.0 if turn.phase in ("awaiting_penalty", "closing") else -1.0
    if isinstance(command, PetitsDragonsEndTurn):
        return 2000.0 if turn.phase == "closing" and len(state.penalties) > 1 else -5.0
    if isinstance(command, PetitsDragonsMovePiece | PetitsDragonsTeleport):
        colour = PIECE_COLOUR[command.piece_id]
        dest = command.path[-1] if isinstance(command, PetitsDragonsMovePiece) else command.to
        if dest == "centre":
            return 500.0
        dragon = state.dragons[colour]
        p = dragon.chief if command.piece_id.endswith("chief") else dragon.pawns[command.piece_id]
        start = "exit" if p.position == "exit" else p.cell or "exit"
        after = distance_to_centre(colour, dest)
        gain = distance_to_centre(colour, start) - after
        if after <= 6:
            gain += 3
        occupant = state.board[dest]
        if occupant is not None and occupant.colour != colour:
            gain -= 8
        return float(gain)
    if isinstance(command, PetitsDragonsGiveBirth):
        return 50.0
    if isinstance(command, PetitsDragonsRollDice):
        return 10.0
    return -10.0


def choose(rnd: random.Random, state: PetitsDragonsState, seat: str, commands: list[Any]) -> Any:
    if rnd.random() < 0.05:
        return rnd.choice(commands)
    scores = [_progress(state, c) for c in commands]
    best = max(scores)
    return rnd.choice([c for c, s in zip(commands, scores, strict=True) if s == best])


TRUE_RANDOM = True
"""A game takes hundreds of commands: use a seeded random.Random (see the suite docstring)."""
