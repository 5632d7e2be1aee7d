"""The no-leak probe of this game (see ``tests/domain/probes.py``)."""

from __future__ import annotations

from typing import Any

from domain.eclats_des_cites.components import all_piles
from domain.eclats_des_cites.state import EclatsState
from domain.kernel import Seat

DISTINCTIVE_CARDS = 5
"""Card lists shorter than this can coincide with a public list (a stage's
spent cards, a science set, returned cards), so they are not offered to the
no-leak checks."""

DISTINCTIVE_UPGRADES = 2
"""One upgrade id alone is public (face-up tokens, taken upgrades)."""


def hidden_values(state: EclatsState, seat: Seat | None) -> list[Any]:
    """Values ``seat`` must not see now: pile orders and the hidden upgrades.

    The same for every seat: nobody sees the central pile, a border pile
    below its top, or the hidden upgrade pile.
    """
    out: list[Any] = []
    for pile_id in all_piles(state.n):
        cards = state.piles[pile_id]
        if len(cards) >= DISTINCTIVE_CARDS:
            out.append(list(cards))
    if len(state.upgrades_hidden) >= DISTINCTIVE_UPGRADES:
        out.append(list(state.upgrades_hidden))
    return out
