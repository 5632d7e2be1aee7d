"""Conformance-suite knobs for ``tours_arc_en_ciel`` (see tests/domain/test_conformance.py)."""

from __future__ import annotations

import itertools
import random
from typing import Any

from hypothesis import strategies as st

from domain.tours_arc_en_ciel.commands import (
    ToursAtomize,
    ToursInvokeInvulnerability,
    ToursLandDragon,
    ToursMoveDragon,
    ToursShareIsland,
    ToursSwapDragons,
)
from domain.tours_arc_en_ciel.components import HOUSES, TOWER_NO, HouseId
from domain.tours_arc_en_ciel.options import ToursOptions, allowed_house_set

ALLOWED_SETS: dict[int, list[tuple[HouseId, ...]]] = {
    n: [c for c in itertools.combinations(HOUSES, n) if allowed_house_set(list(c))]
    for n in range(2, 9)
}


@st.composite
def _options(draw: st.DrawFn) -> ToursOptions:
    n = draw(st.sampled_from([2] * 14 + [3, 4, 5, 6, 7, 8]))
    houses = list(draw(st.sampled_from(ALLOWED_SETS[n])))
    houses = draw(st.permutations(houses))
    flags = draw(st.lists(st.booleans(), min_size=5, max_size=5))
    return ToursOptions(
        houses=list(houses),
        two_player_recycle=flags[0] and n == 2,
        natural_1_loses=flags[1],
        natural_20_wins=flags[2],
        start_pair_invulnerability=flags[3],
        enemy_start_pair_share=flags[4],
    )


options = _options()


def canonical(command: Any) -> Any:
    """A swap names its two towers in either order; the listed form has the lower bridge no first."""
    if isinstance(command, ToursSwapDragons):
        a, b = command.tower_a, command.tower_b
        if a in TOWER_NO and b in TOWER_NO and TOWER_NO[b] < TOWER_NO[a]:
            return ToursSwapDragons(tower_a=b, tower_b=a)
    return command


_FIGHTING = frozenset(("diamond", "topaz", "amethyst", "coral"))
"""18 of the 72 game cards."""
_PROGRESS = (ToursLandDragon, ToursAtomize, ToursInvokeInvulnerability, ToursShareIsland)


def _uncontested(state: Any, command: Any) -> bool:
    tower = (
        getattr(command, "tower", None)
        if not isinstance(command, ToursMoveDragon)
        else (command.to_tower)
    )
    return tower is not None and tower not in state.occupant


def choose(rnd: random.Random, state: Any, seat: str, commands: list[Any]) -> Any:
    """Random player. In about 3/4 of the 2-player games (those whose bottom pile
    card, fixed by the shuffle, is not one of 18 chosen cards) both seats play
    peacefully (land and move onto empty towers, else swap), so those games
    often end early with all Dragons on the board, which keeps the suite fast;
    otherwise it usually lands and moves, fighting at random. It sometimes
    picks anything.

    One draw per call (the suite's random generator is slow), spread through a
    plain PRNG mixed with the turn: Hypothesis' draws favour small values (a third
    of them fall under 3%), which would make every policy mostly pick the first
    command."""
    draw = rnd.getrandbits(32)
    mix = f"{draw}|{state.turn_number}|{state.phase}|{len(state.pile)}|{len(state.chance_deck)}"
    pick = random.Random(mix).randrange(10_000)
    peaceful = len(state.houses) == 2 and bool(state.pile) and state.pile[-1] not in _FIGHTING
    if pick < (300 if peaceful else 1500):
        return commands[pick % len(commands)]
    if peaceful:
        calm: list[Any] = [
            c for c in commands
            if isinstance(c, ToursLandDragon | ToursMoveDragon) and _uncontested(state, c)
        ] or [c for c in commands if isinstance(c, ToursSwapDragons)] or commands  # fmt: skip
        return calm[pick % len(calm)]
    progress = [c for c in commands if isinstance(c, _PROGRESS)]
    if progress and pick < 8500:
        return progress[pick % len(progress)]
    moves = [c for c in commands if isinstance(c, ToursMoveDragon | ToursSwapDragons)]
    if moves and pick < 9300:
        return moves[pick % len(moves)]
    return commands[pick % len(commands)]
