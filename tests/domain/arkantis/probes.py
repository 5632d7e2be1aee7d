"""The no-leak probe of ArkantiS (see ``tests/domain/probes.py``)."""

from __future__ import annotations

from typing import Any

from domain.arkantis.state import ArkantisState

HIDDEN_FROM = 3
"""Hands and piles count from three cards (see ``hidden_values``)."""


def hidden_values(state: ArkantisState, seat: str | None) -> list[Any]:
    """Values hidden from ``seat`` now: other hands (until the end) and hidden pile orders.

    Hands and piles count from three cards: a two-card list can equal, by
    chance, the public pair of a past ``duplicate_swapped`` (the discarded
    card came back to the same hand, or two publicly discarded cards are all
    that is left of a pile, in an order anyone could work out), which is no
    leak."""
    out: list[Any] = []
    if state.status != "finished":
        out.extend(
            list(p.hand) for p in state.players if p.seat != seat and len(p.hand) >= HIDDEN_FROM
        )
    out.extend(
        list(pile.hidden)
        for pile in (state.orange, state.emerald)
        if len(pile.hidden) >= HIDDEN_FROM
    )
    return out
