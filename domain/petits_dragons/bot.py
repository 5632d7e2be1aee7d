"""Bot support for Les petits Dragons (perfect information).

``determinize`` returns the state the view carries (nothing is hidden; the
dice are drawn by the engine in simulation). ``heuristic``: a side wants few
eggs and nested pieces (the lowest total wins, spec 11) and many pieces home
(the first tie-break), so a seat's value is ``-total + 120 * pieces_home``
plus a little for pieces out of the nest.
"""

from __future__ import annotations

import random
from typing import Any

from domain.petits_dragons.scoring import colour_score
from domain.petits_dragons.state import PetitsDragonsState
from domain.petits_dragons.views import PetitsDragonsView

SCALE = 150.0
ROLLOUT_DEPTH = 12
"""Commands rolled out after the search tree (many are dice rolls)."""


def determinize(view: PetitsDragonsView, seat: str, rng: random.Random) -> PetitsDragonsState:
    return view.game


def heuristic(view: PetitsDragonsView) -> dict[str, float]:
    state = view.game
    out: dict[str, float] = {}
    for entry in state.seats:
        value = 0.0
        for colour in entry.colours:
            if colour not in state.dragons:
                continue
            score = colour_score(state, colour)
            dragon = state.dragons[colour]
            out_of_nest = sum(
                1 for p in (dragon.chief, *dragon.pawns.values()) if p.position in ("board", "exit")
            )
            value += -score.total + 120 * score.pieces_home + 15 * out_of_nest
        out[entry.seat] = value
    return out


def rollout(state: Any, seat: str, legal: list[Any], rng: random.Random) -> Any:
    return rng.choice(legal)
