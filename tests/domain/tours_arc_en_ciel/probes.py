"""The no-leak probe of this game (see ``tests/domain/probes.py``)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Seat
from domain.tours_arc_en_ciel.components import DRAGONS
from domain.tours_arc_en_ciel.state import ToursState
from domain.tours_arc_en_ciel.views import ToursHandView


def hidden_values(state: ToursState, seat: Seat | None) -> list[Any]:
    """Values hidden from ``seat`` now, for the conformance suite's no-leak checks.

    Each value costs the suite a scan of the whole redacted log, so this takes
    a rotating sample (by turn number; every view is built by the same code for
    every seat): the pile order, or the chance deck order, and for the next
    other seat in turn order its hand, or its reserve ids, and its hidden board
    Dragons. Nothing once the game is over.
    """
    if state.phase == "over":
        return []  # once over, everyone sees everything (README decision 12)
    viewer = state.houses.index(seat) if seat in state.houses else None
    turn = state.turn_number
    out: list[Any] = []
    if turn % 2 == 0 and len(state.pile) >= 4:
        out.append(list(state.pile))
    if turn % 2 == 1 and len(state.chance_deck) >= 4:
        out.append(list(state.chance_deck))
    order = state.turn_order
    start = order.index(viewer) + 1 if viewer is not None else turn % len(order)
    other = (order[start:] + order[:start])[0]
    if other == viewer:
        return out
    hand = state.hands[other]
    if hand and turn % 3 != 2:
        out.append(ToursHandView(seat=other, count=sum(hand.values()), cards=hand))
    if len(state.reserve[other]) >= 2 and turn % 3 != 0:
        out.append(list(state.reserve[other]))
    house = state.houses[other]
    hidden = [d for d in state.hidden if DRAGONS[d].house == house]
    if len(hidden) >= 2:
        out.append(hidden)
    return out
